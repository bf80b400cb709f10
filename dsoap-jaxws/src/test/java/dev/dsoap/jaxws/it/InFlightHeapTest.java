package dev.dsoap.jaxws.it;

import dev.dsoap.testing.HugeRequests;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Eight requests of 200 MB each at once (streamed by the client as they are generated), against a CXF endpoint
 * plain and with dsoap, each in a JVM of 1 GiB heap: with dsoap, the heap's peak stays within 80 MB of plain
 * CXF's, and dsoap adds to eight at once about what it adds to one (within 30 MB), because the bytes dsoap buffers for messages in flight share one bound (dsoap.maxInFlightBytes); every
 * request is handed to CXF (too large, or no room in flight) and answered as plain CXF answers it; the bytes in
 * flight come back to 0.
 */
@org.junit.jupiter.api.Tag("long") // a corpus or memory at length: CI's second JDK pass leaves it out
class InFlightHeapTest {
    private static final long MB = 1_000_000L;
    private static final List<String> JVM = List.of("-Xmx1g", "-Xms1g", "-Xmn64m", "-XX:+UseG1GC");

    private static List<String> run(String mode, int n) throws Exception {
        List<String> out = HugeRequests.fork(InFlightProbe.class, JVM, 150, mode, Integer.toString(n), "200");
        for (String l : out) {
            if (l.startsWith("PEAK") || l.startsWith("DSOAP") || l.startsWith("FALLBACKS") || l.startsWith("OOM")) {
                System.out.println("InFlightHeapTest (CXF, " + n + " x 200 MB, -Xmx1g): " + l);
            }
        }
        assertFalse(out.stream().anyMatch(l -> l.startsWith("OOM") || l.contains("OutOfMemoryError")), mode + ": " + out);
        assertTrue(out.contains("DONE"), mode + ": " + out);
        return out;
    }

    @Test
    void eightConcurrentHugeRequestsCostAboutWhatOneDoes() throws Exception {
        List<String> plainOne = run("plain", 1);
        List<String> plain = run("plain", 8);
        List<String> one = run("dsoap", 1);
        List<String> dsoap = run("dsoap", 8);
        long plainOnePeak = Long.parseLong(HugeRequests.value(plainOne, "PEAK", "pools"));
        long plainPeak = Long.parseLong(HugeRequests.value(plain, "PEAK", "pools"));
        long onePeak = Long.parseLong(HugeRequests.value(one, "PEAK", "pools"));
        long dsoapPeak = Long.parseLong(HugeRequests.value(dsoap, "PEAK", "pools"));
        System.out.printf("InFlightHeapTest: heap pools' peak, one request: plain CXF %.0f MB, dsoap %.0f MB; eight at once: plain CXF %.0f MB, dsoap %.0f MB%n",
                plainOnePeak / (double) MB, onePeak / (double) MB, plainPeak / (double) MB, dsoapPeak / (double) MB);
        // what dsoap adds to CXF's own cost: for eight at once, about what it adds for one
        assertTrue(dsoapPeak - plainPeak <= onePeak - plainOnePeak + 30 * MB,
                "dsoap adds " + (dsoapPeak - plainPeak) + " bytes to eight at once, " + (onePeak - plainOnePeak) + " to one");
        assertEquals("1", HugeRequests.value(one, "DSOAP", "tooLarge"), "one alone is read up to dsoap.maxMessageBytes");
        assertEquals("0", HugeRequests.value(one, "DSOAP", "inFlight"));
        assertEquals(HugeRequests.value(plain, "PEAK", "statuses"), HugeRequests.value(dsoap, "PEAK", "statuses"),
                "dsoap answers as plain CXF does");
        assertTrue(dsoapPeak <= plainPeak + 80 * MB, "dsoap's peak " + dsoapPeak + " bytes, plain CXF's " + plainPeak);
        assertEquals("0", HugeRequests.value(dsoap, "DSOAP", "inFlight"), "every reservation given back");
        long limit = Long.parseLong(HugeRequests.value(dsoap, "DSOAP", "inFlightLimit"));
        long peak = Long.parseLong(HugeRequests.value(dsoap, "DSOAP", "inFlightPeak"));
        assertTrue(peak <= limit, "in flight at most " + peak + " bytes, bound " + limit);
        long handed = Long.parseLong(HugeRequests.value(dsoap, "DSOAP", "tooLarge")) + Long.parseLong(HugeRequests.value(dsoap, "DSOAP", "busy"));
        assertEquals(8, handed, "every huge request went CXF's way, counted");
        assertTrue(Long.parseLong(HugeRequests.value(dsoap, "DSOAP", "busy")) > 0, "some found no room in flight");
    }
}
