package dev.dsoap.axis2.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kept state ages out on an Axis2 server without further traffic: after four 20 MB string requests from four clients
 * (each kept, with its answer, within a 256 MiB budget), an idle timeout of one second ({@code dsoap.idleTimeout} in
 * axis2.xml) drops them all: the module's used bytes return to 0 and the heap after a full collection to within 5 MB
 * of what it was before the requests. The next request is read in full and echoed whole; terminating the
 * configuration ends the {@code dsoap-idle} thread when no other budget is open.
 */
@org.junit.jupiter.api.Tag("long") // a corpus or memory at length: CI's second JDK pass leaves it out
class IdleMemoryIT {
    private static final String PATH = "/axis2/services/EchoService";
    private static final long MB = 1L << 20;
    private static final int CHARS = 20_000_000;
    @TempDir
    static Path dir;

    /** The heap after full collections, once two in a row agree within 1 MB (at most ten). */
    private static long heapAfterGc() throws InterruptedException {
        long last = Long.MAX_VALUE;
        long min = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            System.gc();
            Thread.sleep(50);
            long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            min = Math.min(min, used);
            if (Math.abs(used - last) < MB) {
                break;
            }
            last = used;
        }
        return min;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code echoStrings} of one string of {@link #CHARS} digits, cycling from digit {@code first}, from client {@code client}. */
    private static void echoBig(Axis2Server s, int first, String client) throws Exception {
        String env = Soap.envelope(Soap.SOAP11, "<ns:echoStrings xmlns:ns=\"" + s.namespace() + "\"><v>@@</v></ns:echoStrings>");
        int at = env.indexOf("@@");
        String unit = ("0123456789" + "0123456789").substring(first, first + 10);
        RawHttp.Repeated body = new RawHttp.Repeated(utf8(env.substring(0, at)), utf8(unit), CHARS / 10, utf8(env.substring(at + 2)));
        RawHttp.Large r = RawHttp.exchangeLarge(s.port, RawHttp.head(s.port, PATH, Soap.contentType(false),
                "Content-Length: " + body.length() + "\r\nX-Dsoap-Client: " + client + "\r\n"), body, 60_000);
        assertEquals(200, r.status(), r.toString());
        assertTrue(r.complete(), r.toString());
        assertEquals(CHARS, r.longestDigitRun(), "the string echoed whole: " + r);
    }

    private static boolean idleThreadAlive() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("dsoap-idle") && t.isAlive()) {
                return true;
            }
        }
        return false;
    }

    @Test
    void fourTwentyMegabyteRequestsAreDroppedWhenIdleAndTheHeapReturns() throws Exception {
        boolean threadBefore = idleThreadAlive(); // another test's configuration may still be open in this JVM
        String[] clients = {"0000000000000000000000000000000a", "0000000000000000000000000000000b",
                "0000000000000000000000000000000c", "0000000000000000000000000000000d"};
        Axis2Server s = Axis2Server.start(dir, true, "<parameter name=\"dsoap.memoryBudget\">256m</parameter>"
                + "<parameter name=\"dsoap.idleTimeout\">1000</parameter>");
        try {
            assertTrue(idleThreadAlive(), "the module's budget sweeps on the dsoap-idle thread");
            for (int i = 0; i < 3; i++) {
                Soap.Response ok = Soap.post11(s.url(), Soap.request(s.namespace(), "echoStrings", "<v>warm-" + i + "</v>"));
                assertEquals(200, ok.status(), ok.text());
            }
            Stats module = Stats.module(s.context);
            Stats op = s.stats("echoStrings");
            assertEquals(256 * MB, module.get("MemoryBudgetBytes"));
            assertEquals(1000, module.get("IdleTimeoutMillis"));
            for (int i = 0; i < 200 && module.get("MemoryUsedBytes") > 0; i++) { // the warm-up's state ages out too
                Thread.sleep(50);
            }
            long before = heapAfterGc();
            long read = op.get("MessagesRead");
            // the largest the budget's use gets during the requests (each takes about as long as the idle timeout here)
            java.util.concurrent.atomic.AtomicLong peak = new java.util.concurrent.atomic.AtomicLong();
            java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
            Thread watch = new Thread(() -> {
                try {
                    while (!done.get()) { // bounded by the requests' end
                        peak.accumulateAndGet(module.get("MemoryUsedBytes"), Math::max);
                        Thread.sleep(10);
                    }
                } catch (Exception e) {
                    peak.set(-1);
                }
            }, "IdleMemoryIT peak");
            watch.start();
            try {
                for (int i = 0; i < 4; i++) {
                    echoBig(s, i, clients[i]);
                }
            } finally {
                done.set(true);
                watch.join(5000);
            }
            long kept = peak.get();
            long held = heapAfterGc() - before;
            assertEquals(read + 4, op.get("MessagesRead"), "dsoap read the four requests");
            assertTrue(kept > 2L * CHARS, "the requests' state was kept: at most " + kept + " bytes");
            long polls = 0;
            for (; polls < 600 && module.get("MemoryUsedBytes") > 0; polls++) { // bounded: 30 s
                Thread.sleep(50);
            }
            assertEquals(0, module.get("MemoryUsedBytes"), "the budget after " + polls + " polls");
            long after = heapAfterGc() - before;
            System.out.printf(Locale.ROOT, "IdleMemoryIT (Axis2): four 20 MB requests: budget used at most %.1f MB, then heap %+.1f MB after GC; "
                            + "after the idle drops (%d, idle timeout 1 s): budget used %d, reported %d bytes, heap %+.1f MB over the baseline%n",
                    kept / (double) MB, held / (double) MB, module.get("IdleDrops"), module.get("MemoryUsedBytes"),
                    op.get("RetainedBytes"), after / (double) MB);
            assertTrue(module.get("IdleDrops") >= 8, "each request's read state and its answer's template: " + module.get("IdleDrops"));
            // what stays is bookkeeping of fixed size (each idle serializer's slot arrays, the peers' table), not messages
            assertTrue(op.get("RetainedBytes") < 1 << 20, "the operation still reports " + op.get("RetainedBytes") + " bytes");
            assertTrue(after <= 5 * MB, "the heap holds " + after + " bytes more than before the requests");

            long identical = op.get("ReadsIdentical");
            echoBig(s, 0, clients[0]);
            assertEquals(identical, op.get("ReadsIdentical"), "the same request again is read in full: its kept message was dropped");
            assertEquals(read + 5, op.get("MessagesRead"));
        } finally {
            s.close();
        }
        if (!threadBefore) {
            for (int i = 0; i < 100 && idleThreadAlive(); i++) { // bounded: 5 s
                Thread.sleep(50);
            }
            assertFalse(idleThreadAlive(), "the dsoap-idle thread outlived the terminated configuration");
        }
    }
}
