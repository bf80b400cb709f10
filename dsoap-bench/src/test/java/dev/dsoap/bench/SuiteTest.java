package dev.dsoap.bench;

import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    }

    @Test
    void aTwoArgumentEntryRunsEveryMethod() {
        assertNull(new Suite.Entry("x.Y", java.util.Map.of()).methods());
        assertEquals("short", Suite.shortSuite().name());
    }
}
