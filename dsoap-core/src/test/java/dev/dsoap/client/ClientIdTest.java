package dev.dsoap.client;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client names itself in the client id header on every request: a random id of its own by default
 * (stable for its life, different between clients), the id it is given, or none when switched off.
 */
class ClientIdTest {
    private static final ByteBuffer[] BODY = {ByteBuffer.wrap(DummySoapServer.DEFAULT_RESPONSE)};

    private static void send(DsoapClient c, int times) throws Exception {
        for (int i = 0; i < times; i++) {
            c.send(new ByteBuffer[] {BODY[0].duplicate()}).get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void eachClientSendsItsOwnStableId() throws Exception {
        try (DummySoapServer server = DummySoapServer.start();
             DsoapClient a = DsoapClient.builder(server.uri("/svc")).responseTimeout(Duration.ofSeconds(10)).build();
             DsoapClient b = DsoapClient.builder(server.uri("/svc")).responseTimeout(Duration.ofSeconds(10)).build();
             DsoapClient named = DsoapClient.builder(server.uri("/svc")).clientId("sensor-17").build();
             DsoapClient silent = DsoapClient.builder(server.uri("/svc")).clientIdHeader(null).build()) {
            send(a, 3);
            send(b, 2);
            send(named, 1);
            send(silent, 1);
            List<String> ids = server.clientIds();
            assertEquals(7, ids.size(), ids.toString());
            assertEquals(Set.of(a.clientId()), Set.copyOf(ids.subList(0, 3)));
            assertEquals(Set.of(b.clientId()), Set.copyOf(ids.subList(3, 5)));
            assertTrue(a.clientId().matches("[0-9a-f]{32}"), a.clientId());
            assertTrue(!a.clientId().equals(b.clientId()));
            assertEquals("sensor-17", ids.get(5));
            assertEquals("", ids.get(6), "no header when switched off");
            assertNull(silent.clientId());
        }
    }

    @Test
    void malformedNamesAndIdsAreRefused() {
        DsoapClient.Builder b = DsoapClient.builder(java.net.URI.create("http://127.0.0.1:9/svc"));
        assertThrows(IllegalArgumentException.class, () -> b.clientIdHeader("X Client"));
        assertThrows(IllegalArgumentException.class, () -> b.clientIdHeader("X-Client:"));
        assertThrows(IllegalArgumentException.class, () -> b.clientId("a b"));
        assertThrows(IllegalArgumentException.class, () -> b.clientId("x\r\nInjected: 1"));
        assertThrows(IllegalArgumentException.class, () -> b.clientId("x".repeat(257)));
    }
}
