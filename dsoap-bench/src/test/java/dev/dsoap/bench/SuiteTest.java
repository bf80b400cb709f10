package dev.dsoap.bench;

import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SuiteTest {
    private static Suite.Entry entry(Suite s, String cls) {
        return s.entries().stream().filter(e -> e.className().equals(cls)).findFirst().orElseThrow();
    }

    /**
     * The short suite's end-to-end points are paired runs, one fork each: dsoap's server and the plain one (and the
     * transport floor where a target needs it) called in turn, one client; the full suite runs every method.
     */
    @Test
    void theShortSuiteRunsTheEndToEndBenchesPairedWithOneClient() {
        String[][] benches = {{"axis2.DistinctClientsBench", "pairedAxis2"}, {"cxf.CxfDistinctClientsBench", "pairedCxf"}};
        for (String[] b : benches) {
            Pattern p = Pattern.compile(entry(Suite.shortSuite(), b[0]).methods());
            assertTrue(p.matcher(b[1]).matches(), b[0]);
            for (String m : new String[] {"baselineAxis2", "dsoapAxis2", "baselineCxf", "dsoapCxf", "dsoapAxis2Concurrent",
                    "dsoapCxfConcurrent", "dsoapBinaryCxf", "baselineFastInfoset"}) {
                assertFalse(p.matcher(m).matches(), b[0] + " " + m);
            }
            assertNull(entry(Suite.fullSuite(), b[0]).methods(), "the full suite runs every method");
        }
    }

    /** Coalescing's cost with no identical requests: on and off in one paired run, not two forks that drift apart. */
    @Test
    void theShortSuiteMeasuresCoalescingsCostOnAndOffInOnePairedRun() {
        Suite.Entry e = Suite.shortSuite().entries().stream().filter(x -> x.className().equals("cxf.CoalesceBench")
                && java.util.List.of(x.params().get("requests")).contains("distinct")).findFirst().orElseThrow();
        Pattern p = Pattern.compile(e.methods());
        assertTrue(p.matcher("pairedCoalesced").matches());
        assertFalse(p.matcher("dsoapAlone").matches());
        assertFalse(p.matcher("dsoapCoalesced").matches());
    }

    /**
     * The request dsoap leaves to Axis2 is judged against 3 %: the short suite measures it where dsoap's part is the
     * largest (10K doubles) in iterations long enough for some 90 pairs of calls.
     */
    @Test
    void theShortSuitesFallbackCellIsPairedAtTenThousandInLongerIterationsAndTwoForks() {
        Suite s = Suite.shortSuite();
        Suite.Entry e = s.entries().stream().filter(x -> x.params().containsKey("form")).findFirst().orElseThrow();
        assertEquals("axis2.RpcClientEchoBench", e.className());
        assertEquals(java.util.List.of("primitive"), java.util.List.of(e.params().get("form")));
        assertEquals(java.util.List.of("10000"), java.util.List.of(e.params().get("size")));
        assertEquals("pairedRpcClient", e.methods());
        assertEquals(3, e.seconds());
        assertEquals(2, e.forks(), "two forks: a fork's own bias is most of the cell's spread");
        // and the Metro point, whose rounds take some 110 ms, in 2-second iterations; the other entries take the suite's
        Suite.Entry metro = entry(s, "metro.MetroPlainProxyEchoBench");
        assertEquals(2, metro.seconds());
        // and coalescing's cost with no identical requests, judged against 3 %, in 3-second ones
        Suite.Entry distinct = s.entries().stream().filter(x -> x.className().equals("cxf.CoalesceBench")
                && java.util.List.of(x.params().get("requests")).contains("distinct")).findFirst().orElseThrow();
        assertEquals(3, distinct.seconds());
        // and the CXF plain proxy's points beside their floor (4 KiB chunks, and the worst cell's 64 KiB ones), whose
        // rounds take a third to three quarters of a second, in 5-second ones
        java.util.List<Suite.Entry> proxies = s.entries().stream()
                .filter(x -> x.className().equals("cxf.CxfPlainProxyEchoBench")).toList();
        assertEquals(2, proxies.size());
        assertTrue(proxies.stream().allMatch(x -> x.seconds() == 5));
        assertTrue(proxies.stream().anyMatch(x -> java.util.List.of(x.params().getOrDefault("chunks", new String[0]))
                .contains("64k") && java.util.List.of(x.params().get("widths")).equals(java.util.List.of("mixed"))));
        // and RPCServiceClient's 100K point beside its floor, whose rounds take some 1.5 s, in 3-second ones
        Suite.Entry rpc = s.entries().stream().filter(x -> x.className().equals("axis2.RpcClientEchoBench") && x != e)
                .findFirst().orElseThrow();
        assertEquals(java.util.List.of("100000"), java.util.List.of(rpc.params().get("size")));
        assertEquals(3, rpc.seconds());
        assertTrue(s.entries().stream().filter(x -> x != e && x != metro && x != distinct && x != rpc && !proxies.contains(x))
                .allMatch(x -> x.seconds() < 0 && x.forks() < 0));
    }

    /**
     * Every entry of both suites names an existing benchmark class, only parameters it declares, and a method
     * selection that keeps at least one of its benchmark methods: a renamed method or parameter would
     * otherwise make the suite silently run less, or JMH fail at the end of a long run.
     */
    @Test
    void everyEntryNamesExistingClassesParametersAndMethods() throws Exception {
        for (Suite suite : new Suite[] {Suite.shortSuite(), Suite.fullSuite()}) {
            for (Suite.Entry e : suite.entries()) {
                Class<?> c = Class.forName("dev.dsoap.bench." + e.className());
                for (String param : e.params().keySet()) {
                    assertTrue(c.getField(param).isAnnotationPresent(org.openjdk.jmh.annotations.Param.class),
                            suite.name() + ": " + e.className() + " has no @Param " + param);
                }
                Pattern p = e.methods() == null ? Pattern.compile(".*") : Pattern.compile(e.methods());
                long kept = java.util.Arrays.stream(c.getMethods())
                        .filter(m -> m.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class))
                        .filter(m -> p.matcher(m.getName()).matches()).count();
                assertTrue(kept > 0, suite.name() + ": " + e.className() + " keeps no method with " + e.methods());
            }
        }
    }

    @Test
    void theShortSuiteJudgesTheTargetsPoints() {
        Suite s = Suite.shortSuite();
        Suite.Entry identical = entry(s, "deserialize.DdsReadBench");
        assertEquals(java.util.List.of("0"), java.util.List.of(identical.params().get("percent")));
        Pattern dds = Pattern.compile(identical.methods());
        assertTrue(dds.matcher("dsoapDds").matches() && dds.matcher("baselineWoodstox").matches());
        assertFalse(dds.matcher("dsoapPlain").matches());
        assertEquals(1, s.warmups());
        assertEquals(2, identical.warmups(), "the identical message's read needs a second warm-up second");
        Suite.Entry table1 = s.entries().stream().filter(e -> e.className().equals("deserialize.DdsReadBench")
                && java.util.Arrays.asList(e.params().get("percent")).contains("25")).findFirst().orElseThrow();
        assertEquals(java.util.List.of("25"), java.util.List.of(table1.params().get("percent")));
        assertEquals(-1, table1.warmups());
    }

    @Test
    void byTypeSendTimeAndAxis2sReaderAreLeftToTheFullSuite() {
        for (String cls : new String[] {"serialize.TypeSerializeBench", "deserialize.TypeDeserializeBench",
                "send.SendTimeBench", "deserialize.BaselineReadBench"}) {
            assertTrue(Suite.shortSuite().entries().stream().noneMatch(e -> e.className().equals(cls)), cls);
            Suite.Entry full = entry(Suite.fullSuite(), cls);
            assertNull(full.methods(), "the full suite runs every method of " + cls);
        }
    }

    private static void assertMethods(Suite.Entry e, String[] run, String[] skipped) {
        Pattern p = Pattern.compile(e.methods());
        for (String m : run) {
            assertTrue(p.matcher(m).matches(), e.className() + " " + m);
        }
        for (String m : skipped) {
            assertFalse(p.matcher(m).matches(), e.className() + " " + m);
        }
    }

    @Test
    void echoVoidIsLeftToTheFullSuiteAndTheShortOneHasNoStringsEndToEnd() {
        // the short suite's one-second iterations would measure echoVoid before the JIT has compiled the host
        for (Suite.Entry e : Suite.shortSuite().entries()) {
            assertNotEquals("echo.VoidLatencyBench", e.className());
            String[] shapes = e.params().get("shape");
            assertTrue(shapes == null || !java.util.Arrays.asList(shapes).contains("strings"), e.className());
        }
        assertNull(entry(Suite.fullSuite(), "echo.VoidLatencyBench").methods(), "the full suite runs every method");
        assertTrue(entry(Suite.fullSuite(), "echo.VoidLatencyBench").params().isEmpty(), "the full suite: both hosts");
    }

    /**
     * The pairings users have beside the dsoap-to-dsoap ones: Axis2's own RPCServiceClient and a plain CXF proxy with
     * CXF's default settings, each against the plain and the dsoap server and the transport floor in one paired run, at
     * the feed-like point in the short suite (100K doubles, 10 % scattered, other widths), and with every parameter in
     * the full one.
     */
    @Test
    void theShortSuiteRunsThePlainClientsAgainstBothServersAndTheFloorInOneRun() {
        String[][] benches = {{"axis2.RpcClientEchoBench", "pairedRpcClientWithFloor"},
                {"cxf.CxfPlainProxyEchoBench", "pairedPlainProxyWithFloor"}};
        for (String[] b : benches) {
            Suite.Entry e = entry(Suite.shortSuite(), b[0]);
            assertArrayEquals(new String[] {"100000"}, e.params().get("size"), b[0]);
            assertArrayEquals(new String[] {"10"}, e.params().get("percent"), b[0]);
            assertArrayEquals(new String[] {"scattered"}, e.params().get("pattern"), b[0]);
            assertTrue(Pattern.compile(e.methods()).matcher(b[1]).matches(), b[0]);
            assertEquals(-1, e.warmups(), b[0] + ": the suite's warm-up");
            Suite.Entry full = entry(Suite.fullSuite(), b[0]);
            assertNull(full.methods(), "the full suite runs every method of " + b[0]);
            assertTrue(full.params().isEmpty(), "the full suite runs every parameter of " + b[0]);
        }
    }

    @Test
    void everySuiteClassExists() throws Exception {
        for (Suite s : new Suite[] {Suite.shortSuite(), Suite.fullSuite()}) {
            for (Suite.Entry e : s.entries()) {
                Class.forName("dev.dsoap.bench." + e.className());
            }
        }
    }

    @Test
    void aTwoArgumentEntryRunsEveryMethod() {
        assertNull(new Suite.Entry("x.Y", java.util.Map.of()).methods());
        assertEquals("short", Suite.shortSuite().name());
    }
}
