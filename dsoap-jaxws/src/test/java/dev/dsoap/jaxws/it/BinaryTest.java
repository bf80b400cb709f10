package dev.dsoap.jaxws.it;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.Frame;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.negotiation.BinaryMediaType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * dsoap's binary form between a real CXF endpoint on Jetty and real JAX-WS proxies: plain proxies never see a
 * binary byte; {@code @DifferentialSoap} proxies ask for binary answers and get them (interoperability, the
 * default); a proxy in performance mode also sends binary requests once the endpoint has said it reads them. Every
 * answer equals a plain proxy's answer from a plain endpoint over generated sequences with edge values, and dsoap's
 * counters show which form carried what.
 */
class BinaryTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261124L);
    private static final int STEPS = Integer.getInteger("dsoap.steps", 120);

    private static Cxf cxf;
    private static Cxf performanceBus;
    private static String address;
    private static Echo reference;
    private static Echo plain;
    private static Echo interoperability;
    private static Echo performance;

    @BeforeAll
    static void start() throws Exception {
        cxf = new Cxf();
        String plainAddress = cxf.publish(new EchoImpl());
        address = cxf.publish(new DsoapEchoImpl());
        reference = cxf.plain(plainAddress);
        plain = cxf.plain(address);
        interoperability = cxf.dsoap(address);
        performanceBus = new Cxf();
        performanceBus.bus.setProperty("dsoap.binary", "performance");
        performance = performanceBus.dsoap(address);
    }

    @AfterAll
    static void stop() {
        performanceBus.close();
        cxf.close();
    }

    private static OperationStatsMXBean server(String operation) {
        return cxf.stats("server", "EchoService.EchoPort", operation);
    }

    private static <R> void same(String what, int step, Function<Echo, R> call) {
        R expected = call.apply(reference);
        Echo[] clients = {plain, interoperability, performance};
        String[] names = {"plain proxy", "dsoap proxy", "dsoap proxy in performance mode"};
        for (int c = 0; c < clients.length; c++) {
            R got = call.apply(clients[c]);
            if (!Objects.deepEquals(expected, got)) {
                fail(what + " step " + step + " (seed " + SEED + ") via " + names[c] + ": expected " + show(expected)
                        + " but got " + show(got));
            }
        }
    }

    private static String show(Object o) {
        return o instanceof double[] d ? Arrays.toString(d) : o instanceof int[] i ? Arrays.toString(i)
                : o instanceof Object[] a ? Arrays.deepToString(a) : String.valueOf(o);
    }

    @Test
    void everyClientGetsTheSameValues() {
        OperationStatsMXBean doubles = server("echoDoubles");
        long writtenBefore = doubles.getBinaryMessagesWritten();
        for (int i = 0; i < 5; i++) {
            plain.echoDoubles(new double[] {i, -0.0, Double.NaN});
        }
        assertEquals(writtenBefore, doubles.getBinaryMessagesWritten(), "a plain proxy was answered in binary");

        Gen g = new Gen(SEED, 25);
        double[] v = g.doubles(null);
        int[] ints = null;
        String[] strings = null;
        Mio[] mios = null;
        Reading r = null;
        for (int step = 0; step < STEPS; step++) {
            double[] x = v;
            same("echoDoubles", step, e -> e.echoDoubles(x));
            double scale = g.dbl();
            same("sum", step, e -> e.sum(x, scale));
            ints = g.ints(ints);
            strings = g.strings(strings);
            mios = g.mios(mios);
            r = g.reading(r);
            int[] i = ints;
            String[] s = strings;
            Mio[] m = mios;
            Reading rr = r;
            String label = g.text();
            int count = g.integer();
            same("echoInts", step, e -> e.echoInts(i));
            same("echoStrings", step, e -> e.echoStrings(s));
            same("echoMios", step, e -> e.echoMios(m));
            same("echoReading", step, e -> e.echoReading(rr, label));
            same("describe", step, e -> e.describe(rr, x, label, count));
            v = g.doubles(v);
        }
        for (String op : new String[] {"echoDoubles", "sum", "echoInts", "echoStrings", "echoMios", "echoReading", "describe"}) {
            OperationStatsMXBean s = server(op);
            String all = op + ": binary read " + s.getBinaryMessagesRead() + " written " + s.getBinaryMessagesWritten()
                    + ", XML read " + s.getMessagesRead() + " written " + s.getMessagesWritten() + ", refusals "
                    + s.getBinaryRefusals() + ", fallbacks " + s.getReadFallbacks() + " " + s.getWriteFallbacks();
            assertTrue(s.getBinaryMessagesWritten() >= 2L * STEPS - 1, all); // both dsoap proxies' answers
            assertTrue(s.getBinaryMessagesRead() >= STEPS - 1, all); // the performance proxy's requests after its first
            assertTrue(s.getMessagesWritten() >= STEPS, all); // the plain proxy's answers, in XML
            assertEquals(java.util.Map.of(), s.getBinaryRefusals(), all);
            OperationStatsMXBean client = performanceBus.stats("client", "EchoService.EchoPort", op);
            assertTrue(client.getBinaryMessagesWritten() >= STEPS - 1 && client.getBinaryMessagesRead() >= STEPS, op
                    + " performance client: binary written " + client.getBinaryMessagesWritten() + " read "
                    + client.getBinaryMessagesRead());
        }
        // strings unchanged from one call to the next are taken from the last message on both sides
        OperationStatsMXBean echoStrings = server("echoStrings");
        OperationStatsMXBean client = performanceBus.stats("client", "EchoService.EchoPort", "echoStrings");
        String reused = "echoStrings reused bytes: endpoint read " + echoStrings.getBinaryBytesReusedRead() + " written "
                + echoStrings.getBinaryBytesReusedWritten() + ", performance client read " + client.getBinaryBytesReusedRead()
                + " written " + client.getBinaryBytesReusedWritten();
        assertTrue(echoStrings.getBinaryBytesReusedRead() > 0 && echoStrings.getBinaryBytesReusedWritten() > 0, reused);
        assertTrue(client.getBinaryBytesReusedRead() > 0 && client.getBinaryBytesReusedWritten() > 0, reused);
    }

    /** The endpoint with binary switched off. */
    @dev.dsoap.jaxws.DifferentialSoap(binary = "off")
    @jakarta.jws.WebService(endpointInterface = "dev.dsoap.jaxws.it.Echo", targetNamespace = Echo.NS, serviceName = "EchoService",
            portName = "EchoPort")
    public static class XmlOnlyEchoImpl extends EchoImpl {
    }

    /**
     * A performance-mode proxy whose endpoint is replaced by one that reads no binary: the call in flight fails with
     * CXF's HTTP 415 error, and the proxy goes back to XML; every later call succeeds in XML.
     */
    @Test
    void aRefusedBinaryRequestSendsTheClientBackToXml() throws Exception {
        try (Cxf fast = new Cxf()) {
            fast.bus.setProperty("dsoap.binary", "performance");
            Cxf own = new Cxf();
            String a = own.address("swap");
            jakarta.xml.ws.Endpoint.publish(a, new DsoapEchoImpl());
            org.apache.cxf.BusFactory.setThreadDefaultBus(fast.bus);
            Echo client = fast.dsoap(a);
            for (int i = 0; i < 3; i++) {
                assertEquals(i + 0.5, client.sum(new double[] {i, 0.5}, 1.0));
            }
            OperationStatsMXBean stats = fast.stats("client", "EchoService.EchoPort", "sum");
            assertEquals(2, stats.getBinaryMessagesWritten(), "binary requests after the first binary answer");
            own.close(); // the endpoint goes, and one that reads no binary takes its address
            Cxf other = new Cxf();
            try {
                jakarta.xml.ws.Endpoint.publish(a, new XmlOnlyEchoImpl());
                org.apache.cxf.BusFactory.setThreadDefaultBus(fast.bus);
                Exception e = org.junit.jupiter.api.Assertions.assertThrows(jakarta.xml.ws.WebServiceException.class,
                        () -> client.sum(new double[] {1}, 1.0));
                Throwable cause = e;
                while (cause.getCause() != null && !String.valueOf(cause.getMessage()).contains("415")) {
                    cause = cause.getCause();
                }
                assertTrue(String.valueOf(cause.getMessage()).contains("415"), "not the 415 answer: " + e);
                assertEquals(java.util.Map.of("ENDPOINT_REFUSED", 1L), stats.getBinaryRefusals());
                for (int i = 0; i < 5; i++) {
                    assertEquals(i + 0.25, client.sum(new double[] {i, 0.25}, 1.0));
                }
                assertEquals(3, stats.getBinaryMessagesWritten(), "no binary request after the refusal");
            } finally {
                other.close();
            }
        }
    }

    /**
     * dsoap's own client, {@code DsoapClient} with a {@code BinaryExchange} in performance mode, against the CXF
     * endpoint: binary answers from the first call, binary requests from the second, every value as a plain proxy
     * gets it from a plain endpoint.
     */
    @Test
    void dsoapClientInBinary() throws Exception {
        WireConvention conv = WireConvention.documentLiteralWrapped();
        PlanCompiler compiler = new PlanCompiler();
        MessageShape request = MessageShape.wrapped(Echo.NS, "sum", MessageShape.Part.of("values", double[].class),
                MessageShape.Part.of("scale", double.class));
        MessageShape response = MessageShape.wrapped(Echo.NS, "sumResponse", MessageShape.Part.of("return", double.class));
        var requestPlan = compiler.compile(request, conv);
        var responsePlan = compiler.compile(response, conv);
        dev.dsoap.client.BinaryExchange binary = new dev.dsoap.client.BinaryExchange(BinaryFormat.of(requestPlan, Echo.NS, "sum"),
                BinaryFormat.of(responsePlan, Echo.NS, "sumResponse"), dev.dsoap.negotiation.BinaryMode.PERFORMANCE,
                dev.dsoap.parse.ParserLimits.defaults());
        var ds = new dev.dsoap.serialize.DifferentialSerializer(requestPlan, dev.dsoap.serialize.SerializerConfig.defaults(),
                new dev.dsoap.serialize.SerializerStats(), null);
        var reader = new dev.dsoap.deserialize.DifferentialDeserializer(responsePlan,
                dev.dsoap.deserialize.DeserializerConfig.defaults(), new dev.dsoap.deserialize.DeserializerStats(), null);
        OperationStatsMXBean sum = server("sum");
        long read = sum.getBinaryMessagesRead();
        Gen g = new Gen(SEED + 7, 30);
        double[] v = g.doubles(null);
        int steps = 40;
        try (dev.dsoap.client.DsoapClient client = dev.dsoap.client.DsoapClient.builder(URI.create(address)).build()) {
            for (int step = 0; step < steps; step++) {
                double scale = g.dbl();
                double want = reference.sum(v, scale);
                Object[] got = client.call(ds, new Object[] {v, scale}, reader, binary);
                assertEquals(Double.doubleToLongBits(want), Double.doubleToLongBits((Double) got[0]),
                        "step " + step + " (seed " + SEED + ") " + Arrays.toString(v) + " * " + scale);
                v = g.doubles(v);
            }
        }
        assertEquals(steps, binary.binaryResponses());
        assertEquals(steps - 1, binary.binaryRequests());
        assertEquals(steps - 1, sum.getBinaryMessagesRead() - read);
    }

    /** What goes over the wire, seen from a raw HTTP client. */
    @Test
    void onTheWire() throws Exception {
        String xml = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns:echoDoubles xmlns:ns=\"" + Echo.NS + "\"><values>1.5</values><values>-0.0</values></ns:echoDoubles>"
                + "</soap:Body></soap:Envelope>";
        Response asXml = post("text/xml; charset=UTF-8", null, xml.getBytes(StandardCharsets.UTF_8));
        assertEquals(200, asXml.code);
        assertTrue(asXml.type.startsWith("text/xml"), asXml.type);
        Response wildcard = post("text/xml; charset=UTF-8", "*/*", xml.getBytes(StandardCharsets.UTF_8));
        assertTrue(wildcard.type.startsWith("text/xml"), "a wildcard never asks for binary: " + wildcard.type);
        Response asked = post("text/xml; charset=UTF-8", BinaryMediaType.accept("text/xml"), xml.getBytes(StandardCharsets.UTF_8));
        assertEquals(200, asked.code);
        assertTrue(asked.type.startsWith(BinaryMediaType.NAME), asked.type);
        assertTrue(Frame.isBinary(asked.body, 0, asked.body.length));
        assertTrue(Frame.carriesDescriptor(asked.body, 0, asked.body.length), "no format named: the answer describes itself");
        Response wrongFormat = post("text/xml; charset=UTF-8", BinaryMediaType.accept("text/xml", "0000000000000000"),
                xml.getBytes(StandardCharsets.UTF_8));
        assertTrue(wrongFormat.type.startsWith("text/xml"), "an answer of a format the client does not read went binary");

        // answers whose form depended on Accept say so, XML and binary alike
        assertEquals("Accept", asXml.vary, "Vary on an XML answer");
        assertEquals("Accept", asked.vary, "Vary on a binary answer");

        // a binary request of a format no operation reads: 415 with a SOAP fault; one that describes itself and differs
        // from the operation's format names the first difference; a malformed one: a sender fault
        OperationStatsMXBean unknownStats = cxf.stats("server", "EchoService.EchoPort", "*");
        long mismatches = unknownStats.getBinaryRefusals().getOrDefault("FORMAT_MISMATCH", 0L);
        long unknowns = unknownStats.getBinaryRefusals().getOrDefault("UNKNOWN_FORMAT", 0L);
        MessageShape other = MessageShape.wrapped(Echo.NS, "echoDoubles", MessageShape.Part.of("", "other", double[].class, false));
        BinaryFormat f = BinaryFormat.of(new PlanCompiler().compile(other, WireConvention.documentLiteralWrapped()), Echo.NS, "echoDoubles");
        var w = f.newWriter();
        w.write(new Object[] {new double[] {1}}, true);
        Response mismatch = post(BinaryMediaType.NAME, null, w.toByteArray());
        assertEquals(415, mismatch.code);
        String fault = new String(mismatch.body, StandardCharsets.UTF_8);
        assertTrue(fault.contains("Fault") && fault.contains("is not {" + Echo.NS + "}echoDoubles's")
                && fault.contains("echoDoubles/"), fault);
        MessageShape boxed = MessageShape.wrapped(Echo.NS, "echoDoubles", MessageShape.Part.of("", "values", Double[].class, false));
        var bw = BinaryFormat.of(new PlanCompiler().compile(boxed, WireConvention.documentLiteralWrapped()), Echo.NS, "echoDoubles")
                .newWriter();
        bw.write(new Object[] {new Double[] {1.0}}, true);
        Response layout = post(BinaryMediaType.NAME, null, bw.toByteArray());
        assertEquals(415, layout.code);
        String layoutFault = new String(layout.body, StandardCharsets.UTF_8);
        assertTrue(layoutFault.contains("echoDoubles/values: layout 1, is 2"), layoutFault);
        assertEquals(mismatches + 2, unknownStats.getBinaryRefusals().getOrDefault("FORMAT_MISMATCH", 0L));
        w.write(new Object[] {new double[] {1}}, false);
        Response unknown = post(BinaryMediaType.NAME, null, w.toByteArray());
        assertEquals(415, unknown.code);
        String unknownFault = new String(unknown.body, StandardCharsets.UTF_8);
        assertTrue(unknownFault.contains("binary format " + f.descriptor().idHex()) && unknownFault.contains("no descriptor"),
                unknownFault);
        assertEquals(unknowns + 1, unknownStats.getBinaryRefusals().getOrDefault("UNKNOWN_FORMAT", 0L));
        Response garbage = post(BinaryMediaType.NAME, null, new byte[] {(byte) 0x89, 'D', 'S', 'B', 9});
        assertEquals(500, garbage.code);
        assertTrue(new String(garbage.body, StandardCharsets.UTF_8).contains("Client"), "a sender fault");
        assertFalse(server("echoDoubles").getBinaryRefusals().containsKey("MALFORMED"), "refused before any operation");
        assertTrue(unknownStats.getBinaryRefusals().getOrDefault("MALFORMED", 0L) > 0, "and counted there");
        assertEquals(200, post("text/xml; charset=UTF-8", null, xml.getBytes(StandardCharsets.UTF_8)).code, "the next one is served");
    }

    private record Response(int code, String type, byte[] body, String vary) {
    }

    private static Response post(String contentType, String accept, byte[] body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(address).toURL().openConnection();
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", contentType);
        c.setRequestProperty("SOAPAction", "\"\"");
        if (accept != null) {
            c.setRequestProperty("Accept", accept);
        }
        c.getOutputStream().write(body);
        int code = c.getResponseCode();
        try (InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream()) {
            return new Response(code, String.valueOf(c.getContentType()), in == null ? new byte[0] : in.readAllBytes(),
                    c.getHeaderField("Vary"));
        }
    }
}
