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
 * Message streams where each message is respelled by {@link XmlMorph} before differential
 * deserialization reads it (prefixes renamed, declarations moved, whitespace, comments and PIs between
 * elements and inside values, CDATA and character references, attributes reordered or added, numbers
 * written wider), with the values themselves changing and arrays and strings growing and shrinking:
 * every message reads to the values sent and to what the plain reader reads from the same bytes.
 * Consecutive messages differ in their spelling, so the differential reader resumes and re-enters fast
 * mode across spellings.
 */
class DdsTransformationsTest {
    private static final List<WireConvention> CONVENTIONS = List.of(CompiledPlanSequenceTest.DOC,
            CompiledPlanSequenceTest.AXIS2, CompiledPlanSequenceTest.SOAP12);
    private static final int MESSAGES = 26;
    private static final int[] PCT = {0, 0, 1, 3, 10, 30, 100};

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (CheckpointStrategy st : CheckpointStrategy.values()) {
            for (int n : new int[] {32, 128, 512}) {
                out.add(Arguments.of(st, n));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} N={1}")
    @MethodSource("cases")
    void respelledMessagesReadToTheValuesSent(CheckpointStrategy strategy, int interval) {
        DeserializerStats total = new DeserializerStats();
        long resumed = 0;
        long reentries = 0;
        for (CompiledPlanSequenceTest.Shape shape : CompiledPlanSequenceTest.SHAPES) {
            for (WireConvention conv : CONVENTIONS) {
                long seed = 0xD5_7000L + 1009L * CompiledPlanSequenceTest.SHAPES.indexOf(shape)
                        + 101L * CONVENTIONS.indexOf(conv) + 11L * strategy.ordinal() + interval;
                DeserializerStats stats = run(shape, conv, strategy, interval, seed);
                resumed += stats.resumed();
                reentries += stats.reentries();
            }
        }
        assertTrue(resumed > 0, strategy + " N=" + interval + ": no message resumed");
        assertTrue(reentries > 0, strategy + " N=" + interval + ": no re-entry into fast mode");
    }

    private static DeserializerStats run(CompiledPlanSequenceTest.Shape shape, WireConvention conv,
                                         CheckpointStrategy strategy, int interval, long seed) {
        MessagePlan plan = new PlanCompiler().compile(shape.shape(), conv);
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, shape.maxLength() * 2);
        XmlMorph morph = new XmlMorph(plan);
        PlanReader reader = new PlanReader(plan);
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        PlanDeserializer plain = new PlanDeserializer(plan, ParserLimits.defaults());
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer dds = new DifferentialDeserializer(plan, DeserializerConfig.builder()
                .checkpoints(strategy).interval(interval).adaptive(false).build(), stats, null);
        Object[] parts = gen.first(plan.root());
        for (int msg = 0; msg < MESSAGES; msg++) {
            int p = PCT[r.nextInt(PCT.length)];
            if (msg > 0) {
                gen.next(plan.root(), parts, p);
            }
            ds.serialize(parts);
            byte[] sent = ds.toByteArray();
            // a few spellings per stream, so that consecutive messages often share theirs
            int spelling = r.nextInt(4);
            byte[] bytes = spelling == 0 ? sent : morph.apply(sent, new Random(seed * 31 + spelling), 40);
            String where = "seed " + seed + " message " + msg + " (" + p + "%) " + shape + " " + conv + " " + strategy
                    + " N=" + interval + " spelling " + spelling + " " + (spelling == 0 ? "[]" : morph.applied);
            Object[] want;
            try {
                want = plain.deserialize(bytes, 0, bytes.length);
            } catch (RuntimeException e) {
                throw new AssertionError(where + ": plain reader: " + e + "\n" + excerpt(bytes), e);
            }
            reader.assertEquivalent(parts, want, where + " (plain reader)");
            Object[] got;
            try {
                got = dds.deserialize(bytes, 0, bytes.length);
            } catch (RuntimeException e) {
                throw new AssertionError(where + ": " + e + "\n" + excerpt(bytes), e);
            }
            reader.assertEquivalent(parts, got, where);
            reader.assertEquivalent(want, got, where);
        }
        return stats;
    }

    static String excerpt(byte[] b) {
        String s = new String(b, StandardCharsets.UTF_8);
        return s.length() > 3000 ? s.substring(0, 3000) + "...(" + s.length() + " chars)" : s;
    }
}
