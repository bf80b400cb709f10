package dev.dsoap.client;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.ValueGen;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the client makes of responses: faults, error statuses, oversized and missing responses. */
class ResponsesTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final MessagePlan plan = Messages.plan(Messages.SOAP11);
    private final DifferentialSerializer ds = Messages.serializer(plan, SerializerConfig.defaults());
    private final Object[] parts = new ValueGen(new Random(0x5e5), 10).first(plan.root());

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void oversizedResponseIsRejectedAndTheNextCallReconnects() throws Exception {
        byte[] big = new byte[5000];
        Arrays.fill(big, (byte) 'x');
        try (DummySoapServer server = DummySoapServer.builder().response(200, "text/xml", big).start();
             DsoapClient client = DsoapClient.builder(server.uri("/r")).maxResponseBytes(1000).responseTimeout(TIMEOUT).build()) {
            for (int i = 1; i <= 2; i++) {
                ClientException e = assertThrows(ClientException.class, () -> client.call(ds, parts));
                assertEquals(ClientException.Reason.TOO_LARGE, e.reason(), e.getMessage());
                assertTrue(e.getMessage().contains("maxResponseBytes") && e.getMessage().contains("request #" + i), e.getMessage());
            }
            assertEquals(2, server.connections());
        }
        // the same response is fine within the bound
        try (DummySoapServer server = DummySoapServer.builder().response(200, "text/xml", big).start();
             DsoapClient client = DsoapClient.builder(server.uri("/r")).maxResponseBytes(5000).build()) {
            assertArrayEquals(big, client.call(ds, parts).body());
        }
    }

    @Test
    void soap11FaultFailsTheCallWithCodeAndReason() throws Exception {
        byte[] fault = utf8("<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv="
                + "\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body><soapenv:Fault><faultcode>soapenv:Server"
                + "</faultcode><faultstring>boom &amp; bust \u00e9</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>");
        try (DummySoapServer server = DummySoapServer.builder().response(500, "text/xml; charset=UTF-8", fault).start();
             DsoapClient client = DsoapClient.builder(server.uri("/r")).responseTimeout(TIMEOUT).build()) {
            ClientException e = assertThrows(ClientException.class, () -> client.call(ds, parts));
            assertEquals(ClientException.Reason.SOAP_FAULT, e.reason(), e.getMessage());
            Response r = e.response();
            assertEquals(500, r.status());
            assertTrue(r.isFault());
            assertEquals("soapenv:Server", r.faultCode());
            assertEquals("boom & bust \u00e9", r.faultString());
            assertArrayEquals(fault, r.body());
            assertTrue(e.getMessage().contains("HTTP 500") && e.getMessage().contains("boom & bust"), e.getMessage());
            // the connection stays usable after a fault
            assertThrows(ClientException.class, () -> client.call(ds, parts));
            assertEquals(1, server.connections());
        }
    }

    @Test
    void soap12FaultIsRecognizedWhateverTheStatus() throws Exception {
        byte[] fault = utf8("<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\"><env:Body><env:Fault>"
                + "<env:Code><env:Value>env:Sender</env:Value><env:Subcode><env:Value>m:Bad</env:Value></env:Subcode></env:Code>"
                + "<env:Reason><env:Text xml:lang=\"en\">bad input</env:Text><env:Text xml:lang=\"fr\">mauvais</env:Text></env:Reason>"
                + "</env:Fault></env:Body></env:Envelope>");
        MessagePlan p12 = Messages.plan(Messages.SOAP12);
        DifferentialSerializer ds12 = Messages.serializer(p12, SerializerConfig.defaults());
        Object[] parts12 = new ValueGen(new Random(12), 5).first(p12.root());
        for (int status : new int[] {400, 200}) {
            try (DummySoapServer server = DummySoapServer.builder().response(status, "application/soap+xml", fault).start();
                 DsoapClient client = DsoapClient.builder(server.uri("/r")).soapVersion(SoapVersion.SOAP_12)
                         .responseTimeout(TIMEOUT).build()) {
                ClientException e = assertThrows(ClientException.class, () -> client.call(ds12, parts12));
                assertEquals(ClientException.Reason.SOAP_FAULT, e.reason(), e.getMessage());
                assertEquals("env:Sender", e.response().faultCode());
                assertEquals("bad input", e.response().faultString());
                assertEquals(status, e.response().status());
            }
        }
    }

    @Test
    void errorStatusWithoutFaultFailsWithTheResponse() throws Exception {
        byte[] html = utf8("<html><body>no such service</body></html>");
        try (DummySoapServer server = DummySoapServer.builder().response(404, "text/html", html).start();
             DsoapClient client = DsoapClient.builder(server.uri("/nothing")).responseTimeout(TIMEOUT).build()) {
            ClientException e = assertThrows(ClientException.class, () -> client.call(ds, parts));
            assertEquals(ClientException.Reason.HTTP_STATUS, e.reason(), e.getMessage());
            assertEquals(404, e.response().status());
            assertFalse(e.response().isFault());
            assertNull(e.response().faultString());
            assertEquals("text/html", e.response().contentType());
            assertArrayEquals(html, e.response().body());
            assertTrue(e.getMessage().contains("HTTP 404") && e.getMessage().contains("/nothing"), e.getMessage());
        }
    }

    /** A server that reads requests and never answers: the call fails after the response timeout. */
    @Test
    void silentServerTimesOut() throws Exception {
        try (ServerSocket ss = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            Thread sink = new Thread(() -> {
                try (Socket s = ss.accept(); InputStream in = s.getInputStream()) {
                    in.transferTo(OutputStream.nullOutputStream());
                } catch (Exception ignored) {
                    // the test ends by closing the socket
                }
            }, "silent-server");
            sink.setDaemon(true);
            sink.start();
            try (DsoapClient client = DsoapClient.builder(URI.create("http://127.0.0.1:" + ss.getLocalPort() + "/s"))
                    .responseTimeout(Duration.ofMillis(300)).build()) {
                long t0 = System.nanoTime();
                ClientException e = assertThrows(ClientException.class, () -> client.call(ds, parts));
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertEquals(ClientException.Reason.TIMEOUT, e.reason(), e.getMessage());
                assertTrue(ms >= 250 && ms < 5000, ms + " ms");
                assertTrue(e.getMessage().contains("300 ms"), e.getMessage());
            }
        }
    }

    @Test
    void rawBuffersAreSentInOrderWithTheirPositionsKept() throws Exception {
        try (DummySoapServer server = DummySoapServer.builder().keepBodies(true).start();
             DsoapClient client = DsoapClient.builder(server.uri("/raw")).framing(Framing.CHUNKED).build()) {
            ByteBuffer a = ByteBuffer.wrap(utf8("__<a>"));
            a.position(2);
            ByteBuffer empty = ByteBuffer.allocate(0);
            ByteBuffer b = ByteBuffer.wrap(utf8("\u00e9</a>")).asReadOnlyBuffer();
            CompletableFuture<Response> f = client.send(new ByteBuffer[] {a, empty, b});
            assertEquals(2, a.position());
            assertEquals(0, b.position());
            assertEquals(200, DsoapClient.await(f).status());
            assertArrayEquals(utf8("<a>\u00e9</a>"), server.takeBodies().get(0));
        }
    }

    @Test
    void misuseIsRefusedWithTheReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DsoapClient.builder(URI.create("https://127.0.0.1/x")));
        assertTrue(e.getMessage().contains("https://127.0.0.1/x"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DsoapClient.builder(URI.create("http://h/")).maxInFlight(0));
        assertThrows(IllegalArgumentException.class, () -> DsoapClient.builder(URI.create("http://h/")).responseTimeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> DsoapClient.builder(URI.create("http://h/")).soapAction("a\"b"));
        try (DsoapClient client = DsoapClient.builder(URI.create("http://127.0.0.1:9/x")).soapVersion(SoapVersion.SOAP_12).build()) {
            ds.serialize(parts);
            IllegalArgumentException v = assertThrows(IllegalArgumentException.class, () -> client.send(ds));
            assertTrue(v.getMessage().contains("SOAP_12") && v.getMessage().contains("SOAP_11"), v.getMessage());
        }
    }

    /** Closing a client stops its I/O thread: no client thread outlives the clients of this test. */
    @Test
    void closeStopsTheClientThread() throws Exception {
        try (DummySoapServer server = DummySoapServer.start()) {
            for (int i = 0; i < 3; i++) {
                try (DsoapClient client = DsoapClient.builder(server.uri("/x")).build()) {
                    client.call(ds, parts);
                }
            }
        }
        // the group's termination is signalled just before its thread ends: give the threads a moment
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("dsoap-client")) {
                t.join(2000);
                assertFalse(t.isAlive(), t.getName() + " is still running after close()");
            }
        }
    }
}
