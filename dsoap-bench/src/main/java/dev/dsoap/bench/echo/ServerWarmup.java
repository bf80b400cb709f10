package dev.dsoap.bench.echo;

import dev.dsoap.bench.deserialize.DdsMessages;

/**
 * Small requests each server of an end-to-end benchmark serves before its trial ({@value #REQUESTS}, or
 * {@code -Ddsoap.bench.serverWarmup} on the fork), as a server that has been up a while has served. At 100K items a
 * round of calls takes a fifth of a second (plain CXF) to a second (plain Axis2), most of it the plain client's own
 * work, so a trial's warm-up and measured iterations bring a few hundred requests: too few for the JIT to compile the
 * code that runs once a request (the host's, dsoap's glue), which HotSpot compiles after some 200 calls with C1's
 * profiling and 5,000 with C2. JFR found 57 % of a dsoap endpoint's Java samples in interpreted frames at 100K
 * doubles before. The benchmarks warm the plain and the dsoap server alike, through clients of their own.
 */
public final class ServerWarmup {
    /** Requests each server serves first, unless {@code -Ddsoap.bench.serverWarmup} says otherwise (0: none). */
    public static final int REQUESTS = 5000;
    /** Doubles in each warm-up request, a tenth of them changed from one to the next. */
    public static final int ITEMS = 64;

    private ServerWarmup() {
    }

    /** One warm-up request through each server's client: throws if an answer is not whole. */
    @FunctionalInterface
    public interface Round {
        void call(double[] values) throws Exception;
    }

    /**
     * Runs the warm-up rounds, each with the next of a sequence of {@value #ITEMS} doubles changed as the trial's
     * values change ({@code pattern}, {@code widths}), and prints what it took under {@code what}.
     */
    public static void run(String what, String pattern, String widths, Round round) throws Exception {
        int n = Integer.getInteger("dsoap.bench.serverWarmup", REQUESTS);
        if (n <= 0) {
            return;
        }
        long start = System.nanoTime();
        EchoValues small = new EchoValues(Shape.DOUBLES, ITEMS, 10, EchoValues.SEED, DdsMessages.Pattern.of(pattern),
                DdsMessages.Widths.of(widths));
        for (int i = 0; i < n; i++) {
            round.call((double[]) small.values(i));
        }
        System.out.printf("%n[%s] servers warmed: %d small requests to each in %d ms%n", what, n,
                (System.nanoTime() - start) / 1_000_000);
    }
}
