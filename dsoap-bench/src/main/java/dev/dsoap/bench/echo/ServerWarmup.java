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
        run(what, pattern, widths, java.util.List.of(round));
    }

    /**
     * As {@link #run(String, String, String, Round)}, the requests shared among {@code clients} calling at once, each on
     * a thread of its own with its own sequence: for servers whose small calls wait on the network more than they work
     * (a small call to the JDK HTTP server waits some 40 ms for a delayed acknowledgement), so that the warm-up takes
     * seconds, not minutes. Each client is a sender of its own to the servers (fewer than {@code dsoap.states}).
     */
    public static void run(String what, String pattern, String widths, java.util.List<Round> clients) throws Exception {
        int n = Integer.getInteger("dsoap.bench.serverWarmup", REQUESTS);
        if (n <= 0) {
            return;
        }
        long start = System.nanoTime();
        int k = clients.size();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(k);
        try {
            java.util.List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int c = 0; c < k; c++) {
                Round round = clients.get(c);
                int first = c;
                done.add(pool.submit(() -> {
                    EchoValues small = new EchoValues(Shape.DOUBLES, ITEMS, 10, EchoValues.SEED + first,
                            DdsMessages.Pattern.of(pattern), DdsMessages.Widths.of(widths));
                    for (int i = first; i < n; i += k) {
                        round.call((double[]) small.values(i / k));
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw e.getCause() instanceof Exception x ? x : new IllegalStateException(e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf("%n[%s] servers warmed: %d small requests to each (%d client%s) in %d ms%n", what, n, k,
                k == 1 ? "" : "s", (System.nanoTime() - start) / 1_000_000);
    }
}
