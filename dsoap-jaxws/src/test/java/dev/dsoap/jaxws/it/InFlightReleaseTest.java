package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.BusStatsMXBean;
import org.junit.jupiter.api.Test;

import javax.management.JMX;
import javax.management.ObjectName;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bytes of messages in flight on a CXF bus with dsoap, a server and a dsoap client on it: every path gives its
 * reservations back (an answer read, one that found the bound full and was read by CXF, a fault, an unchecked failure, a message too large, a client that
 * disconnects mid-body, a request that found the bound full), and a request that finds no room is served by CXF
 * from what dsoap read plus the rest, counted as {@code IN_FLIGHT}.
 */
class InFlightReleaseTest {
    private static final int BOUND = 4 << 20;

    private static BusStatsMXBean busStats(Cxf cxf) throws Exception {
        ObjectName name = new ObjectName("dev.dsoap:type=CxfModule,context=" + Integer.toHexString(System.identityHashCode(cxf.bus)));
        return JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(), name, BusStatsMXBean.class);
    }

    /** Waits (bounded) for the bytes in flight to come back to 0; a replay CXF stopped reading goes when collected. */
    private static void settles(BusStatsMXBean st, String after) throws InterruptedException {
        for (int i = 0; i < 100 && st.getInFlightBytes() != 0; i++) {
            System.gc();
            Thread.sleep(50);
        }
        assertEquals(0, st.getInFlightBytes(), "bytes in flight after " + after);
        assertTrue(st.getInFlightPeakBytes() <= 2L * BOUND, "peak " + st.getInFlightPeakBytes());
    }

    private static byte[] strings(String... values) {
        StringBuilder b = new StringBuilder("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns2:echoStrings xmlns:ns2=\"" + Echo.NS + "\">");
        for (String v : values) {
            b.append("<values>").append(v).append("</values>");
        }
        return b.append("</ns2:echoStrings></soap:Body></soap:Envelope>").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** POSTs {@code body}; returns the status and the answer. */
    private static Object[] post(String address, byte[] body) throws Exception {
        HttpURLConnection c = (HttpURLConnection) URI.create(address).toURL().openConnection();
        c.setDoOutput(true);
        c.setFixedLengthStreamingMode(body.length);
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        c.setRequestProperty("SOAPAction", "\"\"");
        try (OutputStream out = c.getOutputStream()) {
            out.write(body);
        }
        int code = c.getResponseCode();
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        try (InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream()) {
            if (in != null) {
                in.transferTo(answer);
            }
        }
        return new Object[] {code, answer.toString(StandardCharsets.UTF_8)};
    }

    /** A sender that has sent {@code n} bytes of a chunked request's body and waits. */
    private static Socket stalled(String address, byte[] body, int n) throws Exception {
        URI u = URI.create(address);
        Socket s = new Socket("127.0.0.1", u.getPort());
        OutputStream o = s.getOutputStream();
        o.write(("POST " + u.getPath() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: \"\"\r\nTransfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(n) + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        o.write(body, 0, n);
        o.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        o.flush();
        return s;
    }

    /** Messages of {@code side} on the bus that went CXF's way as {@code IN_FLIGHT}, over all its operation beans. */
    private static long inFlightFallbacks(Cxf cxf, String side) throws Exception {
        long counted = 0;
        for (ObjectName on : ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("dev.dsoap:type=CxfOperation,context="
                + Integer.toHexString(System.identityHashCode(cxf.bus)) + ",side=" + side + ",*"), null)) {
            OperationStatsMXBean op = JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(), on, OperationStatsMXBean.class);
            counted += op.getReadFallbacks().getOrDefault("IN_FLIGHT", 0L);
        }
        return counted;
    }

    @Test
    void everyPathGivesItsBytesBack() throws Exception {
        try (Cxf cxf = new Cxf()) {
            cxf.bus.setProperty("dsoap.maxInFlightBytes", Integer.toString(BOUND));
            cxf.bus.setProperty("dsoap.maxMessageBytes", "3m");
            String address = cxf.publish(new DsoapDefaultsEchoImpl());
            BusStatsMXBean st = busStats(cxf);
            assertEquals(BOUND, st.getInFlightLimitBytes());
            Echo client = cxf.dsoap(address);

            // answered: the server read the request and the dsoap client the answer, both on this bus
            String[] big = new String[20];
            Arrays.fill(big, "v".repeat(50_000));
            for (int i = 0; i < 3; i++) {
                assertArrayEquals(big, client.echoStrings(big));
            }
            settles(st, "answers");
            assertTrue(st.getInFlightPeakBytes() >= 1_000_000, "the messages were reserved: peak " + st.getInFlightPeakBytes());
            // a declared fault and an unchecked failure
            assertThrows(EchoFault.class, () -> client.fail("no"));
            assertThrows(Exception.class, () -> client.fail(null));
            settles(st, "faults");

            // too large: CXF reads it from dsoap's replay and answers
            String longer = "w".repeat(3_200_000);
            Object[] r = post(address, strings(longer));
            assertEquals(200, r[0]);
            assertTrue(((String) r[1]).contains(longer.substring(0, 1000)));
            settles(st, "a message over dsoap.maxMessageBytes");

            // a sender that disconnects in the middle of its body
            byte[] body = strings("x".repeat(3_000_000));
            Socket gone = stalled(address, body, 2_500_000);
            Thread.sleep(300);
            assertTrue(st.getInFlightBytes() > 0, "the stalled request is reserved while read");
            gone.setSoLinger(true, 0);
            gone.close();
            settles(st, "a client that disconnected");

            // the bound full: a stalled sender holds most of it, the next request goes CXF's way and is answered
            long refusals = st.getInFlightRefusals();
            Socket holder = stalled(address, body, 2_900_000);
            try {
                for (int i = 0; i < 100 && st.getInFlightBytes() < 2_900_000; i++) {
                    Thread.sleep(20);
                }
                assertTrue(st.getInFlightBytes() >= 2_900_000, "held " + st.getInFlightBytes());
                String two = "y".repeat(2_000_000);
                r = post(address, strings(two));
                assertEquals(200, r[0], "served by CXF");
                assertTrue(((String) r[1]).contains(two.substring(0, 1000)));
                assertTrue(st.getInFlightRefusals() > refusals, "the request found no room");
                assertTrue(st.getInFlightPeakBytes() <= 2L * BOUND);
                // the dsoap client on this bus: its 2 MB answer finds no room either, and CXF reads it
                String[] two40 = new String[40];
                Arrays.fill(two40, "z".repeat(50_000));
                assertArrayEquals(two40, client.echoStrings(two40));
                assertTrue(inFlightFallbacks(cxf, "client") >= 1, "the client's answer counted as IN_FLIGHT");
            } finally {
                holder.setSoLinger(true, 0);
                holder.close();
            }
            settles(st, "a request that found the bound full");
            assertTrue(inFlightFallbacks(cxf, "server") >= 1, "counted as IN_FLIGHT");
            assertEquals(st.getInFlightBytes(), 0);
        }
    }
}
