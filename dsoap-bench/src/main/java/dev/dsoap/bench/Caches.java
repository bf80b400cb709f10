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

    /** Whether a benchmark parameter asks for cold caches: {@code cold}, else {@code warm}. */
    public static boolean cold(String param) {
        return switch (param) {
            case "cold" -> true;
            case "warm" -> false;
            default -> throw new IllegalArgumentException("cache " + param + ": warm or cold");
        };
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
