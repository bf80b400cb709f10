package dev.dsoap.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A selection of benchmarks for {@link Main}'s {@code --suite}: which benchmark classes run, with which
 * parameter values and how many iterations.
 *
 * @param name        the suite's name
 * @param entries     the classes and their parameter values, run in this order
 * @param warmups     warm-up iterations, or -1 for each benchmark's own
 * @param iterations  measurement iterations, or -1 for each benchmark's own
 * @param seconds     seconds per iteration, or -1 for each benchmark's own
 */
public record Suite(String name, List<Entry> entries, int warmups, int iterations, int seconds) {

    /**
     * One benchmark class.
     *
     * @param className the class's simple name, under {@code dev.dsoap.bench}
     * @param params    parameter values overriding the class's own, by parameter name
     * @param methods   a regular expression the benchmark methods to run must match whole, or {@code null}: all
     */
    public record Entry(String className, Map<String, String[]> params, String methods) {
        public Entry(String className, Map<String, String[]> params) {
            this(className, params, null);
        }
    }

    private static final String S = "serialize.";
    private static final String D = "deserialize.";

    /**
     * The short suite: every experiment at 100K elements, one parameter point each where the paper varies
     * several, fewer iterations; a few minutes on two cores.
     */
    public static Suite shortSuite() {
        List<Entry> e = new ArrayList<>();
        e.add(entry(S + "ContentMatchBench", "kind", "DOUBLE,INT,MIO", "size", "100000"));
        e.add(entry(S + "PerfectStructuralBench", "kind", "DOUBLE", "size", "100000", "percent", "25,100"));
        e.add(entry(S + "WorstCaseShiftBench", "kind", "DOUBLE", "size", "100000", "chunkKb", "32", "adaptive", "true"));
        e.add(entry(S + "IntermediateGrowthBench", "kind", "DOUBLE", "size", "100000", "percent", "25"));
        e.add(entry(S + "StuffingBench", "kind", "DOUBLE", "size", "100000", "stuffing", "TYPE_MAX,NONE"));
        e.add(entry(S + "ClosingTagShiftBench", "kind", "DOUBLE", "size", "100000"));
        e.add(entry(S + "OverlayBench", "kind", "DOUBLE", "size", "100000"));
        e.add(entry("tracked.TrackedArrayBench", "size", "100000", "dirtyPercent", "0,1"));
        e.add(entry(D + "BaselineReadBench", "size", "100000", "reader", "woodstox,axis2"));
        e.add(entry(D + "DdsReadBench", "size", "100000", "percent", "0,25,50,100", "partitions", "100",
                "interval", "128", "strategy", "LIGHTWEIGHT", "adaptive", "false"));
        e.add(entry(D + "DdsReadBench", "size", "100000", "percent", "100", "partitions", "1",
                "interval", "128", "strategy", "LIGHTWEIGHT", "adaptive", "true"));
        // end to end, at the target point (100K doubles, 25 % change), POJO service, one client: two
        // forks; the ADB service, 100 %, four clients and the other shapes and sizes are in the full suite
        e.add(oneClient(entry("axis2.Axis2EchoBench", "style", "pojo", "shape", "doubles", "size", "100000", "percent", "25")));
        // the same point on Apache CXF (JAX-WS proxies against Endpoint.publish on Jetty); the other shapes,
        // sizes and percentages are in the full suite
        e.add(oneClient(entry("cxf.CxfEchoBench", "shape", "doubles", "size", "100000", "percent", "25")));
        // echoVoid latency (no parameters, no result) on both hosts: Axis2's POJO service (in-only, 202) and CXF,
        // plain against dsoap, one client (its only methods): four short forks
        e.add(oneClient(entry("echo.VoidLatencyBench", "host", "axis2,cxf")));
        // send time against the dummy server (paper Figures 4-5 on the wire), one point: three short forks
        e.add(entry("send.SendTimeBench", "shape", "doubles", "size", "100000", "percent", "25"));
        return new Suite("short", e, 2, 3, 1);
    }

    /** The full suite: every benchmark with all its parameter values and its own iteration counts. */
    public static Suite fullSuite() {
        List<Entry> e = new ArrayList<>();
        for (String c : List.of(S + "ContentMatchBench", S + "PerfectStructuralBench", S + "WorstCaseShiftBench",
                S + "AlternatingShiftBench", S + "IntermediateGrowthBench", S + "StuffingBench",
                S + "ClosingTagShiftBench", S + "OverlayBench", "tracked.TrackedArrayBench", D + "BaselineReadBench",
                "axis2.Axis2EchoBench", "cxf.CxfEchoBench", "echo.VoidLatencyBench", "send.SendTimeBench")) {
            e.add(new Entry(c, Map.of()));
        }
        // send time with one HTTP chunk per template chunk (chunk overlaying on the wire), at 100K items
        e.add(entry("send.SendTimeBench", "size", "100000", "framing", "CHUNKED"));
        // Table 1: every P, T, N and size, lightweight checkpoints, no bypass (as the paper measured)
        e.add(new Entry(D + "DdsReadBench", Map.of()));
        // Figure 2: checkpoint overhead when every message differs, per strategy and interval
        e.add(entry(D + "DdsReadBench", "size", "10000,50000,100000", "percent", "100", "partitions", "1",
                "interval", "32,64,128,256,512,1024", "strategy", "FULL,DIFFERENTIAL,LIGHTWEIGHT", "adaptive", "false"));
        // the default configuration when nothing is alike: adaptive bypass
        e.add(entry(D + "DdsReadBench", "size", "100000", "percent", "100", "partitions", "1",
                "interval", "128", "strategy", "LIGHTWEIGHT", "adaptive", "true"));
        return new Suite("full", e, -1, -1, -1);
    }

    /**
     * {@code e} with its single-client methods only (latency and server CPU per request; the four-client
     * throughput methods, {@code *Concurrent}, are left to the full suite), to keep the short suite short.
     * All of {@code echo.VoidLatencyBench}'s methods are single-client; the filter keeps it so.
     */
    private static Entry oneClient(Entry e) {
        return new Entry(e.className(), e.params(), ".*(?<!Concurrent)");
    }

    private static Entry entry(String cls, String... kv) {
        Map<String, String[]> p = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            p.put(kv[i], kv[i + 1].split(","));
        }
        return new Entry(cls, p);
    }
}
