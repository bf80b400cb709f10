package dev.dsoap.client;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.ValueGen;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Long generated message sequences (edge doubles, resized and empty arrays, markup, non-ASCII and surrogate
 * pairs in strings) sent by a {@link DsoapClient} to the dummy server over a real loopback connection: the
 * body the server reads must be, byte for byte, what {@code writeTo(OutputStream)} writes for the same
 * message, under Content-Length and chunked framing, large and tiny template chunks, SOAP 1.1 and 1.2.
 */
class ClientSequenceTest {
    /** Messages per run; raise with -Ddsoap.client.messages=N for a soak. */
    static final int MESSAGES = Integer.getInteger("dsoap.client.messages", 150);
    /** Percent of leaves changed per message; 0 makes content matches. */
    private static final int[] PCT = {0, 1, 5, 20, 60, 100};

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Framing f : Framing.values()) {
            for (String config : List.of("default", "tiny-chunks")) {
                for (WireConvention c : List.of(Messages.SOAP11, Messages.SOAP12)) {
                    out.add(Arguments.of(f, config, c));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void serverReadsExactlyTheTemplateBytes(Framing framing, String configName, WireConvention conv) throws Exception {
        SerializerConfig config = configName.equals("default") ? SerializerConfig.defaults() : Messages.TINY_CHUNKS;
        long seed = 0xC11E_0000L + 16L * framing.ordinal() + 4L * (config == Messages.TINY_CHUNKS ? 1 : 0)
                + (conv == Messages.SOAP12 ? 1 : 0);
        MessagePlan plan = Messages.plan(conv);
        DifferentialSerializer ds = Messages.serializer(plan, config);
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, 40);
        Object[] parts = gen.first(plan.root());
        try (DummySoapServer server = DummySoapServer.builder().keepBodies(true).checksums(true).start();
             DsoapClient client = DsoapClient.builder(server.uri("/svc")).framing(framing)
                     .soapVersion(conv.soapVersion()).soapAction("urn:put").responseTimeout(Duration.ofSeconds(10)).build()) {
            long bytes = 0;
            int chunks = 0;
            for (int msg = 0; msg < MESSAGES; msg++) {
                int pct = PCT[r.nextInt(PCT.length)];
                if (msg > 0) {
                    gen.next(plan.root(), parts, pct);
                }
                String where = "seed " + seed + " message " + msg + " (" + pct + " % changed) " + framing + " "
                        + configName + " " + conv;
                Response resp;
                try {
                    resp = client.call(ds, parts);
                } catch (RuntimeException e) {
                    throw new AssertionError(where + ": " + e, e);
                }
                byte[] want = Messages.bytes(ds);
                List<byte[]> got = server.takeBodies();
                assertEquals(1, got.size(), where);
                assertArrayEquals(want, got.get(0), where);
                assertEquals(String.valueOf(want.length), resp.header(DummySoapServer.BODY_LENGTH), where);
                assertEquals(String.valueOf(Messages.crc32(want)), resp.header(DummySoapServer.BODY_CRC32), where);
                assertEquals(msg + 1, Integer.parseInt(resp.header(DummySoapServer.REQUEST_NUMBER)),
                        where + ": every request on one kept-alive connection");
                assertEquals(200, resp.status(), where);
                assertArrayEquals(DummySoapServer.DEFAULT_RESPONSE, resp.body(), where);
                bytes += want.length;
                chunks += ds.chunkCount();
            }
            assertEquals(MESSAGES, server.requests());
            assertEquals(bytes, server.bodyBytes());
            assertEquals(1, server.connections());
            assertEquals(framing == Framing.CHUNKED ? MESSAGES : 0, server.chunkedRequests());
            if (config == Messages.TINY_CHUNKS) {
                // the test means something only if messages span many chunks
                assertEquals(true, chunks > 10L * MESSAGES, "seed " + seed + ": " + chunks + " chunks in " + MESSAGES + " messages");
            }
        }
    }
}
