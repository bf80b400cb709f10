package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import jakarta.xml.ws.soap.SOAPFaultException;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.headers.Header;
import org.apache.cxf.helpers.DOMUtils;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.ws.addressing.WSAddressingFeature;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * WS-Addressing ({@link WSAddressingFeature}) on carried CXF endpoints and clients, SOAP 1.1 and 1.2: requests are read
 * by dsoap past their addressing header blocks, which CXF's addressing and mustUnderstand processing still see;
 * answers go out with the addressing blocks CXF adds before dsoap's body (RelatesTo, Action), and so do header blocks
 * an interceptor adds. Every call is carried by dsoap both ways, values bit for bit.
 */
class AddressingTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20260417L);
    private static final String WSA = "http://www.w3.org/2005/08/addressing";
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    /** The block {@link AddsHeader} puts in every answer. */
    private static final QName TAG = new QName("urn:dsoap:test-tag", "Tag");
    private static final int CALLS = 30;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final int N = 10_000;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, 4.9e-322, Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL),
            Double.MAX_VALUE, -Double.MAX_VALUE, 1.0 / 3, 1e21, 1e-7, 123456789.125};

    private static Cxf cxf;
    /** A bus of its own for {@link #tagged}. */
    private static Cxf tags;
    /** dsoap endpoints with WS-Addressing, SOAP 1.1 and 1.2. */
    private static String a11;
    private static String a12;
    /** The same endpoints without dsoap: the oracle for faults. */
    private static String plain11;
    /** A dsoap endpoint with WS-Addressing and an interceptor adding a header block to every answer. */
    private static String tagged;

    @BeforeAll
    static void start() throws Exception {
        tags = new Cxf();
        tagged = publish(tags, new DsoapEchoImpl(), "tagged", true);
        cxf = new Cxf();
        a11 = publish(cxf, new DsoapEchoImpl(), "a11", false);
        a12 = publish(cxf, new Soap12EchoImpl(), "a12", false);
        plain11 = publish(cxf, new EchoImpl(), "plain11", false);
    }

    private static String publish(Cxf cxf, Object impl, String path, boolean tag) throws Exception {
        EndpointImpl e = new EndpointImpl(cxf.bus, impl);
        e.getFeatures().add(new WSAddressingFeature());
        if (tag) {
            e.getOutInterceptors().add(new AddsHeader());
            e.getProperties().put("dsoap.trustedInterceptors", AddsHeader.class.getName());
        }
        String address = cxf.address(path);
        e.publish(address);
        cxf.track(e);
        return address;
    }

    @AfterAll
    static void stop() {
        cxf.close();
        tags.close();
    }

    /** The endpoint's counters of echoDoubles, or {@code null} before its first message. */
    private static Supplier<OperationStatsMXBean> server(Cxf on, String service, String operation) {
        return () -> on.stats("server", service, operation, true);
    }

    /** A plain JAX-WS proxy with WS-Addressing (which needs the answer's RelatesTo) against dsoap's endpoints. */
    @Test
    void plainProxiesWithAddressingAreCarriedBothWays() {
        Echo c11 = cxf.client(a11, Echo.class, "EchoService", "EchoPort", new WSAddressingFeature());
        calls("plain proxy, SOAP 1.1", c11, server(cxf, "EchoService.EchoPort", "echoDoubles"));
        Echo c12 = cxf.client(a12, Echo.class, "Echo12Service", "Echo12Port", new WSAddressingFeature());
        calls("plain proxy, SOAP 1.2", c12, server(cxf, "Echo12Service.Echo12Port", "echoDoubles"));
    }

    /** dsoap-engaged clients with WS-Addressing (by the feature, by the annotated interface) carry their side too. */
    @Test
    void dsoapClientsWithAddressingAreCarriedBothWays() {
        try (Cxf own = new Cxf()) {
            Echo c = own.client(a11, Echo.class, "EchoService", "EchoPort", new DifferentialSoapFeature(),
                    new WSAddressingFeature());
            calls("dsoap proxy, SOAP 1.1", c, server(cxf, "EchoService.EchoPort", "echoDoubles"));
            assertCarried("client", own.stats("client", "EchoService.EchoPort", "echoDoubles"), CALLS, 0, 0);

            Echo annotated = own.client(a12, DsoapEcho.class, "Echo12Service", "Echo12Port", new WSAddressingFeature());
            calls("annotated-interface proxy, SOAP 1.2", annotated, server(cxf, "Echo12Service.Echo12Port", "echoDoubles"));
            assertCarried("client", own.stats("client", "Echo12Service.Echo12Port", "echoDoubles"), CALLS, 0, 0);
        }
    }

    /**
     * 30 calls of 10,000 doubles, 10 % changed between calls, edge values among them: each answer bit for bit, and the
     * endpoint's counters say dsoap read and wrote all 30 with no fallback.
     */
    private static void calls(String what, Echo client, Supplier<OperationStatsMXBean> counters) {
        OperationStatsMXBean before = counters.get();
        long read = before == null ? 0 : before.getMessagesRead();
        long written = before == null ? 0 : before.getMessagesWritten();
        Map<String, Long> readFallbacks = before == null ? Map.of() : before.getReadFallbacks();
        Map<String, Long> writeFallbacks = before == null ? Map.of() : before.getWriteFallbacks();
        Random r = new Random(SEED);
        double[] v = new double[N];
        for (int i = 0; i < N; i++) {
            v[i] = r.nextGaussian() * 1e3;
        }
        for (int call = 0; call < CALLS; call++) {
            for (int k = 0; k < N / 10; k++) {
                v[r.nextInt(N)] = r.nextInt(8) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextDouble() * 1e6 - 5e5;
            }
            System.arraycopy(EDGES, 0, v, call * 17 % (N - EDGES.length), EDGES.length);
            double[] back = client.echoDoubles(v);
            sameBits(what + " call " + call + " (seed " + SEED + ")", v, back);
        }
        OperationStatsMXBean server = counters.get();
        assertEquals(read + CALLS, server.getMessagesRead(), what + ": read by dsoap; fallbacks " + server.getReadFallbacks());
        assertEquals(written + CALLS, server.getMessagesWritten(), what + ": written by dsoap; fallbacks " + server.getWriteFallbacks());
        assertEquals(readFallbacks, server.getReadFallbacks(), what);
        assertEquals(writeFallbacks, server.getWriteFallbacks(), what);
    }

    private static void assertCarried(String side, OperationStatsMXBean s, long read, long readFallbacks, long writeFallbacks) {
        assertEquals(read, s.getMessagesRead(), side + " read " + s.getReadFallbacks());
        assertEquals(read, s.getMessagesWritten(), side + " written " + s.getWriteFallbacks());
        assertEquals(readFallbacks, s.getReadFallbacks().values().stream().mapToLong(Long::longValue).sum(), s.getReadFallbacks().toString());
        assertEquals(writeFallbacks, s.getWriteFallbacks().values().stream().mapToLong(Long::longValue).sum(), s.getWriteFallbacks().toString());
    }

    private static void sameBits(String what, double[] want, double[] got) {
        assertNotNull(got, what);
        assertEquals(want.length, got.length, what);
        for (int i = 0; i < want.length; i++) {
            if (Double.doubleToRawLongBits(want[i]) != Double.doubleToRawLongBits(got[i])) {
                fail(what + ": value " + i + " sent " + want[i] + " came back " + got[i]);
            }
        }
    }

    /**
     * The raw answer to a request with wsa:Action, MessageID, ReplyTo and To: its Header holds wsa:RelatesTo naming the
     * request's MessageID and the operation's output Action, its body the values; SOAP 1.1 and 1.2.
     */
    @Test
    void answersCarryTheAddressingHeaders() throws Exception {
        for (boolean soap12 : new boolean[] {false, true}) {
            String address = soap12 ? a12 : a11;
            Supplier<OperationStatsMXBean> counters = server(cxf, soap12 ? "Echo12Service.Echo12Port" : "EchoService.EchoPort",
                    "echoDoubles");
            OperationStatsMXBean before = counters.get();
            long read = before == null ? 0 : before.getMessagesRead();
            long written = before == null ? 0 : before.getMessagesWritten();
            for (int call = 0; call < 3; call++) {
                String id = "urn:uuid:" + UUID.randomUUID();
                double[] v = {1.5, -0.0, Double.NaN, Double.MIN_VALUE, call};
                String[] got = post(address, soap12, request(soap12, id, address, v, ""));
                assertEquals("200", got[0], got[1]);
                Document d = parse(got[1]);
                String env = soap12 ? SOAP12 : SOAP11;
                Element header = first(d, env, "Header");
                assertNotNull(header, got[1]);
                assertEquals(id, text(header, WSA, "RelatesTo"), got[1]);
                assertEquals(Echo.NS + ":Echo:echoDoublesResponse", text(header, WSA, "Action"), got[1]);
                if (!soap12) { // the same blocks as CXF's own answer, in the same order
                    String[] cxfs = post(plain11, false, request(false, id, plain11, v, ""));
                    assertEquals(blocks(first(parse(cxfs[1]), env, "Header")), blocks(header), got[1] + "\n" + cxfs[1]);
                }
                assertTrue(got[1].indexOf("Header") < got[1].indexOf("Body"), got[1]);
                NodeList values = first(d, env, "Body").getElementsByTagName("return");
                assertEquals(v.length, values.getLength(), got[1]);
                for (int i = 0; i < v.length; i++) {
                    assertEquals(Double.doubleToRawLongBits(v[i]),
                            Double.doubleToRawLongBits(Double.parseDouble(values.item(i).getTextContent())), got[1]);
                }
            }
            OperationStatsMXBean s = counters.get();
            assertEquals(read + 3, s.getMessagesRead(), s.getReadFallbacks().toString());
            assertEquals(written + 3, s.getMessagesWritten(), s.getWriteFallbacks().toString());
        }
    }

    /** A mustUnderstand block nobody understands is refused with CXF's MustUnderstand fault, as without dsoap. */
    @Test
    void unknownMustUnderstandBlocksGetCxfsFault() throws Exception {
        String block = "<x:Unknown xmlns:x=\"urn:dsoap:unknown\" soap:mustUnderstand=\"1\">?</x:Unknown>";
        String id = "urn:uuid:" + UUID.randomUUID();
        String[] want = post(plain11, false, request(false, id, plain11, new double[] {1, 2}, block));
        OperationStatsMXBean s = cxf.stats("server", "EchoService.EchoPort", "echoDoubles", true);
        long read = s == null ? 0 : s.getMessagesRead();
        String[] got = post(a11, false, request(false, id, a11, new double[] {1, 2}, block));
        s = cxf.stats("server", "EchoService.EchoPort", "echoDoubles");
        assertEquals(read + 1, s.getMessagesRead(), "dsoap read it, CXF refused it: " + s.getReadFallbacks());
        assertEquals("500", want[0], want[1]);
        assertEquals(want[0], got[0], got[1]);
        Document w = parse(want[1]);
        Document g = parse(got[1]);
        assertEquals(text(w.getDocumentElement(), "", "faultcode"), text(g.getDocumentElement(), "", "faultcode"), got[1]);
        assertEquals(text(w.getDocumentElement(), "", "faultstring"), text(g.getDocumentElement(), "", "faultstring"), got[1]);
        assertTrue(text(g.getDocumentElement(), "", "faultcode").endsWith("MustUnderstand"), got[1]);
        // understood and not mustUnderstand: served
        String optional = "<x:Unknown xmlns:x=\"urn:dsoap:unknown\">?</x:Unknown>";
        assertEquals("200", post(a11, false, request(false, "urn:uuid:" + UUID.randomUUID(), a11, new double[] {3}, optional))[0]);
        // a proxy gets it as a SOAP fault
        Echo c = cxf.client(a11, Echo.class, "EchoService", "EchoPort", new WSAddressingFeature());
        assertThrows(SOAPFaultException.class, () -> {
            jakarta.xml.ws.BindingProvider bp = (jakarta.xml.ws.BindingProvider) c;
            bp.getRequestContext().put(Header.HEADER_LIST, java.util.List.of(mustUnderstand()));
            c.echoDoubles(new double[] {4});
        });
    }

    private static Header mustUnderstand() throws Exception {
        Document d = DOMUtils.newDocument();
        Element e = d.createElementNS("urn:dsoap:unknown", "x:Unknown");
        e.setTextContent("?");
        SoapHeader h = new SoapHeader(new QName("urn:dsoap:unknown", "Unknown"), e);
        h.setMustUnderstand(true);
        return h;
    }

    /**
     * An interceptor on the endpoint adds a header block to every answer (with a role and mustUnderstand): dsoap still
     * writes the answer, the block is there with the addressing ones, before the body.
     */
    @Test
    void headerBlocksInterceptorsAddAreCarried() throws Exception {
        assertEquals(null, tags.stats("server", "EchoService.EchoPort", "echoInts", true));
        String id = "urn:uuid:" + UUID.randomUUID();
        String body = "<ns2:echoInts xmlns:ns2=\"urn:dsoap:cxf-echo\"><values>7</values><values>-8</values></ns2:echoInts>";
        String[] got = post(tagged, false, envelope(false, addressing(id, tagged, "echoInts"), body));
        assertEquals("200", got[0], got[1]);
        Document d = parse(got[1]);
        Element header = first(d, SOAP11, "Header");
        assertNotNull(header, got[1]);
        Element tag = first(d, TAG.getNamespaceURI(), TAG.getLocalPart());
        assertNotNull(tag, got[1]);
        assertEquals("tag value", tag.getTextContent());
        assertEquals("1", tag.getAttributeNS(SOAP11, "mustUnderstand"), got[1]);
        assertEquals("urn:dsoap:role", tag.getAttributeNS(SOAP11, "actor"), got[1]);
        assertEquals(header, tag.getParentNode(), got[1]);
        assertEquals(id, text(header, WSA, "RelatesTo"), got[1]);
        assertTrue(got[1].contains("<return>7</return><return>-8</return>"), got[1]);
        OperationStatsMXBean s = tags.stats("server", "EchoService.EchoPort", "echoInts");
        assertCarried("server", s, 1, 0, 0);

        // a proxy with addressing against it: carried, and the block is understood by no one but the proxy ignores
        // blocks of other roles
        Echo c = tags.client(tagged, Echo.class, "EchoService", "EchoPort", new WSAddressingFeature());
        for (int i = 0; i < 5; i++) {
            assertEquals(i, c.echoInts(new int[] {i})[0]);
        }
        assertCarried("server", s, 6, 0, 0);
    }

    /**
     * A header block that cannot be written (neither a DOM element nor a value with a data binding) sends the answer
     * CXF's way, counted as HEADERS before anything is written: the caller gets what CXF makes of it. A fault after
     * dsoap wrote the answer takes it back from the written counters.
     */
    @Test
    void unwritableBlocksAndLateFaultsAreCxfs() throws Exception {
        try (Cxf own = new Cxf()) {
            String plain = publishWith(own, new EchoImpl(), "plain", new AddsString());
            String dsoap = publishWith(own, new DsoapEchoImpl(), "dsoap", new AddsString());
            String body = "<ns2:echoInts xmlns:ns2=\"urn:dsoap:cxf-echo\"><values>7</values></ns2:echoInts>";
            String[] want = post(plain, false, envelope(false, addressing("urn:uuid:" + UUID.randomUUID(), plain, "echoInts"), body));
            String[] got = post(dsoap, false, envelope(false, addressing("urn:uuid:" + UUID.randomUUID(), dsoap, "echoInts"), body));
            assertEquals(want[0], got[0], got[1]);
            OperationStatsMXBean s = own.stats("server", "EchoService.EchoPort", "echoInts");
            assertEquals(1, s.getMessagesRead());
            assertEquals(0, s.getMessagesWritten());
            assertEquals(Map.of("HEADERS", 1L), s.getWriteFallbacks());
        }
        try (Cxf own = new Cxf()) {
            String dsoap = publishWith(own, new DsoapEchoImpl(), "late", new FailsLate());
            String body = "<ns2:echoInts xmlns:ns2=\"urn:dsoap:cxf-echo\"><values>7</values></ns2:echoInts>";
            post(dsoap, false, envelope(false, addressing("urn:uuid:" + UUID.randomUUID(), dsoap, "echoInts"), body));
            OperationStatsMXBean s = own.stats("server", "EchoService.EchoPort", "echoInts");
            assertEquals(1, s.getMessagesRead());
            assertEquals(0, s.getMessagesWritten(), "taken back");
            assertEquals(Map.of("RESPONSE_CHANGED", 1L), s.getWriteFallbacks());
        }
    }

    private static String publishWith(Cxf on, Object impl, String path, AbstractPhaseInterceptor<Message> out) throws Exception {
        EndpointImpl e = new EndpointImpl(on.bus, impl);
        e.getFeatures().add(new WSAddressingFeature());
        e.getOutInterceptors().add(out);
        e.getProperties().put("dsoap.trustedInterceptors", out.getClass().getName());
        String address = on.address(path);
        e.publish(address);
        on.track(e);
        return address;
    }

    /** Adds a header block holding a String, with no data binding: neither CXF nor dsoap can write it. */
    static final class AddsString extends AbstractPhaseInterceptor<Message> {
        AddsString() {
            super(Phase.PRE_PROTOCOL);
        }

        @Override
        public void handleMessage(Message m) {
            ((SoapMessage) m).getHeaders().add(new Header(new QName("urn:dsoap:test", "Text"), "not an element"));
        }
    }

    /** Fails once the message has been written. */
    static final class FailsLate extends AbstractPhaseInterceptor<Message> {
        FailsLate() {
            super(Phase.POST_STREAM);
        }

        @Override
        public void handleMessage(Message m) {
            throw new org.apache.cxf.interceptor.Fault(new IllegalStateException("late failure"));
        }
    }

    /** Adds a DOM header block, with a role and mustUnderstand, to every answer (a user's interceptor). */
    static final class AddsHeader extends AbstractPhaseInterceptor<Message> {
        AddsHeader() {
            super(Phase.PRE_PROTOCOL);
        }

        @Override
        public void handleMessage(Message m) {
            Document d = DOMUtils.newDocument();
            Element e = d.createElementNS(TAG.getNamespaceURI(), "t:" + TAG.getLocalPart());
            e.setTextContent("tag value");
            SoapHeader h = new SoapHeader(TAG, e);
            h.setMustUnderstand(true);
            h.setActor("urn:dsoap:role");
            ((SoapMessage) m).getHeaders().add(h);
        }
    }

    // ------------------------------------------------------------------------------------------ raw messages

    private static String addressing(String id, String to, String op) {
        return "<wsa:Action>" + Echo.NS + ":Echo:" + op + "Request</wsa:Action><wsa:MessageID>" + id
                + "</wsa:MessageID><wsa:ReplyTo><wsa:Address>" + WSA + "/anonymous</wsa:Address></wsa:ReplyTo><wsa:To>"
                + to + "</wsa:To>";
    }

    private static String request(boolean soap12, String id, String to, double[] v, String extra) {
        StringBuilder b = new StringBuilder("<ns2:echoDoubles xmlns:ns2=\"urn:dsoap:cxf-echo\">");
        for (double x : v) {
            b.append("<values>").append(x == Double.POSITIVE_INFINITY ? "INF" : x == Double.NEGATIVE_INFINITY ? "-INF" : Double.toString(x))
                    .append("</values>");
        }
        b.append("</ns2:echoDoubles>");
        return envelope(soap12, addressing(id, to, "echoDoubles") + extra, b.toString());
    }

    private static String envelope(boolean soap12, String headers, String body) {
        return "<soap:Envelope xmlns:soap=\"" + (soap12 ? SOAP12 : SOAP11) + "\" xmlns:wsa=\"" + WSA + "\"><soap:Header>"
                + headers + "</soap:Header><soap:Body>" + body + "</soap:Body></soap:Envelope>";
    }

    /** POSTs {@code body}; returns the status and the answer. */
    private static String[] post(String address, boolean soap12, String body) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(address))
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (soap12) {
            r.header("Content-Type", "application/soap+xml; charset=UTF-8");
        } else {
            r.header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"\"");
        }
        HttpResponse<byte[]> got = HTTP.send(r.build(), HttpResponse.BodyHandlers.ofByteArray());
        return new String[] {Integer.toString(got.statusCode()), new String(got.body(), StandardCharsets.UTF_8)};
    }

    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static Element first(Document d, String ns, String local) {
        NodeList l = d.getElementsByTagNameNS(ns, local);
        return l.getLength() == 0 ? null : (Element) l.item(0);
    }

    /** The names of the Header's blocks, in order. */
    private static java.util.List<String> blocks(Element header) {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (Element e = DOMUtils.getFirstElement(header); e != null; e = DOMUtils.getNextElement(e)) {
            names.add("{" + e.getNamespaceURI() + "}" + e.getLocalName());
        }
        return names;
    }

    private static String text(Element in, String ns, String local) {
        NodeList l = ns.isEmpty() ? in.getElementsByTagName(local) : in.getElementsByTagNameNS(ns, local);
        return l.getLength() == 0 ? null : l.item(0).getTextContent();
    }
}
