package dev.dsoap.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportWriterTest {
    private static final String MET = "met";
    private static final String NOT_MET = "not met";
    private static final String ABSENT = "not measured in these results";

    @TempDir
    Path dir;

    static Path fixture() throws Exception {
        return Paths.get(ReportWriterTest.class.getResource("fixture-results.json").toURI());
    }

    /** The stored results of the project, beside the module. */
    static Path stored(String name) {
        return Paths.get("..", "docs", "benchmark-results", name);
    }

    static ReportWriter.Input input(Path p) throws Exception {
        return new ReportWriter.Input(p.getFileName().toString(), Files.readString(p), null, null);
    }

    private static List<Path> svgs(Path out) throws Exception {
        try (Stream<Path> s = Files.list(out.resolve(ReportWriter.CHARTS))) {
            return s.filter(p -> p.toString().endsWith(".svg")).sorted().toList();
        }
    }

    @Test
    void fixtureReportIsWellFormedWithItsChartsAndSeries() throws Exception {
        Path index = ReportWriter.write(List.of(input(fixture())), dir, ReportWriter.Origin.THIS_RUN, false);
        assertTrue(Files.isRegularFile(index));
        ReportXml.parse(index);
        String html = Files.readString(index);
        assertTrue(html.contains("Measured on this machine in this run"), "origin line");
        assertTrue(html.contains("Fixture CPU") && html.contains("Fixture JDK 17") && html.contains("0123456789abcdef"),
                "machine header");
        assertFalse(html.contains("<script"), "no scripts");
        assertFalse(html.contains("http://") || html.contains("https://"), "nothing loaded from the network");

        List<Path> svgs = svgs(dir);
        assertFalse(svgs.isEmpty());
        for (Path svg : svgs) {
            assertEquals("svg", ReportXml.parse(svg).getDocumentElement().getLocalName(), svg.toString());
            assertTrue(html.contains("charts/" + svg.getFileName()), "index.html shows " + svg.getFileName());
        }
        // three sizes of content match: log-log lines, one per toolkit and mode
        List<String> content = ReportXml.svgTexts(dir.resolve("charts/contentmatchbench-kind-double-sink-discard-time.svg"));
        assertTrue(content.contains("Content match: the message is resent unchanged"), content.toString());
        assertTrue(content.containsAll(List.of("Woodstox", "Axis2", "dsoap first send", "dsoap content match")),
                content.toString());
        assertTrue(content.contains("elements in the array (log scale)"), content.toString());
        // one size of perfect structural: bars, with values
        List<String> perfect = ReportXml.svgTexts(dir.resolve("charts/perfectstructuralbench-kind-double-time.svg"));
        assertTrue(perfect.containsAll(List.of("Woodstox, 25 %", "dsoap, 100 %", "2")), perfect.toString());
        // the DDS speedup chart carries the paper's Table 1 beside dsoap's ratios
        List<String> dds = ReportXml.svgTexts(dir.resolve("charts/"
                + "ddsreadbench-adaptive-false-cache-warm-interval-128-partitions-100-pattern-clustered-size-100000"
                + "-strategy-lightweight-widths-hard-speedup.svg")); // (the fixture's rows, stored before pattern, widths and
        // cache, were measured at their first values)
        assertTrue(dds.contains("bSOAP LCP (Lightweight Checkpointing paper): LCP / no DDS, Table 1"), dds.toString());
        assertTrue(dds.containsAll(List.of("dsoap plain parse / dsoap DDS", "Woodstox / dsoap DDS", "200x", "4.0x",
                "2.9x")), dds.toString());
        // server CPU of the end-to-end run, with the ratio in the label
        List<String> cpu = ReportXml.svgTexts(dir.resolve("charts/axis2echobench-shape-doubles-server-cpu.svg"));
        assertTrue(cpu.stream().anyMatch(t -> t.contains("25 %, 1 client: 25x less")), cpu.toString());
        assertTrue(cpu.stream().anyMatch(t -> t.contains("25 %, 4 clients: 20x less")), cpu.toString());
        // checkpoint memory and the paper's two stated shares
        List<String> share = ReportXml.svgTexts(dir.resolve("charts/checkpoint-memory-share.svg"));
        assertTrue(share.stream().anyMatch(t -> t.contains("LCP about 3 % of FCP")), share.toString());
        assertTrue(Files.isRegularFile(dir.resolve("charts/checkpoint-memory.svg")));
        assertTrue(Files.isRegularFile(dir.resolve("charts/content-match-beside-paper.svg")));
    }

    /**
     * The end-to-end grid as the full suite now runs it: four shapes (strings among them) and four % changed
     * (50 among them), and echoVoid on both hosts. Each shape gets its own speedup and server CPU chart with
     * every % as a point; the void benchmark gets one bar chart and one server CPU chart, both hosts in each.
     */
    @Test
    void endToEndChartsHandleFourPercentsTheStringsShapeAndEchoVoid() throws Exception {
        StringBuilder results = new StringBuilder();
        for (String shape : new String[] {"doubles", "ints", "mios", "strings"}) {
            for (int percent : new int[] {0, 25, 50, 100}) {
                String params = "percent=" + percent + " shape=" + shape + " size=100000";
                double dsoapMs = 10 + percent;
                result(results, "CxfEchoBench", "baselineCxf", params, "avgt x1", 200, 20_000);
                result(results, "CxfEchoBench", "dsoapCxf", params, "avgt x1", dsoapMs, 100 * dsoapMs);
            }
        }
        for (String host : new String[] {"axis2", "cxf"}) {
            result(results, "VoidLatencyBench", "baselineVoid", "host=" + host, "avgt x1", 0.2, 150);
            result(results, "VoidLatencyBench", "dsoapVoid", "host=" + host, "avgt x1", 0.1, 50);
        }
        String json = "{\"suite\": \"full\", \"date\": \"2026-01-02T03:04:05Z\", \"jdk\": \"J\", \"cpu\": \"C\", "
                + "\"cores\": 2, \"gitCommit\": \"0\", \"only\": null, \"durationSeconds\": null, \"results\": ["
                + results.substring(0, results.length() - 1) + "]}";
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("grid.json", json, null, null)), dir,
                ReportWriter.Origin.STORED, false);
        ReportXml.parse(index);
        for (String shape : new String[] {"doubles", "ints", "mios", "strings"}) {
            List<String> speedup = ReportXml.svgTexts(dir.resolve("charts/cxfechobench-shape-" + shape + "-speedup.svg"));
            assertTrue(speedup.containsAll(List.of(shape, "20x", "5.7x", "3.3x", "1.8x")), speedup.toString());
            List<String> cpu = ReportXml.svgTexts(dir.resolve("charts/cxfechobench-shape-" + shape + "-server-cpu.svg"));
            for (String point : new String[] {"0 %, 1 client: 20x less", "50 %, 1 client: 3.3x less",
                    "100 %, 1 client: 1.8x less"}) {
                assertTrue(cpu.stream().anyMatch(t -> t.contains(point)), point + " in " + cpu);
            }
        }
        List<String> time = ReportXml.svgTexts(dir.resolve("charts/voidlatencybench-time.svg"));
        assertTrue(time.containsAll(List.of("plain, 1 client, Axis2 POJO (in-only)", "dsoap, 1 client, Axis2 POJO (in-only)",
                "plain, 1 client, CXF", "dsoap, 1 client, CXF")), time.toString());
        List<String> voidCpu = ReportXml.svgTexts(dir.resolve("charts/voidlatencybench-server-cpu.svg"));
        assertTrue(voidCpu.stream().anyMatch(t -> t.contains("Axis2 POJO (in-only), 1 client: 3.0x less")), voidCpu.toString());
        assertTrue(voidCpu.stream().anyMatch(t -> t.contains("CXF, 1 client: 3.0x less")), voidCpu.toString());
        String html = Files.readString(index);
        assertTrue(html.contains("<h2>End to end: echoVoid latency</h2>"), "the echoVoid section");
        assertFalse(html.contains("null elements"), "no size in the void captions");
    }

    /**
     * The gSOAP step's results get a section of their own, a bar per pairing labelled with who calls whom (the
     * Axis2 servers beside the CXF ones), in ms per call, and side-by-side rows within each host only.
     */
    @Test
    void gsoapStepHasItsSectionAndSaysWhoCallsWhom() throws Exception {
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("g.json", ResultsTest.gsoapFile(10), null, null)),
                dir, ReportWriter.Origin.STORED, false);
        ReportXml.parse(index);
        List<String> time = ReportXml.svgTexts(dir.resolve("charts/gsoappeer-percent-25-shape-doubles-time.svg"));
        assertTrue(time.containsAll(List.of("gSOAP 2.8 beside CXF and Axis2, over HTTP", "ms per call (log scale)",
                "gSOAP client → gSOAP server", "gSOAP client → CXF + JAXB", "gSOAP client → CXF + @DifferentialSoap",
                "gSOAP client → Axis2", "gSOAP client → Axis2 + dsoap.mar", "dsoap CXF client → gSOAP server")),
                time.toString());
        assertEquals(1, time.stream().filter("gSOAP client → gSOAP server"::equals).count(),
                "both measures' baseline drawn once: " + time);
        String html = Files.readString(index);
        assertTrue(html.contains("gSOAP 2.8, the papers' baseline, beside the Java servers"), "the gSOAP section");
        assertFalse(html.contains("Other benchmarks"), "GsoapPeer has a layout");
        List<String> sideBySide = new ArrayList<>();
        String table = html.substring(html.indexOf("<section id=\"side-by-side\">"));
        Matcher row = Pattern.compile("<tr><td>GsoapPeer</td>(.*?)</tr>").matcher(table.substring(0, table.indexOf("</section>")));
        while (row.find()) {
            List<String> cells = new ArrayList<>();
            Matcher cell = Pattern.compile("<td[^>]*>(?:<strong>)?(.*?)(?:</strong>)?</td>").matcher(row.group(1));
            while (cell.find()) {
                cells.add(cell.group(1));
            }
            sideBySide.add(cells.get(1) + " / " + cells.get(3));
        }
        assertEquals(List.of("gSOAP client → CXF + @DifferentialSoap / gSOAP client → gSOAP server",
                "gSOAP client → CXF + @DifferentialSoap / gSOAP client → CXF + JAXB",
                "gSOAP client → Axis2 + dsoap.mar / gSOAP client → gSOAP server",
                "gSOAP client → Axis2 + dsoap.mar / gSOAP client → Axis2",
                "dsoap CXF client → gSOAP server / gSOAP client → gSOAP server"), sideBySide);
    }

    /** A stored short run's results file holding {@code rows} (as {@link #result} appends them), dated {@code date}. */
    private static String run(String date, String only, StringBuilder rows) {
        return "{\"suite\": \"short\", \"date\": \"" + date + "\", \"jdk\": \"J\", \"cpu\": \"C\", \"cores\": 2, "
                + "\"gitCommit\": \"0\", \"only\": " + (only == null ? "null" : "\"" + only + "\"")
                + ", \"durationSeconds\": null, \"results\": [" + rows.substring(0, rows.length() - 1) + "]}";
    }

    private static void result(StringBuilder b, String bench, String method, String params, String measure, double ms,
                               double cpuUs) {
        b.append("{\"benchmark\": \"").append(bench).append("\", \"method\": \"").append(method)
                .append("\", \"params\": \"").append(params).append("\", \"measure\": \"").append(measure)
                .append("\", \"ms\": ").append(ms).append(", \"msError\": 0, \"score\": ").append(ms)
                .append(", \"scoreError\": 0, \"unit\": \"ms/op\", \"allocBytesPerOp\": null, ")
                .append("\"serverCpuUsPerRequest\": ").append(cpuUs).append("},");
    }

    @Test
    void targetsAreJudgedFromTheFixtureValues() throws Exception {
        Path index = ReportWriter.write(List.of(input(fixture())), dir, ReportWriter.Origin.THIS_RUN, false);
        Map<String, String> t = ReportXml.targets(index);
        assertEquals(Targets.all().size(), t.size());
        expect(t, "content match ≥ 100x faster than Woodstox", MET);         // 20 / 0.1 = 200x
        expect(t, "content match ≥ 500x faster than Axis2", MET);            // 300 / 0.1 = 3000x
        expect(t, "25 % of values changed, same widths", NOT_MET);          // 10 / 2 = 5x < 6x
        expect(t, "100 % of values changed, same widths", MET);             // 10 / 4 = 2.5x
        expect(t, "worst-case shifting", ABSENT);
        expect(t, "content and perfect-structural matches allocate", NOT_MET);                   // 2048 B at 100 %
        expect(t, "identical message", MET);                                // 40 / 0.2 = 200x
        expect(t, "P = 25 %, T = 100", NOT_MET);                            // 40 / 10 = 4x < 5x
        expect(t, "P = 50 %, T = 100", ABSENT);
        expect(t, "P = 100 % (nothing alike)", ABSENT);
        expect(t, "LCP checkpoint memory", NOT_MET);                        // 120000 / 3622466 = 3.3 %
        expect(t, "POJO service: server CPU", MET);                         // 25x and 20x
        expect(t, "POJO service: throughput", NOT_MET);                     // 400 / 100 = 4x < 5x
        expect(t, "POJO service: at 100 % change", ABSENT);
        expect(t, "ADB (wsdl2java) service: server CPU", ABSENT);
        expect(t, "@DifferentialSoap: server CPU", ABSENT);
        expect(t, "at 100 % change never more than 5 % slower than CXF", NOT_MET);   // 200 / 220 = 0.91x
        expect(t, "the main job (./mvnw -B -Pbench verify -DskipTests", MET);   // 420 s, the benchmarks 300 s
        String html = Files.readString(index);
        assertTrue(html.contains("7 min 00 s (its benchmarks 5 min 00 s)"), "the main job's time beside the benchmarks'");
        assertTrue(html.contains("<tr><th>area</th><th>target</th><th>measured</th><th>status</th><th>from</th></tr>"),
                "the targets table starts with the area");
        assertFalse(html.toLowerCase(Locale.ROOT).contains("issue"), "no project issue numbers in the report");
        assertTrue(html.contains("200x (DOUBLE, sink DISCARD)"), "measured ratio shown");
        assertTrue(html.contains("3.31 % (120,000 of 3,622,466 bytes)"), "checkpoint share shown");
        // beside the papers: the stated ratio, and dsoap's own of the same thing
        assertTrue(html.contains("<td>approximately 10x</td><td>150x (dsoap first send / content match, 100K)</td>"), html);
        assertTrue(html.contains("<td>+192 % (2.9x)</td><td>+0 % (1.0x)</td>"), "Table 1, P = 25 %, T = 100, N = 128");
        assertTrue(html.contains("<td>about 3 %</td><td>2.7-3.5 % (every size and N measured)</td>"), "LCP / FCP");
    }

    /**
     * The plain clients' pairings: judged by server CPU against their own targets (10x for RPCServiceClient, 6x for
     * the plain CXF proxy), and named for people by client and setting in the charts.
     */
    @Test
    void plainClientPairingsAreJudgedAndNamedByClient() throws Exception {
        StringBuilder results = new StringBuilder();
        String params = "percent=25 size=100000";
        result(results, "RpcClientEchoBench", "baselineRpcClient", params, "avgt x1", 1171, 711_000);
        result(results, "RpcClientEchoBench", "dsoapRpcClient", params, "avgt x1", 549, 22_300);      // 31.9x
        result(results, "CxfPlainProxyEchoBench", "baselinePlainProxy", params, "avgt x1", 400, 190_000);
        result(results, "CxfPlainProxyEchoBench", "dsoapPlainProxy", params, "avgt x1", 300, 38_000); // 5.0x
        String json = run("2026-01-02T03:04:05Z", "EchoBench", results);
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("plain-clients.json", json, null, null)), dir,
                ReportWriter.Origin.STORED, false);
        Map<String, String> t = ReportXml.targets(index);
        expect(t, "plain RPCServiceClient → POJO service", MET);
        expect(t, "plain CXF proxy, default settings → @DifferentialSoap endpoint", NOT_MET);
        String html = Files.readString(index);
        assertTrue(html.contains("32x (25 %, 1 client)"), "the RPCServiceClient ratio");
        assertTrue(html.contains("5.0x (25 %, 1 client)"), "the plain proxy ratio");
        List<String> names = new ArrayList<>();
        for (Path svg : svgs(dir)) {
            names.addAll(ReportXml.svgTexts(svg));
        }
        for (String label : new String[] {"RPCServiceClient → Axis2, 1 client", "RPCServiceClient → Axis2 + dsoap.mar, 1 client",
                "plain CXF proxy, default settings → CXF + JAXB, 1 client",
                "plain CXF proxy, default settings → CXF + @DifferentialSoap, 1 client"}) {
            assertTrue(names.contains(label) || html.contains(label), label + " in " + names);
        }
        String all = html + String.join("\n", names);
        assertFalse(all.contains("rpc client") || all.contains("dsoap plain proxy") || all.contains("plain proxy,"),
                "method names spelled out");
    }

    /**
     * The scale-out target: dsoap's server CPU over plain's with consistent hashing at 3 servers against 1, met within
     * 20 %, with round robin's loss shown beside it.
     */
    /**
     * The standard features' targets compare the ratio with and without features in one run: the latest run that
     * measured both, not an older run whose rows (measured otherwise, as separate forks) stay beside it.
     */
    @Test
    void featuresAreJudgedOnTheLatestRunThatMeasuredBoth() throws Exception {
        StringBuilder older = new StringBuilder();
        String none = "features=none pattern=scattered percent=10 size=10000 widths=changing";
        String on = none.replace("none", "logging_addressing");
        result(older, "CxfPlainProxyEchoBench", "baselinePlainProxy", none, "avgt x1", 200, 84_000);
        result(older, "CxfPlainProxyEchoBench", "dsoapPlainProxy", none, "avgt x1", 150, 15_300);     // 5.5x
        result(older, "CxfPlainProxyEchoBench", "baselinePlainProxy", on, "avgt x1", 230, 82_000);
        result(older, "CxfPlainProxyEchoBench", "dsoapPlainProxy", on, "avgt x1", 190, 21_600);       // 3.8x: 69 %
        StringBuilder later = new StringBuilder();
        String paired = "avgt x1 paired in pairedPlainProxy";
        result(later, "CxfPlainProxyEchoBench", "baselinePlainProxy", none, paired, 200, 60_000);
        result(later, "CxfPlainProxyEchoBench", "dsoapPlainProxy", none, paired, 150, 18_000);        // 3.3x
        result(later, "CxfPlainProxyEchoBench", "baselinePlainProxy", on, paired, 230, 70_000);
        result(later, "CxfPlainProxyEchoBench", "dsoapPlainProxy", on, paired, 190, 24_000);          // 2.9x: 87 %
        Path index = ReportWriter.write(List.of(
                new ReportWriter.Input("later.json", run("2026-01-02T00:00:00Z", null, later), null, null),
                new ReportWriter.Input("older.json", run("2026-01-01T00:00:00Z", null, older), null, null)), dir,
                ReportWriter.Origin.STORED, false);
        expect(ReportXml.targets(index), "CXF, LoggingFeature and WSAddressingFeature on", MET);
        String html = Files.readString(index);
        assertTrue(html.contains("2.9x with them (70.00 → 24.00 ms), 3.3x without (60.00 → 18.00 ms): 87 %"),
                "the later run's");
    }

    /**
     * Coalescing's cost with no identical requests: coalescing on and off measured in one run (a paired run, off as its
     * baseline row) is judged alone, not beside separate runs of the two, which drift by more than the 3 % judged.
     */
    @Test
    void coalescingsOverheadIsJudgedOnAPairedRunWhenThereIsOne() throws Exception {
        StringBuilder results = new StringBuilder();
        String params = "batch=16 callers=1 requests=distinct size=1000 workMicros=1000";
        result(results, "CoalesceBench", "dsoapCoalesced", params, "avgt x1", 104, 6338);
        result(results, "CoalesceBench", "dsoapAlone", params, "avgt x1", 81, 4782);                 // +32.5 %
        String separate = run("2026-01-02T03:04:05Z", "Coalesce", results);
        results.setLength(0);
        String measure = "avgt x1 paired in pairedCoalesced";
        result(results, "CoalesceBench", "dsoapCoalesced", params, measure, 100, 5050);
        result(results, "CoalesceBench", "baselineCoalesced", params, measure, 100, 5000);         // +1.0 %
        judgedOnThePairedRun("with no identical requests, coalescing on costs at most 3 %", separate, "+32.5 % (batch 16)",
                run("2026-01-03T03:04:05Z", "Coalesce", results), "+1.0 % (batch 16)");
    }

    /**
     * A point measured with both sides in one run (paired) supersedes separate runs of the same point, earlier or later:
     * Axis2's ADB service at 0 % change, once 9.8x in separate forks, then 21x paired.
     */
    @Test
    void aPairedPointSupersedesSeparateRunsOfIt() throws Exception {
        StringBuilder results = new StringBuilder();
        String params = "percent=0 shape=doubles size=100000 style=adb";
        result(results, "Axis2EchoBench", "dsoapAxis2", params, "avgt x1", 43, 17_000);
        result(results, "Axis2EchoBench", "baselineAxis2", params, "avgt x1", 178, 166_400);              // 9.8x
        String separate = run("2026-01-02T03:04:05Z", "Adb", results);
        results.setLength(0);
        String measure = "avgt x1 paired in pairedAxis2";
        result(results, "Axis2EchoBench", "dsoapAxis2", params, measure, 280, 11_900);
        result(results, "Axis2EchoBench", "baselineAxis2", params, measure, 280, 245_000);                 // 21x
        judgedOnThePairedRun("ADB (wsdl2java) service: server CPU per request ≥ 10x lower at ≤ 25 % change", separate,
                "9.8x (0 %, 1 client)", run("2026-01-01T03:04:05Z", "Adb", results), "21x (0 %, 1 client)");
    }

    /**
     * Response sharing against the templates alone: measured in one run (a paired run, the templates as its baseline
     * row) it is judged alone, not beside separate runs of the two, which drift by a tenth between forks.
     */
    @Test
    void sharingIsJudgedOnAPairedRunWhenThereIsOne() throws Exception {
        StringBuilder results = new StringBuilder();
        String params = "changePercent=50 clients=64 size=1000";
        result(results, "SharedFeedBench", "shared", params, "avgt x1", 54, 552);
        result(results, "SharedFeedBench", "templates", params, "avgt x1", 51, 486);                  // 1.14x
        String separate = run("2026-01-02T03:04:05Z", "Sharing", results);
        results.setLength(0);
        String measure = "avgt x1 paired in pairedShared";
        result(results, "SharedFeedBench", "dsoapShared", params, measure, 100, 480);
        result(results, "SharedFeedBench", "baselineShared", params, measure, 100, 490);               // 0.98x
        judgedOnThePairedRun("response sharing (the policy choosing) never costs more server CPU per request", separate,
                "1.1x (64 clients, 50 % changed)", run("2026-01-03T03:04:05Z", "Sharing", results),
                "0.98x (64 clients, 50 % changed)");
    }

    /**
     * The target starting {@code target}, judged on {@code separate} (separate runs of both sides) alone: not met,
     * showing {@code separateShows}; then beside {@code paired} (both sides in one run): met on the paired run alone,
     * showing {@code pairedShows} and not the separate runs' figure.
     */
    private void judgedOnThePairedRun(String target, String separate, String separateShows, String paired,
            String pairedShows) throws Exception {
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("separate.json", separate, null, null)), dir,
                ReportWriter.Origin.STORED, false);
        expect(ReportXml.targets(index), target, NOT_MET);
        assertTrue(Files.readString(index).contains(separateShows), "the separate runs' figure");
        index = ReportWriter.write(List.of(new ReportWriter.Input("separate.json", separate, null, null),
                new ReportWriter.Input("paired.json", paired, null, null)), dir, ReportWriter.Origin.STORED, false);
        expect(ReportXml.targets(index), target, MET);
        String html = Files.readString(index);
        assertTrue(html.contains(pairedShows), "the paired run's figure");
        assertFalse(html.contains(separateShows), "not the separate runs'");
    }

    /**
     * What coalescing saves at 64 identical requests: the CPU per request of dsoap without coalescing (the paired run's
     * baseline row) less dsoap's with it, over the service CPU of the 63 calls of 64 it can spare.
     */
    @Test
    void coalescingsSavingIsJudgedAgainstTheServiceWorkItCanSpare() throws Exception {
        for (double coalesced : new double[] {400, 800}) {
            StringBuilder results = new StringBuilder();
            String params = "batch=64 callers=1 requests=identical size=1000 workMicros=1000";
            String measure = "avgt x1 paired in pairedCoalesced";
            result(results, "CoalesceBench", "dsoapCoalesced", params, measure, 60, coalesced);
            result(results, "CoalesceBench", "baselineCoalesced", params, measure, 90, 1400);
            Path index = ReportWriter.write(List.of(new ReportWriter.Input("coalesce.json",
                    run("2026-01-02T03:04:05Z", "Coalesce", results), null, null)), dir, ReportWriter.Origin.STORED, false);
            // 1000 of 984 µs spared per request: 102 %; 600 of 984: 61 %
            expect(ReportXml.targets(index), "64 identical concurrent requests: coalescing saves at least 80 %",
                    coalesced == 400 ? MET : NOT_MET);
            assertTrue(Files.readString(index).contains(coalesced == 400 ? "102 % (1400 → 400 µs per request"
                    : "61 % (1400 → 800 µs per request"), "the share saved");
        }
    }

    /**
     * The worst cells name, per host, the fewest bytes skipped per byte parsed among the cells that recorded their reads,
     * beside the one-client cell of the same parameters and the share of it held, and the most bytes kept per client.
     */
    @Test
    void worstCellsNameTheFewestBytesSkippedAndTheMostKeptPerClient() throws Exception {
        StringBuilder results = new StringBuilder();
        String paired = "avgt x1 paired in pairedCxf";
        for (String[] c : new String[][] {{"1", "5.0", "80000"}, {"64", "4.0", "6400000"}, {"256", "0.5", "12800000"}}) {
            String params = "arrival=at_once clients=" + c[0] + " names=anonymous pattern=scattered percent=10 size=1000"
                    + " widths=changing";
            results.append("{\"benchmark\": \"CxfDistinctClientsBench\", \"method\": \"dsoapCxf\", \"params\": \"")
                    .append(params).append("\", \"measure\": \"").append(paired).append("\", \"ms\": 2, \"msError\": 0, ")
                    .append("\"score\": 2, \"scoreError\": 0, \"unit\": \"ms/op\", \"allocBytesPerOp\": null, ")
                    .append("\"serverCpuUsPerRequest\": 500, \"skippedPerParsed\": ").append(c[1])
                    .append(", \"stateBytes\": ").append(c[2]).append("},");
            result(results, "CxfDistinctClientsBench", "baselineCxf", params, paired, 4, 1_500);
        }
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("clients.json",
                run("2026-01-02T03:04:05Z", "CxfDistinctClientsBench", results), null, null)), dir,
                ReportWriter.Origin.STORED, false);
        String html = Files.readString(index);
        assertTrue(html.contains("<tr><td>CXF</td><td>3</td><td>0.50</td><td>5.00</td><td>10 %</td>"
                + "<td>CxfDistinctClientsBench.dsoapCxf arrival=at_once clients=256"), "the fewest skipped: " + html);
        assertTrue(html.contains("<td>100.0 KB</td><td>CxfDistinctClientsBench.dsoapCxf arrival=at_once clients=64"),
                "the most kept per client (6.4 MB over 64)");
        assertTrue(html.contains("<tr><td>Axis2</td><td>0</td><td colspan=\"6\">not in these results</td></tr>"));
        // 4.0 at 64 clients against 5.0 at one: 80 %, the target's bound
        expect(ReportXml.targets(index), "64 distinct plain clients (1000 doubles each, width-changing", MET);
    }

    /** The skipped share at 64 clients below 80 % of one client's is not met. */
    @Test
    void fewerBytesSkippedAtCapacityIsNotMet() throws Exception {
        StringBuilder results = new StringBuilder();
        for (String[] c : new String[][] {{"1", "5.0"}, {"64", "3.9"}}) {
            results.append("{\"benchmark\": \"MetroDistinctClientsBench\", \"method\": \"dsoapMetro\", \"params\": \"")
                    .append("clients=").append(c[0]).append(" names=anonymous pattern=scattered percent=10 size=1000")
                    .append(" widths=changing\", \"measure\": \"avgt x1 paired in pairedMetro\", \"ms\": 2, ")
                    .append("\"msError\": 0, \"score\": 2, \"scoreError\": 0, \"unit\": \"ms/op\", ")
                    .append("\"allocBytesPerOp\": null, \"serverCpuUsPerRequest\": 500, \"skippedPerParsed\": ")
                    .append(c[1]).append(", \"stateBytes\": 1000},");
        }
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("metro.json",
                run("2026-01-02T03:04:05Z", "MetroDistinctClientsBench", results), null, null)), dir,
                ReportWriter.Origin.STORED, false);
        expect(ReportXml.targets(index), "64 distinct plain clients (1000 doubles each, width-changing", NOT_MET);
    }

    /** Metro's rows name Metro's clients and servers (they were once shown as CXF's), the binary anchor's too. */
    @Test
    void metroRowsNameMetrosClientsAndServers() throws Exception {
        StringBuilder results = new StringBuilder();
        String params = "container=jdk features=none pattern=scattered percent=10 size=10000 widths=changing";
        String paired = "avgt x1 paired in pairedPlainProxy";
        result(results, "MetroPlainProxyEchoBench", "dsoapPlainProxy", params, paired, 30, 2_000);
        result(results, "MetroPlainProxyEchoBench", "baselinePlainProxy", params, paired, 60, 24_000);
        String peers = "avgt x1 paired in pairedPeers";
        result(results, "MetroPlainProxyEchoBench", "dsoapPeers", params, peers, 10, 900);
        result(results, "MetroPlainProxyEchoBench", "baselinePeers", params, peers, 50, 25_000);
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("metro.json",
                run("2026-01-02T03:04:05Z", "Metro", results), null, null)), dir, ReportWriter.Origin.STORED, false);
        String html = Files.readString(index);
        assertTrue(html.contains("plain Metro proxy, default settings → Metro + JAXB"), "the plain side");
        assertTrue(html.contains("plain Metro proxy, default settings → Metro + @DifferentialSoap"), "dsoap's side");
        assertTrue(html.contains("Metro proxy in Fast Infoset → Metro + JAXB"), "Metro's binary peers");
        assertTrue(html.contains("DsoapClient in dsoap&#39;s binary form → Metro + @DifferentialSoap")
                || html.contains("DsoapClient in dsoap's binary form → Metro + @DifferentialSoap"), "dsoap's binary peers");
        assertFalse(html.contains("plain CXF proxy, default settings → CXF + JAXB, 1 client"), "no CXF row in a Metro-only report");
    }

    @Test
    void scaleOutIsJudgedFromTheRatioAtOneAndThreeServers() throws Exception {
        for (double dsoapAtThree : new double[] {2_200, 2_600}) {
            StringBuilder results = new StringBuilder();
            result(results, "ScaleOutBench", "dsoap", "servers=1 policy=CONSISTENT_HASH", "avgt x1", 40, 1_800);
            result(results, "ScaleOutBench", "plain", "servers=1 policy=CONSISTENT_HASH", "avgt x1", 60, 4_000); // 0.45x
            result(results, "ScaleOutBench", "dsoap", "servers=3 policy=CONSISTENT_HASH", "avgt x1", 40, dsoapAtThree);
            result(results, "ScaleOutBench", "plain", "servers=3 policy=CONSISTENT_HASH", "avgt x1", 60, 4_000);
            result(results, "ScaleOutBench", "dsoap", "servers=3 policy=ROUND_ROBIN", "avgt x1", 40, 2_400);
            result(results, "ScaleOutBench", "plain", "servers=3 policy=ROUND_ROBIN", "avgt x1", 60, 4_000);     // 0.60x
            String json = run("2026-01-02T03:04:05Z", "ScaleOutBench", results);
            Path index = ReportWriter.write(List.of(new ReportWriter.Input("scale-out.json", json, null, null)), dir,
                    ReportWriter.Origin.STORED, false);
            // 3 servers at 0.55x (+22 %) or 0.65x (+44 %) against 0.45x at one: neither within 20 %
            expect(ReportXml.targets(index), "with consistent hashing on the client id", NOT_MET);
            String html = Files.readString(index);
            assertTrue(html.contains("consistent hash: 0.45x at 1 server"), "the one-server ratio shown");
            assertTrue(html.contains("round robin at 3 servers: 0.60x (+33 %)"), "round robin's loss shown");
        }
        StringBuilder results = new StringBuilder();
        result(results, "ScaleOutBench", "dsoap", "servers=1 policy=CONSISTENT_HASH", "avgt x1", 40, 1_800);
        result(results, "ScaleOutBench", "plain", "servers=1 policy=CONSISTENT_HASH", "avgt x1", 60, 4_000);
        result(results, "ScaleOutBench", "dsoap", "servers=3 policy=CONSISTENT_HASH", "avgt x1", 40, 1_900); // +6 %
        result(results, "ScaleOutBench", "plain", "servers=3 policy=CONSISTENT_HASH", "avgt x1", 60, 4_000);
        String json = run("2026-01-02T03:04:05Z", "ScaleOutBench", results);
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("scale-out.json", json, null, null)), dir,
                ReportWriter.Origin.STORED, false);
        expect(ReportXml.targets(index), "with consistent hashing on the client id", MET);
    }

    /** A short run holding only the fallback cell (a primitive array left to Axis2): dsoap 1 % above plain. */
    private static String fallbackCellRun() {
        StringBuilder now = new StringBuilder();
        result(now, "RpcClientEchoBench", "dsoapRpcClient",
                "size=100000 percent=10 pattern=scattered widths=changing form=primitive features=none", "avgt x1", 300, 101_000);
        result(now, "RpcClientEchoBench", "baselineRpcClient",
                "size=100000 percent=10 pattern=scattered widths=changing form=primitive features=none", "avgt x1", 300, 100_000);
        return "{\"suite\": \"short\", \"date\": \"2026-02-03T04:05:06Z\", \"jdk\": \"J\", \"cpu\": \"C\", "
                + "\"cores\": 2, \"gitCommit\": \"1\", \"only\": null, \"durationSeconds\": null, \"results\": ["
                + now.substring(0, now.length() - 1) + "]}";
    }

    /**
     * A target this run's results do not reach is judged on the stored results' last measurement of it, the row naming
     * that file and its date; one that no stored file reaches stays not measured. The worst cells name where they are.
     */
    @Test
    void targetsThisRunLacksAreJudgedOnTheirLastStoredMeasurement() throws Exception {
        String thisRun = fallbackCellRun();
        List<ReportWriter.Input> earlier = new ArrayList<>();
        for (double dsoapAtThree : new double[] {2_600, 1_900}) { // the later file (+6 %) wins over the earlier (+44 %)
            StringBuilder b = new StringBuilder();
            result(b, "ScaleOutBench", "dsoap", "servers=1 policy=CONSISTENT_HASH", "avgt x1", 40, 1_800);
            result(b, "ScaleOutBench", "plain", "servers=1 policy=CONSISTENT_HASH", "avgt x1", 60, 4_000);
            result(b, "ScaleOutBench", "dsoap", "servers=3 policy=CONSISTENT_HASH", "avgt x1", 40, dsoapAtThree);
            result(b, "ScaleOutBench", "plain", "servers=3 policy=CONSISTENT_HASH", "avgt x1", 60, 4_000);
            String date = dsoapAtThree > 2_000 ? "2026-01-01T00:00:00Z" : "2026-01-20T00:00:00Z";
            earlier.add(0, new ReportWriter.Input("scale-out-" + date.substring(0, 10) + ".json", "{\"suite\": \"full\", "
                    + "\"date\": \"" + date + "\", \"jdk\": \"J\", \"cpu\": \"C\", \"cores\": 2, \"gitCommit\": \"0\", "
                    + "\"only\": \"ScaleOutBench\", \"durationSeconds\": null, \"results\": [" + b.substring(0, b.length() - 1)
                    + "]}", null, null));
        }
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("this-run.json", thisRun, null, null)), dir,
                ReportWriter.Origin.THIS_RUN, false, null, earlier);
        Map<String, String> t = ReportXml.targets(index);
        expect(t, "with consistent hashing on the client id", "met, when last measured (not in this run)");
        expect(t, "a request dsoap leaves to the host costs at most 3 %", MET);
        expect(t, "response sharing", ABSENT);
        String html = Files.readString(index);
        assertTrue(html.contains("scale-out-2026-01-20.json (2026-01-20T00:00:00Z)"), "the last measurement's file and date");
        assertTrue(html.contains("+6 %"), "the later file's figure");
        assertTrue(html.contains("RpcClientEchoBench.dsoapRpcClient features=none form=primitive"), "the worst cell named");
        assertTrue(html.contains("0.99x"), "its ratio");
    }

    /**
     * A stored result that lacks a parameter its benchmark gained later was measured at the parameter's first value, and
     * is the same point as a later result that names it: the later one replaces it, rather than both being judged (the
     * plain CXF proxy at 25 %, stored before it had {@code features}, beside a later run with {@code features=none}).
     */
    @Test
    void aResultFromBeforeAParameterExistedIsThePointAtItsFirstValue() throws Exception {
        String thisRun = fallbackCellRun();
        List<ReportWriter.Input> earlier = new ArrayList<>();
        String[][] runs = {{"2026-01-01T00:00:00Z", "percent=25 size=100000", "150000"},  // 4.0x, before "features"
                {"2026-01-20T00:00:00Z", "features=none pattern=clustered percent=25 size=100000 widths=hard", "100000"}};
        for (String[] run : runs) {
            StringBuilder b = new StringBuilder();
            result(b, "CxfPlainProxyEchoBench", "dsoapPlainProxy", run[1], "avgt x1", 90, Double.parseDouble(run[2]));
            result(b, "CxfPlainProxyEchoBench", "baselinePlainProxy", run[1], "avgt x1", 400, 600_000);
            earlier.add(new ReportWriter.Input("short-" + run[0].substring(0, 10) + ".json", "{\"suite\": \"short\", "
                    + "\"date\": \"" + run[0] + "\", \"jdk\": \"J\", \"cpu\": \"C\", \"cores\": 2, \"gitCommit\": \"0\", "
                    + "\"only\": null, \"durationSeconds\": 500, \"results\": [" + b.substring(0, b.length() - 1) + "]}",
                    null, null));
        }
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("this-run.json", thisRun, null, null)), dir,
                ReportWriter.Origin.THIS_RUN, false, null, earlier);
        Map<String, String> t = ReportXml.targets(index);
        expect(t, "plain CXF proxy, default settings", "met, when last measured (not in this run)");
        String html = Files.readString(index);
        assertTrue(html.contains("6.0x (25 %, 1 client)</td>"), "the later run's figure");
        assertFalse(html.contains("4.0x (25 %, 1 client)"), "the earlier run of the same point replaced");
    }

    private static void expect(Map<String, String> targets, String textStart, String status) {
        List<String> hits = new ArrayList<>();
        targets.forEach((k, v) -> {
            if (k.startsWith(textStart)) {
                hits.add(v);
            }
        });
        assertEquals(1, hits.size(), "one target starting with '" + textStart + "' in " + targets.keySet());
        assertEquals(status, hits.get(0), textStart);
    }

    @Test
    void storedShortRunMarksWhatItLacksNotMeasured() throws Exception {
        Path index = ReportWriter.write(List.of(input(stored("short-run3.json"))), dir, ReportWriter.Origin.STORED, false,
                "a note for the reader");
        String html = Files.readString(index);
        assertTrue(html.contains("Generated from stored results, not from a fresh run"));
        assertTrue(html.contains("a note for the reader"));
        assertTrue(html.contains("2026-11-21T11:49:52"), "the file's date");
        assertTrue(html.contains("Checkpoint memory: not in these results"));
        Map<String, String> t = ReportXml.targets(index);
        expect(t, "content match ≥ 100x faster than Woodstox", MET);
        expect(t, "25 % of values changed, same widths", MET);
        expect(t, "content and perfect-structural matches allocate", ABSENT);
        expect(t, "identical message", ABSENT);
        expect(t, "LCP checkpoint memory", ABSENT);
        expect(t, "POJO service: server CPU", ABSENT);
        expect(t, "@DifferentialSoap: server CPU", ABSENT);
        expect(t, "the main job (./mvnw -B -Pbench verify -DskipTests", ABSENT);
        for (Path svg : svgs(dir)) {
            ReportXml.parse(svg);
        }
        // one size only: bars, not lines
        List<String> content = ReportXml.svgTexts(dir.resolve("charts/contentmatchbench-kind-double-sink-discard-time.svg"));
        assertFalse(content.contains("elements in the array (log scale)"), content.toString());
    }

    @Test
    void jmhOwnJsonDrawsFigure2() throws Exception {
        Path index = ReportWriter.write(List.of(input(stored("dds-figure2-2026-11-21.json"))), dir,
                ReportWriter.Origin.STORED, false);
        List<String> fig2 = ReportXml.svgTexts(dir.resolve("charts/dds-checkpoint-overhead-100000.svg"));
        assertTrue(fig2.containsAll(List.of("dsoap DDS, FCP", "dsoap DDS, DCP", "dsoap DDS, LCP")), fig2.toString());
        assertTrue(Files.readString(index).contains("not recorded"), "JMH's JSON has no date, CPU or commit");
    }

    @Test
    void regeneratingRemovesChartsOfTheEarlierReport() throws Exception {
        ReportWriter.write(List.of(input(fixture())), dir, ReportWriter.Origin.THIS_RUN, true);
        assertTrue(Files.isRegularFile(dir.resolve("charts/axis2echobench-shape-doubles-server-cpu.png")));
        ReportWriter.write(List.of(input(stored("short-run3.json"))), dir, ReportWriter.Origin.STORED, false);
        assertFalse(Files.exists(dir.resolve("charts/axis2echobench-shape-doubles-server-cpu.svg")));
        assertFalse(Files.exists(dir.resolve("charts/axis2echobench-shape-doubles-server-cpu.png")));
    }

    @Test
    void qualityRunOfTheSuiteIsShownWithItsTablesAndCharts() throws Exception {
        Path q = dir.resolve(ReportWriter.qualityFolder("short"));
        Files.createDirectories(q);
        Files.writeString(q.resolve("quality.md"), """

                ### bonds: timesteps over a link of 4 Mbit/s, 3 s a phase

                | policy | calls | p95 over time (ms) |
                | --- | --- | --- |
                | fixed-large | 10 | 325.6 |
                | adaptive | 12 | 249.8 |

                The quality file's bound: 300 ms. Phases: good, 10x worse, good, cross traffic, good.
                """);
        String json = Files.readString(fixture());
        Path index = ReportWriter.write(List.of(new ReportWriter.Input("results-short.json", json, null, null)), dir,
                ReportWriter.Origin.THIS_RUN, false);
        ReportXml.parse(index);
        String html = Files.readString(index);
        assertTrue(html.contains("<a href=\"#quality\">"), "in the sections' list");
        assertTrue(html.contains("<h3>bonds: timesteps over a link of 4 Mbit/s, 3 s a phase (short suite)</h3>"), html);
        assertTrue(html.contains("<tr><th>policy</th><th>calls</th><th>p95 over time (ms)</th></tr>"), "header row");
        assertTrue(html.contains("<tr><td>adaptive</td><td>12</td><td>249.8</td></tr>"), "a policy's row");
        assertTrue(html.contains("<img src=\"quality-short/quality-bonds.svg\""), "the chart");
        assertTrue(html.contains("<p>The quality file&#39;s bound: 300 ms.") || html.contains("bound: 300 ms"), "the note");

        // a report of another suite, or without the folder, has no such section
        Path other = dir.resolve("other");
        Path index2 = ReportWriter.write(List.of(new ReportWriter.Input("results-full.json", json, null, null)), other,
                ReportWriter.Origin.THIS_RUN, false);
        assertFalse(Files.readString(index2).contains("id=\"quality\""));
    }
}
