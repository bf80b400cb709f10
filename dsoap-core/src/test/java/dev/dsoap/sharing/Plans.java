package dev.dsoap.sharing;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The echoResponse plan for {@code double[]} and dsoap's plain serialization of it: the reference bytes. */
final class Plans {
    static final MessagePlan DOUBLES = new PlanCompiler().compile(
            MessageShape.wrapped("http://example.org/bench", "echoResponse", MessageShape.Part.of("return", double[].class)),
            WireConvention.documentLiteralWrapped());

    private Plans() {
    }

    /** A first-send serializer (defaults: no stuffing): what a plain serialization writes. */
    static final class Plain {
        private final DifferentialSerializer s = new DifferentialSerializer(DOUBLES, SerializerConfig.defaults(),
                new SerializerStats(), null);

        byte[] bytes(double[] v) {
            s.reset();
            assertEquals(MatchClass.FIRST_SEND, s.serialize(new Object[] {v}));
            return s.toByteArray();
        }
    }
}
