package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.LogicalHandler;
import jakarta.xml.ws.handler.LogicalMessageContext;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.soap.MTOMFeature;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.ws.addressing.WSAddressingFeature;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every way a message leaves dsoap's path for CXF's, each still answered correctly and counted with its
 * reason; hostile and malformed requests refused with a SOAP fault, after which the endpoint still serves;
 * concurrent clients never see each other's values.
 */
class FallbackTest {
    private static final String SERVICE = "EchoService.EchoPort";
    private static Cxf cxf;
    private static String address;

    @BeforeAll
    static void start() throws Exception {
        cxf = new Cxf();
        address = cxf.publish(new DsoapEchoImpl());
    }

    @AfterAll
    static void stop() {
        cxf.close();
    }

    private static OperationStatsMXBean server(String op) {
        return cxf.stats("server", SERVICE, op);
    }

    private static OperationStatsMXBean client(String op) {
        return cxf.stats("client", SERVICE, op);
    }

    private static long count(java.util.Map<String, Long> m, String reason) {
        return m.getOrDefault(reason, 0L);
    }

    @Test
    void declaredAndUncheckedFaultsTakeCxfsFaultChain() {
        Echo dsoap = cxf.dsoap(address);
        Echo plain = cxf.plain(address);
        EchoFault f = assertThrows(EchoFault.class, () -> dsoap.fail("no"));
        EchoFault p = assertThrows(EchoFault.class, () -> plain.fail("no"));
        assertEquals(p.getMessage(), f.getMessage());
        RuntimeException u = assertThrows(RuntimeException.class, () -> dsoap.fail(null));
        RuntimeException pu = assertThrows(RuntimeException.class, () -> plain.fail(null));
        assertEquals(pu.getClass(), u.getClass());
        assertEquals(pu.getMessage(), u.getMessage());
        assertTrue(u.getMessage().contains("unchecked failure"), u.getMessage());
        assertTrue(count(client("fail").getReadFallbacks(), "FAULT") >= 2, client("fail").getReadFallbacks().toString());
        assertTrue(server("fail").getMessagesRead() >= 2);
        // the next call is carried again
        assertArrayEquals(new double[] {1, 2}, dsoap.echoDoubles(new double[] {1, 2}));
    }

    @Test
    void oneWayCallsArrive() throws Exception {
        Echo dsoap = cxf.dsoap(address);
        for (int i = 0; i < 5; i++) {
            dsoap.record(i + 0.5);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (server("record").getMessagesRead() < 5 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(5, server("record").getMessagesRead());
        assertEquals(5, client("record").getMessagesWritten());
    }

    /**
     * An interceptor dsoap does not know must see the message, so it goes CXF's way; a JAX-WS handler on a client that
     * leaves the body alone does not.
     */
    @Test
    void handlersAndUnknownInterceptorsTakeCxfsPath() throws Exception {
        try (Cxf own = new Cxf()) {
            String a = own.publish(new DsoapEchoImpl());
            Echo handled = own.dsoap(a);
            Counting counting = new Counting();
            List<Handler> chain = new ArrayList<>();
            chain.add(counting);
            ((BindingProvider) handled).getBinding().setHandlerChain(chain);
            assertArrayEquals(new double[] {3, 4}, handled.echoDoubles(new double[] {3, 4}));
            assertEquals(2, counting.seen);
            // a handler that leaves the body alone: dsoap runs it (HandlerChainTest), both ways carried
            OperationStatsMXBean c = own.stats("client", SERVICE, "echoDoubles");
            assertEquals(1, c.getMessagesWritten(), c.getWriteFallbacks().toString());
            assertEquals(1, c.getMessagesRead(), c.getReadFallbacks().toString());

            Echo intercepted = own.dsoap(a);
            ClientProxy.getClient(intercepted).getOutInterceptors().add(new Tagging());
            assertArrayEquals(new double[] {5}, intercepted.echoDoubles(new double[] {5}));
            assertEquals(1, count(c.getWriteFallbacks(), "INTERCEPTORS"));
            assertEquals(1, c.getMessagesWritten());
        }
        // on a bus of its own, the same interceptor declared harmless: carried
        try (Cxf own = new Cxf()) {
            String a = own.publish(new EchoImpl());
            Echo trusted = own.dsoap(a);
            Client tc = ClientProxy.getClient(trusted);
            tc.getEndpoint().put("dsoap.trustedInterceptors", Tagging.class.getName());
            tc.getOutInterceptors().add(new Tagging());
            assertArrayEquals(new double[] {6}, trusted.echoDoubles(new double[] {6}));
            OperationStatsMXBean c = own.stats("client", SERVICE, "echoDoubles");
            assertEquals(1, c.getMessagesWritten(), c.getWriteFallbacks().toString());
            assertEquals(java.util.Map.of(), c.getWriteFallbacks());
        }
    }

    /**
     * A JAX-WS logical handler that never asks for the payload, set with {@code EndpointImpl.setHandlers}: dsoap runs it
     * and carries both directions (handlers that ask for the body: HandlerChainTest).
     */
    @Test
    void handlersThatLeaveTheBodyAloneKeepDsoapsPathOnTheEndpoint() throws Exception {
        try (Cxf own = new Cxf()) {
            org.apache.cxf.jaxws.EndpointImpl handled = new org.apache.cxf.jaxws.EndpointImpl(own.bus, new DsoapEchoImpl());
            Counting counting = new Counting();
            handled.setHandlers(List.of(counting));
            String a = own.address("handled");
            handled.publish(a);
            assertArrayEquals(new int[] {7}, own.dsoap(a).echoInts(new int[] {7}));
            assertEquals(2, counting.seen);
            OperationStatsMXBean s = own.stats("server", SERVICE, "echoInts");
            assertEquals(1, s.getMessagesRead(), s.getReadFallbacks().toString());
            assertEquals(1, s.getMessagesWritten(), s.getWriteFallbacks().toString());
            assertEquals(java.util.Map.of(), s.getReadFallbacks());
            assertEquals(java.util.Map.of(), s.getWriteFallbacks());
            handled.stop();
        }
    }

    /**
     * MTOM makes requests multipart: CXF's way. (WS-Addressing's header blocks no longer are: a client with it is
     * carried both ways, and so is an endpoint without it that its requests reach.)
     */
    @Test
    void attachmentsTakeCxfsPath() {
        Echo addressing = cxf.client(address, Echo.class, "EchoService", "EchoPort", new DifferentialSoapFeature(),
                new WSAddressingFeature());
        OperationStatsMXBean before = cxf.stats("server", SERVICE, "echoInts", true);
        long read = before == null ? 0 : before.getMessagesRead();
        assertArrayEquals(new int[] {1, -1}, addressing.echoInts(new int[] {1, -1}));
        assertEquals(read + 1, server("echoInts").getMessagesRead(), server("echoInts").getReadFallbacks().toString());
        assertEquals(0, count(server("echoInts").getReadFallbacks(), "HEADERS"), server("echoInts").getReadFallbacks().toString());
        assertEquals(0, count(client("echoInts").getWriteFallbacks(), "INTERCEPTORS"), client("echoInts").getWriteFallbacks().toString());

        Echo mtom = cxf.client(address, Echo.class, "EchoService", "EchoPort", new DifferentialSoapFeature(), new MTOMFeature());
        assertArrayEquals(new String[] {"a", "<b>"}, mtom.echoStrings(new String[] {"a", "<b>"}));
        assertTrue(count(client("echoStrings").getWriteFallbacks(), "ATTACHMENTS") >= 1, client("echoStrings").getWriteFallbacks().toString());
        assertTrue(count(cxf.stats("server", SERVICE, "*").getReadFallbacks(), "ATTACHMENTS") >= 1);
    }

    /**
     * CXF refuses a request whose SOAPAction names no operation and is not that of the operation its body
     * selects: so does the endpoint with dsoap (the request goes CXF's way, counted as ACTION); an empty or
     * absent action, and SOAP 1.2's action parameter for an operation that declares none, are carried.
     */
    @Test
    void soapActionsAreCheckedAsCxfChecksThem() throws Exception {
        String plain = cxf.publish(new EchoImpl());
        String body11 = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns2:echoDoubles xmlns:ns2=\"urn:dsoap:cxf-echo\"><values>1.5</values><values>-0.0</values>"
                + "</ns2:echoDoubles></soap:Body></soap:Envelope>";
        byte[] b = body11.getBytes(StandardCharsets.UTF_8);
        OperationStatsMXBean s = server("echoDoubles");
        long actions = count(s.getReadFallbacks(), "ACTION");
        long read = s.getMessagesRead();
        for (String action : new String[] {"\"urn:tag\"", "urn:tag", "\"urn:dsoap:cxf-echo/Echo/echoStrings\""}) {
            String[] want = Cxf.post(plain, "text/xml; charset=UTF-8", b, action);
            String[] got = Cxf.post(address, "text/xml; charset=UTF-8", b, action);
            assertEquals(want[0], got[0], action + ": " + got[1]);
            assertEquals(faultString(want[1]), faultString(got[1]), action);
        }
        assertEquals("500", Cxf.post(address, "text/xml; charset=UTF-8", b, "\"urn:tag\"")[0]);
        assertEquals(actions + 4, count(s.getReadFallbacks(), "ACTION"), s.getReadFallbacks().toString());
        for (String action : new String[] {"\"\"", null}) {
            String[] got = Cxf.post(address, "text/xml; charset=UTF-8", b, action);
            assertEquals("200", got[0], got[1]);
            assertTrue(got[1].contains("<return>1.5</return><return>-0.0</return>"), got[1]);
        }
        assertEquals(read + 2, s.getMessagesRead(), "requests with an empty or no action are carried");
    }

    /**
     * CXF's own parser limits hold on dsoap's path: an array of more items than CXF's maxChildElements (50,000
     * by default) is refused as CXF refuses it (dsoap leaves it to CXF), an attribute longer than CXF's
     * maxAttributeSize and nesting deeper than its maxElementDepth are refused with a fault and the same status;
     * at the limit the request is served and carried.
     */
    @Test
    void cxfsParserLimitsHoldOnDsoapsPath() throws Exception {
        String plain = cxf.publish(new EchoImpl());
        String head = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns2:echoDoubles xmlns:ns2=\"urn:dsoap:cxf-echo\">";
        String tail = "</ns2:echoDoubles></soap:Body></soap:Envelope>";
        OperationStatsMXBean s = server("echoDoubles");
        String[] refused = {
                head + "<values>1</values>".repeat(50_001) + tail,
                head + "<values a=\"" + "x".repeat(70_000) + "\">1</values>" + tail,
                head + "<values>" + "<x>".repeat(100) + "1" + "</x>".repeat(100) + "</values>" + tail,
        };
        for (String body : refused) {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            String[] want = Cxf.post(plain, "text/xml; charset=UTF-8", b);
            String[] got = Cxf.post(address, "text/xml; charset=UTF-8", b);
            assertEquals("500", want[0], want[1]);
            assertEquals(want[0], got[0], got[1]);
            assertTrue(got[1].contains("Fault"), got[1]);
            assertArrayEquals(new double[] {1, 2}, cxf.dsoap(address).echoDoubles(new double[] {1, 2}));
        }
        long read = s.getMessagesRead();
        byte[] atLimit = (head + "<values>1</values>".repeat(50_000) + tail).getBytes(StandardCharsets.UTF_8);
        String[] got = Cxf.post(address, "text/xml; charset=UTF-8", atLimit);
        assertEquals("200", got[0], got[1].substring(0, Math.min(500, got[1].length())));
        assertEquals(read + 1, s.getMessagesRead(), "served at the limit by dsoap");
    }

    /**
     * A message longer than dsoap.maxMessageBytes (8 MiB on this endpoint) that CXF accepts is served as CXF
     * serves it: dsoap hands CXF what it read and the rest of the stream (counted as TOO_LARGE).
     */
    @Test
    void messagesOverDsoapsSizeLimitAreCxfsToRead() throws Exception {
        String big = "gr\u00fc\u00dfe &amp; ".repeat(700_000); // about 9.8 MB of UTF-8
        byte[] b = ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns2:echoStrings xmlns:ns2=\"urn:dsoap:cxf-echo\"><values>" + big + "</values></ns2:echoStrings>"
                + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8);
        assertTrue(b.length > 8 << 20);
        long tooLarge = count(cxf.stats("server", SERVICE, "*").getReadFallbacks(), "TOO_LARGE");
        String[] got = Cxf.post(address, "text/xml; charset=UTF-8", b);
        assertEquals("200", got[0], got[1].substring(0, Math.min(300, got[1].length())));
        assertTrue(got[1].contains("<return>" + big.substring(0, 1000)) && got[1].contains(big.substring(big.length() - 1000) + "</return>"));
        assertEquals(tooLarge + 1, count(cxf.stats("server", SERVICE, "*").getReadFallbacks(), "TOO_LARGE"));
        assertArrayEquals(new double[] {1, 2}, cxf.dsoap(address).echoDoubles(new double[] {1, 2}));
    }

    /**
     * xsi:type on a value is CXF's to judge: a type that is not the declared one (a string, an int holding
     * 1.5, an undeclared prefix, a bean type) gets CXF's answer on both endpoints; the declared type is
     * carried by dsoap; the next good request is still carried.
     */
    @Test
    void xsiTypesOnValuesGetCxfsAnswer() throws Exception {
        String plain = cxf.publish(new EchoImpl());
        String head = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">"
                + "<soap:Body><ns2:echoDoubles xmlns:ns2=\"urn:dsoap:cxf-echo\"><values>2.5</values>";
        String tail = "</ns2:echoDoubles></soap:Body></soap:Envelope>";
        String[] values = {
                "<values xsi:type=\"xs:string\">1.5</values>",
                "<values xsi:type=\"xs:int\">1.5</values>",
                "<values xsi:type=\"foo:bar\">1.5</values>",
                "<values xsi:type=\"ns2:mio\">1.5</values>",
                "<values xsi:type=\"xs:double\">1.5</values>",
        };
        OperationStatsMXBean s = server("echoDoubles");
        long shape = count(s.getReadFallbacks(), "REQUEST_SHAPE");
        for (String v : values) {
            byte[] b = (head + v + tail).getBytes(StandardCharsets.UTF_8);
            String[] want = Cxf.post(plain, "text/xml; charset=UTF-8", b);
            String[] got = Cxf.post(address, "text/xml; charset=UTF-8", b);
            assertEquals(want[0], got[0], v + ": " + got[1]);
            if (want[0].equals("200")) {
                assertTrue(got[1].contains("<return>2.5</return><return>1.5</return>"), got[1]);
            }
        }
        assertEquals(shape + values.length - 1, count(s.getReadFallbacks(), "REQUEST_SHAPE"), s.getReadFallbacks().toString());
        assertArrayEquals(new double[] {1, 2}, cxf.dsoap(address).echoDoubles(new double[] {1, 2}));
    }

    /** The faultstring of a SOAP 1.1 fault, or the whole text when there is none. */
    private static String faultString(String xml) {
        int a = xml.indexOf("<faultstring>");
        int e = xml.indexOf("</faultstring>");
        return a < 0 || e < 0 ? xml : xml.substring(a + 13, e);
    }

    @Test
    void otherCharsetsTakeCxfsPath() throws Exception {
        String body = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soap:Body><ns2:echoStrings xmlns:ns2=\"urn:dsoap:cxf-echo\"><values>gr\u00fc\u00dfe</values></ns2:echoStrings></soap:Body></soap:Envelope>";
        String[] r = Cxf.post(address, "text/xml; charset=ISO-8859-1", body.getBytes(StandardCharsets.ISO_8859_1));
        assertEquals("200", r[0], r[1]);
        assertTrue(r[1].contains("<return>gr\u00fc\u00dfe</return>"), r[1]);
        assertTrue(count(cxf.stats("server", SERVICE, "*").getReadFallbacks(), "CHARSET") >= 1);
    }

    @Test
    void malformedAndHostileRequestsGetFaultsAndTheEndpointKeepsServing() throws Exception {
        String head = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<ns2:echoDoubles xmlns:ns2=\"urn:dsoap:cxf-echo\">";
        String tail = "</ns2:echoDoubles></soap:Body></soap:Envelope>";
        String deep = "<values>" + "<x>".repeat(100) + "1" + "</x>".repeat(100) + "</values>";
        String[][] cases = {
                // malformed: CXF's fault, as plain CXF answers it
                {head + "<values>1.5</values><values>2" + tail, "CXF"},
                // refused before its operation is known, on an endpoint with a one-way operation: CXF's fault
                {"<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>" + head + "<values>&e;</values>" + tail, "DTD"},
                {head + deep + tail, "depth"},
                {head + "<values>1.5</values><values>abc</values>" + tail, null},
        };
        OperationStatsMXBean s = server("echoDoubles");
        long rejected = s.getMessagesRejected() + cxf.stats("server", SERVICE, "*").getMessagesRejected();
        for (String[] c : cases) {
            String[] r = Cxf.post(address, "text/xml; charset=UTF-8", c[0].getBytes(StandardCharsets.UTF_8));
            assertEquals("500", r[0], r[1]);
            assertTrue(r[1].contains("Fault") && r[1].contains("Client"), r[1]);
            if ("DTD".equals(c[1])) {
                assertTrue(r[1].contains("Received event DTD") && r[1].contains("[row,col"), r[1]);
            } else if ("CXF".equals(c[1])) {
                assertTrue(r[1].contains("Unexpected close tag") && r[1].contains("[row,col"), r[1]);
            } else if (c[1] != null) {
                assertTrue(r[1].contains("dsoap") && r[1].toLowerCase().contains(c[1].toLowerCase()), r[1]);
                assertTrue(r[1].contains("at byte"), "the fault says where: " + r[1]);
            }
            assertArrayEquals(new double[] {1, 2}, cxf.dsoap(address).echoDoubles(new double[] {1, 2}));
        }
        assertTrue(s.getMessagesRejected() + cxf.stats("server", SERVICE, "*").getMessagesRejected() >= rejected + 3);
    }

    @Test
    void concurrentClientsNeverSeeEachOthersValues() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                done.add(pool.submit(() -> {
                    Echo dsoap = id % 2 == 0 ? cxf.dsoap(address) : cxf.plain(address);
                    Random r = new Random(1000 + id);
                    double[] v = new double[200];
                    Arrays.fill(v, id);
                    for (int i = 0; i < 100; i++) {
                        v[r.nextInt(v.length)] = id * 1000 + r.nextInt(1000);
                        double[] back = dsoap.echoDoubles(v);
                        if (!Arrays.equals(v, back)) {
                            throw new AssertionError("client " + id + " call " + i + " got another client's values");
                        }
                        String seen = dsoap.describe(null, v, "client " + id, i);
                        if (!seen.contains("label='client " + id + "'") || !seen.endsWith("count=" + i)) {
                            throw new AssertionError("client " + id + " call " + i + ": server saw " + seen);
                        }
                    }
                    return id;
                }));
            }
            for (Future<Integer> f : done) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(server("echoDoubles").getMessagesRead() >= threads * 100);
    }

    /** Counts the messages it sees; a logical handler, so no SAAJ is needed. */
    static final class Counting implements LogicalHandler<LogicalMessageContext> {
        int seen;

        @Override
        public boolean handleMessage(LogicalMessageContext context) {
            seen++;
            return true;
        }

        @Override
        public boolean handleFault(LogicalMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
        }
    }

    /** An interceptor dsoap does not know (as a user's logging or metrics interceptor would be). */
    static final class Tagging extends AbstractPhaseInterceptor<Message> {
        Tagging() {
            super(Phase.PRE_STREAM);
        }

        @Override
        public void handleMessage(Message message) {
            message.put("tagged", Boolean.TRUE);
        }
    }
}
