package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Adaptivity and the cost of lightweight checkpoints: a stream of unrelated messages enters bypass and
 * leaves it when its messages become similar again; partial changes of a large array are mostly
 * skipped with checkpoints a small fraction of the message.
 */
class DdsAdaptiveTest {
    private static final MessagePlan PLAN = new PlanCompiler().compile(MessageShape.wrapped("urn:dsoap:ad", "op",
            Part.of("d", double[].class), Part.of("n", int.class)), CompiledPlanSequenceTest.DOC);

    @Test
    void dissimilarMessagesBypassAndSimilarOnesComeBack() {
        long seed = 0xADA_0000L;
        Random r = new Random(seed);
        PlanReader reader = new PlanReader(PLAN);
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), new SerializerStats(), null);
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer dds = new DifferentialDeserializer(PLAN, DeserializerConfig.builder().states(1)
                .build(), stats, null);
        double[] d = null;
        long similarBefore = 0;
        for (int m = 0; m < 400; m++) {
            if (m < 100 || d == null) {
                d = new double[50 + r.nextInt(400)];
                for (int j = 0; j < d.length; j++) {
                    d[j] = r.nextDouble() * Math.pow(10, r.nextInt(20) - 10);
                }
            } else {
                d[r.nextInt(d.length)] = r.nextInt(1000) / 8.0;
            }
            if (m == 100) {
                String s = "seed " + seed + " after 100 unrelated messages: " + stats;
                assertTrue(stats.bypassEntered() > 0 && stats.bypassed() > 0, s);
            }
            if (m == 300) {
                similarBefore = stats.identical() + stats.resumed();
            }
            Object[] parts = {d.clone(), m};
            ds.serialize(parts);
            byte[] b = ds.toByteArray();
            reader.assertEquivalent(parts, dds.deserialize(b, 0, b.length), "seed " + seed + " message " + m);
        }
        String s = "seed " + seed + ": " + stats;
        assertTrue(stats.identical() + stats.resumed() - similarBefore >= 95, s);
    }

    @Test
    void partitionedChangesAreMostlySkipped() {
        long[] r = partitioned();
        assertTrue(r[0] > 0.6 * (r[0] + r[1]), "seed 0x1C90000: skipped " + r[0] + " parsed " + r[1]);
    }

    @Test
    void lightweightCheckpointsAreSmall() {
        long[] r = partitioned();
        assertTrue(r[2] < 0.03 * r[3], "seed 0x1C90000: checkpointBytes " + r[2] + " message " + r[3] + " bytes");
    }

    /** P=25% of T=100 partitions of a 10K-double array rewritten per message, LCP at N=128: skipped, parsed, checkpoint bytes, message length. */
    private static long[] partitioned() {
        long seed = 0x1C9_0000L;
        int partitions = 100;
        int size = 10_000;
        int per = size / partitions;
        Random r = new Random(seed);
        PlanReader reader = new PlanReader(PLAN);
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), new SerializerStats(), null);
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer dds = new DifferentialDeserializer(PLAN, DeserializerConfig.builder()
                .checkpoints(CheckpointStrategy.LIGHTWEIGHT).interval(128).build(), stats, null);
        double[] d = new double[size];
        for (int j = 0; j < size; j++) {
            d[j] = r.nextDouble() * 1000;
        }
        long skipped0 = 0;
        long parsed0 = 0;
        int len = 0;
        for (int m = 0; m < 30; m++) {
            if (m > 0) {
                for (int p = 0; p < partitions / 4; p++) {
                    int at = r.nextInt(partitions) * per;
                    for (int j = at; j < at + per; j++) {
                        d[j] = r.nextDouble() * 1000;
                    }
                }
            }
            Object[] parts = {d.clone(), 7};
            ds.serialize(parts);
            byte[] b = ds.toByteArray();
            len = b.length;
            reader.assertEquivalent(parts, dds.deserialize(b, 0, b.length), "seed " + seed + " message " + m);
            if (m == 0) {
                skipped0 = stats.bytesSkipped();
                parsed0 = stats.bytesParsed();
            }
        }
        long skipped = stats.bytesSkipped() - skipped0;
        long parsed = stats.bytesParsed() - parsed0;
        return new long[] {skipped, parsed, stats.checkpointBytes(), len};
    }
}
