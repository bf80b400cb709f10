package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * JAX-WS handlers on dsoap's Metro client proxies ({@link DsoapMetro#differential}), against a dsoap Metro endpoint
 * whose own handler stamps a header block into each answer: client handlers that use the context's properties, stamp
 * a header block into each request and read each answer's header keep dsoap's path both ways (the proxy's requests
 * written and its answers read by dsoap, the endpoint sees every request's stamp, the proxy's handler every answer's);
 * a client handler that reads each answer's body gets it, and that answer is Metro's to read (counted as
 * {@code HANDLER_BODY}). Values bit for bit as a plain Metro proxy gets them from a plain endpoint.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroClientHandlersTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261204L);
    private static final int CALLS = 30;
    private static final QName REQUEST_STAMP = new QName("urn:dsoap:test:stamp", "RequestStamp");
    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static final AtomicInteger requestStampsSeen = new AtomicInteger();
    private static String dsoapAddress;
    private static MetroEcho plain;

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /** On the endpoint: counts the requests that carry the client's stamp (through the SAAJ header). */
    static final class RequestStampCounter extends MetroHandlerTest.QuietSoapHandler {
        @Override
        public boolean handleMessage(SOAPMessageContext c) {
            if (!Boolean.TRUE.equals(c.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                try {
                    SOAPHeader h = c.getMessage().getSOAPHeader();
                    if (h != null && h.getChildElements(REQUEST_STAMP).hasNext()) {
                        requestStampsSeen.incrementAndGet();
                    }
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }
    }

    /** On the client: stamps a header block into each request. */
    static final class RequestStamper extends MetroHandlerTest.QuietSoapHandler {
        @Override
        public boolean handleMessage(SOAPMessageContext c) {
            if (Boolean.TRUE.equals(c.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                try {
                    SOAPMessage m = c.getMessage();
                    SOAPHeader h = m.getSOAPHeader() != null ? m.getSOAPHeader() : m.getSOAPPart().getEnvelope().addHeader();
                    h.addHeaderElement(REQUEST_STAMP).addTextNode("from the client");
                    m.saveChanges();
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }
    }

    /** On the client: reads each answer's body. */
    static final class AnswerBodyReader extends MetroHandlerTest.QuietSoapHandler {
        final AtomicInteger items = new AtomicInteger();

        @Override
        public boolean handleMessage(SOAPMessageContext c) {
            if (!Boolean.TRUE.equals(c.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                try {
                    items.addAndGet(c.getMessage().getSOAPBody().getElementsByTagName("return").getLength());
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }
    }

    /** On the client: reads each request's body (an audit log would). */
    static final class RequestBodyReader extends MetroHandlerTest.QuietSoapHandler {
        final AtomicInteger items = new AtomicInteger();

        @Override
        public boolean handleMessage(SOAPMessageContext c) {
            if (Boolean.TRUE.equals(c.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                try {
                    items.addAndGet(c.getMessage().getSOAPBody().getElementsByTagName("v").getLength());
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }
    }

    @BeforeAll
    @SuppressWarnings("rawtypes")
    static void publish() throws IOException {
        String base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        dsoapAddress = base + "/dsoap";
        endpoints.add(Endpoint.publish(base + "/plain", new PlainMetroEcho()));
        Endpoint e = Endpoint.create(new HandlerDsoapEcho());
        List<Handler> chain = new ArrayList<>(e.getBinding().getHandlerChain());
        chain.add(new RequestStampCounter());
        chain.add(new MetroHandlerTest.Stamper(true));
        e.getBinding().setHandlerChain(chain);
        e.publish(dsoapAddress);
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

    @SuppressWarnings("rawtypes")
    private static DifferentialMetroEcho client(Handler... handlers) throws IOException {
        DifferentialMetroEcho metro = Service.create(URI.create(dsoapAddress + "?wsdl").toURL(),
                new QName(MetroEcho.NS, "HandlerDsoapService")).getPort(new QName(MetroEcho.NS, "HandlerDsoapPort"),
                DifferentialMetroEcho.class);
        List<Handler> chain = new ArrayList<>(((BindingProvider) metro).getBinding().getHandlerChain());
        chain.addAll(List.of(handlers));
        ((BindingProvider) metro).getBinding().setHandlerChain(chain);
        return DsoapMetro.differential(metro);
    }

    private static long[] counts(OperationStatsMXBean s) {
        return s == null ? new long[2] : new long[] {s.getMessagesWritten(), s.getMessagesRead()};
    }

    private static long fallbacks(OperationStatsMXBean s, String reason) {
        Map<String, Long> f = s == null ? Map.of() : s.getReadFallbacks();
        return f.getOrDefault(reason, 0L);
    }

    @Test
    void clientHandlersThatLeaveTheBodyAloneKeepDsoapsPathBothWays() throws Exception {
        MetroHandlerTest.Timing timing = new MetroHandlerTest.Timing();
        MetroHandlerTest.Stamper answers = new MetroHandlerTest.Stamper(false);
        DifferentialMetroEcho client = client(timing, new RequestStamper(), answers);
        String service = "HandlerDsoapService.HandlerDsoapPort";
        client.echoDoubles(new double[] {1}); // the client's operation exists before its counters are read
        long[] before = counts(MetroClientTest.clientStats(service, "echoDoubles"));
        int stamped = requestStampsSeen.get();
        int stampsBefore = answers.stamps.get();
        MetroGen g = new MetroGen(SEED);
        double[] v = null;
        for (int call = 0; call < CALLS; call++) {
            v = g.doubles(v);
            assertArrayEquals(plain.echoDoubles(v), client.echoDoubles(v), "call " + call + " (seed " + SEED + ")");
        }
        OperationStatsMXBean s = MetroClientTest.clientStats(service, "echoDoubles");
        long[] after = counts(s);
        assertEquals(CALLS, after[0] - before[0], "requests written by dsoap; fallbacks " + s.getWriteFallbacks());
        assertEquals(CALLS, after[1] - before[1], "answers read by dsoap; fallbacks " + s.getReadFallbacks());
        assertEquals(CALLS, requestStampsSeen.get() - stamped, "the endpoint saw the client handler's stamp on every request");
        assertEquals(CALLS, answers.stamps.get() - stampsBefore, "the client's handler found the endpoint's stamp on every answer");
    }

    @Test
    void aClientHandlerThatReadsTheRequestsBodyGetsItAndThatRequestGoesMetrosWay() throws Exception {
        RequestBodyReader reader = new RequestBodyReader();
        DifferentialMetroEcho client = client(reader);
        String service = "HandlerDsoapService.HandlerDsoapPort";
        client.echoStrings(new String[] {"warm"});
        OperationStatsMXBean s = MetroClientTest.clientStats(service, "echoStrings");
        long body = s.getWriteFallbacks().getOrDefault("HANDLER_BODY", 0L);
        long read = s.getMessagesRead();
        int itemsBefore = reader.items.get();
        MetroGen g = new MetroGen(SEED + 2);
        String[] v = null;
        int items = 0;
        for (int call = 0; call < CALLS; call++) {
            v = g.strings(v);
            items += v.length;
            assertArrayEquals(plain.echoStrings(v), client.echoStrings(v), "call " + call + " (seed " + SEED + ")");
        }
        s = MetroClientTest.clientStats(service, "echoStrings");
        assertEquals(CALLS, s.getWriteFallbacks().getOrDefault("HANDLER_BODY", 0L) - body,
                "every request's body read by the handler: Metro's message went out");
        assertEquals(items, reader.items.get() - itemsBefore, "the handler saw every item of every request");
        assertEquals(CALLS, s.getMessagesRead() - read, "the answers still read by dsoap");
    }

    @Test
    void aClientHandlerThatReadsTheAnswersBodyGetsItAndMetroReadsTheAnswer() throws Exception {
        AnswerBodyReader reader = new AnswerBodyReader();
        DifferentialMetroEcho client = client(reader);
        String service = "HandlerDsoapService.HandlerDsoapPort";
        client.echoInts(new int[] {1});
        OperationStatsMXBean s = MetroClientTest.clientStats(service, "echoInts");
        long[] before = counts(s);
        long bodyBefore = fallbacks(s, "HANDLER_BODY");
        int itemsBefore = reader.items.get();
        MetroGen g = new MetroGen(SEED + 1);
        int[] v = null;
        int items = 0;
        for (int call = 0; call < CALLS; call++) {
            v = g.ints(v);
            items += v.length;
            assertArrayEquals(plain.echoInts(v), client.echoInts(v), "call " + call + " (seed " + SEED + ")");
        }
        s = MetroClientTest.clientStats(service, "echoInts");
        long[] after = counts(s);
        assertEquals(CALLS, after[0] - before[0], "requests still written by dsoap");
        assertEquals(CALLS, fallbacks(s, "HANDLER_BODY") - bodyBefore, "every answer's body read by the handler: Metro's");
        assertEquals(items, reader.items.get() - itemsBefore, "the handler saw every item of every answer");
    }
}
