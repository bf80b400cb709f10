package dev.dsoap.bench;

import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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

    @Test
    void theShortSuiteRunsEchoVoidOnBothHostsAndNoStrings() {
        Suite.Entry v = entry(Suite.shortSuite(), "echo.VoidLatencyBench");
        assertArrayEquals(new String[] {"axis2", "cxf"}, v.params().get("host"));
        Pattern p = Pattern.compile(v.methods());
        assertTrue(p.matcher("baselineVoid").matches() && p.matcher("dsoapVoid").matches());
        for (Suite.Entry e : Suite.shortSuite().entries()) {
            String[] shapes = e.params().get("shape");
            assertTrue(shapes == null || !java.util.Arrays.asList(shapes).contains("strings"), e.className());
        }
        assertNull(entry(Suite.fullSuite(), "echo.VoidLatencyBench").methods(), "the full suite runs every method");
        assertTrue(entry(Suite.fullSuite(), "echo.VoidLatencyBench").params().isEmpty(), "the full suite: both hosts");
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
