package dev.dsoap.client;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.ValueGen;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Connections that end with requests in flight: every such request fails with a reason naming it, and the
 * next send opens a new connection and succeeds.
 */
class ConnectionLossTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final MessagePlan plan = Messages.plan(Messages.SOAP11);
    private final DifferentialSerializer ds = Messages.serializer(plan, SerializerConfig.defaults());
    private final ValueGen gen = new ValueGen(new Random(0x1055), 20);
    private final Object[] parts = gen.first(plan.root());

    private Object[] next() {
        gen.next(plan.root(), parts, 30);
        return parts;
    }

    @Test
    void serverClosingInsteadOfAnsweringFailsThatCallAndTheNextReconnects() throws Exception {
        try (DummySoapServer server = DummySoapServer.builder().closeAfter(3).start();
             DsoapClient client = DsoapClient.builder(server.uri("/c")).responseTimeout(TIMEOUT).build()) {
            assertEquals("1", client.call(ds, next()).header(DummySoapServer.REQUEST_NUMBER));
            assertEquals("2", client.call(ds, next()).header(DummySoapServer.REQUEST_NUMBER));
            ClientException e = assertThrows(ClientException.class, () -> client.call(ds, next()));
            assertEquals(ClientException.Reason.CLOSED, e.reason(), e.getMessage());
            assertTrue(e.getMessage().contains("request #3") && e.getMessage().contains("closed by the server"), e.getMessage());
            assertEquals("1", client.call(ds, next()).header(DummySoapServer.REQUEST_NUMBER), "a new connection");
            assertEquals(2, server.connections());
        }
    }

    /** Eight in flight when the server closes after reading the third: the rest may fail, but only as CLOSED. */
    @Test
    void pipelinedRequestsFailTogetherWhenTheConnectionCloses() throws Exception {
        try (DummySoapServer server = DummySoapServer.builder().closeAfter(3).start();
             DsoapClient client = DsoapClient.builder(server.uri("/c")).maxInFlight(8).responseTimeout(TIMEOUT).build()) {
            List<CompletableFuture<Response>> fs = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                fs.add(client.send(ds, next()));
            }
            DsoapClient.await(fs.get(0));
            DsoapClient.await(fs.get(1));
            int failed = 0;
            for (int i = 2; i < 8; i++) {
                CompletableFuture<Response> f = fs.get(i);
                try {
                    DsoapClient.await(f);
                } catch (ClientException e) {
                    assertEquals(ClientException.Reason.CLOSED, e.reason(), e.getMessage());
                    assertTrue(e.getMessage().contains("request #" + (i + 1)), e.getMessage());
                    failed++;
                }
            }
            assertTrue(failed >= 1, "request #3 was never answered");
            assertTrue(fs.get(2).isCompletedExceptionally());
            // the client goes on over a new connection; but requests sent while the first was being closed went
            // to a second one already, so the next may be that connection's third, which the server closes too
            // (seen in CI): then it fails as CLOSED, and the one after it is the first on a third connection
            try {
                client.call(ds, next());
            } catch (ClientException e) {
                assertEquals(ClientException.Reason.CLOSED, e.reason(), e.getMessage());
                assertTrue(server.connections() >= 2, "a request failed on the first connection only after it closed");
                assertEquals("1", client.call(ds, next()).header(DummySoapServer.REQUEST_NUMBER), "a new connection");
            }
            assertTrue(server.connections() >= 2);
        }
    }

    @Test
    void serverGoneFailsInFlightRequestsThenConnectFails() throws Exception {
        DummySoapServer server = DummySoapServer.builder().batch(100).start();
        try (DsoapClient client = DsoapClient.builder(server.uri("/c")).maxInFlight(4).responseTimeout(TIMEOUT)
                .connectTimeout(Duration.ofSeconds(2)).build()) {
            List<CompletableFuture<Response>> fs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                fs.add(client.send(ds, next()));
            }
            server.close();
            for (CompletableFuture<Response> f : fs) {
                ClientException e = assertThrows(ClientException.class, () -> DsoapClient.await(f));
                assertEquals(ClientException.Reason.CLOSED, e.reason(), e.getMessage());
            }
            ClientException e = assertThrows(ClientException.class, () -> client.call(ds, next()));
            assertEquals(ClientException.Reason.CONNECT, e.reason(), e.getMessage());
            assertTrue(e.getMessage().contains("127.0.0.1:" + server.port()), e.getMessage());
        } finally {
            server.close();
        }
    }

    @Test
    void closingTheClientFailsInFlightRequestsAndLaterSends() throws Exception {
        try (DummySoapServer server = DummySoapServer.builder().batch(100).start()) {
            DsoapClient client = DsoapClient.builder(server.uri("/c")).responseTimeout(TIMEOUT).build();
            CompletableFuture<Response> a = client.send(ds, next());
            CompletableFuture<Response> b = client.send(ds, next());
            client.close();
            for (CompletableFuture<Response> f : List.of(a, b)) {
                ClientException e = assertThrows(ClientException.class, () -> DsoapClient.await(f));
                assertEquals(ClientException.Reason.CLOSED, e.reason(), e.getMessage());
                assertTrue(e.getMessage().contains("client closed"), e.getMessage());
            }
            ClientException e = assertThrows(ClientException.class, () -> client.call(ds, next()));
            assertEquals(ClientException.Reason.CLOSED, e.reason(), e.getMessage());
            client.close();
        }
    }

    /** Futures complete on the I/O thread: a send from a dependent action there is refused, not deadlocked. */
    @Test
    void sendingFromTheIoThreadIsRefused() throws Exception {
        try (DummySoapServer server = DummySoapServer.builder().batch(2).start();
             DsoapClient client = DsoapClient.builder(server.uri("/c")).responseTimeout(TIMEOUT).build()) {
            // the first response comes with the second's, so the dependent action runs on the I/O thread
            CompletableFuture<Response> f = client.send(ds, next()).thenCompose(r -> client.send(ds));
            DsoapClient.await(client.send(ds, next()));
            CompletionException e = assertThrows(CompletionException.class, f::join);
            assertTrue(e.getCause() instanceof IllegalStateException && e.getCause().getMessage().contains("deadlock"),
                    String.valueOf(e.getCause()));
            // the connection is still fine (two requests, as the server answers in pairs)
            CompletableFuture<Response> a = client.send(ds, next());
            DsoapClient.await(client.send(ds, next()));
            DsoapClient.await(a);
        }
    }
}
