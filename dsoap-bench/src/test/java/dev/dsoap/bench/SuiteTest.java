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
    void theShortSuiteRunsStringsAndBase64ByTypeAgainstWoodstoxOnly() {
        Suite.Entry ser = entry(Suite.shortSuite(), "serialize.TypeSerializeBench");
        Suite.Entry de = entry(Suite.shortSuite(), "deserialize.TypeDeserializeBench");
        for (Suite.Entry e : new Suite.Entry[] {ser, de}) {
            assertArrayEquals(new String[] {"strings", "base64"}, e.params().get("type"), e.className());
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

    /** Every entry names a benchmark class that exists, and every method pattern matches one of its methods. */
    @Test
    void everyEntryNamesABenchmarkClassAndItsMethods() throws Exception {
        for (Suite s : new Suite[] {Suite.shortSuite(), Suite.fullSuite()}) {
            for (Suite.Entry e : s.entries()) {
                Class<?> c = Class.forName("dev.dsoap.bench." + e.className());
                java.util.List<String> benchmarks = new java.util.ArrayList<>();
                for (java.lang.reflect.Method m : c.getMethods()) {
                    if (m.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class)) {
                        benchmarks.add(m.getName());
                    }
                }
                assertFalse(benchmarks.isEmpty(), e.className());
                if (e.methods() != null) {
                    Pattern p = Pattern.compile(e.methods());
                    assertTrue(benchmarks.stream().anyMatch(m -> p.matcher(m).matches()), e.className() + " " + e.methods());
                }
                for (String param : e.params().keySet()) {
                    java.lang.reflect.Field f = c.getField(param);
                    assertTrue(f.isAnnotationPresent(org.openjdk.jmh.annotations.Param.class), e.className() + " " + param);
                }
            }
        }
    }

    @Test
    void aTwoArgumentEntryRunsEveryMethod() {
        assertNull(new Suite.Entry("x.Y", java.util.Map.of()).methods());
        assertEquals("short", Suite.shortSuite().name());
    }
}
