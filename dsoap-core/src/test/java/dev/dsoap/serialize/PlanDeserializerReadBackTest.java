package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * dsoap's own plain deserialization reads every generated message of every shape and convention to the
 * values sent, as the Woodstox-based {@link PlanReader} does.
 */
class PlanDeserializerReadBackTest {
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (CompiledPlanSequenceTest.Shape s : CompiledPlanSequenceTest.SHAPES) {
            for (WireConvention c : List.of(CompiledPlanSequenceTest.DOC, CompiledPlanSequenceTest.AXIS2,
                    CompiledPlanSequenceTest.SOAP12)) {
                out.add(Arguments.of(s, c));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void readsWhatWasSent(CompiledPlanSequenceTest.Shape shape, WireConvention conv) {
        MessagePlan plan = new PlanCompiler().compile(shape.shape(), conv);
        long seed = 0xDE5E_0000L + CompiledPlanSequenceTest.SHAPES.indexOf(shape) * 7L + conv.hashCode();
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, shape.maxLength());
        PlanReader reader = new PlanReader(plan);
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        PlanDeserializer des = new PlanDeserializer(plan, ParserLimits.defaults());
        Object[] parts = gen.first(plan.root());
        for (int msg = 0; msg < 100; msg++) {
            if (msg > 0) {
                gen.next(plan.root(), parts, 30);
            }
            String where = "seed " + seed + " message " + msg + " " + shape + " " + conv;
            ds.serialize(parts);
            byte[] bytes = ds.toByteArray();
            Object[] ours;
            try {
                ours = des.deserialize(bytes, 0, bytes.length);
            } catch (RuntimeException e) {
                throw new AssertionError(where + ": " + e + "\n" + new String(bytes, java.nio.charset.StandardCharsets.UTF_8), e);
            }
            reader.assertEquivalent(parts, ours, where);
        }
    }
}
