package dev.dsoap.jaxws.handler;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.soap.SOAPBinding;
import jakarta.xml.ws.soap.SOAPFaultException;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.management.InstanceNotFoundException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The handler on a real CXF endpoint (Jetty on 127.0.0.1, installed by {@code @HandlerChain}) and on real
 * JAX-WS client proxies (installed through {@code BindingProvider}), against peers with and without it.
 * Statistics are shared JVM-wide, so checks compare before and after.
 */
@Timeout(60)
class HandlerEndToEndTest {
    private static final QName SERVICE = new QName(Echo.NS, "EchoService");
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static String quality;
    private static String plain;
    private static String shipped;
    private static Endpoint qualityEndpoint;
    private static Endpoint plainEndpoint;
    private static Endpoint shippedEndpoint;

    @BeforeAll
    static void publish() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        quality = "http://127.0.0.1:" + port + "/quality";
        plain = "http://127.0.0.1:" + port + "/plain";
        qualityEndpoint = Endpoint.publish(quality, new QualityEcho());
        plainEndpoint = Endpoint.publish(plain, new PlainEcho());
        shipped = "http://127.0.0.1:" + port + "/shipped";
        shippedEndpoint = Endpoint.publish(shipped, new ShippedChainEcho());
    }

    @AfterAll
    static void stop() {
        if (qualityEndpoint != null) {
            qualityEndpoint.stop();
        }
        if (plainEndpoint != null) {
            plainEndpoint.stop();
        }
        if (shippedEndpoint != null) {
            shippedEndpoint.stop();
        }
        Bus bus = BusFactory.getDefaultBus(false);
        if (bus != null) {
            bus.shutdown(true);
        }
    }

    private static Echo client(String address, String port, DsoapQualityHandler handler) {
        Service service = Service.create(SERVICE);
        QName portName = new QName(Echo.NS, port);
        service.addPort(portName, SOAPBinding.SOAP11HTTP_BINDING, address);
        Echo echo = service.getPort(portName, Echo.class);
        if (handler != null) {
            BindingProvider bp = (BindingProvider) echo;
            @SuppressWarnings("rawtypes")
            List<Handler> chain = bp.getBinding().getHandlerChain();
            chain.add(handler);
            bp.getBinding().setHandlerChain(chain);
        }
        return echo;
    }

    private static Echo qualityClient(DsoapQualityHandler handler) {
        return client(quality, "EchoPort", handler);
    }

    private static Map<String, Object> response(Echo port) {
        return ((BindingProvider) port).getResponseContext();
    }

    private static long stat(String side, String endpoint, String operation, String attribute) throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            return (Long) server.getAttribute(HandlerStats.objectName(side, endpoint, operation), attribute);
        } catch (InstanceNotFoundException e) {
            return 0;
        }
    }

    @Test
    void headersTravelBothWays() {
        DsoapQualityHandler h = new DsoapQualityHandler();
        h.attributes().update("resolution", 640);
        Echo port = qualityClient(h);

        // first call of the operation: no round trip measured yet, so only the application's attribute, and the
        // server sends the full message until a value chooses
        assertEquals("requested=null;type=full;peer={resolution=640.0}", port.seen());
        Double r1 = (Double) response(port).get(DsoapQualityHandler.RTT_ESTIMATE);
        assertNotNull(r1, "the client measured the round trip");
        assertTrue(r1 > 0, "rtt " + r1);
        @SuppressWarnings("unchecked")
        Map<String, Double> answer = (Map<String, Double>) response(port).get(DsoapQualityHandler.PEER_ATTRIBUTES);
        assertEquals(Set.of("processing"), answer.keySet(), "the server's own attribute");
        assertTrue(answer.get("processing") >= 0, answer + " vs rtt " + r1);
        assertEquals("full", response(port).get(DsoapQualityHandler.MESSAGE_TYPE), "no attribute to choose by yet");

        // second call: the client announces its estimate (exactly, as a double) with its deviation (RFC 6298: half
        // the first sample), and the server chooses by it
        String seen = port.seen();
        String type = (String) response(port).get(DsoapQualityHandler.MESSAGE_TYPE);
        assertNotNull(type);
        assertEquals("requested=null;type=" + type + ";peer={resolution=640.0, rtt=" + r1 + ", rttvar=" + (r1 / 2) + "}",
                seen);
        Double r2 = (Double) response(port).get(DsoapQualityHandler.RTT_ESTIMATE);
        assertNotNull(r2);
        assertTrue(r2 > 0, "rtt " + r2);
    }

    @Test
    void serverChoosesFromItsQualityFileOnTheEstimatesBand() throws Exception {
        DsoapQualityHandler h = new DsoapQualityHandler();
        Echo port = qualityClient(h);
        long switches = stat("server", "EchoPort", "echo", "TypeSwitches");
        // test-quality.txt: [0, 50) full, [50, 200) half, [200, inf) quarter; k-rise 0, k-fall 2, no dwell.
        // The application sets rtt (and here rttvar), which replace the handler's own estimate.
        double[] rtts = {10, 300, 190, 170, 52, 40, 40};
        double[] devs = {Double.NaN, 0, 10, 10, 5, 10, 2};
        String[] types = {"full", "quarter", "quarter", "half", "half", "half", "full"};
        for (int i = 0; i < rtts.length; i++) {
            h.attributes().update("rtt", rtts[i]);
            if (Double.isNaN(devs[i])) {
                h.attributes().remove("rttvar");
            } else {
                h.attributes().update("rttvar", devs[i]);
            }
            assertEquals("call " + i, port.echo("call " + i));
            assertEquals(types[i], response(port).get(DsoapQualityHandler.MESSAGE_TYPE),
                    "call " + i + ", rtt " + rtts[i] + " +- " + devs[i]);
        }
        assertEquals(3, stat("server", "EchoPort", "echo", "TypeSwitches") - switches);

        // another client (another id) starts afresh, in the type its first value selects
        DsoapQualityHandler other = new DsoapQualityHandler();
        other.attributes().update("rtt", 250);
        Echo port2 = qualityClient(other);
        port2.echo("x");
        assertEquals("quarter", response(port2).get(DsoapQualityHandler.MESSAGE_TYPE));
    }

    @Test
    void requestedTypesAndTheServicesChoice() {
        DsoapQualityHandler h = new DsoapQualityHandler();
        Echo port = qualityClient(h);
        ((BindingProvider) port).getRequestContext().put(DsoapQualityHandler.REQUESTED_TYPE, "half");
        // no rtt yet: the server grants a type its file knows
        assertEquals("requested=half;type=half;peer={}", port.seen());
        assertEquals("half", response(port).get(DsoapQualityHandler.MESSAGE_TYPE));
        // the service may replace the choice; the answer announces what it left
        assertEquals("custom", port.choose("custom"));
        assertEquals("custom", response(port).get(DsoapQualityHandler.MESSAGE_TYPE));
    }

    @Test
    void shippedChainFileWithoutAQualityFileGrantsTheRequestedType() throws Exception {
        long in = stat("server", "ShippedEchoPort", "echo", "QualityHeadersIn");
        Echo port = client(shipped, "ShippedEchoPort", new DsoapQualityHandler());
        ((BindingProvider) port).getRequestContext().put(DsoapQualityHandler.REQUESTED_TYPE, "anything");
        for (int i = 0; i < 3; i++) {
            assertEquals("s" + i, port.echo("s" + i));
            assertEquals("anything", response(port).get(DsoapQualityHandler.MESSAGE_TYPE));
            assertTrue(((Map<?, ?>) response(port).get(DsoapQualityHandler.PEER_ATTRIBUTES)).containsKey("processing"));
        }
        assertEquals(3, stat("server", "ShippedEchoPort", "echo", "QualityHeadersIn") - in);
    }

    @Test
    void clientWithAQualityFileRequestsItsOwnChoice() {
        DsoapQualityHandler h = new DsoapQualityHandler();
        h.init(Map.of(DsoapQualityHandler.QUALITY_FILE, "dev/dsoap/jaxws/handler/test-quality.txt",
                DsoapQualityHandler.JMX, "true"));
        h.attributes().update("rtt", 300);
        Echo port = qualityClient(h);
        assertEquals("requested=quarter;type=quarter;peer={rtt=300.0}", port.seen());
    }

    @Test
    void statisticsOverJmx() throws Exception {
        String[] attrs = {"MessagesIn", "MessagesOut", "QualityHeadersIn", "QualityHeadersOut", "Responses"};
        long[] server = new long[attrs.length];
        long[] client = new long[attrs.length];
        for (int i = 0; i < attrs.length; i++) {
            server[i] = stat("server", "EchoPort", "scale", attrs[i]);
            client[i] = stat("client", "EchoPort", "scale", attrs[i]);
        }
        long trips = stat("client", "EchoPort", "scale", "RoundTrips");
        long total = stat("client", "EchoPort", "scale", "RoundTripMicrosTotal");
        long processing = stat("server", "EchoPort", "scale", "ProcessingMicrosTotal");

        Echo port = qualityClient(new DsoapQualityHandler());
        int n = 5;
        for (int i = 0; i < n; i++) {
            port.scale(new double[] {i, 2 * i}, 3);
        }
        long[] expectServer = {n, n, n, n, n};
        long[] expectClient = {n, n, n, n, 0};
        for (int i = 0; i < attrs.length; i++) {
            assertEquals(expectServer[i], stat("server", "EchoPort", "scale", attrs[i]) - server[i], "server " + attrs[i]);
            assertEquals(expectClient[i], stat("client", "EchoPort", "scale", attrs[i]) - client[i], "client " + attrs[i]);
        }
        assertEquals(n, stat("client", "EchoPort", "scale", "RoundTrips") - trips);
        long rtt = stat("client", "EchoPort", "scale", "RoundTripMicrosTotal") - total;
        long proc = stat("server", "EchoPort", "scale", "ProcessingMicrosTotal") - processing;
        assertTrue(rtt > 0 && proc >= 0 && proc < rtt, "round trips " + rtt + " us, processing " + proc + " us");
        assertTrue(stat("client", "EchoPort", "scale", "LastRoundTripMicros") > 0);
        assertTrue(stat("client", "EchoPort", "scale", "RoundTripEstimateMicros") > 0);

        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName("dev.dsoap:type=JaxwsHandler,side=server,endpoint=EchoPort,operation=scale");
        assertTrue(mbs.isRegistered(name));
        assertEquals("scale", mbs.getAttribute(name, "Operation"));
        assertFalse(mbs.queryNames(new ObjectName("dev.dsoap:type=JaxwsHandler,side=client,*"), null).isEmpty());
    }

    @Test
    void faultsAreCountedNotTimed() throws Exception {
        long faultsOut = stat("server", "EchoPort", "fail", "FaultsOut");
        long faultsIn = stat("client", "EchoPort", "fail", "FaultsIn");
        long trips = stat("client", "EchoPort", "fail", "RoundTrips");
        Echo port = qualityClient(new DsoapQualityHandler());
        SOAPFaultException e = assertThrows(SOAPFaultException.class, () -> port.fail("on purpose"));
        assertTrue(e.getMessage().contains("on purpose"), e.getMessage());
        assertEquals(1, stat("server", "EchoPort", "fail", "FaultsOut") - faultsOut);
        assertEquals(1, stat("client", "EchoPort", "fail", "FaultsIn") - faultsIn);
        assertEquals(0, stat("client", "EchoPort", "fail", "RoundTrips") - trips);
    }

    @Test
    void bodiesAreUnchanged() {
        String text = "a<b & \"c\" 'd' ]]> \u00e9\u4e2d\ud83d\ude00 \t end";
        double[] values = {0, -0.0, 1.5, -2.25, Double.MIN_VALUE, Double.MAX_VALUE, 1e-300, Double.NaN,
            Double.POSITIVE_INFINITY, 0.1, 123456789.123};
        Echo both = qualityClient(new DsoapQualityHandler());
        Echo clientOnly = client(plain, "PlainEchoPort", new DsoapQualityHandler());
        Echo serverOnly = qualityClient(null);
        Echo neither = client(plain, "PlainEchoPort", null);
        double[] expected = neither.scale(values, 3);
        for (Echo port : new Echo[] {both, clientOnly, serverOnly, neither}) {
            assertEquals(text, port.echo(text));
            double[] got = port.scale(values, 3);
            assertEquals(expected.length, got.length);
            for (int i = 0; i < got.length; i++) {
                assertEquals(Double.doubleToRawLongBits(values[i] * 3), Double.doubleToRawLongBits(got[i]),
                        "value " + i);
            }
            assertArrayEquals(expected, got);
        }
    }

    @Test
    void peerWithoutTheHandlerIgnoresTheHeaders() throws Exception {
        // a handler client against a server without it: works, round trips still measured, no answer
        long out = stat("client", "PlainEchoPort", "echo", "QualityHeadersOut");
        long in = stat("client", "PlainEchoPort", "echo", "QualityHeadersIn");
        long trips = stat("client", "PlainEchoPort", "echo", "RoundTrips");
        Echo toPlain = client(plain, "PlainEchoPort", new DsoapQualityHandler());
        assertEquals("hello", toPlain.echo("hello"));
        assertEquals("plain", toPlain.seen());
        assertEquals(1, stat("client", "PlainEchoPort", "echo", "QualityHeadersOut") - out);
        assertEquals(0, stat("client", "PlainEchoPort", "echo", "QualityHeadersIn") - in);
        assertEquals(1, stat("client", "PlainEchoPort", "echo", "RoundTrips") - trips);
        toPlain.echo("again");
        assertNull(response(toPlain).get(DsoapQualityHandler.MESSAGE_TYPE));
        assertNull(response(toPlain).get(DsoapQualityHandler.PEER_ATTRIBUTES));
        assertNotNull(response(toPlain).get(DsoapQualityHandler.RTT_ESTIMATE));

        // a client without the handler against the server with it: works, no answer header added
        long sIn = stat("server", "EchoPort", "echo", "MessagesIn");
        long qIn = stat("server", "EchoPort", "echo", "QualityHeadersIn");
        long qOut = stat("server", "EchoPort", "echo", "QualityHeadersOut");
        Echo bare = qualityClient(null);
        assertEquals("hi", bare.echo("hi"));
        assertEquals("requested=null;type=null;peer=null", bare.seen());
        assertEquals(1, stat("server", "EchoPort", "echo", "MessagesIn") - sIn);
        assertEquals(0, stat("server", "EchoPort", "echo", "QualityHeadersIn") - qIn);
        assertEquals(0, stat("server", "EchoPort", "echo", "QualityHeadersOut") - qOut);
    }

    @Test
    void wireFormatAndMalformedHeaders() throws Exception {
        long bytes = stat("server", "EchoPort", "echo", "BytesIn");
        long sized = stat("server", "EchoPort", "echo", "BytesInMessages");
        String header = "<dq:Quality xmlns:dq=\"urn:dsoap:quality\"><dq:client>raw</dq:client><dq:sent>42</dq:sent>"
                + "<dq:type>half</dq:type><dq:attribute name=\"rtt\">10</dq:attribute></dq:Quality>";
        byte[] request = envelope(header, "wire").getBytes(StandardCharsets.UTF_8);
        String reply = post(quality, request);
        assertTrue(reply.contains("<return>wire</return>"), reply);
        int h = reply.indexOf("QualityAnswer");
        int body = reply.indexOf("Body");
        assertTrue(h > 0 && h < body, "answer block in the header: " + reply);
        assertTrue(reply.contains("urn:dsoap:quality"), reply);
        assertTrue(reply.matches("(?s).*<(\\w+:)?sent>42</(\\w+:)?sent>.*"), "timestamp echoed: " + reply);
        assertTrue(reply.matches("(?s).*<(\\w+:)?type>full</(\\w+:)?type>.*"), "rtt 10 ms chooses full: " + reply);
        assertTrue(reply.matches("(?s).*<(\\w+:)?attribute name=\"processing\">[0-9.E-]+</(\\w+:)?attribute>.*"), reply);
        assertFalse(reply.contains("mustUnderstand"), reply);
        assertEquals(1, stat("server", "EchoPort", "echo", "BytesInMessages") - sized, "Content-Length known");
        assertEquals(request.length, stat("server", "EchoPort", "echo", "BytesIn") - bytes);

        // malformed: ignored whole, counted, no answer; the call itself goes through
        long rejected = stat("server", "EchoPort", "echo", "QualityHeadersRejected");
        String bad = "<dq:Quality xmlns:dq=\"urn:dsoap:quality\"><dq:attribute name=\"rtt\">fast</dq:attribute>"
                + "</dq:Quality>";
        reply = post(quality, envelope(bad, "still").getBytes(StandardCharsets.UTF_8));
        assertTrue(reply.contains("<return>still</return>"), reply);
        assertFalse(reply.contains("QualityAnswer"), reply);
        assertEquals(1, stat("server", "EchoPort", "echo", "QualityHeadersRejected") - rejected);

        // mustUnderstand-free blocks are ignored by a server without the handler
        reply = post(plain, request);
        assertTrue(reply.contains("<return>wire</return>"), reply);
        assertFalse(reply.contains("QualityAnswer"), reply);
    }

    @Test
    void misconfigurationFailsLoudly() {
        DsoapQualityHandler h = new DsoapQualityHandler();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> h.init(Map.of(DsoapQualityHandler.QUALITY_FILE, "dev/dsoap/missing-quality.txt")));
        assertTrue(e.getMessage().contains("not found"), e.getMessage());
        WebServiceException w = assertThrows(WebServiceException.class, () -> h.handleMessage(null));
        assertTrue(w.getMessage().contains("missing-quality.txt"), w.getMessage());
        Echo port = qualityClient(h);
        assertThrows(WebServiceException.class, () -> port.echo("never sent"));
        assertEquals(Set.of(DsoapQualityHandler.QUALITY_HEADER, DsoapQualityHandler.ANSWER_HEADER), h.getHeaders());
    }

    private static String envelope(String header, String text) {
        return "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Header>" + header + "</s:Header><s:Body>"
                + "<e:echo xmlns:e=\"" + Echo.NS + "\"><arg0>" + text + "</arg0></e:echo></s:Body></s:Envelope>";
    }

    private static String post(String address, byte[] request) throws Exception {
        HttpURLConnection c = (HttpURLConnection) new URL(address).openConnection();
        c.setConnectTimeout(5000);
        c.setReadTimeout(10000);
        c.setDoOutput(true);
        c.setRequestMethod("POST");
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        c.setRequestProperty("SOAPAction", "\"\"");
        c.setFixedLengthStreamingMode(request.length);
        try (OutputStream out = c.getOutputStream()) {
            out.write(request);
        }
        int code = c.getResponseCode();
        try (InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream()) {
            String reply = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(200, code, reply);
            return reply;
        } finally {
            c.disconnect();
        }
    }
}
