package dev.dsoap.bench.report;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsTest {
    private static String file(double woodstoxMs, boolean withDsoap) {
        return "{\"suite\": \"full\", \"date\": \"d\", \"jdk\": \"j\", \"cpu\": \"c\", \"cores\": 2, \"gitCommit\": \"g\","
                + " \"results\": [{\"benchmark\": \"ContentMatchBench\", \"method\": \"baselineWoodstox\", \"params\":"
                + " \"kind=INT size=10\", \"ms\": " + woodstoxMs + ", \"msError\": null, \"unit\": \"ms/op\"}"
                + (withDsoap ? ", {\"benchmark\": \"ContentMatchBench\", \"method\": \"dsoapContentMatch\", \"params\":"
                + " \"size=10 kind=INT\", \"ms\": 0.5, \"unit\": \"ms/op\"}" : "") + "]}";
    }

    @Test
    void laterFileReplacesTheSamePoint() {
        Results r = new Results(List.of(ResultFile.parse("a.json", file(10, true)), ResultFile.parse("b.json", file(20, false))));
        assertEquals(2, r.measurements().size());
        List<Results.Pair> pairs = r.allPairs();
        assertEquals(1, pairs.size());
        assertEquals(40, pairs.get(0).speedup(), 1e-9);
        assertEquals("b.json", pairs.get(0).baseline().source());
        assertEquals("a.json", pairs.get(0).dsoap().source(), "a point only the first file has stays");
        assertTrue(Double.isNaN(pairs.get(0).baseline().msError()));
        assertTrue(Double.isNaN(pairs.get(0).cpuRatio()));
    }

    /** The gSOAP step's lines, as the suite writes them: {method, measure}. */
    static final String[][] GSOAP_LINES = {{"baselineGsoap", "client=gSOAP"}, {"baselineGsoap", "server=gSOAP"},
            {"baselineCxf", "client=gSOAP"}, {"dsoapCxf", "client=gSOAP"}, {"baselineAxis2", "client=gSOAP"},
            {"dsoapAxis2", "client=gSOAP"}, {"dsoapCxfClient", "server=gSOAP"}};

    /** The gSOAP step's results file, each line at {@code ms} and, but for the dsoap client, 1000 µs of server CPU. */
    static String gsoapFile(double ms) {
        StringBuilder b = new StringBuilder("{\"suite\": \"short\", \"results\": [");
        for (String[] l : GSOAP_LINES) {
            b.append(b.charAt(b.length() - 1) == '[' ? "" : ", ").append("{\"benchmark\": \"GsoapPeer\", \"method\": \"")
                    .append(l[0]).append("\", \"params\": \"percent=25 shape=doubles size=100000\", \"measure\": \"")
                    .append(l[1]).append("\", \"ms\": ").append(ms).append(", \"unit\": \"ms/op\", \"serverCpuUsPerRequest\": ")
                    .append(l[0].equals("dsoapCxfClient") ? "null" : "1000.0").append('}');
        }
        return b.append("]}").toString();
    }

    /**
     * In the gSOAP step one client calls every server: each dsoap server is set against its own host's plain
     * server and gSOAP's, never against the other Java host's; the dsoap client against gSOAP's server.
     */
    @Test
    void gsoapStepPairsEachDsoapServerWithItsOwnHostAndGsoap() {
        Results r = new Results(List.of(ResultFile.parse("g.json", gsoapFile(10))));
        List<String> pairs = r.allPairs().stream().map(p -> p.dsoap().method() + "/" + p.baseline().method()
                + "/" + p.dsoap().measure()).sorted().toList();
        assertEquals(List.of("dsoapAxis2/baselineAxis2/client=gSOAP", "dsoapAxis2/baselineGsoap/client=gSOAP",
                "dsoapCxf/baselineCxf/client=gSOAP", "dsoapCxf/baselineGsoap/client=gSOAP",
                "dsoapCxfClient/baselineGsoap/server=gSOAP"), pairs);
        assertTrue(Pairing.compared("dsoapContentMatch", "baselineAxis2"), "a dsoap method without a host meets Axis2");
        assertTrue(Pairing.compared("dsoapAxis2Concurrent", "baselineAxis2Concurrent"));
        assertFalse(Pairing.compared("dsoapCxfConcurrent", "baselineAxis2Concurrent"));
    }

    @Test
    void readsJmhOwnFormatWithUnitsAndThreads() throws Exception {
        ResultFile f = ResultFile.parse("fig2", Files.readString(ReportWriterTest.stored("dds-figure2-2026-11-21.json")));
        assertEquals("jmh", f.suite());
        assertEquals("", f.date(), "JMH's file records no date, and this name none");
        assertEquals("2026-11-21", ResultFile.parse("dds-figure2-2026-11-21.json",
                Files.readString(ReportWriterTest.stored("dds-figure2-2026-11-21.json"))).date(), "the day in its name");
        assertEquals("2026-12-03", ResultFile.dateInName("axis2-adb-e2e-2026-11-21-again-2026-12-03.json"), "the last day");
        assertEquals(27, f.measurements().size());
        Measurement m = f.measurements().get(0);
        assertEquals("DdsReadBench", m.bench());
        assertEquals("baselineWoodstox", m.method());
        assertEquals("avgt x1", m.measure());
        assertEquals("FULL", m.param("strategy"));
        assertEquals(58.72467449792929, m.ms(), 1e-9);
        String thrpt = "[{\"benchmark\": \"x.y.EchoBench.dsoapEchoConcurrent\", \"mode\": \"thrpt\", \"threads\": 4,"
                + " \"params\": {\"size\": \"10\"}, \"primaryMetric\": {\"score\": 200.0, \"scoreError\": 20.0,"
                + " \"scoreUnit\": \"ops/s\"}, \"secondaryMetrics\": {\"serverCpuNanos\": {\"score\": 5.0E9},"
                + " \"serverRequests\": {\"score\": 1000.0}, \"gc.alloc.rate.norm\": {\"score\": 64.0}}}]";
        Measurement t = ResultFile.parse("t", thrpt).measurements().get(0);
        assertEquals(5.0, t.ms(), 1e-12, "200 ops/s of the whole system: 5 ms per operation");
        assertEquals(0.5, t.msError(), 1e-12);
        assertEquals(4, t.threads());
        assertEquals(5000, t.cpuUs(), 1e-9);
        assertEquals(64, t.alloc(), 1e-9);
    }

    /** A JMH result of a paired run: its score (the calls together) and its counters' totals. */
    private static String pairedRun(String method, String params, double pairMs, double... counters) {
        String[] names = {"serverCpuNanos", "serverRequests", "serverCallNanos", "baselineCpuNanos", "baselineRequests",
                "baselineCallNanos", "floorCpuNanos", "floorRequests", "floorCallNanos"};
        StringBuilder sec = new StringBuilder();
        for (int i = 0; i < counters.length; i++) {
            sec.append(i == 0 ? "" : ", ").append('"').append(names[i]).append("\": {\"score\": ").append(counters[i]).append('}');
        }
        return "{\"benchmark\": \"dev.dsoap.bench.cxf.CxfPlainProxyEchoBench." + method + "\", \"mode\": \"avgt\", "
                + "\"threads\": 1, \"params\": {" + params + "}, \"primaryMetric\": {\"score\": " + pairMs
                + ", \"scoreError\": 5.0, \"scoreUnit\": \"ms/op\"}, \"secondaryMetrics\": {" + sec + "}}";
    }

    /**
     * A paired run (dsoap, plain and the floor called in turn in one fork) gives one row per server, each with its own
     * CPU and call time, named as separate runs would be and paired with each other only: never with another paired
     * run's rows (same parameters) nor with a separate run's.
     */
    @Test
    void aPairedRunGivesEachServerItsOwnRowPairedWithinTheRun() {
        String params = "\"size\": \"100000\", \"percent\": \"10\"";
        String jmh = "[" + pairedRun("pairedPlainProxyWithFloor", params, 900, 400e6, 10, 1000e6, 4000e6, 10, 7000e6,
                300e6, 10, 1000e6)
                + ", " + pairedRun("pairedPlainProxy", params, 800, 500e6, 10, 1000e6, 3000e6, 10, 7000e6) + "]";
        ResultFile f = ResultFile.parse("paired.json", jmh);
        List<String> rows = f.measurements().stream().map(m -> m.method() + " " + m.cpuUs() + " " + m.ms() + " "
                + m.threads() + " " + m.paired()).toList();
        assertEquals(List.of("dsoapPlainProxy 40000.0 100.0 1 true", "baselinePlainProxy 400000.0 700.0 1 true",
                "floorPlainProxy 30000.0 100.0 1 true", "dsoapPlainProxy 50000.0 100.0 1 true",
                "baselinePlainProxy 300000.0 700.0 1 true"), rows);
        Results r = new Results(List.of(f, ResultFile.parse("separate.json", "[" + pairedRun("baselinePlainProxy", params,
                900) + "]")));
        List<String> pairs = r.allPairs().stream().map(p -> p.dsoap().measure() + ": " + p.cpuRatio()).sorted().toList();
        assertEquals(List.of("avgt x1 paired in pairedPlainProxy: 6.0", "avgt x1 paired in pairedPlainProxyWithFloor: 10.0"),
                pairs, "each paired run's dsoap row against its own baseline only");
        // a paired run stored before the call times were recorded: each row takes the pair's time
        ResultFile old = ResultFile.parse("old.json", "[" + pairedRun("pairedPlainProxy", params, 2000, 600e6, 10, 0,
                0, 0, 0, 400e6, 10) + "]");
        assertEquals(List.of("dsoapPlainProxy 2000.0 60000.0", "floorPlainProxy 2000.0 40000.0"), old.measurements().stream()
                .map(m -> m.method() + " " + m.ms() + " " + m.cpuUs()).toList());
    }

    /**
     * A run whose dsoap server recorded its reads (echo.ReadCounters) gives dsoap's row the bytes skipped per byte parsed
     * and the mean bytes kept; the plain server's row of a paired run has neither, nor has a run without the counters.
     */
    @Test
    void dsoapsReadsAndKeptBytesGoToItsRowOnly() {
        String params = "\"clients\": \"64\", \"size\": \"1000\"";
        String counters = "\"serverCpuNanos\": {\"score\": 4.0E8}, \"serverRequests\": {\"score\": 10.0}, "
                + "\"baselineCpuNanos\": {\"score\": 4.0E9}, \"baselineRequests\": {\"score\": 10.0}, "
                + "\"readSkippedBytes\": {\"score\": 9000.0}, \"readParsedBytes\": {\"score\": 2000.0}, "
                + "\"stateBytes\": {\"score\": 3.0E6}, \"stateSamples\": {\"score\": 3.0}";
        String jmh = "[{\"benchmark\": \"dev.dsoap.bench.cxf.CxfDistinctClientsBench.pairedCxf\", \"mode\": \"avgt\", "
                + "\"threads\": 1, \"params\": {" + params + "}, \"primaryMetric\": {\"score\": 9.0, \"scoreError\": 1.0, "
                + "\"scoreUnit\": \"ms/op\"}, \"secondaryMetrics\": {" + counters + "}}, "
                + pairedRun("pairedPlainProxy", "\"size\": \"1000\"", 800, 500e6, 10, 1000e6, 3000e6, 10, 7000e6) + "]";
        List<String> rows = ResultFile.parse("reads.json", jmh).measurements().stream()
                .map(m -> m.method() + " " + m.skippedPerParsed() + " " + m.stateBytes()).toList();
        assertEquals(List.of("dsoapCxf 4.5 1000000.0", "baselineCxf NaN NaN", "dsoapPlainProxy NaN NaN",
                "baselinePlainProxy NaN NaN"), rows);
    }

    @Test
    void onlyAWholeShortSuiteWithItsOwnParametersTimesTheSuite() {
        String head = "{\"suite\": \"short\", \"durationSeconds\": 200.0, ";
        String rows = "\"results\": [{\"benchmark\": \"B\", \"method\": \"dsoapX\", \"params\": \"\", \"ms\": 1.0}]}";
        assertTrue(ResultFile.parse("a", head + "\"only\": null, " + rows).wholeShortSuite());
        assertFalse(ResultFile.parse("b", head + "\"only\": \"Cxf\", " + rows).wholeShortSuite());
        assertFalse(ResultFile.parse("c", head + "\"overrides\": \"size=1000\", " + rows).wholeShortSuite());
        assertFalse(ResultFile.parse("d", "{\"suite\": \"full\", " + rows).wholeShortSuite());
    }

    @Test
    void axis2ResultsFromBeforeTheStyleParameterAreThePojoService() throws Exception {
        ResultFile old = ResultFile.parse("old", Files.readString(ReportWriterTest.stored("axis2-e2e-2026-11-21.json")));
        assertTrue(old.measurements().stream().allMatch(m -> "pojo".equals(m.param("style"))));
        ResultFile adb = ResultFile.parse("adb", Files.readString(ReportWriterTest.stored("axis2-adb-e2e-2026-11-21.json")));
        assertTrue(adb.measurements().stream().allMatch(m -> "adb".equals(m.param("style"))));
    }

    @Test
    void rejectsWhatIsNotResults() {
        assertThrows(IllegalArgumentException.class, () -> ResultFile.parse("x", "\"text\""));
        assertThrows(IllegalArgumentException.class, () -> ResultFile.parse("x", "{\"results\": [}"));
    }
}
