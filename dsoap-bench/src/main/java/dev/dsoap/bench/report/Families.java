package dev.dsoap.bench.report;

import java.util.List;
import java.util.Set;

/**
 * How the report groups each benchmark class into charts: its section, its title, the paper figure it
 * reproduces, and which parameters become series (the rest, but {@code size}, split charts).
 */
final class Families {
    private Families() {
    }

    /** The report's sections, in order. */
    enum Section {
        SERIALIZATION("Serialization", "Send-time experiments of \"Differential Serialization for Optimized SOAP "
                + "Performance\" (Figures 1-12): dsoap's differential serializer against Woodstox and Axis2 2.0.0 writing "
                + "the same response in process, into the same sink."),
        DESERIALIZATION("Deserialization", "Experiments of \"Lightweight Checkpointing for Faster SOAP "
                + "Deserialization\" (Table 1, Figures 2 and 5): dsoap's differential deserializer against Woodstox + "
                + "parseDouble, dsoap's own plain parse and Axis2 2.0.0, reading 100K hard doubles."),
        AXIS2("End to end: Axis2 2.0 with and without dsoap.mar", "Two real SimpleHTTPServers on loopback, the "
                + "same echo services; one engages dsoap.mar. Latency with 1 client, throughput with 4 (shown as ms per "
                + "call of the whole system), server CPU per request."),
        TYPES("Serialization and deserialization by type", "Serialization-only and deserialization-only "
                + "workloads: a message of doubles, ints, strings or one base64 byte[] (8 bytes per item, a single "
                + "element), P % of the items changed between consecutive messages; dsoap's differential serializer and "
                + "deserializer against Woodstox and Axis2 2.0.0 in process. A base64 element is re-encoded (re-decoded) "
                + "whole when any of its bytes changes."),
        CXF("End to end: Apache CXF 4 with and without @DifferentialSoap", "Two JAX-WS endpoints on CXF's Jetty "
                + "transport, called through real JAX-WS proxies; the dsoap endpoint and its proxies carry "
                + "@DifferentialSoap. Latency and throughput include the client's own work on the same cores."),
        METRO("End to end: Eclipse Metro with and without @DifferentialSoap", "Two JAX-WS endpoints on Eclipse Metro "
                + "(jaxws-rt 4.0), each on a JDK HTTP server of its own (Endpoint.create(...).publish(HttpContext)), "
                + "called through plain Metro proxies at default settings; the dsoap endpoint carries @DifferentialSoap. "
                + "Metro runs in a class loader of its own beside the benchmarks' CXF. Server CPU per request: the "
                + "server's request threads."),
        VOID("End to end: echoVoid latency", "The operation void echoVoid(), no parameters and no result, on "
                + "the end-to-end servers, plain against dsoap, one client: what a call costs with no values to carry. "
                + "Axis2: the POJO service, which Axis2 deploys as in-only (the request, then HTTP 202 with no body); "
                + "CXF: an empty request wrapper answered with an empty response wrapper, dsoap on both sides."),
        GSOAP("gSOAP 2.8, the papers' baseline, beside the Java servers", "gSOAP's C client, generated from each "
                + "service's WSDL, calls gSOAP's own C server, CXF with and without @DifferentialSoap, and Axis2 with and "
                + "without dsoap.mar (the ADB service); a dsoap CXF client calls gSOAP's server. One client, one "
                + "kept-alive connection, each call timed by its client; server CPU per request of the called server. "
                + "Every echo is checked against what was sent, and dsoap's counters against the calls made."),
        OTHER("Other benchmarks", "Benchmark classes the report has no layout for.");

        /** The section's heading. */
        final String heading;
        /** One paragraph on what it measures. */
        final String intro;

        Section(String heading, String intro) {
            this.heading = heading;
            this.intro = intro;
        }
    }

    /**
     * One benchmark class's layout.
     *
     * @param bench          the class's simple name
     * @param section        where it goes
     * @param name           its short name, e.g. "Content match"
     * @param title          what it measures, in a few words
     * @param paper          the paper figure it reproduces, or empty
     * @param seriesParams   parameters that become series within a chart (beside the method)
     * @param speedupSeries  parameters that become series of the speedup-vs-%-changed chart (beside the comparison)
     * @param unvaried       methods whose work does not depend on the series parameters (a baseline writes every
     *                       message in full whatever changed): the time chart draws each once, the mean of its runs
     * @param speedups       the ratios the speedup chart draws, each {dsoap method, method it is compared with}; empty:
     *                       every dsoap method over every baseline measured alike
     */
    record Family(String bench, Section section, String name, String title, String paper, Set<String> seriesParams,
                  Set<String> speedupSeries, Set<String> unvaried, List<List<String>> speedups) {
        Family(String bench, Section section, String name, String title, String paper, Set<String> seriesParams,
               Set<String> speedupSeries) {
            this(bench, section, name, title, paper, seriesParams, speedupSeries, Set.of(), List.of());
        }

        /**
         * The end-to-end benchmarks: their speedup charts show server CPU (one chart per shape, and one even for a
         * single % changed), and they have server CPU charts.
         */
        boolean endToEnd() {
            return section == Section.AXIS2 || section == Section.CXF || section == Section.METRO || section == Section.VOID;
        }

        /** Whether its methods are calls over HTTP: its charts say "ms per call". */
        boolean perCall() {
            return endToEnd() || section == Section.GSOAP;
        }
    }

    /** The gSOAP step's results ({@code Main.GSOAP}). */
    static final String GSOAP_BENCH = "GsoapPeer";

    private static final String DS = "\"Differential Serialization for Optimized SOAP Performance\"";
    private static final String LCP = "\"Lightweight Checkpointing for Faster SOAP Deserialization\"";

    /** Every benchmark class with a layout, in report order. */
    static final List<Family> ALL = List.of(
            new Family("ContentMatchBench", Section.SERIALIZATION, "Content match",
                    "Content match: the message is resent unchanged", DS + ", Figures 1-3", Set.of(), Set.of()),
            new Family("PerfectStructuralBench", Section.SERIALIZATION, "Perfect structural match",
                    "Perfect structural match: P % of the values rewritten in place, same widths", DS + ", Figures 4-5",
                    Set.of("percent"), Set.of("kind")),
            new Family("WorstCaseShiftBench", Section.SERIALIZATION, "Worst-case shifting",
                    "Worst-case shifting: every value grows from the narrowest to the widest form", DS + ", Figures 6-7",
                    Set.of("adaptive"), Set.of()),
            new Family("AlternatingShiftBench", Section.SERIALIZATION, "Alternating shift",
                    "Narrowest and widest messages alternating", DS + ", Figures 6-7 as a stream", Set.of("adaptive"),
                    Set.of()),
            new Family("IntermediateGrowthBench", Section.SERIALIZATION, "Intermediate growth",
                    "Intermediate growth: P % of the values grow from 18 to 24 bytes (MIOs 36 to 46)", DS + ", Figures 8-9",
                    Set.of("percent"), Set.of("kind")),
            new Family("StuffingBench", Section.SERIALIZATION, "Stuffing",
                    "Stuffing: fields padded to a fixed or maximum width", DS + ", Figures 10-11", Set.of("stuffing"),
                    Set.of()),
            new Family("ClosingTagShiftBench", Section.SERIALIZATION, "Closing-tag shift",
                    "Full closing-tag shift: widest and narrowest values alternating in stuffed fields",
                    DS + ", Figures 10-11", Set.of(), Set.of()),
            new Family("OverlayBench", Section.SERIALIZATION, "Chunk overlaying",
                    "Chunk overlaying: one reused 32 KiB chunk against separate chunks", DS + ", Figure 12", Set.of(),
                    Set.of()),
            new Family("FeedSerializeBench", Section.SERIALIZATION, "Feed-like updates",
                    "Updates as feeds make them: P % of the values changed where the pattern puts them, of the widths named",
                    "", Set.of("percent"), Set.of("pattern", "positions", "widths")),
            new Family("TrackedArrayBench", Section.SERIALIZATION, "Tracked arrays",
                    "Tracked arrays: dirty bits instead of comparing every value", "the DUT table's dirty bits",
                    Set.of("dirtyPercent"), Set.of()),
            new Family("BaselineReadBench", Section.DESERIALIZATION, "Baseline readers",
                    "Baseline readers: one request read in full", "", Set.of("reader"), Set.of()),
            new Family("DdsReadBench", Section.DESERIALIZATION, "Differential deserialization",
                    "DDS: P % of the values changed, in T partitions, checkpoints every N bytes",
                    LCP + ", Table 1 and Figure 2", Set.of("percent", "strategy"), Set.of()),
            new Family("TypeSerializeBench", Section.TYPES, "Serialization by type",
                    "Serialization only, by item type: P % of the items changed between consecutive messages", "",
                    Set.of("percent"), Set.of("size"), Set.of("baselineWoodstox", "baselineAxis2", "dsoapFirstSend"),
                    List.of(List.of("dsoapDifferential", "baselineWoodstox"), List.of("dsoapDifferential", "dsoapFirstSend"))),
            new Family("TypeDeserializeBench", Section.TYPES, "Deserialization by type",
                    "Deserialization only, by item type: P % of the items changed between consecutive messages", "",
                    Set.of("percent"), Set.of("size"), Set.of("baselineWoodstox", "baselineAxis2", "dsoapPlain"),
                    List.of(List.of("dsoapDds", "baselineWoodstox"), List.of("dsoapDds", "dsoapPlain"))),
            new Family("Axis2EchoBench", Section.AXIS2, "Axis2 end to end", "Axis2 echo over HTTP", "", Set.of(),
                    Set.of("style", "size")),
            new Family("RpcClientEchoBench", Section.AXIS2, "Axis2 end to end, RPCServiceClient",
                    "Axis2 POJO echo called by a plain RPCServiceClient (default options)", "", Set.of(), Set.of("size")),
            new Family("DistinctClientsBench", Section.AXIS2, "Axis2, many distinct clients",
                    "Axis2 POJO echo called in turn by 1, 16 or 64 clients with nothing alike", "", Set.of(),
                    Set.of("clients")),
            new Family("CxfEchoBench", Section.CXF, "CXF end to end", "CXF echo over HTTP", "", Set.of(),
                    Set.of("size")),
            new Family("CxfPlainProxyEchoBench", Section.CXF, "CXF end to end, plain proxy with default settings",
                    "CXF echo called by a plain JAX-WS proxy with CXF's default client settings", "", Set.of(),
                    Set.of("size")),
            new Family("CxfDistinctClientsBench", Section.CXF, "CXF, many distinct plain clients",
                    "CXF echo called in turn by 1 or 64 plain JAX-WS proxies with nothing alike", "", Set.of(),
                    Set.of("clients")),
            new Family("MetroPlainProxyEchoBench", Section.METRO, "Metro end to end, plain proxy with default settings",
                    "Metro echo called by a plain Metro proxy with default settings", "", Set.of(), Set.of("size")),
            new Family("MetroDistinctClientsBench", Section.METRO, "Metro, many distinct plain clients",
                    "Metro echo called at once by 1 or 64 plain Metro proxies with nothing alike", "", Set.of(),
                    Set.of("clients")),
            new Family("VoidLatencyBench", Section.VOID, "echoVoid latency", "echoVoid over HTTP: an empty call", "",
                    Set.of("host"), Set.of()),
            new Family(GSOAP_BENCH, Section.GSOAP, "gSOAP peer", "gSOAP 2.8 beside CXF and Axis2, over HTTP", "", Set.of(),
                    Set.of()));

    /** The layout of a benchmark class; one in {@link Section#OTHER} for a class without one. */
    static Family of(String bench) {
        for (Family f : ALL) {
            if (f.bench.equals(bench)) {
                return f;
            }
        }
        return new Family(bench, Section.OTHER, bench, bench, "", Set.of(), Set.of());
    }
}
