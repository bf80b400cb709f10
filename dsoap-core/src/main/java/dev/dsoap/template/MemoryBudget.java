package dev.dsoap.template;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A cap on the bytes held by templates (and other per-stream state) across many streams: each holder
 * reports its size after every change; when the total passes the limit, the least recently used other
 * holders are evicted until it fits: an idle holder drops its state at once, a busy one when it is done.
 * A budget made by {@link #open} also drops, by a timer, the holders unused for longer than its idle timeout
 * ({@link #sweep()}), until {@link #close()}.
 *
 * <p>Thread-safe. Holders are called back by whichever thread charges the budget, after the budget's lock is
 * released: {@link Holder#evict()} may take its owner's lock, which no thread holds while it charges a budget.
 */
public final class MemoryBudget {
    /** Something that holds budgeted memory. */
    public interface Holder {
        /**
         * Drop your state now if you are idle, else as soon as you are done (the budget no longer counts it).
         * Called without the budget's lock, by the thread that charged; must not block on a lock that thread may hold.
         */
        void evict();
    }

    /** The cap in bytes. */
    private final long limit;
    /** Holders by recency of use, with their charged bytes and when they were charged. */
    private final LinkedHashMap<Holder, Charge> holders = new LinkedHashMap<>(16, 0.75f, true);
    /** Nanoseconds a holder may go uncharged before {@link #sweep()} drops it; 0: never. */
    private final long idleNanos;
    /** The time in nanoseconds ({@link System#nanoTime()}, or a test's clock). */
    private final LongSupplier clock;
    /** Names this budget in the log line of a sweep that dropped something. */
    private final String name;
    /** The timer's task sweeping this budget, or {@code null}; guarded by this. */
    private IdleSweeper.Task sweeping;
    /** Holders dropped by {@link #sweep()} so far. */
    private long idleDrops;
    /** Sum of charged bytes. */
    private long used;
    /** Holders evicted so far. */
    private long evictions;
    /** Charges refused because one holder alone exceeded the cap. */
    private long refusals;

    /** @param limitBytes the cap in bytes, > 0 */
    public MemoryBudget(long limitBytes) {
        this(limitBytes, 0, "", System::nanoTime);
    }

    /** A budget that {@link #sweep()}s by {@code clock} (nanoseconds); no timer. */
    MemoryBudget(long limitBytes, long idleNanos, String name, LongSupplier clock) {
        if (limitBytes <= 0) {
            throw new IllegalArgumentException("memory budget " + limitBytes + " bytes must be > 0");
        }
        if (idleNanos < 0) {
            throw new IllegalArgumentException("memory budget " + name + ": idle timeout " + idleNanos + " ns must be >= 0");
        }
        this.limit = limitBytes;
        this.idleNanos = idleNanos;
        this.name = name;
        this.clock = clock;
    }

    /**
     * A host's budget: holders unused for longer than {@code idleNanos} are dropped (as if evicted) by one daemon
     * thread, {@code dsoap-idle}, shared by every open budget of the JVM; it runs while a budget is open and ends
     * when the last one is closed (or collected).
     *
     * @param limitBytes the cap in bytes, > 0
     * @param idleNanos  nanoseconds a holder may go unused, 0 for never (then no timer)
     * @param name       names the budget in log lines, e.g. {@code bus cxf1234}
     */
    public static MemoryBudget open(long limitBytes, long idleNanos, String name) {
        MemoryBudget b = new MemoryBudget(limitBytes, idleNanos, name, System::nanoTime);
        if (idleNanos > 0) {
            synchronized (b) {
                b.sweeping = IdleSweeper.start(b, idleNanos);
            }
        }
        return b;
    }

    /** Stops this budget's timer ({@link #open}); its holders stay as they are. Idempotent. */
    public void close() {
        IdleSweeper.Task t;
        synchronized (this) {
            t = sweeping;
            sweeping = null;
        }
        if (t != null) {
            t.stop();
        }
    }

    /**
     * Drops the holders not charged for longer than the idle timeout: they leave the budget and are
     * {@link Holder#evict() evicted}, outside the lock. The timer of {@link #open} calls it; any thread may.
     *
     * @return how many holders were dropped
     */
    public int sweep() {
        if (idleNanos == 0) {
            return 0;
        }
        java.util.List<Holder> victims = new java.util.ArrayList<>();
        long bytes = 0;
        synchronized (this) {
            long now = clock.getAsLong();
            // least recently charged first: the first one used within the timeout ends the sweep
            for (Iterator<Map.Entry<Holder, Charge>> it = holders.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<Holder, Charge> e = it.next();
                if (now - e.getValue().at <= idleNanos) {
                    break;
                }
                bytes += e.getValue().bytes;
                it.remove();
                victims.add(e.getKey());
            }
            used -= bytes;
            idleDrops += victims.size();
        }
        for (Holder h : victims) {
            h.evict();
        }
        if (!victims.isEmpty()) {
            System.getLogger(MemoryBudget.class.getName()).log(System.Logger.Level.INFO, "dsoap: memory budget " + name
                    + ": dropped " + victims.size() + " kept states (" + bytes + " bytes) unused for over "
                    + idleNanos / 1_000_000 + " ms; " + usedBytes() + " of " + limit + " bytes in use");
        }
        return victims.size();
    }

    /** Holders dropped because they went unused for longer than the idle timeout. */
    public synchronized long idleDrops() {
        return idleDrops;
    }

    /** Nanoseconds a holder may go unused before it is dropped; 0: never. */
    public long idleNanos() {
        return idleNanos;
    }

    /** What one holder is charged, and since when. */
    private static final class Charge {
        /** Bytes charged. */
        long bytes;
        /** {@link #clock} time of the last charge, in nanoseconds. */
        long at;
    }

    /** A budget that never evicts. */
    public static MemoryBudget unlimited() {
        return new MemoryBudget(Long.MAX_VALUE);
    }

    /**
     * Records that {@code h} now holds {@code bytes} and was just used; evicts others as needed.
     *
     * @return {@code false} if {@code h} alone exceeds the cap: it is then not charged and should drop its state
     */
    public boolean charge(Holder h, long bytes) {
        Holder[] victims;
        synchronized (this) {
            Charge c = holders.remove(h);
            if (c != null) {
                used -= c.bytes;
            }
            if (bytes > limit) {
                refusals++;
                return false;
            }
            if (c == null) {
                c = new Charge();
            }
            c.bytes = bytes;
            c.at = idleNanos == 0 ? 0 : clock.getAsLong();
            holders.put(h, c);
            used += bytes;
            victims = overLimit(h);
        }
        evict(victims);
        return true;
    }

    /** Forgets {@code h} (it dropped its state). */
    public synchronized void release(Holder h) {
        Charge c = holders.remove(h);
        if (c != null) {
            used -= c.bytes;
        }
    }

    public long limitBytes() {
        return limit;
    }

    public synchronized long usedBytes() {
        return used;
    }

    public synchronized int holders() {
        return holders.size() - (holders.containsKey(spareHolder) ? 1 : 0);
    }

    public synchronized long evictions() {
        return evictions;
    }

    public synchronized long refusals() {
        return refusals;
    }

    // ------------------------------------------------------------------------------------------ bytes in flight

    /** The bound on reserved in-flight bytes; -1: a quarter of the cap. Guarded by this. */
    private long inFlightLimit = -1;
    /** Bytes now reserved by messages being read (also in {@link #used}). Guarded by this. */
    private long inFlight;
    /** The most bytes reserved at once so far. Guarded by this. */
    private long inFlightPeak;
    /** Reservations refused because the in-flight bound (or the cap) had no room. Guarded by this. */
    private long inFlightRefusals;

    /**
     * Sets the bound on bytes reserved at once by buffers of messages in flight ({@link #reserve}). Until it is
     * set, the bound is a quarter of the cap.
     *
     * @param bytes the bound in bytes, >= 0
     */
    public synchronized void inFlightLimit(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("in-flight bound " + bytes + " bytes must be >= 0");
        }
        inFlightLimit = bytes;
    }

    /**
     * Reserves {@code bytes} for a buffer of a message being read, before it is allocated: the bytes count as
     * used, and the least recently used holders are evicted to make room for them (bytes in flight are never
     * evicted: past the cap, every holder goes). Refused (nothing reserved, nothing evicted) when the bytes in
     * flight would pass the bound; the message should then go its host's way without buffering more. Every
     * reserved byte must be given back by {@link #unreserve} once its buffer is dropped.
     *
     * @param bytes the buffer's size, >= 0
     * @return whether the bytes are reserved
     */
    public boolean reserve(long bytes) {
        return reserve(bytes, inFlightLimitBytes());
    }

    /**
     * As {@link #reserve}, for a copy of a message whose buffers are reserved (its buffers joined into one
     * array, then dropped): allowed past the bound by at most the bound again, so that a message the bound
     * holds can always be joined while nothing else is in flight.
     *
     * @param bytes the copy's size, >= 0
     * @return whether the bytes are reserved
     */
    public boolean reserveCopy(long bytes) {
        long bound = inFlightLimitBytes();
        return reserve(bytes, bound > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : 2 * bound);
    }

    /** Reserves {@code bytes} if the bytes in flight stay within {@code bound}. */
    private boolean reserve(long bytes, long bound) {
        if (bytes < 0) {
            throw new IllegalArgumentException("reserve " + bytes + " bytes");
        }
        Holder[] victims;
        synchronized (this) {
            if (bytes > bound - inFlight) {
                inFlightRefusals++;
                return false;
            }
            inFlight += bytes;
            used += bytes;
            if (inFlight > inFlightPeak) {
                inFlightPeak = inFlight;
            }
            victims = overLimit(null);
        }
        evict(victims);
        return true;
    }

    /**
     * Under the lock: forgets the least recently used holders other than {@code keep} until the total fits the cap,
     * counting them as evictions; returns them, to be told outside the lock ({@code null}: none; the array may end in
     * nulls).
     */
    private Holder[] overLimit(Holder keep) {
        Holder[] victims = null;
        int n = 0;
        Iterator<Map.Entry<Holder, Charge>> it = holders.entrySet().iterator();
        while (used > limit && it.hasNext()) {
            Map.Entry<Holder, Charge> e = it.next();
            if (e.getKey() == keep) {
                continue;
            }
            used -= e.getValue().bytes;
            it.remove();
            evictions++;
            if (victims == null) {
                victims = new Holder[4];
            } else if (n == victims.length) {
                victims = java.util.Arrays.copyOf(victims, 2 * n);
            }
            victims[n++] = e.getKey();
        }
        return victims;
    }

    /** Tells each of {@code victims} (up to the first null) that it was evicted; called without the lock. */
    private static void evict(Holder[] victims) {
        if (victims == null) {
            return;
        }
        for (Holder v : victims) {
            if (v == null) {
                return;
            }
            v.evict();
        }
    }

    /**
     * Gives back {@code bytes} of earlier {@link #reserve reservations}.
     *
     * @throws IllegalStateException when more is given back than is reserved (the count is then left as it was)
     */
    public synchronized void unreserve(long bytes) {
        if (bytes < 0 || bytes > inFlight) {
            throw new IllegalStateException("unreserve " + bytes + " bytes with " + inFlight + " bytes in flight");
        }
        inFlight -= bytes;
        used -= bytes;
    }

    /** The bound on bytes in flight: the set one, else a quarter of the cap. */
    public synchronized long inFlightLimitBytes() {
        return inFlightLimit >= 0 ? inFlightLimit : limit / 4;
    }

    /**
     * The bytes in flight against their bound, as the detail of an {@code IN_FLIGHT} fallback both hosts log:
     * {@code "N of M bytes in flight (dsoap.maxInFlightBytes)"}.
     */
    public synchronized String inFlightDetail() {
        return inFlight + " of " + inFlightLimitBytes() + " bytes in flight (dsoap.maxInFlightBytes)";
    }

    /** Bytes now reserved by messages in flight (included in {@link #usedBytes()}). */
    public synchronized long inFlightBytes() {
        return inFlight;
    }

    /** The most bytes that were reserved by messages in flight at once. */
    public synchronized long inFlightPeakBytes() {
        return inFlightPeak;
    }

    /** Reservations refused so far: the messages went their host's way. */
    public synchronized long inFlightRefusals() {
        return inFlightRefusals;
    }

    // spare read buffers: a message's bytes are read into one (MessageBytes) instead of new arrays zeroed and joined;
    // kept between messages while the budget has room for them, charged as one holder, dropped when it is evicted

    /** How many spare read buffers are kept at most. */
    private static final int SPARES = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    /** The longest read buffer kept as a spare, in bytes. */
    private static final int SPARE_MAX = 16 << 20;
    /** The spare read buffers; guarded by this. */
    private final byte[][] spares = new byte[SPARES][];
    /** Their bytes; guarded by this. */
    private long spareBytes;
    /** The holder charged with the spares: evicted (least recently used, or idle), they are dropped. */
    private final Holder spareHolder = this::dropSpares;

    /**
     * A spare read buffer, taken out of this budget (no longer charged here), or {@code null} if none is kept. The
     * caller reads a message into it under its own reservations of bytes in flight, and gives it back with
     * {@link #giveSpare} when it no longer refers to it.
     */
    public byte[] takeSpare() {
        synchronized (this) {
            for (int i = 0; i < SPARES; i++) {
                byte[] b = spares[i];
                if (b != null) {
                    spares[i] = null;
                    spareBytes -= b.length;
                    chargeSpares();
                    return b;
                }
            }
        }
        return null;
    }

    /**
     * As {@link #takeSpare()}, choosing among the spares kept: the shortest at least {@code atLeast} bytes long, else
     * the longest. A message read into a spare that fits it closely is kept as it is, without a copy.
     *
     * @param atLeast the length wanted, in bytes
     */
    public byte[] takeSpare(int atLeast) {
        synchronized (this) {
            int at = -1;
            for (int i = 0; i < SPARES; i++) {
                byte[] b = spares[i];
                if (b == null) {
                    continue;
                }
                if (at < 0) {
                    at = i;
                    continue;
                }
                int best = spares[at].length;
                boolean fits = b.length >= atLeast;
                boolean bestFits = best >= atLeast;
                if (fits && (!bestFits || b.length < best) || !fits && !bestFits && b.length > best) {
                    at = i;
                }
            }
            if (at < 0) {
                return null;
            }
            byte[] b = spares[at];
            spares[at] = null;
            spareBytes -= b.length;
            chargeSpares();
            return b;
        }
    }

    /** The lengths of the last two messages read into a spare buffer, in bytes (0 before any). */
    private volatile int lastSpareRead;
    private volatile int spareReadBefore;

    /**
     * The length the next read into a spare buffer asks for ({@link #takeSpare(int)}), in bytes: that of the message
     * before last that {@link #spareRead} noted, else the last one's, else 0. The spares kept are mostly the arrays of
     * the messages before last, which a kept state released when the last one replaced them: asking for that length
     * takes the one the next message is most likely kept in as it is, without a copy. A sender whose messages keep
     * about one length finds it either way; one whose messages alternate between two lengths (two kinds of update)
     * finds it only so: asked for the last length, each read got the array the other kind had left, too long or too
     * short, and every other message was copied out of it.
     */
    public int spareWanted() {
        int before = spareReadBefore;
        return before != 0 ? before : lastSpareRead;
    }

    /**
     * The longer of the last two messages {@link #spareRead} noted, in bytes (0 before any): a spare given back at
     * least as long is worth keeping in place of a longer one.
     */
    private int recentSpareRead() {
        return Math.max(lastSpareRead, spareReadBefore);
    }

    /**
     * Notes that a message of {@code length} bytes was read into a spare buffer, for {@link #spareWanted}: a hint,
     * shared by the readers of every sender on this budget, whose races are harmless.
     */
    public void spareRead(int length) {
        spareReadBefore = lastSpareRead;
        lastSpareRead = length;
    }

    /**
     * Keeps {@code b} as a spare read buffer if the budget has room for it without evicting anything and it is no
     * longer than 16 MiB; else it is left to the garbage collector. When as many spares as are kept are kept already,
     * it takes the place of the shortest one shorter than it or, when it is at least as long as the messages read into
     * spares lately (the longer of the last two {@link #spareRead} noted), of the longest one; else it is left to the
     * garbage collector. The caller no longer refers to {@code b}.
     */
    public void giveSpare(byte[] b) {
        if (b.length > SPARE_MAX) {
            return;
        }
        synchronized (this) {
            int at = -1;
            for (int i = 0; i < SPARES; i++) {
                if (spares[i] == null) {
                    at = i;
                    break;
                }
                if (spares[i].length < b.length && (at < 0 || spares[i].length < spares[at].length)) {
                    at = i;
                }
            }
            if (at < 0) {
                if (b.length < recentSpareRead()) {
                    return;
                }
                // every spare is at least as long, and b holds the messages read lately: it takes the longest's place,
                // a closer fit for them (a message read into a spare that fits it is kept without a copy)
                at = 0;
                for (int i = 1; i < SPARES; i++) {
                    if (spares[i].length > spares[at].length) {
                        at = i;
                    }
                }
                if (spares[at].length == b.length) {
                    return;
                }
            }
            long replaced = spares[at] == null ? 0 : spares[at].length;
            if (used - replaced + b.length > limit) { // (the spares are charged as kept: used holds spareBytes)
                return;
            }
            spares[at] = b;
            spareBytes += b.length - replaced;
            chargeSpares();
        }
    }

    /** Bytes of the spare read buffers kept, included in {@link #usedBytes()}. */
    public synchronized long spareBytes() {
        return spareBytes;
    }

    /** Charges {@link #spareHolder} with {@link #spareBytes} (nothing evicted: the givers checked for room). */
    private void chargeSpares() {
        Charge c = holders.remove(spareHolder);
        if (c != null) {
            used -= c.bytes;
        }
        if (spareBytes == 0) {
            return;
        }
        if (c == null) {
            c = new Charge();
        }
        c.bytes = spareBytes;
        c.at = idleNanos == 0 ? 0 : clock.getAsLong();
        holders.put(spareHolder, c);
        used += spareBytes;
    }

    /** The spares' holder was evicted: its buffers go (and any given back since). */
    private void dropSpares() {
        synchronized (this) {
            java.util.Arrays.fill(spares, null);
            spareBytes = 0;
            chargeSpares();
        }
    }
}
