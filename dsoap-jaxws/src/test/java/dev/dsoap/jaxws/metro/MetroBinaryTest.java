package dev.dsoap.jaxws.metro;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.Frame;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.client.BinaryExchange;
import dev.dsoap.client.DsoapClient;
import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.negotiation.BinaryMediaType;
import dev.dsoap.negotiation.BinaryMode;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.handler.Handler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dsoap's binary form between dsoap's peers on a real Metro endpoint ({@code Endpoint.publish} on the JDK HTTP
 * server): {@code DsoapClient} with a {@code BinaryExchange} in performance mode gets binary answers from its first
 * call and sends binary requests from its second, every value as a plain Metro proxy gets it from a plain Metro
 * endpoint; what goes over the wire (the answer's form chosen by {@code Accept}, {@code Vary}, the request formats
 * named, 415 with a SOAP fault for a binary request of another format, a sender fault for a malformed one); and an
 * endpoint with a JAX-WS handler, which needs its messages in XML, answers XML and refuses binary requests.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroBinaryTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261203L);
    private static final String SERVICE = "DsoapEchoService.DsoapEchoPort";
    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static String address;
    private static String handled;
    private static MetroEcho plain;

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    @BeforeAll
    static void publish() throws IOException {
        String base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        address = base + "/dsoap";
        handled = base + "/handled";
        endpoints.add(Endpoint.publish(base + "/plain", new PlainMetroEcho()));
        endpoints.add(Endpoint.publish(address, new DsoapMetroEcho()));
        Endpoint e = Endpoint.create(new HandlerDsoapEcho());
        @SuppressWarnings("rawtypes")
        List<Handler> chain = new ArrayList<>(e.getBinding().getHandlerChain());
        chain.add(new MetroHandlerTest.Timing());
        e.getBinding().setHandlerChain(chain);
        e.publish(handled);
        endpoints.add(e);
        plain = Service.create(URI.create(base + "/plain?wsdl").toURL(), new QName(MetroEcho.NS, "PlainEchoService"))
                .getPort(new QName(MetroEcho.NS, "PlainEchoPort"), MetroEcho.class);
    }

    @AfterAll
    static void stop() {
        for (Endpoint e : endpoints) {
            e.stop();
        }
        endpoints.clear();
    }

    private static MessageShape sumRequest() {
        return MessageShape.wrapped(MetroEcho.NS, "sum", MessageShape.Part.of("xs", double[].class),
                MessageShape.Part.of("scale", double.class));
    }

    private static BinaryFormat format(MessageShape shape, String element) {
        return BinaryFormat.of(new PlanCompiler().compile(shape, WireConvention.documentLiteralWrapped()), MetroEcho.NS,
                element);
    }

    @Test
    void dsoapClientInBinary() throws Exception {
        WireConvention conv = WireConvention.documentLiteralWrapped();
        PlanCompiler compiler = new PlanCompiler();
        MessageShape response = MessageShape.wrapped(MetroEcho.NS, "sumResponse", MessageShape.Part.of("return", double.class));
        var requestPlan = compiler.compile(sumRequest(), conv);
        var responsePlan = compiler.compile(response, conv);
        BinaryExchange binary = new BinaryExchange(BinaryFormat.of(requestPlan, MetroEcho.NS, "sum"),
                BinaryFormat.of(responsePlan, MetroEcho.NS, "sumResponse"), BinaryMode.PERFORMANCE,
                dev.dsoap.parse.ParserLimits.defaults());
        var ds = new dev.dsoap.serialize.DifferentialSerializer(requestPlan, dev.dsoap.serialize.SerializerConfig.defaults(),
                new dev.dsoap.serialize.SerializerStats(), null);
        var reader = new dev.dsoap.deserialize.DifferentialDeserializer(responsePlan,
                dev.dsoap.deserialize.DeserializerConfig.defaults(), new dev.dsoap.deserialize.DeserializerStats(), null);
        plain.sum(new double[] {1}, 1); // the dsoap endpoint's operation exists before its counters are read
        try (DsoapClient warm = DsoapClient.builder(URI.create(address)).build()) {
            warm.call(new dev.dsoap.serialize.DifferentialSerializer(requestPlan, dev.dsoap.serialize.SerializerConfig.defaults(),
                    new dev.dsoap.serialize.SerializerStats(), null), new Object[] {new double[] {1}, 1.0},
                    new dev.dsoap.deserialize.DifferentialDeserializer(responsePlan, dev.dsoap.deserialize.DeserializerConfig.defaults(),
                            new dev.dsoap.deserialize.DeserializerStats(), null));
        }
        OperationStatsMXBean sum = MetroCarryTest.stats(SERVICE, "sum");
        assertNotNull(sum);
        long read = sum.getBinaryMessagesRead();
        MetroGen g = new MetroGen(SEED);
        double[] v = g.doubles(null);
        int steps = 40;
        try (DsoapClient client = DsoapClient.builder(URI.create(address)).build()) {
            for (int step = 0; step < steps; step++) {
                double scale = g.dbl();
                double want = plain.sum(v, scale);
                Object[] got = client.call(ds, new Object[] {v, scale}, reader, binary);
                assertEquals(Double.doubleToLongBits(want), Double.doubleToLongBits((Double) got[0]),
                        "step " + step + " (seed " + SEED + ", -Ddsoap.seed to repeat) " + Arrays.toString(v) + " * " + scale);
                v = g.doubles(v);
            }
        }
        assertEquals(steps, binary.binaryResponses(), "answers in binary");
        assertEquals(steps - 1, binary.binaryRequests(), "requests in binary once the endpoint named their format");
        assertEquals(steps - 1, sum.getBinaryMessagesRead() - read, "binary requests read by the endpoint");
    }

    @Test
    void onTheWire() throws Exception {
        String xml = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns:echoDoubles xmlns:ns=\"" + MetroEcho.NS + "\"><v>1.5</v><v>-0.0</v></ns:echoDoubles>"
                + "</soap:Body></soap:Envelope>";
        byte[] body = xml.getBytes(StandardCharsets.UTF_8);
        Response asXml = post(address, "text/xml; charset=UTF-8", null, body);
        assertEquals(200, asXml.code);
        assertTrue(asXml.type.startsWith("text/xml"), asXml.type);
        assertTrue(post(address, "text/xml; charset=UTF-8", "*/*", body).type.startsWith("text/xml"),
                "a wildcard never asks for binary");
        Response asked = post(address, "text/xml; charset=UTF-8", BinaryMediaType.accept("text/xml"), body);
        assertEquals(200, asked.code);
        assertTrue(asked.type.startsWith(BinaryMediaType.NAME), asked.type);
        assertTrue(Frame.isBinary(asked.body, 0, asked.body.length));
        assertTrue(Frame.carriesDescriptor(asked.body, 0, asked.body.length), "no format named: the answer describes itself");
        assertNotNull(asked.requestFormats, "a binary answer names the formats of the requests the endpoint reads");
        assertEquals(String.valueOf(asked.body.length), asked.length, "Content-Length");
        Response wrongFormat = post(address, "text/xml; charset=UTF-8", BinaryMediaType.accept("text/xml", "0000000000000000"), body);
        assertTrue(wrongFormat.type.startsWith("text/xml"), "an answer of a format the client does not read went binary");
        assertEquals("Accept", asXml.vary, "Vary on an XML answer");
        assertEquals("Accept", asked.vary, "Vary on a binary answer");

        // a binary request of a format no operation reads: 415 with a SOAP fault naming the first difference
        OperationStatsMXBean unknownStats = MetroCarryTest.stats(SERVICE, "*");
        long mismatches = unknownStats.getBinaryRefusals().getOrDefault("FORMAT_MISMATCH", 0L);
        MessageShape other = MessageShape.wrapped(MetroEcho.NS, "echoDoubles", MessageShape.Part.of("", "other", double[].class, false));
        BinaryFormat f = format(other, "echoDoubles");
        var w = f.newWriter();
        w.write(new Object[] {new double[] {1}}, true);
        Response mismatch = post(address, BinaryMediaType.NAME, null, w.toByteArray());
        assertEquals(415, mismatch.code);
        String fault = new String(mismatch.body, StandardCharsets.UTF_8);
        assertTrue(fault.contains("Fault") && fault.contains("is not {" + MetroEcho.NS + "}echoDoubles's"), fault);
        assertEquals(mismatches + 1, unknownStats.getBinaryRefusals().getOrDefault("FORMAT_MISMATCH", 0L));
        // one that does not describe itself: 415, naming the format
        w.write(new Object[] {new double[] {1}}, false);
        Response unknown = post(address, BinaryMediaType.NAME, null, w.toByteArray());
        assertEquals(415, unknown.code);
        String unknownFault = new String(unknown.body, StandardCharsets.UTF_8);
        assertTrue(unknownFault.contains("binary format " + f.descriptor().idHex()), unknownFault);
        // a malformed frame: a sender fault
        Response garbage = post(address, BinaryMediaType.NAME, null, new byte[] {(byte) 0x89, 'D', 'S', 'B', 9});
        assertEquals(500, garbage.code);
        assertTrue(new String(garbage.body, StandardCharsets.UTF_8).contains("Client"), "a sender fault");
        assertTrue(unknownStats.getBinaryRefusals().getOrDefault("MALFORMED", 0L) > 0, "counted");
        assertEquals(200, post(address, "text/xml; charset=UTF-8", null, body).code, "the next one is served");

        // the operation's own format, sent in binary by hand: read by dsoap, answered as a plain endpoint answers
        MessageShape own = MessageShape.wrapped(MetroEcho.NS, "sum", MessageShape.Part.of("xs", double[].class),
                MessageShape.Part.of("scale", double.class));
        var sw = format(own, "sum").newWriter();
        sw.write(new Object[] {new double[] {1.5, -0.0, Double.MIN_VALUE}, 2.0}, true);
        Response sum = post(address, BinaryMediaType.NAME, "text/xml", sw.toByteArray());
        assertEquals(200, sum.code, new String(sum.body, StandardCharsets.UTF_8));
        assertTrue(sum.type.startsWith("text/xml"), "asked for XML: " + sum.type);
        double want = plain.sum(new double[] {1.5, -0.0, Double.MIN_VALUE}, 2.0);
        String text = new String(sum.body, StandardCharsets.UTF_8);
        assertTrue(text.contains(">" + want + "<"), text);
    }

    @Test
    void anEndpointWithHandlersAnswersXmlAndRefusesBinaryRequests() throws Exception {
        String xml = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns:echoDoubles xmlns:ns=\"" + MetroEcho.NS + "\"><v>1.5</v></ns:echoDoubles>"
                + "</soap:Body></soap:Envelope>";
        Response asked = post(handled, "text/xml; charset=UTF-8", BinaryMediaType.accept("text/xml"),
                xml.getBytes(StandardCharsets.UTF_8));
        assertEquals(200, asked.code);
        assertTrue(asked.type.startsWith("text/xml"), "the handlers need XML: " + asked.type);
        var w = format(sumRequest(), "sum").newWriter();
        w.write(new Object[] {new double[] {1}, 1.0}, true);
        Response refused = post(handled, BinaryMediaType.NAME, null, w.toByteArray());
        assertEquals(415, refused.code);
        String fault = new String(refused.body, StandardCharsets.UTF_8);
        assertTrue(fault.contains("JAX-WS handlers"), fault);
        assertFalse(fault.isEmpty());
    }

    private record Response(int code, String type, byte[] body, String vary, String requestFormats, String length) {
    }

    private static Response post(String to, String contentType, String accept, byte[] body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(to).toURL().openConnection();
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
                    c.getHeaderField("Vary"), c.getHeaderField(dev.dsoap.negotiation.BinaryPeer.REQUEST_FORMATS),
                    c.getHeaderField("Content-Length"));
        }
    }
}
