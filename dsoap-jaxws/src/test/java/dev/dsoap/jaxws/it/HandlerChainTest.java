package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPHeaderElement;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.ProtocolException;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.headers.Header;
import org.apache.cxf.helpers.DOMUtils;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.namespace.QName;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * JAX-WS SOAP handlers on carried CXF endpoints, set with {@code Binding.setHandlerChain} on a plain endpoint and on a
 * {@code @DifferentialSoap} one alike, called by plain CXF proxies: a handler that reads the request's header, one
 * that stamps a header block into each answer, one that uses message context properties only, and one that writes the
 * whole message out (a payload logger). The first three keep dsoap's path both ways in every call, their effect
 * intact (the block the client sent read by the handler, the block the handler stamped in the client's response
 * headers, a mustUnderstand block the handler declares understood); the logger gets the whole message, and the
 * message goes CXF's way, counted as {@code HANDLER_BODY}. A handler that stops a request or throws gets the answer
 * plain CXF gives. Values bit for bit against the plain endpoint with the same handlers, over 30 calls of 10,000
 * doubles with edge values, a tenth changed between calls.
 */
class HandlerChainTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261202L);
    private static final String NS = "urn:dsoap:test-correlation";
    private static final QName ID = new QName(NS, "Id");
    private static final QName ANSWER = new QName(NS, "AnswerId");
    private static final int CALLS = 30;
    private static final int N = 10_000;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, 4.9e-322, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE,
            1.0 / 3, 1e21, 1e-7, 123456789.125};

    /** An endpoint with {@code handlers} as its chain, on {@code cxf}; returns its address. */
    @SuppressWarnings("rawtypes")
    private static String publish(Cxf cxf, Object impl, List<Handler> handlers) throws IOException {
        String address = cxf.publish(impl);
        cxf.lastEndpoint().getBinding().setHandlerChain(handlers);
        return address;
    }

    @Test
    void headerOnlyHandlersKeepDsoapsPathBothWays() throws Exception {
        Correlating plainCorr = new Correlating();
        Correlating dsoapCorr = new Correlating();
        Timing plainTime = new Timing();
        Timing dsoapTime = new Timing();
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publish(plain, new EchoImpl(), List.of(plainTime, plainCorr));
            String d = publish(dsoap, new DsoapEchoImpl(), List.of(dsoapTime, dsoapCorr));
            Supplier<OperationStatsMXBean> server = () -> dsoap.stats("server", "EchoService.EchoPort", "echoDoubles", true);
            calls("correlating and timing handlers", plain.plain(p), dsoap.plain(d), server, true);
            assertEquals(List.copyOf(plainCorr.seen), List.copyOf(dsoapCorr.seen), "the ids the handler read");
            assertEquals(CALLS, dsoapCorr.seen.size());
            assertEquals(2 * CALLS, dsoapTime.messages.get(), "the timing handler saw every message both ways");
            assertEquals(CALLS, dsoapTime.closed.get(), "closed at the end of every exchange");
            OperationStatsMXBean s = server.get();
            assertEquals(CALLS, s.getMessagesRead(), s.getReadFallbacks().toString());
            assertEquals(CALLS, s.getMessagesWritten(), s.getWriteFallbacks().toString());
            assertEquals(Map.of(), s.getReadFallbacks());
            assertEquals(Map.of(), s.getWriteFallbacks());
        }
    }

    @Test
    void aHandlerThatWritesTheWholeMessageGetsItAndTheMessageGoesCxfsWay() throws Exception {
        Logging plainLog = new Logging();
        Logging dsoapLog = new Logging();
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publish(plain, new EchoImpl(), List.of(new Correlating(), plainLog));
            String d = publish(dsoap, new DsoapEchoImpl(), List.of(new Correlating(), dsoapLog));
            Supplier<OperationStatsMXBean> server = () -> dsoap.stats("server", "EchoService.EchoPort", "echoDoubles", true);
            calls("a payload logger", plain.plain(p), dsoap.plain(d), server, false);
            assertEquals(2 * CALLS, dsoapLog.logged.size());
            for (String m : dsoapLog.logged) {
                assertTrue(m.contains("echoDoubles") && m.contains("<values>") || m.contains("<return>"), m);
            }
            OperationStatsMXBean s = server.get();
            assertEquals(Map.of("HANDLER_BODY", (long) CALLS), s.getReadFallbacks());
            assertEquals(Map.of("HANDLER_BODY", (long) CALLS), s.getWriteFallbacks());
            assertEquals(0, s.getMessagesWritten(), "every answer taken back");
        }
    }

    @Test
    void aHandlerThatStopsOrThrowsGetsPlainCxfsAnswer() throws Exception {
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publish(plain, new EchoImpl(), List.of(new Correlating(), new Refusing()));
            String d = publish(dsoap, new DsoapEchoImpl(), List.of(new Correlating(), new Refusing()));
            for (String how : new String[] {"throw", "stop"}) {
                String request = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>"
                        + "<c:Id xmlns:c=\"" + NS + "\">" + how + "</c:Id></soap:Header><soap:Body>"
                        + "<ns2:echoInts xmlns:ns2=\"urn:dsoap:cxf-echo\"><values>7</values><values>-8</values>"
                        + "</ns2:echoInts></soap:Body></soap:Envelope>";
                String[] want = Cxf.post(p, "text/xml; charset=UTF-8", request.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                String[] got = Cxf.post(d, "text/xml; charset=UTF-8", request.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                assertEquals(want[0], got[0], how + ": " + got[1] + "\nplain: " + want[1]);
                assertEquals(texts(want[1]), texts(got[1]), how + ": " + got[1] + "\nplain: " + want[1]);
            }
            // through proxies: the same outcome from both endpoints
            List<String> outcomes = new ArrayList<>();
            for (Echo c : new Echo[] {plain.plain(p), dsoap.plain(d)}) {
                for (String how : new String[] {"throw", "stop", "go"}) {
                    ((BindingProvider) c).getRequestContext().put(Header.HEADER_LIST, List.of(id(how, false)));
                    try {
                        outcomes.add(how + ": " + java.util.Arrays.toString(c.echoInts(new int[] {1, -2})));
                    } catch (RuntimeException e) {
                        outcomes.add(how + ": " + e.getClass().getSimpleName() + " " + e.getMessage());
                    }
                }
            }
            assertEquals(outcomes.subList(0, 3), outcomes.subList(3, 6));
        }
    }

    /**
     * 30 calls through {@code plain} (to the plain endpoint) and {@code dsoap} (to the dsoap one), each with a
     * correlation block the client sends: values bit for bit, the answer's stamped block in the response headers; with
     * {@code carried}, dsoap read and wrote every call.
     */
    private static void calls(String what, Echo plain, Echo dsoap, Supplier<OperationStatsMXBean> server, boolean carried) {
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
            String where = what + " call " + call + " (seed " + SEED + ")";
            for (Echo c : new Echo[] {plain, dsoap}) {
                String id = "id-" + call + (c == plain ? "" : "");
                ((BindingProvider) c).getRequestContext().put(Header.HEADER_LIST, List.of(id(id, true)));
                double[] back = c.echoDoubles(v);
                sameBits(where, v, back);
                assertEquals(id + "-answer", answerId(c), where + ": the block the handler stamped");
            }
        }
        OperationStatsMXBean s = server.get();
        assertNotNull(s, what);
        if (carried) {
            assertEquals(CALLS, s.getMessagesRead(), what + " " + s.getReadFallbacks());
            assertEquals(CALLS, s.getMessagesWritten(), what + " " + s.getWriteFallbacks());
        }
    }

    /** The correlation block a client sends, with mustUnderstand: the handler declares it understood. */
    private static Header id(String id, boolean mustUnderstand) {
        Document d = DOMUtils.newDocument();
        Element e = d.createElementNS(NS, "c:Id");
        e.setTextContent(id);
        SoapHeader h = new SoapHeader(ID, e);
        h.setMustUnderstand(mustUnderstand);
        return h;
    }

    /** The text of the answer block the handler stamped in {@code c}'s last response, or {@code null}. */
    private static String answerId(Echo c) {
        Object headers = ((BindingProvider) c).getResponseContext().get(Header.HEADER_LIST);
        if (headers instanceof List<?> l) {
            for (Object o : l) {
                if (o instanceof Header h && ANSWER.equals(h.getName()) && h.getObject() instanceof Element e) {
                    return e.getTextContent();
                }
            }
        }
        return null;
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

    /** The local names and texts of every element of {@code xml}, in document order. */
    private static List<String> texts(String xml) throws Exception {
        javax.xml.parsers.DocumentBuilderFactory f = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document d = f.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(xml.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        List<String> out = new ArrayList<>();
        org.w3c.dom.NodeList all = d.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            out.add(e.getLocalName() + "=" + (e.getChildNodes().getLength() == 1 ? e.getTextContent() : ""));
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------ the handlers

    /**
     * Reads the client's correlation block from the request's SOAP header (and declares it understood), and stamps an
     * answer block naming it into the answer's header.
     */
    static final class Correlating implements SOAPHandler<SOAPMessageContext> {
        final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            try {
                SOAPMessage m = context.getMessage();
                if (!(Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                    SOAPHeader h = m.getSOAPHeader();
                    String id = null;
                    if (h != null) {
                        for (var it = h.examineAllHeaderElements(); it.hasNext(); ) {
                            SOAPHeaderElement e = it.next();
                            if (ID.equals(e.getElementQName())) {
                                id = e.getTextContent();
                            }
                        }
                    }
                    seen.add(String.valueOf(id));
                    context.put("correlation", id);
                    context.setScope("correlation", MessageContext.Scope.APPLICATION);
                } else {
                    SOAPHeader h = m.getSOAPHeader();
                    if (h == null) {
                        h = m.getSOAPPart().getEnvelope().addHeader();
                    }
                    h.addHeaderElement(ANSWER).setTextContent(context.get("correlation") + "-answer");
                    m.saveChanges(); // as handlers commonly do after a change
                }
            } catch (SOAPException e) {
                throw new IllegalStateException(e);
            }
            return true;
        }

        @Override
        public boolean handleFault(SOAPMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
        }

        @Override
        public Set<QName> getHeaders() {
            return Set.of(ID);
        }
    }

    /** Times each exchange from message context properties only: never asks for the message. */
    static final class Timing implements SOAPHandler<SOAPMessageContext> {
        final AtomicInteger messages = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            messages.incrementAndGet();
            if (!(Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                context.put("started", System.nanoTime());
            } else if (!(context.get("started") instanceof Long)) {
                throw new IllegalStateException("no start time on the answer's context");
            }
            return true;
        }

        @Override
        public boolean handleFault(SOAPMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
            closed.incrementAndGet();
        }

        @Override
        public Set<QName> getHeaders() {
            return Set.of();
        }
    }

    /** Writes every message out whole, as a payload logger does. */
    static final class Logging implements SOAPHandler<SOAPMessageContext> {
        final ConcurrentLinkedQueue<String> logged = new ConcurrentLinkedQueue<>();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            try {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                context.getMessage().writeTo(out);
                logged.add(out.toString(java.nio.charset.StandardCharsets.UTF_8));
            } catch (SOAPException | IOException e) {
                throw new IllegalStateException(e);
            }
            return true;
        }

        @Override
        public boolean handleFault(SOAPMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
        }

        @Override
        public Set<QName> getHeaders() {
            return Set.of();
        }
    }

    /** Stops a request whose correlation id is "stop" (returns false), throws for "throw". */
    static final class Refusing implements SOAPHandler<SOAPMessageContext> {
        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            if ((Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                return true;
            }
            Object id = context.get("correlation");
            if ("throw".equals(id)) {
                throw new ProtocolException("refused by the handler");
            }
            return !"stop".equals(id);
        }

        @Override
        public boolean handleFault(SOAPMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
        }

        @Override
        public Set<QName> getHeaders() {
            return Set.of();
        }
    }
}
