package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Long generated streams of similar messages of every shape and convention through differential
 * deserialization under each checkpoint strategy: every message reads to the values sent, as the plain
 * reader and the Woodstox oracle read it.
 */
class DifferentialDeserializerSequenceTest {
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (CompiledPlanSequenceTest.Shape s : CompiledPlanSequenceTest.SHAPES) {
            for (WireConvention c : List.of(CompiledPlanSequenceTest.DOC, CompiledPlanSequenceTest.AXIS2,
                    CompiledPlanSequenceTest.SOAP12)) {
                for (CheckpointStrategy st : CheckpointStrategy.values()) {
                    out.add(Arguments.of(s, c, st, st == CheckpointStrategy.LIGHTWEIGHT ? 32 : 64));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2} N={3}")
    @MethodSource("cases")
    void everyMessageReadsToTheValuesSent(CompiledPlanSequenceTest.Shape shape, WireConvention conv,
                                          CheckpointStrategy strategy, int interval) {
        MessagePlan plan = new PlanCompiler().compile(shape.shape(), conv);
        long seed = 0xDD5_0000L + CompiledPlanSequenceTest.SHAPES.indexOf(shape) * 131L + strategy.ordinal() * 7L
                + List.of(CompiledPlanSequenceTest.DOC, CompiledPlanSequenceTest.AXIS2, CompiledPlanSequenceTest.SOAP12).indexOf(conv);
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, shape.maxLength() * 4);
        PlanReader reader = new PlanReader(plan);
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        PlanDeserializer plain = new PlanDeserializer(plan, ParserLimits.defaults());
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer dds = new DifferentialDeserializer(plan, DeserializerConfig.builder()
                .checkpoints(strategy).interval(interval).adaptive(false).build(), stats, null);
        int[] pct = {0, 0, 1, 3, 10, 30, 60, 100};
        Object[] parts = gen.first(plan.root());
        // two messages in three are handed over (kept as they are); those arrays must never be written
        List<byte[]> handed = new ArrayList<>();
        List<byte[]> handedCopies = new ArrayList<>();
        for (int msg = 0; msg < 200; msg++) {
            int p = pct[r.nextInt(pct.length)];
            if (msg > 0) {
                gen.next(plan.root(), parts, p);
            }
            String where = "seed " + seed + " message " + msg + " (" + p + "%) " + shape + " " + conv + " " + strategy;
            ds.serialize(parts);
            byte[] bytes = ds.toByteArray();
            Object[] got;
            try {
                boolean handOver = msg % 3 != 0;
                if (handOver) {
                    handed.add(bytes);
                    handedCopies.add(bytes.clone());
                }
                got = dds.deserialize(bytes, 0, bytes.length, null, handOver);
            } catch (RuntimeException e) {
                throw new AssertionError(where + ": " + e + "\n" + new String(bytes, StandardCharsets.UTF_8), e);
            }
            reader.assertEquivalent(parts, got, where);
            reader.assertEquivalent(plain.deserialize(bytes, 0, bytes.length), got, where);
        }
        assertTrue(stats.identical() + stats.resumed() > 100, stats.toString());
        for (int i = 0; i < handed.size(); i++) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(handedCopies.get(i), handed.get(i),
                    "seed " + seed + ": handed-over message " + i + " was written");
        }
    }
}
