package dev.dsoap.bench.report;

import java.util.List;

/**
 * Which dsoap method a baseline measured alike (same class, parameters and measure) is compared with, for the
 * suite's own report ({@code Report}) and the HTML report ({@link Results#allPairs}) alike: every pair, except
 * a dsoap method and a baseline that name two different Java hosts (Axis2, Cxf). That happens in the gSOAP
 * step ({@code GsoapPeer}), where one client calls every server: {@code dsoapAxis2} is compared with
 * {@code baselineAxis2} and gSOAP's server, {@code dsoapCxf} with {@code baselineCxf} and gSOAP's server, but
 * neither with the other host's plain server. Stateless; thread-safe.
 */
public final class Pairing {
    private Pairing() {
    }

    /**
     * The measure of a paired run's rows: JMH's ({@code "avgt x1"}) and the run's method, {@code "avgt x1 paired in
     * pairedPlainProxy"}. Rows pair as measured alike, so a paired run's rows pair with each other only, never with
     * another run's.
     */
    public static String measure(String jmhMeasure, String pairedMethod) {
        return jmhMeasure + PAIRED_IN + pairedMethod;
    }

    /** What {@link #measure} puts between JMH's measure and the method. */
    static final String PAIRED_IN = " paired in ";

    /** The servers of a paired run, by the prefix of their rows' methods. */
    private static final List<String> SERVERS = List.of("dsoap", "baseline", "floor");

    /** Whether {@code method} is a paired run ({@code pairedX}), whose result {@link #sides} splits into rows. */
    public static boolean paired(String method) {
        return method.startsWith("paired");
    }

    /**
     * One side of a paired run, as a row of its own.
     *
     * @param method the row's method, named as a separate run of that side would be
     * @param ms     its time per call, ms: its own calls' time, or the pair's where the run did not record it
     * @param cpuUs  its server's CPU time per request, µs
     * @param reads  dsoap's reads ({@link #reads}) on dsoap's side; NaNs on the others
     */
    public record Side(String method, double ms, double cpuUs, double[] reads) {
    }

    /**
     * The sides of paired run {@code method} (dsoap's server, the plain one, the transport floor), from its auxiliary
     * counters ({@code echo.Partners}; {@code counters} gives a counter's total over the measurement by name, NaN if
     * absent): a CPU time, a request count and a call time per server ({@code serverCpuNanos}, {@code baselineRequests},
     * {@code floorCallNanos}...). {@code pairedPlainProxy} gives {@code dsoapPlainProxy} and {@code baselinePlainProxy},
     * and {@code pairedPlainProxyWithFloor} also {@code floorPlainProxy}; a server without requests gives no row. The
     * run's reads ({@link #reads}) go to dsoap's side only: the counters are its server's.
     */
    public static List<Side> sides(String method, java.util.function.ToDoubleFunction<String> counters, double pairMs) {
        List<Side> out = new java.util.ArrayList<>();
        for (String side : SERVERS) {
            String prefix = side.equals("dsoap") ? "server" : side;
            double requests = counters.applyAsDouble(prefix + "Requests");
            if (!(requests > 0)) {
                continue;
            }
            double calls = counters.applyAsDouble(prefix + "CallNanos");
            out.add(new Side(side(method, side), calls > 0 ? calls / requests / 1e6 : pairMs,
                    counters.applyAsDouble(prefix + "CpuNanos") / requests / 1000,
                    side.equals("dsoap") ? reads(counters) : new double[] {Double.NaN, Double.NaN}));
        }
        return out;
    }

    /**
     * dsoap's reads in a run ({@code echo.ReadCounters}; {@code counters} as for {@link #sides}): request bytes skipped
     * per byte parsed, and the bytes its kept states held at the iterations' ends (their mean); each NaN when not
     * recorded. Reads that parsed nothing skip {@code readSkippedBytes} per byte (one byte counted as parsed).
     */
    public static double[] reads(java.util.function.ToDoubleFunction<String> counters) {
        double skipped = counters.applyAsDouble("readSkippedBytes");
        double parsed = counters.applyAsDouble("readParsedBytes");
        double state = counters.applyAsDouble("stateBytes");
        double samples = counters.applyAsDouble("stateSamples");
        return new double[] {skipped + parsed > 0 ? skipped / Math.max(parsed, 1) : Double.NaN,
                samples > 0 ? state / samples : Double.NaN};
    }

    /**
     * The row one server of a paired run is reported as: {@code pairedPlainProxy} gives
     * {@code dsoapPlainProxy} and {@code baselinePlainProxy}, and {@code pairedPlainProxyWithFloor} those and
     * {@code floorPlainProxy}.
     */
    private static String side(String pairedMethod, String side) {
        String rest = pairedMethod.substring("paired".length());
        return side + (rest.endsWith(WITH_FLOOR) ? rest.substring(0, rest.length() - WITH_FLOOR.length()) : rest);
    }

    private static final String WITH_FLOOR = "WithFloor";

    /** The Java hosts a method name can end with, after {@code dsoap} or {@code baseline} (and before {@code Concurrent}). */
    private static final String[] HOSTS = {"Axis2", "Cxf"};

    /** Whether {@code dsoapMethod} is compared with {@code baselineMethod} when both were measured alike. */
    public static boolean compared(String dsoapMethod, String baselineMethod) {
        String a = host(dsoapMethod);
        String b = host(baselineMethod);
        return a == null || b == null || a.equals(b);
    }

    /** The Java host {@code method} runs on ({@code dsoapAxis2}, {@code baselineCxfConcurrent}), or null. */
    static String host(String method) {
        String rest = method.startsWith("dsoap") ? method.substring("dsoap".length())
                : method.startsWith("baseline") ? method.substring("baseline".length()) : method;
        if (rest.endsWith("Concurrent")) {
            rest = rest.substring(0, rest.length() - "Concurrent".length());
        }
        for (String h : HOSTS) {
            if (rest.equals(h)) {
                return h;
            }
        }
        return null;
    }
}
