package dev.dsoap.serialize;

import dev.dsoap.binding.Accessor;
import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.ScalarType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;

import static dev.dsoap.serialize.Plans.array;
import static dev.dsoap.serialize.Plans.leaf;
import static dev.dsoap.serialize.Plans.wrapped;
import static org.junit.jupiter.api.Assertions.assertEquals;

class OverlaySerializerTest {
    @Test
    void streamsTheSameInfosetThroughOneChunk() throws IOException {
        MessagePlan plan = wrapped("op",
                leaf("name", ScalarType.STRING, false, true, Accessor.part(0)),
                array("d", ArrayNode.Container.PRIMITIVE_ARRAY, false, leaf("d", ScalarType.DOUBLE, true, false, null),
                        Accessor.part(1)),
                array("i", ArrayNode.Container.PRIMITIVE_ARRAY, false, leaf("i", ScalarType.INT, true, false, null),
                        Accessor.part(2)),
                array("e", ArrayNode.Container.PRIMITIVE_ARRAY, false, leaf("e", ScalarType.DOUBLE, true, false, null),
                        Accessor.part(3)));
        long seed = 99L;
        Random r = new Random(seed);
        for (int chunk : new int[] {256, 1000, 8192}) {
            SerializerStats stats = new SerializerStats();
            OverlaySerializer o = new OverlaySerializer(plan, chunk, stats);
            for (int msg = 0; msg < 60; msg++) {
                double[] d = new double[r.nextInt(3) == 0 ? 0 : r.nextInt(2000)];
                for (int k = 0; k < d.length; k++) {
                    d[k] = DifferentialSerializerTest.nextDouble(r);
                }
                int[] i = r.ints(r.nextInt(700)).toArray();
                double[] e = new double[r.nextInt(5)];
                Object[] parts = {r.nextBoolean() ? null : "x&y" + msg, d, i, e};
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                long n = o.write(parts, out);
                DifferentialSerializer fresh = new DifferentialSerializer(plan, SerializerConfig.defaults(),
                        new SerializerStats(), null);
                fresh.serialize(parts);
                String where = "seed " + seed + " chunk " + chunk + " message " + msg;
                assertEquals(out.size(), n, where);
                assertEquals(Infoset.of(fresh.toByteArray()), Infoset.of(out.toByteArray()), where);
            }
            assertEquals(60, stats.messages());
        }
    }
}
