package dev.dsoap.axis2.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bytes of requests in flight on an Axis2 server with dsoap ({@code dsoap.maxInFlightBytes} 4 MiB,
 * {@code dsoap.maxMessageBytes} 3 MiB): every path gives its reservations back (a request answered, one Axis2
 * refuses, one too large, a sender that disconnects mid-body, one that found the bound full), and a request that
 * finds no room is served by Axis2 from what dsoap read plus the rest, counted as {@code IN_FLIGHT}.
 */
class InFlightReleaseIT {
    private static final int BOUND = 4 << 20;

    @TempDir
    static Path dir;
    private static Axis2Server server;
    private static String url;
    private static String ns;

    @BeforeAll
    static void start() throws Exception {
        server = Axis2Server.start(dir, true, "<parameter name=\"dsoap.maxInFlightBytes\">" + BOUND + "</parameter>"
                + "<parameter name=\"dsoap.maxMessageBytes\">3m</parameter>");
        url = "http://127.0.0.1:" + server.port + "/axis2/services/EchoService";
        ns = server.echo.getTargetNamespace();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static String strings(String... values) {
        StringBuilder b = new StringBuilder();
        for (String v : values) {
            b.append("<v>").append(v).append("</v>");
        }
        return Soap.request(ns, "echoStrings", b.toString());
    }

    private static Soap.Response post(String xml, String op) throws Exception {
        return Soap.post(url, "text/xml; charset=UTF-8", xml.getBytes(StandardCharsets.UTF_8), "urn:" + op);
    }

    /** A sender that has sent {@code n} bytes of a chunked request's body and waits. */
    private static Socket stalled(byte[] body, int n) throws Exception {
        Socket s = new Socket("127.0.0.1", server.port);
        OutputStream o = s.getOutputStream();
        o.write(("POST /axis2/services/EchoService HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: \"urn:echoStrings\"\r\nTransfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(n) + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        o.write(body, 0, n);
        o.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        o.flush();
        return s;
    }

    /** Waits (bounded) for the bytes in flight to come back to 0; a replay Axis2 stopped reading goes when collected. */
    private static void settles(Stats module, String after) throws Exception {
        for (int i = 0; i < 100 && module.get("InFlightBytes") != 0; i++) {
            System.gc();
            Thread.sleep(50);
        }
        assertEquals(0, module.get("InFlightBytes"), "bytes in flight after " + after);
        assertTrue(module.get("InFlightPeakBytes") <= 2L * BOUND, "peak " + module.get("InFlightPeakBytes"));
    }

    private static void waitFor(Stats module, long atLeast) throws Exception {
        for (int i = 0; i < 200 && module.get("InFlightBytes") < atLeast; i++) {
            Thread.sleep(20);
        }
    }

    @Test
    void everyPathGivesItsBytesBack() throws Exception {
        Stats module = Stats.module(server.context);
        assertEquals(BOUND, module.get("InFlightLimitBytes"));

        String v = "v".repeat(50_000);
        for (int i = 0; i < 3; i++) {
            Soap.Response r = post(strings(v, v, v, v, v, v, v, v, v, v), "echoStrings");
            assertEquals(200, r.status(), r.text());
            assertTrue(r.text().contains(v));
        }
        settles(module, "answers");
        assertTrue(module.get("InFlightPeakBytes") >= 500_000, "the requests were reserved: peak " + module.get("InFlightPeakBytes"));

        // Axis2 refuses a double that is a word
        Soap.Response bad = post(Soap.request(ns, "echo", "<v>1.5</v><v>word</v>"), "echo");
        assertTrue(bad.status() >= 400, bad.status() + " " + bad.text());
        settles(module, "a refused request");

        // too large: Axis2 reads it from dsoap's replay and answers
        String longer = "w".repeat(3_200_000);
        Soap.Response r = post(strings(longer), "echoStrings");
        assertEquals(200, r.status());
        assertTrue(r.text().contains(longer.substring(0, 1000)));
        settles(module, "a request over dsoap.maxMessageBytes");

        // a sender that disconnects in the middle of its body
        byte[] body = strings("x".repeat(3_000_000)).getBytes(StandardCharsets.UTF_8);
        Socket gone = stalled(body, 2_500_000);
        waitFor(module, 2_000_000);
        assertTrue(module.get("InFlightBytes") > 0, "the stalled request is reserved while read");
        gone.setSoLinger(true, 0);
        gone.close();
        settles(module, "a client that disconnected");

        // the bound full: a stalled sender holds most of it, the next request goes Axis2's way and is answered
        long refusals = module.get("InFlightRefusals");
        Stats echoStrings = Stats.find(server.context, "server", "EchoService", "echoStrings");
        long counted = echoStrings.map("ReadFallbacks").getOrDefault("IN_FLIGHT", 0L);
        Socket holder = stalled(body, 2_900_000);
        try {
            waitFor(module, 2_900_000);
            assertTrue(module.get("InFlightBytes") >= 2_900_000, "held " + module.get("InFlightBytes"));
            String two = "y".repeat(2_000_000);
            r = post(strings(two), "echoStrings");
            assertEquals(200, r.status(), "served by Axis2");
            assertTrue(r.text().contains(two.substring(0, 1000)));
            assertTrue(module.get("InFlightRefusals") > refusals, "the request found no room");
            assertEquals(counted + 1, echoStrings.map("ReadFallbacks").getOrDefault("IN_FLIGHT", 0L), "counted as IN_FLIGHT");
        } finally {
            holder.setSoLinger(true, 0);
            holder.close();
        }
        settles(module, "a request that found the bound full");
    }
}
