package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import jakarta.xml.ws.soap.Addressing;
import jakarta.xml.ws.soap.AddressingFeature;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WS-Addressing on a carried Metro endpoint ({@code @Addressing}), called by a plain Metro proxy with
 * {@code AddressingFeature}: each request has header blocks (a new {@code wsa:MessageID} each time) that Metro's codec
 * reads and its WS-Addressing tube processes, while dsoap reads the body past them; each answer carries Metro's
 * WS-Addressing header blocks ({@code wsa:RelatesTo} naming the request's id, {@code wsa:Action}) before dsoap's body.
 * Values bit for bit against the same endpoint without dsoap; dsoap's counters show both directions carried.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroAddressingTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261202L);
    private static final String WSA = "http://www.w3.org/2005/08/addressing";

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    @Addressing
    @DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "AddressedDsoapService",
            portName = "AddressedDsoapPort", targetNamespace = MetroEcho.NS)
    public static class AddressedDsoapEcho extends MetroEchoLogic {
    }

    @Addressing
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "AddressedPlainService",
            portName = "AddressedPlainPort", targetNamespace = MetroEcho.NS)
    public static class AddressedPlainEcho extends MetroEchoLogic {
    }

    @Addressing
    @DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "HandledDsoapService",
            portName = "HandledDsoapPort", targetNamespace = MetroEcho.NS)
    public static class HandledDsoapEcho extends MetroEchoLogic {
    }

    @Addressing
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "HandledPlainService",
            portName = "HandledPlainPort", targetNamespace = MetroEcho.NS)
    public static class HandledPlainEcho extends MetroEchoLogic {
    }

    /** Records, for each answer, the request's wsa:MessageID and the answer's wsa:RelatesTo (client side). */
    static final class WsaWatch implements SOAPHandler<SOAPMessageContext> {
        final List<String[]> exchanges = new ArrayList<>();
        private String sent;

        @Override
        public Set<QName> getHeaders() {
            return Set.of();
        }

        @Override
        public boolean handleMessage(SOAPMessageContext c) {
            try {
                String id = text(c, "MessageID");
                if (Boolean.TRUE.equals(c.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                    sent = id;
                } else {
                    exchanges.add(new String[] {sent, text(c, "RelatesTo"), text(c, "Action")});
                }
            } catch (jakarta.xml.soap.SOAPException e) {
                throw new IllegalStateException(e);
            }
            return true;
        }

        private static String text(SOAPMessageContext c, String local) throws jakarta.xml.soap.SOAPException {
            jakarta.xml.soap.SOAPHeader h = c.getMessage().getSOAPHeader();
            if (h == null) {
                return null;
            }
            Iterator<?> it = h.getChildElements(new QName(WSA, local));
            return it.hasNext() ? ((jakarta.xml.soap.SOAPElement) it.next()).getTextContent() : null;
        }

        @Override
        public boolean handleFault(SOAPMessageContext c) {
            return true;
        }

        @Override
        public void close(MessageContext c) {
        }
    }

    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static String base;

    @BeforeAll
    static void publish() throws IOException {
        base = "http://127.0.0.1:" + freePort();
        endpoints.add(Endpoint.publish(base + "/plain", new AddressedPlainEcho()));
        endpoints.add(Endpoint.publish(base + "/dsoap", new AddressedDsoapEcho()));
    }

    @AfterAll
    static void stop() {
        endpoints.forEach(Endpoint::stop);
    }

    private static MetroEcho proxy(String path, String service, WsaWatch watch) throws IOException {
        MetroEcho p = Service.create(URI.create(base + path + "?wsdl").toURL(), new QName(MetroEcho.NS, service + "Service"))
                .getPort(new QName(MetroEcho.NS, service + "Port"), MetroEcho.class, new AddressingFeature(true, true));
        @SuppressWarnings("rawtypes")
        List<Handler> chain = new ArrayList<>(((BindingProvider) p).getBinding().getHandlerChain());
        chain.add(watch);
        ((BindingProvider) p).getBinding().setHandlerChain(chain);
        return p;
    }

    @Test
    void requestsWithWsAddressingHeadersAreCarriedAndAnswersCarryMetrosHeaders() throws IOException {
        WsaWatch plainWatch = new WsaWatch();
        WsaWatch dsoapWatch = new WsaWatch();
        MetroEcho plain = proxy("/plain", "AddressedPlain", plainWatch);
        MetroEcho dsoap = proxy("/dsoap", "AddressedDsoap", dsoapWatch);
        MetroGen g = new MetroGen(SEED);
        double[] v = null;
        int calls = 40;
        for (int step = 0; step < calls; step++) {
            v = g.doubles(v);
            double[] expected = plain.echoDoubles(v);
            double[] got = dsoap.echoDoubles(v);
            String at = "step " + step + " (seed " + SEED + ")";
            assertArrayEquals(bits(expected), bits(got), at);
            assertArrayEquals(bits(v), bits(got), at);
        }
        assertEquals(calls, dsoapWatch.exchanges.size());
        for (int i = 0; i < calls; i++) {
            String[] d = dsoapWatch.exchanges.get(i);
            String[] p = plainWatch.exchanges.get(i);
            assertTrue(d[0] != null && d[0].equals(d[1]), "answer " + i + " relates to the request's wsa:MessageID: sent "
                    + d[0] + ", answer's RelatesTo " + d[1]);
            assertEquals(p[2], d[2], "answer " + i + "'s wsa:Action as plain Metro's");
        }
        OperationStatsMXBean s = MetroCarryTest.stats("AddressedDsoapService.AddressedDsoapPort", "echoDoubles");
        assertTrue(s != null, "no MBean for the addressed endpoint's echoDoubles");
        String all = "read " + s.getMessagesRead() + " written " + s.getMessagesWritten() + " fallbacks "
                + s.getReadFallbacks() + " / " + s.getWriteFallbacks() + " skipped " + s.getBytesSkipped() + " parsed "
                + s.getBytesParsed();
        assertEquals(calls, s.getMessagesRead(), all);
        assertEquals(calls, s.getMessagesWritten(), all);
        assertEquals(Map.of(), s.getReadFallbacks(), all);
        assertEquals(Map.of(), s.getWriteFallbacks(), all);
        assertTrue(s.getBytesSkipped() > s.getBytesParsed(), all);
    }

    /**
     * WS-Addressing and a JAX-WS handler together: endpoints with {@code @Addressing} and a handler stamping a header block
     * into each answer (beside Metro's wsa blocks), called by proxies with {@code AddressingFeature}: 30 calls carried
     * both ways, each answer relating to its request and stamped, as on plain Metro.
     */
    @Test
    @SuppressWarnings("rawtypes")
    void addressingWithAHandlerStampingEachAnswer() throws IOException {
        List<Endpoint> handled = new ArrayList<>();
        try {
            for (Object[] e : new Object[][] {{new HandledPlainEcho(), "/plainHandled"}, {new HandledDsoapEcho(), "/dsoapHandled"}}) {
                Endpoint ep = Endpoint.create(e[0]);
                List<Handler> chain = new ArrayList<>(ep.getBinding().getHandlerChain());
                chain.add(new MetroHandlerTest.Stamper(true));
                ep.getBinding().setHandlerChain(chain);
                ep.publish(base + e[1]);
                handled.add(ep);
            }
            WsaWatch plainWatch = new WsaWatch();
            WsaWatch dsoapWatch = new WsaWatch();
            MetroHandlerTest.Stamper plainStamps = new MetroHandlerTest.Stamper(false);
            MetroHandlerTest.Stamper dsoapStamps = new MetroHandlerTest.Stamper(false);
            MetroEcho plain = proxy("/plainHandled", "HandledPlain", plainWatch, plainStamps);
            MetroEcho dsoap = proxy("/dsoapHandled", "HandledDsoap", dsoapWatch, dsoapStamps);
            MetroGen g = new MetroGen(SEED + 1);
            double[] v = null;
            int calls = 30;
            for (int step = 0; step < calls; step++) {
                v = g.doubles(v);
                String at = "step " + step + " (seed " + (SEED + 1) + ")";
                assertArrayEquals(bits(plain.echoDoubles(v)), bits(dsoap.echoDoubles(v)), at);
            }
            for (int i = 0; i < calls; i++) {
                String[] d = dsoapWatch.exchanges.get(i);
                assertTrue(d[0] != null && d[0].equals(d[1]), "answer " + i + " relates to its request: " + d[0] + " / " + d[1]);
                assertEquals(plainWatch.exchanges.get(i)[2], d[2], "answer " + i + "'s wsa:Action");
            }
            assertEquals(calls, plainStamps.stamps.get(), "stamped answers from plain Metro");
            assertEquals(calls, dsoapStamps.stamps.get(), "stamped answers from the dsoap endpoint");
            OperationStatsMXBean s = MetroCarryTest.stats("HandledDsoapService.HandledDsoapPort", "echoDoubles");
            assertEquals(calls, s.getMessagesRead(), s.getReadFallbacks().toString());
            assertEquals(calls, s.getMessagesWritten(), s.getWriteFallbacks().toString());
            assertEquals(Map.of(), s.getReadFallbacks());
            assertEquals(Map.of(), s.getWriteFallbacks());
        } finally {
            handled.forEach(Endpoint::stop);
        }
    }

    @SuppressWarnings("rawtypes")
    private static MetroEcho proxy(String path, String service, WsaWatch watch, Handler<?> also) throws IOException {
        MetroEcho p = proxy(path, service, watch);
        List<Handler> chain = new ArrayList<>(((BindingProvider) p).getBinding().getHandlerChain());
        chain.add(also);
        ((BindingProvider) p).getBinding().setHandlerChain(chain);
        return p;
    }

    private static long[] bits(double[] v) {
        long[] b = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Double.doubleToRawLongBits(v[i]);
        }
        return b;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
