package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a stream reports holding ({@link DifferentialSerializer#retainedBytes()}, which the memory budget
 * charges) depends on the current message, not on how many times values were dropped and added before.
 */
class RetainedBytesTest {
    private static final int CYCLES = 40;

    /** One message with every structure present, one with every structure gone, alternately. */
    @Test
    void alternatingPresentAndAbsentValuesDoNotAccumulate() {
        MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped("urn:t", "op",
                Part.of("list", SeqBeans.type("strings")), Part.of("s", String.class),
                Part.of("arr", String[].class), Part.of("m", SeqBeans.JaxbMio.class)),
                WireConvention.documentLiteralWrapped());
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        List<String> strings = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            strings.add("value number " + i);
        }
        SeqBeans.JaxbMio m = new SeqBeans.JaxbMio();
        m.setNote("n".repeat(500));
        m.setTag("t".repeat(500));
        Object[] full = {strings, "x".repeat(1000), strings.toArray(new String[0]), m};
        Object[] empty = {List.of(), null, null, null};
        long[] retained = new long[CYCLES];
        for (int c = 0; c < CYCLES; c++) {
            ds.serialize(full);
            retained[c] = ds.retainedBytes();
            ds.serialize(empty);
        }
        assertTrue(retained[CYCLES - 1] <= retained[2] * 11 / 10,
                "retained bytes after cycle 2: " + retained[2] + ", after cycle " + CYCLES + ": " + retained[CYCLES - 1]);
    }
}
