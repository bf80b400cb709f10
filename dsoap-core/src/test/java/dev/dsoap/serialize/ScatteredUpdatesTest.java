package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Updates as real feeds make them, through differential deserialization: long arrays where each message changes
 * values at uniformly random positions (1 to 25 %), each new value of another printed width (short prices, long
 * doubles, the edge values), now and then an array resized; written by a template (with its stuffing) or afresh as a
 * plain client writes. Every message reads to the values sent, as the plain reader reads it, under each checkpoint
 * strategy and interval.
 */
class ScatteredUpdatesTest {
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL, 4.9e-322,
            1e-300, 123456789.0, 0.1, 1.5};

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (CheckpointStrategy s : CheckpointStrategy.values()) {
            for (int interval : new int[] {32, 128}) {
                out.add(Arguments.of(s, interval));
            }
        }
        return out.stream();
    }

    private static double value(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> EDGES[r.nextInt(EDGES.length)];
            case 1 -> Math.round(r.nextDouble() * Math.pow(10, 1 + r.nextInt(5)) * 100) / 100.0; // a price
            case 2 -> Double.longBitsToDouble(r.nextLong()); // anything, NaN payloads included
            default -> r.nextInt(1000);
        };
    }

    @ParameterizedTest(name = "{0} N={1}")
    @MethodSource("cases")
    void scatteredWidthChangingUpdatesReadToTheValuesSent(CheckpointStrategy strategy, int interval) {
        long seed = 0x5CA7_7E2L + strategy.ordinal() * 31L + interval;
        Random r = new Random(seed);
        MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped(CompiledPlanSequenceTest.NS, "feed",
                Part.of("v", double[].class), Part.of("m", SeqBeans.Mio[].class)), CompiledPlanSequenceTest.DOC);
        PlanReader reader = new PlanReader(plan);
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        PlanDeserializer plain = new PlanDeserializer(plan, dev.dsoap.parse.ParserLimits.defaults());
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer dds = new DifferentialDeserializer(plan, DeserializerConfig.builder()
                .checkpoints(strategy).interval(interval).adaptive(false).build(), stats, null);
        double[] v = new double[3000];
        for (int i = 0; i < v.length; i++) {
            v[i] = value(r);
        }
        SeqBeans.Mio[] m = new SeqBeans.Mio[400];
        for (int i = 0; i < m.length; i++) {
            m[i] = new SeqBeans.Mio(r.nextInt(), r.nextInt(), value(r));
        }
        int[] percents = {1, 1, 10, 10, 25};
        for (int msg = 0; msg < 150; msg++) {
            int pct = percents[r.nextInt(percents.length)];
            if (msg > 0) {
                if (r.nextInt(20) == 0) {
                    v = java.util.Arrays.copyOf(v, Math.max(0, v.length + r.nextInt(41) - 20)); // resized
                }
                for (int k = v.length * pct / 100; k > 0; k--) {
                    v[r.nextInt(v.length)] = value(r);
                }
                for (int k = m.length * pct / 100; k > 0; k--) {
                    SeqBeans.Mio x = m[r.nextInt(m.length)];
                    x.setV(value(r));
                    if (r.nextBoolean()) {
                        x.setA(r.nextInt());
                    }
                }
            }
            if (r.nextInt(3) == 0) {
                ds.reset(); // as a plain client writes: no stuffing, no template
            }
            Object[] parts = {v.clone(), copy(m)};
            ds.serialize(parts);
            byte[] bytes = ds.toByteArray();
            String where = "seed 0x" + Long.toHexString(seed) + " message " + msg + " (" + pct + " %) " + strategy
                    + " N=" + interval;
            Object[] got = dds.deserialize(bytes, 0, bytes.length);
            reader.assertEquivalent(parts, got, where);
            reader.assertEquivalent(plain.deserialize(bytes, 0, bytes.length), got, where);
        }
        assertTrue(stats.resumed() >= 100, stats.toString());
        assertTrue(stats.bytesSkipped() > stats.bytesParsed(), "scattered but few changes are still mostly skipped: " + stats);
    }

    private static SeqBeans.Mio[] copy(SeqBeans.Mio[] m) {
        SeqBeans.Mio[] c = new SeqBeans.Mio[m.length];
        for (int i = 0; i < m.length; i++) {
            c[i] = new SeqBeans.Mio(m[i].getA(), m[i].getB(), m[i].getV());
        }
        return c;
    }
}
