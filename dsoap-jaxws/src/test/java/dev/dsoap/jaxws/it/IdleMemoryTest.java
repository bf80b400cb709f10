package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.BusStatsMXBean;
import org.junit.jupiter.api.Test;

import javax.management.JMX;
import javax.management.ObjectName;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kept state ages out on a CXF endpoint without further traffic: after four 20 MB string requests from four clients
 * (each kept, with its answer, within a 256 MiB budget), an idle timeout of one second drops them all; the budget's
 * used bytes return to 0 and the heap after a full collection to within 5 MB of what it was before the requests. The
 * next request is read and written in full, correctly.
 */
class IdleMemoryTest {
    private static final long MB = 1L << 20;

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

    private static byte[] strings(String value) {
        return ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns2:echoStrings xmlns:ns2=\"" + Echo.NS + "\"><values>" + value + "</values></ns2:echoStrings></soap:Body></soap:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** POSTs {@code body} as client {@code client}; returns the status and the response's length, checking its end. */
    private static long[] post(String address, String client, byte[] body, String expectedTail) throws Exception {
        HttpURLConnection c = (HttpURLConnection) URI.create(address).toURL().openConnection();
        c.setDoOutput(true);
        c.setFixedLengthStreamingMode(body.length);
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        c.setRequestProperty("SOAPAction", "\"\"");
        c.setRequestProperty("X-Dsoap-Client", client);
        try (OutputStream out = c.getOutputStream()) {
            out.write(body);
        }
        int code = c.getResponseCode();
        long n = 0;
        byte[] last = new byte[0];
        try (InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream()) {
            byte[] buf = new byte[64 * 1024];
            for (int r; in != null && (r = in.read(buf)) > 0; ) { // bounded by the response's end
                n += r;
                byte[] joined = Arrays.copyOf(last, last.length + r);
                System.arraycopy(buf, 0, joined, last.length, r);
                last = Arrays.copyOfRange(joined, Math.max(0, joined.length - 256), joined.length); // the last 256 bytes
            }
        }
        String tail = new String(last, StandardCharsets.UTF_8);
        assertTrue(code != 200 || tail.endsWith(expectedTail), "response ends with " + tail.substring(Math.max(0, tail.length() - 200)));
        return new long[] {code, n};
    }

    private static BusStatsMXBean busStats(Cxf cxf) throws Exception {
        ObjectName name = new ObjectName("dev.dsoap:type=CxfModule,context=" + Integer.toHexString(System.identityHashCode(cxf.bus)));
        return JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(), name, BusStatsMXBean.class);
    }

    private static String text(int chars, char c) {
        char[] a = new char[chars];
        Arrays.fill(a, c);
        a[a.length - 1] = 'z';
        return new String(a);
    }

    @Test
    void fourTwentyMegabyteRequestsAreDroppedWhenIdleAndTheHeapReturns() throws Exception {
        String[] clients = {"0000000000000000000000000000000a", "0000000000000000000000000000000b",
                "0000000000000000000000000000000c", "0000000000000000000000000000000d"};
        byte[][] bodies = new byte[4][];
        for (int i = 0; i < 4; i++) {
            bodies[i] = strings(text(20_000_000, (char) ('a' + i)));
        }
        try (Cxf cxf = new Cxf()) {
            cxf.bus.setProperty("dsoap.memoryBudget", "256m");
            cxf.bus.setProperty("dsoap.idleTimeout", "1000");
            String address = cxf.publish(new DsoapDefaultsEchoImpl());
            for (int i = 0; i < 3; i++) {
                assertEquals(200, post(address, clients[0], strings("warm " + i), "</soap:Envelope>")[0]);
            }
            BusStatsMXBean bus = busStats(cxf);
            assertEquals(256 * MB, bus.getMemoryBudgetBytes());
            assertEquals(1000, bus.getIdleTimeoutMillis());
            OperationStatsMXBean op = cxf.stats("server", "EchoService.EchoPort", "echoStrings");
            long wait = 0;
            for (; wait < 200 && bus.getMemoryUsedBytes() > 0; wait++) { // the warm-up's small state ages out too
                Thread.sleep(50);
            }
            long before = heapAfterGc();
            long read = op.getMessagesRead();
            for (int i = 0; i < 4; i++) {
                long[] r = post(address, clients[i], bodies[i], "z</return></ns2:echoStringsResponse></soap:Body></soap:Envelope>");
                assertEquals(200, r[0]);
                assertTrue(r[1] > 20_000_000, r[1] + " bytes answered");
            }
            long kept = bus.getMemoryUsedBytes();
            long held = heapAfterGc() - before;
            assertEquals(read + 4, op.getMessagesRead(), "dsoap read the four requests: " + op.getReadFallbacks());
            // the drops may already have begun: what is kept is at least one request's state, at most the budget
            assertTrue(kept > 20_000_000 || bus.getIdleDrops() > 0, "kept " + kept + " bytes");
            long polls = 0;
            for (; polls < 600 && bus.getMemoryUsedBytes() > 0; polls++) { // bounded: 30 s
                Thread.sleep(50);
            }
            assertEquals(0, bus.getMemoryUsedBytes(), "the budget after " + polls + " polls");
            // what stays is bookkeeping of fixed size (each idle serializer's slot arrays, the peers' table), not messages
            assertTrue(op.getRetainedBytes() < 1 << 20, "the operation still reports " + op.getRetainedBytes() + " bytes");
            long after = heapAfterGc() - before;
            System.out.printf("IdleMemoryTest (CXF): four 20 MB requests: budget used %.1f MB, heap %+.1f MB after GC; "
                            + "after the idle drops (%d, idle timeout 1 s): budget used %d, reported %d bytes, heap %+.1f MB over the baseline%n",
                    kept / (double) MB, held / (double) MB, bus.getIdleDrops(), bus.getMemoryUsedBytes(), op.getRetainedBytes(),
                    after / (double) MB);
            assertTrue(bus.getIdleDrops() >= 8, "each request's read state and its answer's template: " + bus.getIdleDrops());
            assertTrue(after <= 5 * MB, "the heap holds " + after + " bytes more than before the requests");

            long identical = op.getReadsIdentical();
            long[] r = post(address, clients[0], bodies[0], "z</return></ns2:echoStringsResponse></soap:Body></soap:Envelope>");
            assertEquals(200, r[0]);
            assertTrue(r[1] > 20_000_000, r[1] + " bytes answered");
            assertEquals(identical, op.getReadsIdentical(), "the same request again is read in full: its kept message was dropped");
            assertEquals(read + 5, op.getMessagesRead());
        }
    }
}
