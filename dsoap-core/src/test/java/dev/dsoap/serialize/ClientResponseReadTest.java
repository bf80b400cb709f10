package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.client.DsoapClient;
import dev.dsoap.client.DummySoapServer;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DsoapClient#call(DifferentialSerializer, Object[], DifferentialDeserializer)} over a real loopback
 * connection to a server that answers each request with its own body: over a long generated sequence (edge
 * doubles, resized and empty arrays, nil items, markup, non-ASCII and surrogate pairs), the parts read by
 * differential deserialization from each response equal the parts sent and what the plain reader reads
 * from the same bytes, and most responses are read differentially.
 */
class ClientResponseReadTest {
    private static final MessagePlan PLAN = new PlanCompiler().compile(MessageShape.wrapped("urn:dsoap:client", "put",
            Part.of("d", double[].class), Part.of("i", int[].class), Part.of(null, "s", String[].class, true),
            Part.of("p", SeqBeans.Mio[].class), Part.of("name", String.class), Part.of("x", double.class),
            Part.of(null, "dd", Double[].class, true)), WireConvention.documentLiteralWrapped());

    @Test
    void responsesAreReadDifferentiallyToTheValuesSent() throws Exception {
        long seed = 0xC11E_DD5L;
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, 60);
        Object[] parts = gen.first(PLAN.root());
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), new SerializerStats(), null);
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer reader = new DifferentialDeserializer(PLAN, DeserializerConfig.defaults(), stats, null);
        PlanDeserializer plain = new PlanDeserializer(PLAN, ParserLimits.defaults());
        PlanReader check = new PlanReader(PLAN);
        int[] pct = {0, 0, 1, 5, 20, 100};
        try (DummySoapServer server = DummySoapServer.builder().echo(true).start();
             DsoapClient client = DsoapClient.builder(server.uri("/svc")).responseTimeout(Duration.ofSeconds(10)).build()) {
            for (int msg = 0; msg < 300; msg++) {
                if (msg > 0) {
                    gen.next(PLAN.root(), parts, pct[r.nextInt(pct.length)]);
                }
                String where = "seed " + seed + " message " + msg;
                Object[] got = client.call(ds, parts, reader);
                check.assertEquivalent(parts, got, where);
                byte[] sent = ds.toByteArray();
                check.assertEquivalent(plain.deserialize(sent, 0, sent.length), got, where + " (against the plain reader)");
            }
        }
        assertTrue(stats.identical() + stats.resumed() > 200, "responses were not read differentially: " + stats);
    }
}
