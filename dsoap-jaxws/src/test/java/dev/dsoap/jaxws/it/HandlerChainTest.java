package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.soap.SOAPElement;
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
@org.junit.jupiter.api.Tag("long") // a long matrix of features: CI's second JDK pass leaves it out
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
        JaxbReader plainJaxb = new JaxbReader();
        JaxbReader dsoapJaxb = new JaxbReader();
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publish(plain, new EchoImpl(), List.of(plainTime, plainCorr, plainJaxb));
            String d = publish(dsoap, new DsoapEchoImpl(), List.of(dsoapTime, dsoapCorr, dsoapJaxb));
            Supplier<OperationStatsMXBean> server = () -> dsoap.stats("server", "EchoService.EchoPort", "echoDoubles", true);
            calls("correlating and timing handlers", plain.plain(p), dsoap.plain(d), server, true);
            assertEquals(List.copyOf(plainCorr.seen), List.copyOf(dsoapCorr.seen), "the ids the handler read");
            assertEquals(CALLS, dsoapCorr.seen.size());
            assertEquals(List.copyOf(plainJaxb.seen), List.copyOf(dsoapJaxb.seen), "the ids read with getHeaders(QName, JAXBContext, boolean)");
            assertEquals(List.copyOf(dsoapCorr.seen), List.copyOf(dsoapJaxb.seen));
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
            for (String how : new String[] {"throw", "stop", "throw on the answer"}) {
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
            OperationStatsMXBean s = dsoap.stats("server", "EchoService.EchoPort", "echoInts");
            assertEquals(Map.of("RESPONSE_CHANGED", 1L), s.getWriteFallbacks(), "the answer a handler threw on, taken back");
        }
    }

    /**
     * Logical handlers: one that lets every message pass without asking for it (carried both ways, with a SOAP handler
     * beside it), one that reads the payload (it gets the real payload; the message goes CXF's way), one that changes the
     * request's payload (the service gets the handler's values, as on plain CXF).
     */
    @Test
    @SuppressWarnings("rawtypes")
    void logicalHandlers() throws Exception {
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            Passing passing = new Passing();
            String p = publish(plain, new EchoImpl(), List.of(new Passing(), new Correlating()));
            String d = publish(dsoap, new DsoapEchoImpl(), List.of(passing, new Correlating()));
            Supplier<OperationStatsMXBean> server = () -> dsoap.stats("server", "EchoService.EchoPort", "echoDoubles", true);
            calls("a logical handler letting every message pass", plain.plain(p), dsoap.plain(d), server, true);
            assertEquals(2 * CALLS, passing.seen.get());
            OperationStatsMXBean s = server.get();
            assertEquals(Map.of(), s.getReadFallbacks());
            assertEquals(Map.of(), s.getWriteFallbacks());

            PayloadReading plainReader = new PayloadReading(false);
            PayloadReading dsoapReader = new PayloadReading(false);
            jakarta.xml.ws.Binding pb = plain.lastEndpoint().getBinding();
            jakarta.xml.ws.Binding db = dsoap.lastEndpoint().getBinding();
            pb.setHandlerChain(List.<Handler>of(plainReader));
            db.setHandlerChain(List.<Handler>of(dsoapReader));
            Echo pc = plain.plain(p);
            Echo dc = dsoap.plain(d);
            for (int i = 0; i < 5; i++) {
                double[] v = {i, -0.0, Double.NaN, Double.MAX_VALUE, 1e-310};
                sameBits("payload reader " + i, v, pc.echoDoubles(v));
                sameBits("payload reader " + i, v, dc.echoDoubles(v));
            }
            assertEquals(List.copyOf(plainReader.payloads), List.copyOf(dsoapReader.payloads), "the payloads the handler read");
            assertEquals(10, dsoapReader.payloads.size());
            assertEquals(Map.of("HANDLER_BODY", 5L), s.getReadFallbacks());
            assertEquals(Map.of("HANDLER_BODY", 5L), s.getWriteFallbacks());

            pb.setHandlerChain(List.<Handler>of(new PayloadReading(true)));
            db.setHandlerChain(List.<Handler>of(new PayloadReading(true)));
            double[] v = {1, 2, 3};
            double[] want = pc.echoDoubles(v);
            assertEquals("[7.0, 2.0, 3.0]", java.util.Arrays.toString(want), "the plain endpoint's service got the handler's values");
            sameBits("payload changed by the handler", want, dc.echoDoubles(v));
        }
    }

    /**
     * Handlers that reach the body with DOM calls SAAJ's lazy body does not notice ({@code getElementsByTagName} on the
     * body, from {@code getSOAPBody()} and from the SOAP part): they see the whole body, as on plain CXF, and the
     * messages go CXF's way.
     */
    @Test
    void handlersThatSearchTheBodySeeAllOfIt() throws Exception {
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            BodySearching plainSearch = new BodySearching();
            BodySearching dsoapSearch = new BodySearching();
            String p = publish(plain, new EchoImpl(), List.of(plainSearch));
            String d = publish(dsoap, new DsoapEchoImpl(), List.of(dsoapSearch));
            Echo pc = plain.plain(p);
            Echo dc = dsoap.plain(d);
            for (int i = 0; i < 4; i++) {
                double[] v = new double[10 + i];
                java.util.Arrays.fill(v, i + 0.5);
                sameBits("body search " + i, v, pc.echoDoubles(v));
                sameBits("body search " + i, v, dc.echoDoubles(v));
            }
            assertEquals(List.copyOf(plainSearch.found), List.copyOf(dsoapSearch.found), "the items the handler found");
            assertEquals("10,10,11,11", String.join(",", dsoapSearch.found.stream().limit(4).toList()), "two searches a request");
            OperationStatsMXBean s = dsoap.stats("server", "EchoService.EchoPort", "echoDoubles");
            assertEquals(Map.of("HANDLER_BODY", 4L), s.getReadFallbacks());
        }
    }

    /** One-way calls and service faults: the handlers see the same messages, faults and closes as on plain CXF. */
    @Test
    void oneWayCallsAndFaultsAsWithoutDsoap() throws Exception {
        Counting plainCount = new Counting();
        Counting dsoapCount = new Counting();
        EchoImpl plainImpl = new EchoImpl();
        EchoImpl dsoapImpl = new DsoapEchoImpl();
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publish(plain, plainImpl, List.of(plainCount, new Correlating()));
            String d = publish(dsoap, dsoapImpl, List.of(dsoapCount, new Correlating()));
            Echo pc = plain.plain(p);
            Echo dc = dsoap.plain(d);
            for (int i = 0; i < 5; i++) {
                for (Echo c : new Echo[] {pc, dc}) {
                    ((BindingProvider) c).getRequestContext().put(Header.HEADER_LIST, List.of(id("one-way " + i, true)));
                    c.record(i + 0.25);
                }
            }
            // (the handlers run before the service is called)
            for (int wait = 0; wait < 200 && (plainImpl.recorded.size() < 5 || dsoapImpl.recorded.size() < 5); wait++) {
                Thread.sleep(25);
            }
            // (one-way calls are served on CXF's executor, each host in its own order: the values, in any order)
            assertEquals(plainImpl.recorded.stream().sorted().toList(), dsoapImpl.recorded.stream().sorted().toList(),
                    "one-way values");
            assertEquals(plainCount.toString(), dsoapCount.toString(), "one-way: what the handler saw");
            OperationStatsMXBean ow = dsoap.stats("server", "EchoService.EchoPort", "record");
            assertEquals(5, ow.getMessagesRead(), ow.getReadFallbacks().toString());
            for (Echo c : new Echo[] {pc, dc}) {
                ((BindingProvider) c).getRequestContext().put(Header.HEADER_LIST, List.of(id("fault", true)));
                org.junit.jupiter.api.Assertions.assertThrows(EchoFault.class, () -> c.fail("no"));
            }
            String request = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>"
                    + "<c:Id xmlns:c=\"" + NS + "\" soap:mustUnderstand=\"1\">fault</c:Id></soap:Header><soap:Body>"
                    + "<ns2:fail xmlns:ns2=\"urn:dsoap:cxf-echo\"><reason>no</reason></ns2:fail></soap:Body></soap:Envelope>";
            byte[] bytes = request.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            String[] want = Cxf.post(p, "text/xml; charset=UTF-8", bytes);
            assertEquals("500", want[0], want[1]);
            assertEquals(List.of(want[0], want[1]), List.of(Cxf.post(d, "text/xml; charset=UTF-8", bytes)), "the fault, byte for byte");
            assertEquals(plainCount.toString(), dsoapCount.toString(), "after a fault: what the handler saw");
            assertEquals(2, dsoapCount.faults.get(), dsoapCount.toString());
        }
    }

    /** SOAP 1.2, and WS-Addressing beside the handlers: carried both ways, the handler's block beside RelatesTo. */
    @Test
    void soap12AndAddressingWithHandlers() throws Exception {
        try (Cxf dsoap = new Cxf()) {
            String d = publish(dsoap, new Soap12EchoImpl(), List.of(new Correlating()));
            Echo c = dsoap.client(d, Echo.class, "Echo12Service", "Echo12Port");
            for (int i = 0; i < 5; i++) {
                ((BindingProvider) c).getRequestContext().put(Header.HEADER_LIST, List.of(id("s12-" + i, true)));
                double[] v = {i, -0.0, Double.NaN, 1e-300};
                sameBits("SOAP 1.2 call " + i, v, c.echoDoubles(v));
                assertEquals("s12-" + i + "-answer", answerId(c));
            }
            OperationStatsMXBean s = dsoap.stats("server", "Echo12Service.Echo12Port", "echoDoubles");
            assertEquals(5, s.getMessagesRead(), s.getReadFallbacks().toString());
            assertEquals(5, s.getMessagesWritten(), s.getWriteFallbacks().toString());

            org.apache.cxf.jaxws.EndpointImpl e = new org.apache.cxf.jaxws.EndpointImpl(dsoap.bus, new DsoapEchoImpl());
            e.getFeatures().add(new org.apache.cxf.ws.addressing.WSAddressingFeature());
            String a = dsoap.address("addressed");
            e.publish(a);
            dsoap.track(e);
            e.getBinding().setHandlerChain(List.of(new Correlating()));
            Echo wsa = dsoap.client(a, Echo.class, "EchoService", "EchoPort", new org.apache.cxf.ws.addressing.WSAddressingFeature());
            for (int i = 0; i < 5; i++) {
                ((BindingProvider) wsa).getRequestContext().put(Header.HEADER_LIST, new ArrayList<>(List.of(id("wsa-" + i, true))));
                int[] v = {i, -i, Integer.MIN_VALUE};
                assertEquals(java.util.Arrays.toString(v), java.util.Arrays.toString(wsa.echoInts(v)));
                assertEquals("wsa-" + i + "-answer", answerId(wsa));
            }
            OperationStatsMXBean w = dsoap.stats("server", "EchoService.EchoPort", "echoInts");
            assertEquals(5, w.getMessagesRead(), w.getReadFallbacks().toString());
            assertEquals(5, w.getMessagesWritten(), w.getWriteFallbacks().toString());
        }
    }

    /**
     * mustUnderstand: a block a handler's {@code getHeaders()} names is understood, one nobody names gets CXF's
     * MustUnderstand fault, byte for byte as from the plain endpoint with the same handlers.
     */
    @Test
    void mustUnderstandFollowsTheHandlersHeaders() throws Exception {
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publish(plain, new EchoImpl(), List.of(new Correlating()));
            String d = publish(dsoap, new DsoapEchoImpl(), List.of(new Correlating()));
            for (String block : new String[] {"<c:Id xmlns:c=\"" + NS + "\" soap:mustUnderstand=\"1\">m</c:Id>",
                    "<x:Other xmlns:x=\"urn:dsoap:nobody\" soap:mustUnderstand=\"1\">?</x:Other>"}) {
                String request = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>" + block
                        + "</soap:Header><soap:Body><ns2:echoInts xmlns:ns2=\"urn:dsoap:cxf-echo\"><values>3</values>"
                        + "</ns2:echoInts></soap:Body></soap:Envelope>";
                byte[] bytes = request.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                String[] want = Cxf.post(p, "text/xml; charset=UTF-8", bytes);
                String[] got = Cxf.post(d, "text/xml; charset=UTF-8", bytes);
                assertEquals(want[0], got[0], block + ": " + got[1] + "\nplain: " + want[1]);
                assertEquals(texts(want[1]), texts(got[1]), block + ": " + got[1] + "\nplain: " + want[1]);
            }
            OperationStatsMXBean s = dsoap.stats("server", "EchoService.EchoPort", "echoInts");
            assertEquals(2, s.getMessagesRead(), s.getReadFallbacks().toString());
            assertEquals(1, s.getMessagesWritten(), "the understood block's answer; the other is CXF's fault: " + s.getWriteFallbacks());
        }
    }

    /**
     * Handlers beside CXF's LoggingFeature and GZIPFeature, on the endpoints and on the proxies: carried both ways, every
     * message logged on both sides, values and stamped blocks as from the plain endpoint with the same features.
     */
    @Test
    void handlersWithLoggingAndGzip() throws Exception {
        java.util.concurrent.atomic.AtomicLong logged = new java.util.concurrent.atomic.AtomicLong();
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publishWithFeatures(plain, new EchoImpl(), logged);
            String d = publishWithFeatures(dsoap, new DsoapEchoImpl(), logged);
            org.apache.cxf.ext.logging.LoggingFeature clientLog = new org.apache.cxf.ext.logging.LoggingFeature();
            clientLog.setSender(e -> logged.incrementAndGet());
            Echo pc = plain.client(p, Echo.class, "EchoService", "EchoPort", clientLog,
                    new org.apache.cxf.transport.common.gzip.GZIPFeature());
            Echo dc = dsoap.client(d, Echo.class, "EchoService", "EchoPort", clientLog,
                    new org.apache.cxf.transport.common.gzip.GZIPFeature());
            Supplier<OperationStatsMXBean> server = () -> dsoap.stats("server", "EchoService.EchoPort", "echoDoubles", true);
            long before = logged.get();
            calls("handlers with logging and gzip", pc, dc, server, true);
            assertEquals(8L * CALLS, logged.get() - before, "each exchange logged in and out on both sides, both endpoints");
            OperationStatsMXBean s = server.get();
            assertEquals(Map.of(), s.getReadFallbacks());
            assertEquals(Map.of(), s.getWriteFallbacks());
        }
    }

    private static String publishWithFeatures(Cxf on, Object impl, java.util.concurrent.atomic.AtomicLong logged)
            throws IOException {
        org.apache.cxf.jaxws.EndpointImpl e = new org.apache.cxf.jaxws.EndpointImpl(on.bus, impl);
        org.apache.cxf.ext.logging.LoggingFeature log = new org.apache.cxf.ext.logging.LoggingFeature();
        log.setSender(event -> logged.incrementAndGet());
        e.getFeatures().add(log);
        org.apache.cxf.transport.common.gzip.GZIPFeature gzip = new org.apache.cxf.transport.common.gzip.GZIPFeature();
        gzip.setThreshold(0);
        e.getFeatures().add(gzip);
        String address = on.address(impl.getClass().getSimpleName() + "-features");
        e.publish(address);
        on.track(e);
        e.getBinding().setHandlerChain(List.of(new Correlating()));
        return address;
    }

    /** A chain declared in a {@code @HandlerChain} file: carried both ways, the block stamped. */
    @Test
    void handlerChainFiles() throws Exception {
        try (Cxf dsoap = new Cxf()) {
            String d = dsoap.publish(new HandlerChainEchoImpl());
            Echo c = dsoap.plain(d);
            for (int i = 0; i < 5; i++) {
                double[] v = {i, Double.NEGATIVE_INFINITY};
                sameBits("@HandlerChain call " + i, v, c.echoDoubles(v));
                Object headers = ((BindingProvider) c).getResponseContext().get(Header.HEADER_LIST);
                assertTrue(headers instanceof List<?> l && l.stream().anyMatch(h -> h instanceof Header x
                        && TicketHandler.TICKET.equals(x.getName())), "the handler's block: " + headers);
            }
            OperationStatsMXBean s = dsoap.stats("server", "EchoService.EchoPort", "echoDoubles");
            assertEquals(5, s.getMessagesRead(), s.getReadFallbacks().toString());
            assertEquals(5, s.getMessagesWritten(), s.getWriteFallbacks().toString());
        }
    }

    /** A chain changed while the endpoint serves: each message goes the way its chain then says. */
    @Test
    @SuppressWarnings("rawtypes")
    void handlerChainsChangedAtRunTime() throws Exception {
        try (Cxf dsoap = new Cxf()) {
            String d = publish(dsoap, new DsoapEchoImpl(), List.of());
            Echo c = dsoap.plain(d);
            jakarta.xml.ws.Binding b = dsoap.lastEndpoint().getBinding();
            List<List<Handler>> chains = List.of(List.of(), List.of(new Correlating()), List.of(new Logging()),
                    List.of(new Timing(), new Correlating()), List.of());
            List<String> ways = new ArrayList<>();
            for (List<Handler> chain : chains) {
                b.setHandlerChain(chain);
                OperationStatsMXBean before = dsoap.stats("server", "EchoService.EchoPort", "echoDoubles", true);
                long read = before == null ? 0 : before.getMessagesRead();
                long written = before == null ? 0 : before.getMessagesWritten();
                for (int i = 0; i < 3; i++) {
                    ((BindingProvider) c).getRequestContext().put(Header.HEADER_LIST, List.of(id("run-" + i, false)));
                    double[] v = {i, 0.5 * i, -1};
                    sameBits("chain " + chain, v, c.echoDoubles(v));
                }
                OperationStatsMXBean s = dsoap.stats("server", "EchoService.EchoPort", "echoDoubles");
                ways.add(chain.size() + " handlers: read " + (s.getMessagesRead() - read) + ", written "
                        + (s.getMessagesWritten() - written));
            }
            assertEquals(List.of("0 handlers: read 3, written 3", "1 handlers: read 3, written 3",
                    "1 handlers: read 3, written 0", "2 handlers: read 3, written 3", "0 handlers: read 3, written 3"), ways);
            // the logger's requests were read, then went CXF's way: counted
            assertEquals(Map.of("HANDLER_BODY", 3L), dsoap.stats("server", "EchoService.EchoPort", "echoDoubles").getReadFallbacks());
        }
    }

    /**
     * Handlers on clients: a plain CXF proxy and a dsoap proxy, each with a timing handler and one that reads the
     * answer's header, calling endpoints with the correlating handler (plain and dsoap). The same values and blocks
     * both ways; the client handlers see every message and close every exchange; dsoap's proxy wrote every request and
     * read every answer itself.
     */
    @Test
    void clientHandlersThatLeaveTheBodyAloneKeepDsoapsPath() throws Exception {
        Timing plainTime = new Timing(true);
        Timing dsoapTime = new Timing(true);
        AnswerReading plainRead = new AnswerReading();
        AnswerReading dsoapRead = new AnswerReading();
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publish(plain, new EchoImpl(), List.of(new Correlating()));
            String d = publish(dsoap, new DsoapEchoImpl(), List.of(new Correlating()));
            Echo pc = plain.plain(p);
            ((BindingProvider) pc).getBinding().setHandlerChain(List.of(plainTime, plainRead));
            Echo dc = dsoap.dsoap(d);
            ((BindingProvider) dc).getBinding().setHandlerChain(List.of(dsoapTime, dsoapRead));
            Supplier<OperationStatsMXBean> server = () -> dsoap.stats("server", "EchoService.EchoPort", "echoDoubles", true);
            calls("client handlers", pc, dc, server, true);
            assertEquals(List.copyOf(plainRead.seen), List.copyOf(dsoapRead.seen), "the answer blocks the client handler read");
            assertEquals(CALLS, dsoapRead.seen.size());
            assertEquals(2 * CALLS, dsoapTime.messages.get(), "the client's timing handler saw every message both ways");
            assertEquals(plainTime.closed.get(), dsoapTime.closed.get(), "closed as on a plain proxy");
            assertEquals(CALLS, dsoapTime.closed.get(), "closed at the end of every exchange");
            OperationStatsMXBean c = dsoap.stats("client", "EchoService.EchoPort", "echoDoubles");
            assertEquals(CALLS, c.getMessagesWritten(), c.getWriteFallbacks().toString());
            assertEquals(CALLS, c.getMessagesRead(), c.getReadFallbacks().toString());
            assertEquals(Map.of(), c.getWriteFallbacks());
            assertEquals(Map.of(), c.getReadFallbacks());
            assertTrue(c.getReadsResumed() + c.getReadsIdentical() > CALLS / 2, "the client read its answers differentially");
        }
    }

    /**
     * A payload logger on a client: it gets every message whole, the same as on a plain proxy, and those messages go
     * CXF's way (HANDLER_BODY both ways); a logical handler on a client that reads the answer's payload gets it.
     */
    @Test
    void clientHandlersThatReadTheBodyGetItAndTheMessageGoesCxfsWay() throws Exception {
        Logging plainLog = new Logging();
        Logging dsoapLog = new Logging();
        PayloadReading plainPayloads = new PayloadReading(false);
        PayloadReading dsoapPayloads = new PayloadReading(false);
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publish(plain, new EchoImpl(), List.of(new Correlating()));
            String d = publish(dsoap, new DsoapEchoImpl(), List.of(new Correlating()));
            Echo pc = plain.plain(p);
            ((BindingProvider) pc).getBinding().setHandlerChain(List.of(plainLog, plainPayloads));
            Echo dc = dsoap.dsoap(d);
            ((BindingProvider) dc).getBinding().setHandlerChain(List.of(dsoapLog, dsoapPayloads));
            Supplier<OperationStatsMXBean> server = () -> dsoap.stats("server", "EchoService.EchoPort", "echoDoubles", true);
            calls("client payload logger", pc, dc, server, true);
            assertEquals(2 * CALLS, dsoapLog.logged.size());
            List<String> want = List.copyOf(plainLog.logged);
            List<String> got = List.copyOf(dsoapLog.logged);
            for (int i = 0; i < want.size(); i++) {
                List<String> w = texts(want.get(i));
                List<String> g = texts(got.get(i));
                for (int k = 0; k < Math.min(w.size(), g.size()); k++) {
                    String what = "message " + i + " the client's logger wrote out, element " + k;
                    if (w.get(k).startsWith("values=") || w.get(k).startsWith("return=")) {
                        // dsoap's writer and JAXB may spell a double differently: the same value
                        assertEquals(bits(w.get(k)), bits(g.get(k)), what + ": " + w.get(k) + " / " + g.get(k));
                    } else if (!w.get(k).startsWith("Body=")) { // the body's text: its values, spelled either way
                        assertEquals(w.get(k), g.get(k), what);
                    }
                }
                assertEquals(w.size(), g.size(), "message " + i + ": elements");
            }
            assertEquals(List.copyOf(plainPayloads.payloads), List.copyOf(dsoapPayloads.payloads), "the payloads the logical handler read");
            OperationStatsMXBean c = dsoap.stats("client", "EchoService.EchoPort", "echoDoubles");
            assertEquals(Map.of("HANDLER_BODY", (long) CALLS), c.getWriteFallbacks());
            assertEquals(Map.of("HANDLER_BODY", (long) CALLS), c.getReadFallbacks());
        }
    }

    /**
     * Handlers on clients with one-way calls and faults: a counting handler on a dsoap proxy sees the same messages,
     * faults and closes as on a plain proxy; the one-way requests are written by dsoap, the faults read CXF's way.
     */
    @Test
    void clientHandlersWithOneWayCallsAndFaults() throws Exception {
        Counting plainCount = new Counting();
        Counting dsoapCount = new Counting();
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publish(plain, new EchoImpl(), List.of());
            String d = publish(dsoap, new DsoapEchoImpl(), List.of());
            Echo pc = plain.plain(p);
            ((BindingProvider) pc).getBinding().setHandlerChain(List.of(plainCount));
            Echo dc = dsoap.dsoap(d);
            ((BindingProvider) dc).getBinding().setHandlerChain(List.of(dsoapCount));
            for (int i = 0; i < 5; i++) {
                pc.record(i + 0.5);
                dc.record(i + 0.5);
            }
            for (Echo c : new Echo[] {pc, dc}) {
                org.junit.jupiter.api.Assertions.assertThrows(EchoFault.class, () -> c.fail("no"));
                sameBits("after the fault", new double[] {2.5}, c.echoDoubles(new double[] {2.5}));
            }
            assertEquals(plainCount.toString(), dsoapCount.toString(), "what the client's handler saw");
            assertEquals(1, dsoapCount.faults.get(), dsoapCount.toString());
            assertEquals(5, dsoap.stats("client", "EchoService.EchoPort", "record").getMessagesWritten());
            OperationStatsMXBean f = dsoap.stats("client", "EchoService.EchoPort", "fail");
            assertEquals(Map.of("FAULT", 1L), f.getReadFallbacks());
            OperationStatsMXBean e = dsoap.stats("client", "EchoService.EchoPort", "echoDoubles");
            assertEquals(1, e.getMessagesRead(), e.getReadFallbacks().toString());
        }
    }

    /**
     * A client handler that answers a request itself (puts the answer in the message and returns {@code false}): as on
     * a plain proxy, nothing is sent and the caller gets the handler's answer; the next call goes out as usual.
     */
    @Test
    void aClientHandlerThatAnswersItself() throws Exception {
        try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
            String p = publish(plain, new EchoImpl(), List.of());
            String d = publish(dsoap, new DsoapEchoImpl(), List.of());
            Echo pc = plain.plain(p);
            ((BindingProvider) pc).getBinding().setHandlerChain(List.of(new Answering()));
            Echo dc = dsoap.dsoap(d);
            ((BindingProvider) dc).getBinding().setHandlerChain(List.of(new Answering()));
            for (Echo c : new Echo[] {pc, dc}) {
                String who = c == pc ? "plain proxy" : "dsoap proxy";
                ((BindingProvider) c).getRequestContext().put(ANSWER_HERE, Boolean.TRUE);
                sameBits(who + ", answered by the handler", new double[] {42.5}, c.echoDoubles(new double[] {-1}));
                ((BindingProvider) c).getRequestContext().remove(ANSWER_HERE);
                sameBits(who + ", sent", new double[] {1, Double.NaN}, c.echoDoubles(new double[] {1, Double.NaN}));
            }
            OperationStatsMXBean s = dsoap.stats("server", "EchoService.EchoPort", "echoDoubles");
            assertEquals(1, s.getMessagesRead(), "only the second call reached the endpoint");
            OperationStatsMXBean c = dsoap.stats("client", "EchoService.EchoPort", "echoDoubles");
            assertEquals(Map.of("HANDLER_BODY", 1L), c.getWriteFallbacks(), "the call the handler answered");
            assertEquals(1, c.getMessagesWritten(), "the call sent");
            assertEquals(1, c.getMessagesRead(), "its answer");
        }
    }

    /**
     * An operation with header parameters ({@code Extras.stamp}: a token and a scale in the SOAP header) on endpoints
     * with handlers: a timing handler alone (the header parameters are dsoap's), then with one that rewrites the token's
     * header block (the service gets the handler's token, bound by CXF from the header the handlers left). The same
     * answers as the plain endpoint with the same handlers, for tokens with markup, non-ASCII and surrogate pairs, absent
     * tokens and scales, and edge values; every call carried both ways.
     */
    @Test
    @SuppressWarnings("rawtypes")
    void headerParametersWithHandlers() throws Exception {
        String[] tokens = {"t", "&<>\"'", "gr\u00fc\u00dfe \ud834\udd1e", "tab\there\r", "", null};
        double[] scales = {1.5, Double.NaN, -0.0, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
        for (boolean rewriting : new boolean[] {false, true}) {
            List<Handler> chain = new ArrayList<>();
            chain.add(new Timing());
            if (rewriting) {
                chain.add(new TokenRewriting());
            }
            try (Cxf plain = new Cxf(); Cxf dsoap = new Cxf()) {
                String p = plain.publish(new ExtrasImpl());
                plain.lastEndpoint().getBinding().setHandlerChain(chain);
                String d = dsoap.publish(new DsoapExtrasImpl());
                List<Handler> dsoapChain = new ArrayList<>();
                dsoapChain.add(new Timing());
                if (rewriting) {
                    dsoapChain.add(new TokenRewriting());
                }
                dsoap.lastEndpoint().getBinding().setHandlerChain(dsoapChain);
                Extras pc = plain.client(p, Extras.class, "ExtrasService", "ExtrasPort");
                Extras dc = dsoap.client(d, Extras.class, "ExtrasService", "ExtrasPort");
                Random r = new Random(SEED);
                double[] v = new double[200];
                for (int call = 0; call < CALLS; call++) {
                    for (int k = 0; k < 20; k++) {
                        v[r.nextInt(v.length)] = r.nextInt(8) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextDouble() * 1e4;
                    }
                    String token = tokens[call % tokens.length];
                    Double scale = call % 7 == 3 ? null : scales[call % scales.length];
                    String where = (rewriting ? "token-rewriting" : "timing") + " handler, call " + call + " (seed " + SEED + ")";
                    String want = pc.stamp(v, token, scale);
                    assertEquals(want, dc.stamp(v, token, scale), where);
                    if (rewriting && token != null) {
                        assertTrue(want.contains("+seen"), where + ": the handler's token reached the service: " + want);
                    }
                }
                OperationStatsMXBean s = dsoap.stats("server", "ExtrasService.ExtrasPort", "stamp");
                assertEquals(CALLS, s.getMessagesRead(), s.getReadFallbacks().toString());
                assertEquals(CALLS, s.getMessagesWritten(), s.getWriteFallbacks().toString());
                assertEquals(Map.of(), s.getReadFallbacks());
            }
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
                // a list CXF may add to (a client's handlers: CXF takes the answer's header list from their message)
                ((BindingProvider) c).getRequestContext().put(Header.HEADER_LIST, new ArrayList<>(List.of(id(id, true))));
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

    /** The bits of the xsd:double after the {@code =} of a {@link #texts} entry. */
    private static long bits(String entry) {
        String v = entry.substring(entry.indexOf('=') + 1);
        double d = switch (v) {
            case "INF" -> Double.POSITIVE_INFINITY;
            case "-INF" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(v);
        };
        return Double.doubleToRawLongBits(d);
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

    /** A SOAP handler that lets faults pass, closes nothing and understands no header block; its subclasses say what it does. */
    private abstract static class PlainHandler implements SOAPHandler<SOAPMessageContext> {
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

    /**
     * Reads the client's correlation block from the request's SOAP header (and declares it understood), and stamps an
     * answer block naming it into the answer's header.
     */
    static final class Correlating extends PlainHandler {
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
        public Set<QName> getHeaders() {
            return Set.of(ID);
        }
    }

    /** Times each exchange from message context properties only: never asks for the message. */
    static final class Timing extends PlainHandler {
        final AtomicInteger messages = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        /** Whether it is a client's: the exchange starts with the outgoing message. */
        private final boolean client;

        Timing() {
            this(false);
        }

        Timing(boolean client) {
            this.client = client;
        }

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            messages.incrementAndGet();
            if ((Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY) == client) {
                context.put("started", System.nanoTime());
            } else if (!(context.get("started") instanceof Long)) {
                throw new IllegalStateException("no start time on the answer's context");
            }
            return true;
        }

        @Override
        public void close(MessageContext context) {
            closed.incrementAndGet();
        }
    }

    /** Writes every message out whole, as a payload logger does. */
    static final class Logging extends PlainHandler {
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
    }

    /** A logical handler that lets every message pass, never asking for it. */
    static final class Passing implements jakarta.xml.ws.handler.LogicalHandler<jakarta.xml.ws.handler.LogicalMessageContext> {
        final AtomicInteger seen = new AtomicInteger();

        @Override
        public boolean handleMessage(jakarta.xml.ws.handler.LogicalMessageContext context) {
            seen.incrementAndGet();
            return true;
        }

        @Override
        public boolean handleFault(jakarta.xml.ws.handler.LogicalMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
        }
    }

    /**
     * A logical handler that reads each message's payload (its element names and texts); with {@code change}, it sets
     * the request's first value to 7.
     */
    static final class PayloadReading implements jakarta.xml.ws.handler.LogicalHandler<jakarta.xml.ws.handler.LogicalMessageContext> {
        final ConcurrentLinkedQueue<String> payloads = new ConcurrentLinkedQueue<>();
        private final boolean change;

        PayloadReading(boolean change) {
            this.change = change;
        }

        @Override
        public boolean handleMessage(jakarta.xml.ws.handler.LogicalMessageContext context) {
            javax.xml.transform.Source s = context.getMessage().getPayload();
            try {
                java.io.StringWriter w = new java.io.StringWriter();
                javax.xml.transform.TransformerFactory.newInstance().newTransformer()
                        .transform(s, new javax.xml.transform.stream.StreamResult(w));
                String xml = w.toString();
                payloads.add(String.join(",", texts(xml)));
                if (change && !(Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                    String changed = xml.replaceFirst("<values>[^<]*</values>", "<values>7.0</values>");
                    context.getMessage().setPayload(new javax.xml.transform.stream.StreamSource(new java.io.StringReader(changed)));
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return true;
        }

        @Override
        public boolean handleFault(jakarta.xml.ws.handler.LogicalMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
        }
    }

    /** Counts a request's items with {@code getElementsByTagName}, once from the body and once from the SOAP part. */
    static final class BodySearching extends PlainHandler {
        final ConcurrentLinkedQueue<String> found = new ConcurrentLinkedQueue<>();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            if (!(Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                try {
                    SOAPMessage m = context.getMessage();
                    found.add(String.valueOf(m.getSOAPBody().getElementsByTagName("values").getLength()));
                    found.add(String.valueOf(m.getSOAPPart().getEnvelope().getBody().getElementsByTagName("values").getLength()));
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }
    }

    /** The correlation block as JAXB reads it. */
    @jakarta.xml.bind.annotation.XmlRootElement(name = "Id", namespace = NS)
    public static final class CorrelationId {
        @jakarta.xml.bind.annotation.XmlValue
        public String value;
    }

    private static final jakarta.xml.bind.JAXBContext JAXB;

    static {
        try {
            JAXB = jakarta.xml.bind.JAXBContext.newInstance(CorrelationId.class);
        } catch (jakarta.xml.bind.JAXBException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Reads the correlation block with {@code getHeaders(QName, JAXBContext, boolean)}. */
    static final class JaxbReader extends PlainHandler {
        final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            if (!(Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                Object[] ids = context.getHeaders(ID, JAXB, true);
                seen.add(ids.length == 1 && ids[0] instanceof CorrelationId c ? c.value : java.util.Arrays.toString(ids));
            }
            return true;
        }

        @Override
        public Set<QName> getHeaders() {
            return Set.of(ID);
        }
    }

    /** Counts the messages, faults and closes it sees, by direction. */
    static final class Counting extends PlainHandler {
        final AtomicInteger in = new AtomicInteger();
        final AtomicInteger out = new AtomicInteger();
        final AtomicInteger faults = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            ((Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY) ? out : in).incrementAndGet();
            return true;
        }

        @Override
        public boolean handleFault(SOAPMessageContext context) {
            faults.incrementAndGet();
            return true;
        }

        @Override
        public void close(MessageContext context) {
            closed.incrementAndGet();
        }

        @Override
        public String toString() {
            return "in " + in + ", out " + out + ", faults " + faults + ", closed " + closed;
        }
    }

    /** Stops a request whose correlation id is "stop" (returns false), throws for "throw", and on its answer for "throw on the answer". */
    static final class Refusing extends PlainHandler {
        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            Object id = context.get("correlation");
            if ((Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                if ("throw on the answer".equals(id)) {
                    throw new ProtocolException("answer refused by the handler");
                }
                return true;
            }
            if ("throw".equals(id)) {
                throw new ProtocolException("refused by the handler");
            }
            return !"stop".equals(id);
        }
    }

    /** A client's handler: reads the answer block from each answer's SOAP header. */
    static final class AnswerReading extends PlainHandler {
        final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            if (!(Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                try {
                    SOAPHeader h = context.getMessage().getSOAPHeader();
                    String found = null;
                    if (h != null) {
                        for (var it = h.examineAllHeaderElements(); it.hasNext(); ) {
                            SOAPHeaderElement e = it.next();
                            if (ANSWER.equals(e.getElementQName())) {
                                found = e.getTextContent();
                            }
                        }
                    }
                    seen.add(String.valueOf(found));
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }
    }

    /** The request context property that makes {@link Answering} answer a call itself. */
    static final String ANSWER_HERE = "dev.dsoap.test.answerHere";

    /**
     * A client's handler that answers a call whose request context sets {@link #ANSWER_HERE} itself (a cache would):
     * puts an answer of 42.5 in the message's body and returns {@code false}; other requests pass untouched.
     */
    static final class Answering extends PlainHandler {
        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            if (!(Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY) || context.get(ANSWER_HERE) == null) {
                return true;
            }
            try {
                jakarta.xml.soap.SOAPBody body = context.getMessage().getSOAPBody();
                body.removeContents();
                SOAPElement answer = body.addChildElement(new QName(Echo.NS, "echoDoublesResponse", "e"));
                answer.addChildElement(new QName("", "return")).setTextContent("42.5");
                context.getMessage().saveChanges();
                return false;
            } catch (SOAPException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Appends "+seen" to the text of a request's {@code token} header block (a header parameter), through SAAJ. */
    static final class TokenRewriting extends PlainHandler {
        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            if ((Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                return true;
            }
            try {
                SOAPHeader h = context.getMessage().getSOAPHeader();
                if (h != null) {
                    for (var it = h.examineAllHeaderElements(); it.hasNext(); ) {
                        SOAPHeaderElement e = it.next();
                        if ("token".equals(e.getElementQName().getLocalPart())) {
                            e.setTextContent(e.getTextContent() + "+seen");
                        }
                    }
                }
            } catch (SOAPException e) {
                throw new IllegalStateException(e);
            }
            return true;
        }
    }
}
