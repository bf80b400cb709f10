package dev.dsoap.quality;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * A client's side of quality management for one operation: it stamps each request ({@link #call()}), takes the
 * round-trip time from the endpoint's answer less the endpoint's processing time ({@link #answered}), keeps the
 * estimate its rules name (RFC 6298 by default, or SOAP-binQ's plain average), and tells the endpoint that estimate
 * and the application's own attributes ({@link #updateAttribute}) with the next request. With rules of its own it
 * also chooses the variant of its requests.
 *
 * <p>Thread-safe: calls in flight at once each stamp and sample on their own.
 */
public final class QualityClient {
    /**
     * The attribute of the round-trip estimate, milliseconds: of the full answer (a smaller variant's round trip
     * scaled to the full answer's size, see {@link #answered(String, boolean, long)}).
     */
    public static final String RTT = "rtt";
    /** The estimate's mean deviation, milliseconds (RFC 6298 only). */
    public static final String RTTVAR = "rttvar";
    /** The endpoint's processing time of the answered request, milliseconds. */
    public static final String PROCESSING = "processing";
    /** Stamps older than this are not sampled (an answer echoing a stamp of another client, or a stale one). */
    static final long MAX_AGE_NANOS = 3_600_000_000_000L;

    private final QualityFile rules;
    private final QualityFile.Estimator estimator;
    private final SmoothedRtt srtt = new SmoothedRtt();
    private final RttEstimator ewma = new RttEstimator();
    private final QualityAttributes attributes;
    private final BandSelection selection;
    private final Map<String, QualityHandler> handlers;
    private final LongSupplier clock;
    private final AtomicLong switches = new AtomicLong();
    private final AtomicReference<String> lastAnswered = new AtomicReference<>();
    /** Bytes of the last full answer, 0 before one. */
    private final AtomicLong fullBytes = new AtomicLong();
    private volatile Runnable listener;

    /**
     * @param rules    the client's rules for its requests, or {@code null} to measure and report only
     * @param handlers the handler of each variant the rules declare (see {@link Variant#bind}); empty without rules
     * @param clock    nanoseconds, monotonic ({@code System::nanoTime})
     */
    public QualityClient(QualityFile rules, Map<String, QualityHandler> handlers, LongSupplier clock) {
        this(rules, handlers, clock, new QualityAttributes());
    }

    /**
     * As {@link #QualityClient(QualityFile, Map, LongSupplier)}, with application attributes shared with other
     * operations of the same client ({@link #updateAttribute} on any of them sets them for all).
     */
    public QualityClient(QualityFile rules, Map<String, QualityHandler> handlers, LongSupplier clock,
                         QualityAttributes attributes) {
        this.attributes = java.util.Objects.requireNonNull(attributes, "attributes");
        this.rules = rules;
        this.estimator = rules == null ? QualityFile.Estimator.RFC6298 : rules.estimator;
        this.handlers = Map.copyOf(handlers);
        this.clock = java.util.Objects.requireNonNull(clock, "clock");
        this.selection = rules == null ? null
                : new BandSelection(rules, rules.kRise, rules.kFall, rules.dwellMillis * 1_000_000L, clock);
    }

    /**
     * Sets an attribute the application measures or chooses (SOAP-binQ's {@code update_attribute()}), sent with
     * every following request; a value named {@value #RTT} replaces the client's own estimate.
     *
     * @throws IllegalArgumentException as {@link QualityAttributes#update} does
     */
    public void updateAttribute(String name, double value) {
        attributes.update(name, value);
    }

    /** Removes an attribute set with {@link #updateAttribute}. */
    public void removeAttribute(String name) {
        attributes.remove(name);
    }

    /** The attributes sent with the next request: the estimate, then the application's own. */
    public Map<String, Double> attributes() {
        TreeMap<String, Double> m = new TreeMap<>();
        double est = estimate();
        if (!Double.isNaN(est)) {
            m.put(RTT, est);
            if (estimator == QualityFile.Estimator.RFC6298) {
                m.put(RTTVAR, srtt.rttvar());
            }
        }
        return own(m, attributes.asMap());
    }

    /** {@code m} with the application's attributes {@code a} over it: an {@code rtt} of its own takes the estimate's deviation away. */
    private static Map<String, Double> own(TreeMap<String, Double> m, Map<String, Double> a) {
        if (a.containsKey(RTT) && !a.containsKey(RTTVAR)) {
            m.remove(RTTVAR);
        }
        m.putAll(a);
        return m;
    }

    /** The round-trip estimate in milliseconds (RFC 6298: the larger of SRTT and the slow average), NaN before any sample. */
    public double estimate() {
        return estimator == QualityFile.Estimator.RFC6298 ? srtt.pessimistic() : ewma.estimate();
    }

    /** The RFC 6298 estimate (kept for every client, whatever its rules name). */
    public SmoothedRtt smoothed() {
        return srtt;
    }

    /** Starts a call: chooses its request's variant and stamps it. */
    public Call call() {
        return call(null);
    }

    /**
     * Starts a call whose sender has attributes of its own besides the client's (one proxy among those sharing this
     * client): they are sent too, and replace the client's of the same name.
     */
    public Call call(QualityAttributes sender) {
        Map<String, Double> a = attributes();
        if (sender != null && !sender.asMap().isEmpty()) {
            a = own(new TreeMap<>(a), sender.asMap());
        }
        return new Call(variant(a), a);
    }

    /** One request on its way: its variant, its parts and its header. Not thread-safe; one per call. */
    public final class Call {
        private final String variant;
        private final Map<String, Double> sent;

        private Call(String variant, Map<String, Double> sent) {
            this.variant = variant;
            this.sent = sent;
        }

        /** The request's variant, or {@code null} for the full message. */
        public String variant() {
            return variant;
        }

        /** The request's parts as its variant has them ({@code full} itself for the full message). */
        public Object[] parts(Object[] full) {
            QualityHandler h = variant == null ? null : handlers.get(variant);
            return h == null ? full : h.apply(full, sent);
        }

        /** The attributes the request announces: the estimate, the client's and the sender's own. */
        public Map<String, Double> attributes() {
            return sent;
        }

        /** The value of {@link QualityWire#REQUEST}: the stamp (now), the variant and the attributes. */
        public String header() {
            return QualityWire.write(Long.toString(clock.getAsLong()), variant, sent);
        }
    }

    /**
     * The variant the client's rules choose for a request with attributes {@code a} ({@code null} without rules or
     * before a value).
     */
    private String variant(Map<String, Double> a) {
        if (selection == null) {
            return null;
        }
        Double v = a.get(rules.attribute);
        double value = v == null ? Double.NaN : v;
        double dev = rules.attribute.equals(RTT) && estimator == QualityFile.Estimator.RFC6298 && a.get(RTTVAR) != null
                ? a.get(RTTVAR) : 0;
        String chosen = selection.select(value, dev, this::switched);
        return chosen == null || chosen.equals(Variant.FULL) ? null : chosen;
    }

    /**
     * Takes the answer's header: samples the round trip of the request it echoes, less the endpoint's processing
     * time, unless the call was retried (Karn's rule) or the echo is not a stamp of this clock within the last hour.
     *
     * @param answer  the value of {@link QualityWire#ANSWER}, or {@code null} (an endpoint without quality
     *                management: nothing is sampled)
     * @param retried whether the request was sent more than once
     * @return the sample in milliseconds, or NaN when none was taken
     * @throws QualityWire.Malformed when the header is malformed (nothing is sampled)
     */
    public double answered(String answer, boolean retried) {
        return answered(answer, retried, -1);
    }

    /**
     * As {@link #answered(String, boolean)}, for an answer of {@code bytes} bytes: the sample is of the full
     * answer's round trip. An answer of a smaller variant takes less time than the full one would, and choosing by its
     * time alone would send the full answer again as soon as the smaller one is fast (and then the small one again):
     * so a smaller variant's round trip is scaled by the size of the last full answer over its own size, the time it
     * would have taken at the rate it came at. Before a full answer was seen, or when {@code bytes} is not known
     * ({@code -1}), the sample is taken as it is.
     */
    public double answered(String answer, boolean retried, long bytes) {
        return answered(QualityWire.read(answer), retried, bytes);
    }

    /**
     * As {@link #answered(String, boolean, long)}, for an answer whose fields the host read in another form (the
     * portable handler's header block): {@code f} carries the echoed stamp, the variant and the endpoint's
     * attributes, or is {@code null} when the answer carried none.
     */
    public double answered(QualityWire.Fields f, boolean retried, long bytes) {
        if (f == null) {
            return Double.NaN;
        }
        boolean full = f.variant() == null;
        lastAnswered.set(full ? Variant.FULL : f.variant());
        if (full && bytes > 0) {
            fullBytes.set(bytes);
        }
        long sent;
        try {
            sent = f.sent() == null ? -1 : Long.parseLong(f.sent());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
        long now = clock.getAsLong();
        long age = now - sent;
        if (f.sent() == null || age < 0 || age > MAX_AGE_NANOS) {
            return Double.NaN;
        }
        double processing = f.attribute(PROCESSING);
        double ms = age / 1e6 - (processing >= 0 ? processing : 0);
        double sample = Math.max(0, ms);
        long whole = fullBytes.get();
        if (!full && bytes > 0 && whole > bytes) {
            sample *= (double) whole / bytes;
        }
        if (srtt.sample(sample, retried) && estimator == QualityFile.Estimator.EWMA) {
            ewma.update(sample);
        }
        return retried ? Double.NaN : sample;
    }

    /** The variant the endpoint named in its last answer, or {@code null}. */
    public String lastAnswered() {
        return lastAnswered.get();
    }

    /**
     * Tells {@code listener} of every later switch of the request variant (after the counter moved), on the
     * calling thread; replaces the listener set before.
     */
    public void onSwitch(Runnable listener) {
        this.listener = listener;
    }

    private void switched() {
        switches.incrementAndGet();
        Runnable l = listener;
        if (l != null) {
            l.run();
        }
    }

    /** Switches of the request variant so far. */
    public long switches() {
        return switches.get();
    }
}
