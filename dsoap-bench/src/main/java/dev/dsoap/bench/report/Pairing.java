package dev.dsoap.bench.report;

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
     * The row a paired run's transport floor is reported as: {@code pairedX} (dsoap and the floor called in turn, the
     * floor's CPU in {@code floorCpuNanos}) gives {@code pairedFloorX}, the partner the floor targets are judged with.
     */
    public static String pairedFloor(String pairedMethod) {
        return pairedMethod.replaceFirst("^paired", "pairedFloor");
    }

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
