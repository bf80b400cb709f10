package dev.dsoap.bench;

/**
 * Takes a benchmark's state out of the processor's caches between invocations, as a server's other work does between
 * one client's calls: a call of a plain SOAP stack at 100K doubles allocates and parses some hundred megabytes, more
 * than any last-level cache holds, so the next call of a differential client starts with its kept message, template
 * and tables in memory, not in cache. A microbenchmark that sends the same few messages back to back keeps all of that
 * cached and measures a path the server rarely runs.
 *
 * <p>The benchmark parameter {@code cache} names the mode: {@code warm} (nothing done), {@code cold} (64 MiB written
 * between messages) or {@code churn} (256 MiB of short-lived 1 KiB arrays allocated, then the 64 MiB written).
 *
 * <p>Not thread-safe: one per benchmark state (each thread writes its own array).
 */
public final class Caches {
    /** Bytes written to push everything else out: twice the largest last-level cache of the machines measured (32 MiB). */
    private static final int EVICT_BYTES = 64 << 20;
    /** Bytes of short-lived arrays {@code churn} allocates before it writes. */
    private static final long CHURN_BYTES = 256L << 20;

    private final boolean cold;
    private final boolean churn;
    /** The array written, made only for a mode that writes it. */
    private final long[] sweep;
    /** Where {@link #churn()}'s arrays live until the ring comes round to them. */
    private final Object[] ring;
    private long round;

    /**
     * @param mode the benchmark parameter: {@code warm}, {@code cold} or {@code churn}
     * @throws IllegalArgumentException for any other
     */
    public Caches(String mode) {
        switch (mode) {
            case "warm" -> {
                cold = false;
                churn = false;
            }
            case "cold" -> {
                cold = true;
                churn = false;
            }
            case "churn" -> {
                cold = true;
                churn = true;
            }
            default -> throw new IllegalArgumentException("cache " + mode + ": warm, cold or churn");
        }
        sweep = cold ? new long[EVICT_BYTES / Long.BYTES] : null;
        ring = churn ? new Object[4096] : null;
    }

    /**
     * Does what the mode says, and returns a value for the caller to consume. Some 5 to 15 ms when cold, some 100 ms
     * more with churn; call it from a {@code Level.Invocation} setup, outside the measured time.
     */
    public long cool() {
        long sum = churn ? churn() : 0;
        return cold ? sum + evict() : sum;
    }

    /** Allocates {@link #CHURN_BYTES} of short-lived arrays of 1 KiB, as a plain stack's parse of a large message does. */
    private long churn() {
        long sum = 0;
        for (long n = 0; n < CHURN_BYTES; n += 1024) {
            byte[] b = new byte[1000];
            b[(int) (n & 511)] = (byte) n;
            ring[(int) ((n >> 10) & 4095)] = b;
            sum += b.length;
        }
        return sum;
    }

    /** Writes every cache line of the 64 MiB array (a new value each time, so that no write can be skipped). */
    private long evict() {
        long r = ++round;
        long[] s = sweep;
        for (int i = 0; i < s.length; i += 8) { // one long per 64-byte line
            s[i] = r + i;
        }
        return s[(int) (r * 8 % s.length)];
    }
}
