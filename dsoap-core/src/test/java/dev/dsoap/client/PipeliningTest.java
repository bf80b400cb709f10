package dev.dsoap.client;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.ValueGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Requests in flight together on one connection, and clients used from many threads, against the dummy
 * server answering each request with its body's length and CRC-32: every response must reach the request it
 * answers.
 */
class PipeliningTest {
    private static final int IN_FLIGHT = 16;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** One message sent: its number in the test, and the length and CRC-32 of its body. */
    private record Sent(int n, int length, long crc, CompletableFuture<Response> response) {
        void check(String where) {
            Response r = DsoapClient.await(response);
            assertEquals(String.valueOf(length), r.header(DummySoapServer.BODY_LENGTH), where + " message " + n);
            assertEquals(String.valueOf(crc), r.header(DummySoapServer.BODY_CRC32), where + " message " + n);
        }
    }

    /**
     * The server answers only when {@value #IN_FLIGHT} requests wait on the connection, so each round only
     * completes if the client really has them all in flight at once.
     */
    @ParameterizedTest
    @EnumSource(Framing.class)
    void sixteenInFlightAreAnsweredInOrder(Framing framing) throws Exception {
        long seed = 0x919E_0000L + framing.ordinal();
        MessagePlan plan = Messages.plan(Messages.SOAP11);
        DifferentialSerializer ds = Messages.serializer(plan, Messages.TINY_CHUNKS);
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, 30);
        Object[] parts = gen.first(plan.root());
        int rounds = 20;
        try (DummySoapServer server = DummySoapServer.builder().checksums(true).batch(IN_FLIGHT).start();
             DsoapClient client = DsoapClient.builder(server.uri("/p")).framing(framing).maxInFlight(IN_FLIGHT)
                     .responseTimeout(TIMEOUT).build()) {
            for (int round = 0; round < rounds; round++) {
                List<Sent> sent = new ArrayList<>();
                for (int k = 0; k < IN_FLIGHT; k++) {
                    gen.next(plan.root(), parts, 1 + r.nextInt(50));
                    CompletableFuture<Response> f = client.send(ds, parts);
                    byte[] b = Messages.bytes(ds);
                    sent.add(new Sent(round * IN_FLIGHT + k, b.length, Messages.crc32(b), f));
                }
                for (int k = 0; k < IN_FLIGHT; k++) {
                    Sent s = sent.get(k);
                    s.check("seed " + seed + " " + framing);
                    assertEquals(String.valueOf(s.n() + 1), DsoapClient.await(s.response()).header(DummySoapServer.REQUEST_NUMBER));
                }
            }
            assertEquals(1, server.connections());
            assertEquals((long) rounds * IN_FLIGHT, server.requests());
        }
    }

    /**
     * With three slots against a server that answers only four at a time, the fourth send waits for a slot:
     * the three in flight time out, unanswered, so no fourth request ever joined them.
     */
    @Test
    void maxInFlightBoundsThePipeline() throws Exception {
        MessagePlan plan = Messages.plan(Messages.SOAP11);
        DifferentialSerializer ds = Messages.serializer(plan, SerializerConfig.defaults());
        Object[] parts = new ValueGen(new Random(3), 5).first(plan.root());
        try (DummySoapServer server = DummySoapServer.builder().batch(4).start();
             DsoapClient client = DsoapClient.builder(server.uri("/p")).maxInFlight(3)
                     .responseTimeout(Duration.ofMillis(300)).build()) {
            List<CompletableFuture<Response>> fs = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                fs.add(client.send(ds, parts));
            }
            long t0 = System.nanoTime();
            CompletableFuture<Response> fourth = client.send(ds, parts);
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(waited >= 250, "the fourth send waited " + waited + " ms for a slot");
            for (CompletableFuture<Response> f : fs) {
                ClientException e = assertThrows(ClientException.class, () -> DsoapClient.await(f));
                assertEquals(ClientException.Reason.TIMEOUT, e.reason(), e.getMessage());
            }
            assertEquals(ClientException.Reason.TIMEOUT,
                    assertThrows(ClientException.class, () -> DsoapClient.await(fourth)).reason());
            assertEquals(4, server.requests());
            assertEquals(2, server.connections());
        }
    }

    /** Threads with a client and a serializer each, sending their own seeded sequences at once. */
    @Test
    void threadsWithTheirOwnClientsNeverMixValues() throws Exception {
        runThreads(false);
    }

    /** Threads sharing one client (and connection), each with its own serializer. */
    @Test
    void threadsSharingOneClientGetTheirOwnResponses() throws Exception {
        runThreads(true);
    }

    private static void runThreads(boolean shared) throws Exception {
        int threads = 6;
        int messages = 120;
        MessagePlan plan = Messages.plan(Messages.SOAP11);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (DummySoapServer server = DummySoapServer.builder().checksums(true).start();
             DsoapClient common = DsoapClient.builder(server.uri("/t")).framing(Framing.CHUNKED).maxInFlight(threads)
                     .responseTimeout(TIMEOUT).build()) {
            List<Future<Long>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long seed = 0x7EAD_0000L + t;
                results.add(pool.submit(() -> {
                    DsoapClient own = shared ? null : DsoapClient.builder(server.uri("/t/" + seed))
                            .framing(seed % 2 == 0 ? Framing.CHUNKED : Framing.CONTENT_LENGTH).responseTimeout(TIMEOUT).build();
                    try {
                        DsoapClient client = shared ? common : own;
                        Random r = new Random(seed);
                        ValueGen gen = new ValueGen(r, 40);
                        DifferentialSerializer ds = Messages.serializer(plan, seed % 3 == 0 ? SerializerConfig.defaults()
                                : Messages.TINY_CHUNKS);
                        Object[] parts = gen.first(plan.root());
                        long bytes = 0;
                        for (int m = 0; m < messages; m++) {
                            gen.next(plan.root(), parts, r.nextInt(40));
                            CompletableFuture<Response> f = client.send(ds, parts);
                            byte[] b = Messages.bytes(ds);
                            new Sent(m, b.length, Messages.crc32(b), f).check("seed " + seed + (shared ? " shared" : " own"));
                            bytes += b.length;
                        }
                        return bytes;
                    } finally {
                        if (own != null) {
                            own.close();
                        }
                    }
                }));
            }
            long bytes = 0;
            for (Future<Long> f : results) {
                bytes += f.get(60, TimeUnit.SECONDS);
            }
            assertEquals((long) threads * messages, server.requests());
            assertEquals(bytes, server.bodyBytes());
            assertEquals(shared ? 1 : threads, server.connections());
        } finally {
            pool.shutdownNow();
        }
    }
}
