package dev.dsoap.bench.report;

import java.util.Map;

/** Human names for benchmark methods and parameters, as charts and tables show them. */
final class Labels {
    private Labels() {
    }

    private static final Map<String, String> METHODS = Map.ofEntries(
            Map.entry("baselineWoodstox", "Woodstox"),
            Map.entry("baselineAxis2", "Axis2"),
            Map.entry("baselineDsoapFirstSend", "dsoap first send"),
            Map.entry("baselinePlainArray", "plain double[]"),
            Map.entry("baselineRead", "read"),
            Map.entry("baselineCxf", "CXF + JAXB"),
            Map.entry("baselineFastInfoset", "Fast Infoset"),
            Map.entry("dsoapContentMatch", "dsoap content match"),
            Map.entry("dsoapFirstSend", "dsoap first send"),
            Map.entry("dsoapPerfectStructural", "dsoap"),
            Map.entry("dsoapWorstCase", "dsoap worst case"),
            Map.entry("dsoapNoShift", "dsoap, no shift (reference)"),
            Map.entry("dsoapAlternating", "dsoap"),
            Map.entry("dsoapGrowth", "dsoap"),
            Map.entry("dsoapStuffed", "dsoap stuffed"),
            Map.entry("dsoapClosingTagShift", "dsoap"),
            Map.entry("dsoapOverlay", "dsoap overlay"),
            Map.entry("dsoapSeparateChunks", "dsoap separate chunks"),
            Map.entry("dsoapTrackedArray", "dsoap TrackedDoubleArray"),
            Map.entry("dsoapDifferential", "dsoap differential"),
            Map.entry("dsoapDds", "dsoap DDS"),
            Map.entry("dsoapPlain", "dsoap plain parse"),
            Map.entry("dsoapAxis2", "Axis2 + dsoap.mar"),
            Map.entry("dsoapCxf", "CXF + @DifferentialSoap"),
            Map.entry("dsoapBinaryCxf", "CXF + @DifferentialSoap, binary"),
            Map.entry("baselineRpcClient", "RPCServiceClient → Axis2"),
            Map.entry("dsoapRpcClient", "RPCServiceClient → Axis2 + dsoap.mar"),
            Map.entry("dsoapEngagedRpcClient", "DsoapRpcServiceClient, engaged → Axis2 + dsoap.mar"),
            Map.entry("baselinePlainProxy", "plain CXF proxy, default settings → CXF + JAXB"),
            Map.entry("dsoapPlainProxy", "plain CXF proxy, default settings → CXF + @DifferentialSoap"),
            Map.entry("baselineVoid", "plain"),
            Map.entry("dsoapVoid", "dsoap"));

    /** The Metro end-to-end benchmark, whose clients and servers are Metro's, not CXF's. */
    static final String METRO_BENCH = "MetroPlainProxyEchoBench";

    /** Its methods: which client calls which server. */
    private static final Map<String, String> METRO_METHODS = Map.of(
            "baselinePlainProxy", "plain Metro proxy, default settings → Metro + JAXB",
            "dsoapPlainProxy", "plain Metro proxy, default settings → Metro + @DifferentialSoap",
            "floorPlainProxy", "plain Metro proxy, default settings → transport floor",
            "baselinePeers", "Metro proxy in Fast Infoset → Metro + JAXB",
            "dsoapPeers", "DsoapClient in dsoap's binary form → Metro + @DifferentialSoap");

    /**
     * The gSOAP step's methods ({@link Families#GSOAP_BENCH}): which client calls which server (baselineGsoap is
     * both measures' baseline: gSOAP's client calling gSOAP's server).
     */
    private static final Map<String, String> GSOAP_METHODS = Map.of(
            "baselineGsoap", "gSOAP client → gSOAP server",
            "baselineCxf", "gSOAP client → CXF + JAXB",
            "dsoapCxf", "gSOAP client → CXF + @DifferentialSoap",
            "baselineAxis2", "gSOAP client → Axis2",
            "dsoapAxis2", "gSOAP client → Axis2 + dsoap.mar",
            "dsoapCxfClient", "dsoap CXF client → gSOAP server");

    /**
     * The method's name for people: "Woodstox", "dsoap content match", "Axis2 + dsoap.mar, 4 clients"; in the
     * gSOAP step, "gSOAP client → Axis2 + dsoap.mar".
     */
    static String method(Measurement m) {
        String name = m.method();
        if (m.bench().equals(Families.GSOAP_BENCH) && GSOAP_METHODS.containsKey(name)) {
            return GSOAP_METHODS.get(name);
        }
        if (m.bench().equals(METRO_BENCH) && METRO_METHODS.containsKey(name)) {
            return METRO_METHODS.get(name) + ", 1 client";
        }
        String clients = "";
        if (name.endsWith("Concurrent")) {
            name = name.substring(0, name.length() - "Concurrent".length());
            clients = ", " + m.threads() + " clients";
        } else if (Families.of(m.bench()).endToEnd()) {
            clients = ", 1 client";
        }
        return method(name) + clients;
    }

    /** A method's name for people, without the client count: "CXF + JAXB" for {@code baselineCxfConcurrent}. */
    static String method(String name) {
        if (name.endsWith("Concurrent")) {
            name = name.substring(0, name.length() - "Concurrent".length());
        }
        String known = METHODS.get(name);
        if (known != null) {
            return known;
        }
        String rest = name.startsWith("dsoap") ? "dsoap " + words(name.substring(5))
                : name.startsWith("baseline") ? words(name.substring(8)) : words(name);
        return rest.trim();
    }

    /** A parameter for people: "25 %", "LCP", "adaptive on", "32 KiB chunks". */
    static String param(String name, String value) {
        return switch (name) {
            case "percent" -> value + " %";
            case "dirtyPercent" -> value + " % dirty";
            case "size" -> count(value) + " elements";
            case "adaptive" -> "true".equals(value) ? "adaptive on" : "adaptive off";
            case "chunkKb" -> value + " KiB chunks";
            case "stuffing" -> "stuffing " + value;
            case "strategy" -> strategy(value);
            case "partitions" -> "T = " + value;
            case "interval" -> "N = " + value;
            case "sink" -> "sink " + value;
            case "kind", "reader", "shape", "type" -> value;
            case "style" -> "pojo".equals(value) ? "POJO" : "adb".equals(value) ? "ADB" : value;
            case "host" -> "axis2".equals(value) ? "Axis2 POJO (in-only)" : "cxf".equals(value) ? "CXF" : value;
            default -> name + "=" + value;
        };
    }

    /** FCP, DCP or LCP. */
    static String strategy(String value) {
        return switch (value) {
            case "FULL" -> "FCP";
            case "DIFFERENTIAL" -> "DCP";
            case "LIGHTWEIGHT" -> "LCP";
            default -> value;
        };
    }

    /** 100000 as "100K", 1000 as "1K", 1500 as "1500". */
    static String count(String value) {
        try {
            long n = Long.parseLong(value);
            if (n >= 1_000_000 && n % 1_000_000 == 0) {
                return n / 1_000_000 + "M";
            }
            if (n >= 1000 && n % 1000 == 0) {
                return n / 1000 + "K";
            }
            return value;
        } catch (NumberFormatException e) {
            return value;
        }
    }

    /** "ContentMatch" as "content match". */
    private static String words(String camel) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < camel.length(); i++) {
            char c = camel.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                b.append(' ');
            }
            b.append(i == 0 ? c : Character.toLowerCase(c));
        }
        return b.toString();
    }
}
