package dev.dsoap.quality;

import dev.dsoap.template.MemoryBudget;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * An endpoint's side of quality management for one operation: for each request it reads the client's quality header
 * ({@link QualityWire#REQUEST}), chooses the answer's variant for that peer from the operation's rules, makes the
 * variant's values from the full ones, and writes the answer's header ({@link QualityWire#ANSWER}): the client's stamp
 * echoed, the endpoint's processing time and the variant.
 *
 * <p>The rules' attribute is taken from the endpoint's own attributes ({@link #updateAttribute}) when the application
 * set it there, else from the request (a client's round-trip estimate, {@code rtt} with its deviation {@code rttvar},
 * or its own attributes). Each peer keeps its own choice ({@link BandSelection}: asymmetric thresholds and a dwell
 * time), for at most {@value #MAX_PEERS} peers, the least recently seen dropped first; the table is charged to the
 * memory budget. A request without a quality header gets the full message and keeps nothing (unless the endpoint's
 * own attribute chooses, for everyone, with one history); a request whose header lacks the attribute keeps its
 * peer's variant; a peer never seen gets the full message until a value chooses. Every switch is counted and logged
 * at debug level.
 *
 * <p>Thread-safe.
 */
public final class QualityServer implements MemoryBudget.Holder {
    /** Peers whose choice is kept at most. */
    public static final int MAX_PEERS = 1024;
    /** The key under which the choice by the endpoint's own attribute is kept. */
    private static final long ENDPOINT = Long.MIN_VALUE;
    /** Bytes charged per peer kept: its entry, its selection and its last attributes. */
    static final long PEER_BYTES = 512;
    private static final System.Logger LOG = System.getLogger("dev.dsoap.quality");

    private final String operation;
    /** The rules and the handlers of their variants, replaced together by {@link #rules(QualityFile, Map)}. */
    private volatile Bound bound;
    private final QualityAttributes own;
    private final LongSupplier clock;
    private final MemoryBudget budget;
    /** Peers by key, least recently seen first. Guarded by itself. */
    private final LinkedHashMap<Long, Peer> peers = new LinkedHashMap<>(16, 0.75f, true);
    private final LongAdder switches = new LongAdder();
    private final ConcurrentHashMap<String, LongAdder> sent = new ConcurrentHashMap<>();
    private volatile boolean evicted;
    private volatile Runnable listener;

    /**
     * @param operation names the operation in logs
     * @param rules     the operation's rules
     * @param handlers  the handler of each variant the rules declare ({@link Variant#bind}); a variant without one is
     *                  sent as the full message
     * @param clock     nanoseconds, monotonic ({@code System::nanoTime})
     * @param budget    charged with the peers' table, or {@code null}
     */
    public QualityServer(String operation, QualityFile rules, Map<String, QualityHandler> handlers, LongSupplier clock,
                         MemoryBudget budget) {
        this(operation, rules, handlers, clock, budget, new QualityAttributes());
    }

    /**
     * As {@link #QualityServer(String, QualityFile, Map, LongSupplier, MemoryBudget)}, with the endpoint's own
     * attributes shared with its other operations ({@link #updateAttribute} on any of them sets them for all).
     */
    public QualityServer(String operation, QualityFile rules, Map<String, QualityHandler> handlers, LongSupplier clock,
                         MemoryBudget budget, QualityAttributes own) {
        this.own = java.util.Objects.requireNonNull(own, "own");
        this.operation = operation;
        this.bound = new Bound(java.util.Objects.requireNonNull(rules, "rules"), Map.copyOf(handlers));
        this.clock = java.util.Objects.requireNonNull(clock, "clock");
        this.budget = budget;
    }

    /** The rules and the handlers of their variants. */
    private record Bound(QualityFile rules, Map<String, QualityHandler> handlers) {
    }

    /** The operation's rules. */
    public QualityFile rules() {
        return bound.rules;
    }

    /**
     * Replaces the rules (a quality file read again) and the handlers of their variants: every peer's choice starts
     * over under the new rules; exchanges under way finish under the old ones.
     */
    public void rules(QualityFile rules, Map<String, QualityHandler> handlers) {
        bound = new Bound(java.util.Objects.requireNonNull(rules, "rules"), Map.copyOf(handlers));
        synchronized (peers) {
            peers.clear();
        }
    }

    /**
     * Sets an attribute of the endpoint's own (SOAP-binQ's {@code update_attribute()}): when it is the rules'
     * attribute, it chooses for every peer instead of what the requests carry.
     */
    public void updateAttribute(String name, double value) {
        own.update(name, value);
    }

    /** Removes an attribute set with {@link #updateAttribute}. */
    public void removeAttribute(String name) {
        own.remove(name);
    }

    /**
     * Starts an exchange: reads the request's quality header and chooses the answer's variant for {@code peer}.
     *
     * @param header the value of {@link QualityWire#REQUEST}, or {@code null}
     * @param peer   the sender's key (as the carrier computes it), or 0 when the host cannot tell peers apart
     * @throws QualityWire.Malformed when the header is malformed (nothing is kept)
     */
    public Exchange request(String header, long peer) {
        long start = clock.getAsLong();
        return request(QualityWire.read(header), peer, start);
    }

    /**
     * As {@link #request(String, long)}, for a header the host read when the request arrived.
     *
     * @param f     the request's quality fields, or {@code null} when it carried none
     * @param start when the request arrived, {@code clock} nanoseconds: the processing time is counted from there
     */
    public Exchange request(QualityWire.Fields f, long peer, long start) {
        Bound b = bound;
        QualityFile rules = b.rules;
        Map<String, Double> attributes = f == null ? Map.of() : f.attributes();
        double value = own.get(rules.attribute);
        double dev = 0;
        if (!Double.isNaN(value)) {
            peer = ENDPOINT; // the endpoint's own value chooses for everyone, with one history
        } else if (f == null) {
            // a client without quality management: the full message, and no state kept for it
            sent.computeIfAbsent(Variant.FULL, k -> new LongAdder()).increment();
            return new Exchange(null, start, Variant.FULL, attributes, b.handlers);
        } else {
            value = f.attribute(rules.attribute);
            if (rules.attribute.equals(QualityClient.RTT) && rules.estimator == QualityFile.Estimator.RFC6298) {
                dev = f.attribute(QualityClient.RTTVAR);
            }
        }
        long key = peer;
        Peer p = peer(key, rules);
        String variant;
        synchronized (p) {
            p.attributes = attributes;
            String before = p.selection.current();
            variant = p.selection.select(value, dev, null);
            if (before != null && !before.equals(variant)) {
                switches.increment();
                Runnable l = listener;
                if (l != null) {
                    l.run();
                }
                LOG.log(System.Logger.Level.DEBUG, () -> "dsoap: " + operation + ": peer " + Long.toHexString(key)
                        + " switched from " + before + " to " + variant + " (" + rules.attribute + " " + p.value + ")");
            }
            p.value = value;
        }
        String v = variant == null ? Variant.FULL : variant;
        sent.computeIfAbsent(v, k -> new LongAdder()).increment();
        return new Exchange(f == null ? null : f.sent(), start, v, attributes, b.handlers);
    }

    private Peer peer(long key, QualityFile rules) {
        if (evicted) {
            synchronized (peers) {
                if (evicted) {
                    peers.clear();
                    evicted = false;
                }
            }
        }
        Peer p;
        int size;
        synchronized (peers) {
            p = peers.get(key);
            if (p == null) {
                p = new Peer(new BandSelection(rules, rules.kRise, rules.kFall, rules.dwellMillis * 1_000_000L, clock));
                peers.put(key, p);
                if (peers.size() > MAX_PEERS) {
                    Iterator<Long> oldest = peers.keySet().iterator();
                    oldest.next();
                    oldest.remove();
                }
            }
            size = peers.size();
        }
        if (budget != null && !budget.charge(this, size * PEER_BYTES)) {
            synchronized (peers) {
                peers.clear(); // alone over the budget: keep nothing
            }
        }
        return p;
    }

    @Override
    public void evict() {
        evicted = true;
        synchronized (peers) { // no one charges the budget under this lock: the estimates go now, not at the next request
            if (evicted) {
                peers.clear();
                evicted = false;
            }
        }
    }

    /** Bytes the peers' table holds, as charged. */
    public long retainedBytes() {
        synchronized (peers) {
            return peers.size() * PEER_BYTES;
        }
    }

    /**
     * Tells {@code listener} of every later switch of a peer's variant (after the counter moved), on the thread of
     * the request that switched; replaces the listener set before.
     */
    public void onSwitch(Runnable listener) {
        this.listener = listener;
    }

    /** Switches of variant so far, over all peers (first choices not counted). */
    public long switches() {
        return switches.sum();
    }

    /** Exchanges so far (answers chosen, to clients that sent a quality header or not), by variant. */
    public Map<String, Long> variantsSent() {
        TreeMap<String, Long> m = new TreeMap<>();
        sent.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    /**
     * The peers' current variant and attributes, most recently seen first, at most {@code max}: key (hexadecimal) to
     * {@code "variant (attribute value; attributes)"}.
     */
    public Map<String, String> peers(int max) {
        LinkedHashMap<String, String> m = new LinkedHashMap<>();
        Map.Entry<?, ?>[] all;
        synchronized (peers) {
            all = peers.entrySet().toArray(new Map.Entry<?, ?>[0]);
        }
        QualityFile rules = bound.rules;
        for (int i = all.length - 1; i >= 0 && m.size() < max; i--) {
            Peer p = (Peer) all[i].getValue();
            synchronized (p) {
                String v = p.selection.current();
                m.put(Long.toHexString((Long) all[i].getKey()), (v == null ? Variant.FULL : v) + " (" + rules.attribute
                        + " " + p.value + "; " + p.attributes + ")");
            }
        }
        return m;
    }

    /** A peer's kept choice. Guarded by itself. */
    private static final class Peer {
        final BandSelection selection;
        Map<String, Double> attributes = Map.of();
        double value = Double.NaN;

        Peer(BandSelection selection) {
            this.selection = selection;
        }
    }

    /** One request and its answer. Not thread-safe; one per exchange. */
    public final class Exchange {
        private final String stamp;
        private final long start;
        private final String variant;
        private final Map<String, Double> attributes;
        private final Map<String, QualityHandler> handlers;

        private Exchange(String stamp, long start, String variant, Map<String, Double> attributes,
                         Map<String, QualityHandler> handlers) {
            this.handlers = handlers;
            this.stamp = stamp;
            this.start = start;
            this.variant = variant;
            this.attributes = attributes;
        }

        /** The answer's variant ({@value Variant#FULL} for the full message). */
        public String variant() {
            return variant;
        }

        /** The attributes the request carried. */
        public Map<String, Double> attributes() {
            return attributes;
        }

        /** The answer's values as its variant has them ({@code full} itself for the full message). */
        public Object[] parts(Object[] full) {
            QualityHandler h = handlers.get(variant);
            return h == null ? full : h.apply(full, attributes);
        }

        /** The value of {@link QualityWire#ANSWER}, with the processing time until now. */
        public String answer() {
            double processing = (clock.getAsLong() - start) / 1e6;
            return QualityWire.write(stamp, variant.equals(Variant.FULL) ? null : variant,
                    Map.of(QualityClient.PROCESSING, processing));
        }
    }
}
