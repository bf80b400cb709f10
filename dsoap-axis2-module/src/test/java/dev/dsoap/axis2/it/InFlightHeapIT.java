package dev.dsoap.axis2.it;

import dev.dsoap.testing.HugeRequests;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Eight requests of 200 MB each at once (streamed by the client as they are generated), against an Axis2 server
 * (SimpleHTTPServer) plain and with dsoap engaged, each in a JVM of 1 GiB heap with dsoap only in the built .mar
 * (see {@link InFlightProbe}). The request is an {@code echo} whose array of doubles holds words: plain Axis2 builds
 * the body only as far as the first value, refuses it, and drains the rest (a 200 MB array Axis2 would build in
 * full does not fit eight times in 1 GiB). dsoap reads a request before dispatch: eight of them at once buffer no
 * more than its one bound on bytes in flight (dsoap.maxInFlightBytes), about what one does, and every reservation
 * comes back.
 */
@org.junit.jupiter.api.Tag("long") // a corpus or memory at length: CI's second JDK pass leaves it out
class InFlightHeapIT {
    private static final long MB = 1_000_000L;

    /** The test class path without dsoap's classes: the probe's server loads dsoap from the built .mar only. */
    private static String marOnlyClassPath() {
        String all = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> keep = new ArrayList<>();
        for (String e : all.split(File.pathSeparator)) {
            String n = e.replace('\\', '/');
            boolean dsoapMain = n.endsWith("dsoap-axis2-module/target/classes") || n.endsWith("dsoap-core/target/classes")
                    || n.matches(".*/dsoap-(core|axis2-module)-[^/]*\\.jar") && !n.endsWith("-tests.jar") || n.contains("fastdoubleparser");
            if (!dsoapMain && !e.isBlank()) {
                keep.add(e);
            }
        }
        return String.join(File.pathSeparator, keep);
    }

    private static List<String> run(String mode, int n) throws Exception {
        List<String> jvm = List.of("-Xmx1g", "-Xms1g", "-Xmn64m", "-XX:+UseG1GC", "-Ddsoap.mar=" + System.getProperty("dsoap.mar"));
        List<String> out = HugeRequests.fork(InFlightProbe.class, marOnlyClassPath(), jvm, 150, mode, Integer.toString(n), "200", "bad");
        for (String l : out) {
            if (l.startsWith("PEAK") || l.startsWith("DSOAP") || l.startsWith("OOM")) {
                System.out.println("InFlightHeapIT (Axis2, " + n + " x 200 MB, -Xmx1g): " + l);
            }
        }
        assertFalse(out.stream().anyMatch(l -> l.startsWith("OOM") || l.contains("OutOfMemoryError")), mode + ": " + out);
        assertTrue(out.contains("DONE"), mode + ": " + out);
        return out;
    }

    private static long peak(List<String> out) {
        return Long.parseLong(HugeRequests.value(out, "PEAK", "pools"));
    }

    @Test
    void eightConcurrentHugeRequestsCostAboutWhatOneDoes() throws Exception {
        List<String> plainOne = run("plain", 1);
        List<String> plain = run("plain", 8);
        List<String> one = run("dsoap", 1);
        List<String> dsoap = run("dsoap", 8);
        System.out.printf("InFlightHeapIT: heap pools' peak, one request: plain Axis2 %.0f MB, dsoap %.0f MB; eight at once: plain Axis2 %.0f MB, dsoap %.0f MB%n",
                peak(plainOne) / (double) MB, peak(one) / (double) MB, peak(plain) / (double) MB, peak(dsoap) / (double) MB);
        assertEquals(HugeRequests.value(plain, "PEAK", "statuses"), HugeRequests.value(dsoap, "PEAK", "statuses"),
                "dsoap answers as plain Axis2 does");
        assertTrue(peak(dsoap) <= peak(plain) + 80 * MB, "dsoap's peak " + peak(dsoap) + " bytes, plain Axis2's " + peak(plain));
        // what dsoap adds to Axis2's own cost: for eight at once, about what it adds for one
        assertTrue(peak(dsoap) - peak(plain) <= peak(one) - peak(plainOne) + 30 * MB,
                "dsoap adds " + (peak(dsoap) - peak(plain)) + " bytes to eight at once, " + (peak(one) - peak(plainOne)) + " to one");
        for (List<String> d : List.of(one, dsoap)) {
            assertEquals("0", HugeRequests.value(d, "DSOAP", "inFlight"), "every reservation given back");
            long limit = Long.parseLong(HugeRequests.value(d, "DSOAP", "inFlightLimit"));
            long peak = Long.parseLong(HugeRequests.value(d, "DSOAP", "inFlightPeak"));
            assertTrue(peak <= limit, "in flight at most " + peak + " bytes, bound " + limit);
        }
        // one alone fits the bound up to dsoap.maxMessageBytes and goes Axis2's way as too large; eight share it
        assertEquals("1", HugeRequests.value(one, "DSOAP", "tooLarge"));
        assertEquals("0", HugeRequests.value(one, "DSOAP", "refusals"));
        long busy = Long.parseLong(HugeRequests.value(dsoap, "DSOAP", "busy"));
        assertEquals(8, busy + Long.parseLong(HugeRequests.value(dsoap, "DSOAP", "tooLarge")), "every huge request went Axis2's way, counted");
        assertTrue(busy > 0, "some found no room in flight");
        assertEquals(busy, Long.parseLong(HugeRequests.value(dsoap, "DSOAP", "refusals")));
    }
}
