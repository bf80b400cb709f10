package dev.dsoap.bench;

/**
 * Takes a benchmark's state out of the processor's caches between invocations, as a server's other work does between
 * one client's calls: a call of a plain SOAP stack at 100K doubles allocates and parses some hundred megabytes, more
 * than any last-level cache holds, so the next call of a differential client starts with its kept message, template
 * and tables in memory, not in cache. A microbenchmark that sends the same few messages back to back keeps all of that
 * cached and measures a path the server rarely runs.
 *
 * <p>Not thread-safe: one per benchmark state (each thread writes its own array).
 */
public final class Caches {
    /** Bytes written to push everything else out: twice the largest last-level cache of the machines measured (32 MiB). */
    private static final int EVICT_BYTES = 64 << 20;

    private final long[] sweep = new long[EVICT_BYTES / Long.BYTES];
    private long round;

    /** Whether a benchmark parameter asks for cold caches: {@code cold} (or {@code churn}), else {@code warm}. */
    public static boolean cold(String param) {
        return switch (param) {
            case "cold", "churn" -> true;
            case "warm" -> false;
            default -> throw new IllegalArgumentException("cache " + param + ": warm, cold or churn");
        };
    }

    private final Object[] ring = new Object[4096];

    /** Allocates {@code bytes} of short-lived arrays of 1 KiB, as a plain stack's parse of a large message does. */
    public long churn(long bytes) {
        long sum = 0;
        for (long n = 0; n < bytes; n += 1024) {
            byte[] b = new byte[1000];
            b[(int) (n & 511)] = (byte) n;
            ring[(int) ((n >> 10) & 4095)] = b;
            sum += b.length;
        }
        return sum;
    }

    /**
     * Writes every cache line of a 64 MiB array (a new value each time, so that no write can be skipped), and returns
     * a value read back, for the caller to consume. Some 5 to 15 ms; call it from a {@code Level.Invocation} setup,
     * outside the measured time.
     */
    public long evict() {
        long r = ++round;
        long[] s = sweep;
        for (int i = 0; i < s.length; i += 8) { // one long per 64-byte line
            s[i] = r + i;
        }
        return s[(int) (r * 8 % s.length)];
    }
}
