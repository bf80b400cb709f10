package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code @DifferentialSoap} proxies name themselves: each sends dsoap's client id header with a random id of its
 * own on every request, stable for the proxy's life, never another proxy's; a header of that name set by the caller
 * is kept; plain proxies send none. A dsoap endpoint then reads each proxy's requests against its own kept message.
 */
class ClientIdTest {
    private static final String HEADER = "X-Dsoap-Client";

    /** Records the client id header of every request an endpoint receives ("-" for none). */
    private static final class Seen extends AbstractPhaseInterceptor<Message> {
        final Queue<String> ids = new ConcurrentLinkedQueue<>();

        Seen() {
            super(Phase.RECEIVE);
        }

        @Override
        public void handleMessage(Message m) {
            String id = "-";
            if (m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> h) {
                for (Map.Entry<?, ?> e : h.entrySet()) {
                    if (HEADER.equalsIgnoreCase(String.valueOf(e.getKey())) && e.getValue() instanceof List<?> v && !v.isEmpty()) {
                        id = String.valueOf(v.get(0));
                    }
                }
            }
            ids.add(id);
        }
    }

    private static List<String> calls(Seen seen, Echo proxy, int n) {
        seen.ids.clear();
        double[] v = new double[300];
        for (int i = 0; i < v.length; i++) {
            v[i] = i % 7 == 0 ? -0.0 : i % 11 == 0 ? Double.NaN : i * 1.25;
        }
        for (int i = 0; i < n; i++) {
            v[i * 17 % v.length] = i;
            assertArrayEquals(v, proxy.echoDoubles(v));
        }
        return List.copyOf(seen.ids);
    }

    @Test
    void dsoapProxiesSendAStableIdOfTheirOwn() throws Exception {
        try (Cxf cxf = new Cxf()) {
            cxf.bus.setProperty("dsoap.trustedInterceptors", Seen.class.getName()); // it only looks at headers
            String address = cxf.publish(new DsoapEchoImpl());
            Seen seen = new Seen();
            EndpointImpl endpoint = (EndpointImpl) cxf.lastEndpoint();
            endpoint.getServer().getEndpoint().getInInterceptors().add(seen);

            List<String> first = calls(seen, cxf.dsoap(address), 6);
            List<String> second = calls(seen, cxf.dsoap(address), 6);
            for (List<String> ids : List.of(first, second)) {
                assertEquals(6, ids.size(), ids.toString());
                assertTrue(ids.get(0).matches("[0-9a-f]{32}"), ids.toString());
                assertEquals(1, ids.stream().distinct().count(), "not stable over one proxy's calls: " + ids);
            }
            assertNotEquals(first.get(0), second.get(0), "two proxies sent the same id");

            assertEquals(List.of("-", "-", "-"), calls(seen, cxf.plain(address), 3), "a plain proxy names itself");

            Echo own = cxf.dsoap(address);
            ((BindingProvider) own).getRequestContext().put(MessageContext.HTTP_REQUEST_HEADERS,
                    Map.of(HEADER, List.of("chosen-by-the-caller"), "X-Other", List.of("kept")));
            assertEquals(List.of("chosen-by-the-caller", "chosen-by-the-caller"), calls(seen, own, 2));

            OperationStatsMXBean st = cxf.stats("server", "EchoService.EchoPort", "echoDoubles");
            long byPeer = st.getReadsByPeer();
            Echo named = cxf.dsoap(address);
            calls(seen, named, 10);
            long found = st.getReadsByPeer() - byPeer;
            assertTrue(found >= 8, "the endpoint found the proxy's kept message by its id for " + found + " of 10 reads; identical " + st.getReadsIdentical() + " resumed " + st.getReadsResumed() + " read " + st.getMessagesRead() + " fallbacks " + st.getReadFallbacks());
        }
    }
}
