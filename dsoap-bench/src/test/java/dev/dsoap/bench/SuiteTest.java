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

    @Test
    void theShortSuiteRunsTheEndToEndBenchesWithOneClientOnly() {
        for (String cls : new String[] {"axis2.Axis2EchoBench", "cxf.CxfEchoBench"}) {
            Pattern p = Pattern.compile(entry(Suite.shortSuite(), cls).methods());
            for (String m : new String[] {"baselineAxis2", "dsoapAxis2", "baselineCxf", "dsoapCxf"}) {
                assertTrue(p.matcher(m).matches(), cls + " " + m);
            }
            for (String m : new String[] {"baselineAxis2Concurrent", "dsoapAxis2Concurrent", "baselineCxfConcurrent",
                    "dsoapCxfConcurrent"}) {
                assertFalse(p.matcher(m).matches(), cls + " " + m);
            }
            assertNull(entry(Suite.fullSuite(), cls).methods(), "the full suite runs every method");
        }
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
        Pattern worst = Pattern.compile(entry(s, "serialize.WorstCaseShiftBench").methods());
        assertTrue(worst.matcher("dsoapWorstCase").matches() && worst.matcher("baselineWoodstox").matches());
        Suite.Entry table1 = entry(s, "deserialize.DdsReadBench");
        assertEquals(java.util.List.of("0", "25", "50"), java.util.List.of(table1.params().get("percent")));
        Pattern dds = Pattern.compile(table1.methods());
        assertTrue(dds.matcher("dsoapDds").matches() && dds.matcher("baselineWoodstox").matches());
        assertFalse(dds.matcher("dsoapPlain").matches());
        assertEquals(1, s.warmups());
        assertEquals(2, table1.warmups(), "the identical message's read needs a second warm-up second");
        assertEquals(-1, entry(s, "cxf.CxfEchoBench").warmups());
    }

    @Test
    void theShortSuiteRunsStringsByTypeAgainstWoodstoxOnly() {
        Suite.Entry ser = entry(Suite.shortSuite(), "serialize.TypeSerializeBench");
        Suite.Entry de = entry(Suite.shortSuite(), "deserialize.TypeDeserializeBench");
        for (Suite.Entry e : new Suite.Entry[] {ser, de}) {
            assertArrayEquals(new String[] {"strings"}, e.params().get("type"), e.className());
            assertArrayEquals(new String[] {"100000"}, e.params().get("size"), e.className());
            assertArrayEquals(new String[] {"25"}, e.params().get("percent"), e.className());
        }
        assertMethods(ser, new String[] {"baselineWoodstox", "dsoapDifferential"},
                new String[] {"baselineAxis2", "dsoapFirstSend"});
        assertMethods(de, new String[] {"baselineWoodstox", "dsoapDds"},
                new String[] {"baselineAxis2", "dsoapPlain"});
        for (String cls : new String[] {"serialize.TypeSerializeBench", "deserialize.TypeDeserializeBench"}) {
            Suite.Entry full = entry(Suite.fullSuite(), cls);
            assertNull(full.methods(), "the full suite runs every method of " + cls);
            assertTrue(full.params().isEmpty(), "the full suite runs every parameter of " + cls);
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
     * CXF's default settings, each against the plain and the dsoap server, at the targets' point in the short suite
     * (both methods, so both sides of the ratio come from one run) and with every parameter in the full one.
     */
    @Test
    void theShortSuiteRunsThePlainClientsAgainstBothServersAtTheTargetsPoint() {
        String[][] benches = {{"axis2.RpcClientEchoBench", "baselineRpcClient", "dsoapRpcClient"},
                {"cxf.CxfPlainProxyEchoBench", "baselinePlainProxy", "dsoapPlainProxy"}};
        for (String[] b : benches) {
            Suite.Entry e = entry(Suite.shortSuite(), b[0]);
            assertArrayEquals(new String[] {"100000"}, e.params().get("size"), b[0]);
            assertArrayEquals(new String[] {"25"}, e.params().get("percent"), b[0]);
            Pattern p = e.methods() == null ? Pattern.compile(".*") : Pattern.compile(e.methods());
            assertTrue(p.matcher(b[1]).matches() && p.matcher(b[2]).matches(), b[0]);
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
