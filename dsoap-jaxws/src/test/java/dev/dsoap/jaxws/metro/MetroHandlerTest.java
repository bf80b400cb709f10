package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.LogicalHandler;
import jakarta.xml.ws.handler.LogicalMessageContext;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metro endpoints with a JAX-WS handler in their chain (set with {@code Binding.setHandlerChain} before publishing),
 * a plain one and a {@code @DifferentialSoap} one with the same handler, called by plain Metro proxies: a handler that
 * does not ask for the body (properties only, a passing logical handler, one reading the request's header or stamping a
 * block into the answer's through its SAAJ message) leaves the messages on dsoap's path both ways; one that does gets
 * the body, and that message goes Metro's way, counted as {@code HANDLER_BODY}; the answers are plain Metro's, values
 * bit for bit, and the handler's own effect (a header block it stamps on answers) reaches the client.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroHandlerTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20260514L) + 31;
    private static final int CALLS = 30;
    private static final String SERVICE = "HandlerDsoapService.HandlerDsoapPort";
    static final QName STAMP = new QName("urn:dsoap:test:stamp", "Stamp");

    /** A SOAP handler that lets faults pass, has nothing to close and understands no header block. */
    abstract static class QuietSoapHandler implements SOAPHandler<SOAPMessageContext> {
        @Override
        public boolean handleFault(SOAPMessageContext c) {
            return true;
        }

        @Override
        public void close(MessageContext c) {
        }

        @Override
        public Set<QName> getHeaders() {
            return Set.of();
        }
    }

    /** Touches only the context's properties, both ways. */
    static final class Timing extends QuietSoapHandler {
        final AtomicInteger seen = new AtomicInteger();

        @Override
        public boolean handleMessage(SOAPMessageContext c) {
            if (c.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY) != null && c.get(MessageContext.WSDL_OPERATION) != null) {
                seen.incrementAndGet();
            }
            return true;
        }
    }

    /** Reads each request's SOAP body (an audit log would). */
    static final class BodyReader extends QuietSoapHandler {
        final AtomicInteger items = new AtomicInteger();

        @Override
        public boolean handleMessage(SOAPMessageContext c) {
            if (!Boolean.TRUE.equals(c.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                try {
                    items.addAndGet(c.getMessage().getSOAPBody().getElementsByTagName("v").getLength());
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }
    }

    /** Stamps a header block on each answer (on the server), or finds it (on the client). */
    static final class Stamper extends QuietSoapHandler {
        final boolean server;
        final AtomicInteger stamps = new AtomicInteger();

        Stamper(boolean server) {
            this.server = server;
        }

        @Override
        public boolean handleMessage(SOAPMessageContext c) {
            boolean out = Boolean.TRUE.equals(c.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY));
            try {
                if (server && out) {
                    SOAPMessage m = c.getMessage();
                    SOAPHeader h = m.getSOAPHeader() != null ? m.getSOAPHeader() : m.getSOAPPart().getEnvelope().addHeader();
                    h.addHeaderElement(STAMP).addTextNode("stamped");
                    m.saveChanges();
                } else if (!server && !out) {
                    SOAPHeader h = c.getMessage().getSOAPHeader();
                    if (h != null && h.getChildElements(STAMP).hasNext()) {
                        stamps.incrementAndGet();
                    }
                }
            } catch (SOAPException e) {
                throw new IllegalStateException(e);
            }
            return true;
        }
    }

    /** Lets every message pass without reading its payload. */
    static final class Passing implements LogicalHandler<LogicalMessageContext> {
        final AtomicInteger seen = new AtomicInteger();

        @Override
        public boolean handleMessage(LogicalMessageContext c) {
            seen.incrementAndGet();
            return true;
        }

        @Override
        public boolean handleFault(LogicalMessageContext c) {
            return true;
        }

        @Override
        public void close(MessageContext c) {
        }
    }

    @Test
    void aHandlerOfTheContextsPropertiesKeepsDsoapsPathBothWays() throws IOException {
        Timing plainHandler = new Timing();
        Timing dsoapHandler = new Timing();
        Map<String, Long> fallbacks = run(plainHandler, dsoapHandler, null, true);
        assertEquals(Map.of(), fallbacks, "fallbacks with a handler of properties only");
        assertEquals(2 * CALLS, plainHandler.seen.get(), "the plain endpoint's handler saw every message both ways");
        assertEquals(2 * CALLS, dsoapHandler.seen.get(), "the dsoap endpoint's handler saw every message both ways");
    }

    @Test
    void aLogicalHandlerThatLetsMessagesPassKeepsDsoapsPath() throws IOException {
        Passing plainHandler = new Passing();
        Passing dsoapHandler = new Passing();
        Map<String, Long> fallbacks = run(plainHandler, dsoapHandler, null, true);
        assertEquals(Map.of(), fallbacks, "fallbacks with a passing logical handler");
        assertEquals(plainHandler.seen.get(), dsoapHandler.seen.get(), "messages the logical handler saw");
    }

    /** Reads each request's SOAP header through its SAAJ message (a correlation id, a credential). */
    static final class HeaderReader extends QuietSoapHandler {
        final AtomicInteger seen = new AtomicInteger();

        @Override
        public boolean handleMessage(SOAPMessageContext c) {
            if (!Boolean.TRUE.equals(c.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                try {
                    SOAPHeader h = c.getMessage().getSOAPHeader();
                    seen.addAndGet(h == null ? 1 : 1 + (h.examineAllHeaderElements().hasNext() ? 1 : 0));
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }
    }

    @Test
    void aHandlerThatReadsTheRequestsHeaderKeepsDsoapsPathBothWays() throws IOException {
        HeaderReader plainHandler = new HeaderReader();
        HeaderReader dsoapHandler = new HeaderReader();
        Map<String, Long> fallbacks = run(plainHandler, dsoapHandler, null, true);
        assertEquals(Map.of(), fallbacks, "fallbacks with a handler reading the request's header");
        assertEquals(plainHandler.seen.get(), dsoapHandler.seen.get(), "what the handler read");
        assertEquals(CALLS, dsoapHandler.seen.get());
    }

    @Test
    void aHandlerThatReadsTheRequestBodyGetsItAndTheRequestGoesMetrosWay() throws IOException {
        BodyReader plainHandler = new BodyReader();
        BodyReader dsoapHandler = new BodyReader();
        Map<String, Long> fallbacks = run(plainHandler, dsoapHandler, null, false);
        assertEquals(Map.of("read HANDLER_BODY", (long) CALLS, "write HANDLER_BODY", (long) CALLS), fallbacks,
                "the requests the handler read went Metro's way, and so did their answers");
        assertEquals(plainHandler.items.get(), dsoapHandler.items.get(), "items the handler counted in the request bodies");
        assertTrue(dsoapHandler.items.get() > 0, "the handler saw the items");
    }

    @Test
    void aHandlerThatStampsTheAnswersHeaderReachesTheClient() throws IOException {
        Stamper plainHandler = new Stamper(true);
        Stamper dsoapHandler = new Stamper(true);
        Stamper plainClient = new Stamper(false);
        Stamper dsoapClient = new Stamper(false);
        Map<String, Long> fallbacks = run(plainHandler, dsoapHandler, new Stamper[] {plainClient, dsoapClient}, true);
        assertEquals(Map.of(), fallbacks, "the answers the handler stamped (through its SAAJ message) stay dsoap's");
        assertEquals(CALLS, plainClient.stamps.get(), "stamped answers the plain endpoint's client saw");
        assertEquals(CALLS, dsoapClient.stamps.get(), "stamped answers the dsoap endpoint's client saw");
    }

    /**
     * Publishes the two endpoints with their handler, makes {@link #CALLS} calls of generated arrays to each, checks
     * the answers against the input and each other, stops them, and returns the dsoap operation's fallbacks by
     * direction and reason; checks too that dsoap read every request, and wrote the answers when Metro's invoker was
     * left to dsoap ({@code readByDsoap}: no handler took the request's body).
     */
    private static Map<String, Long> run(Handler<?> plainHandler, Handler<?> dsoapHandler, Stamper[] clientHandlers,
                                         boolean readByDsoap) throws IOException {
        String base = "http://127.0.0.1:" + freePort();
        List<Endpoint> endpoints = new ArrayList<>();
        try {
            MetroEcho plain = publish(endpoints, new HandlerPlainEcho(), plainHandler, base + "/plain", "HandlerPlainService",
                    "HandlerPlainPort", clientHandlers == null ? null : clientHandlers[0]);
            MetroEcho dsoap = publish(endpoints, new HandlerDsoapEcho(), dsoapHandler, base + "/dsoap", "HandlerDsoapService",
                    "HandlerDsoapPort", clientHandlers == null ? null : clientHandlers[1]);
            MetroGen g = new MetroGen(SEED);
            double[] v = null;
            for (int i = 0; i < CALLS; i++) {
                v = g.doubles(v);
                double[] expected = plain.echoDoubles(v);
                double[] got = dsoap.echoDoubles(v);
                assertTrue(Arrays.equals(v, expected), "plain echo with a handler, call " + i + " (seed " + SEED + ")");
                assertTrue(Arrays.equals(expected, got), "dsoap echo with a handler against plain Metro's, call " + i
                        + " (seed " + SEED + ")");
            }
            OperationStatsMXBean s = MetroCarryTest.stats(SERVICE, "echoDoubles");
            assertNotNull(s, "the dsoap endpoint's bean");
            assertEquals(CALLS, s.getMessagesRead(), "requests read by dsoap (before any handler)");
            assertEquals(readByDsoap ? CALLS : 0, s.getMessagesWritten(), "answers written by dsoap (a request Metro"
                    + " binds, Metro answers; an answer a handler then reads is still written by dsoap first)");
            Map<String, Long> fallbacks = new java.util.TreeMap<>();
            s.getReadFallbacks().forEach((k, n) -> fallbacks.put("read " + k, n));
            s.getWriteFallbacks().forEach((k, n) -> fallbacks.put("write " + k, n));
            return fallbacks;
        } finally {
            for (Endpoint e : endpoints) {
                e.stop();
            }
        }
    }

    @SuppressWarnings("rawtypes")
    private static MetroEcho publish(List<Endpoint> endpoints, Object impl, Handler<?> handler, String address,
                                     String service, String port, Handler<?> clientHandler) throws IOException {
        Endpoint e = Endpoint.create(impl);
        List<Handler> chain = new ArrayList<>(e.getBinding().getHandlerChain());
        chain.add(handler);
        e.getBinding().setHandlerChain(chain);
        e.publish(address);
        endpoints.add(e);
        MetroEcho p = Service.create(URI.create(address + "?wsdl").toURL(), new QName(MetroEcho.NS, service))
                .getPort(new QName(MetroEcho.NS, port), MetroEcho.class);
        if (clientHandler != null) {
            List<Handler> c = new ArrayList<>(((BindingProvider) p).getBinding().getHandlerChain());
            c.add(clientHandler);
            ((BindingProvider) p).getBinding().setHandlerChain(c);
        }
        return p;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
