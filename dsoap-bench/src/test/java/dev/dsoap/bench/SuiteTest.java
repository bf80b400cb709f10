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

    @Test
    void aTwoArgumentEntryRunsEveryMethod() {
        assertNull(new Suite.Entry("x.Y", java.util.Map.of()).methods());
        assertEquals("short", Suite.shortSuite().name());
    }
}
