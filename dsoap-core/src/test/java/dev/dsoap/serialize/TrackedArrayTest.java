package dev.dsoap.serialize;

import dev.dsoap.binding.Accessor;
import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.tracked.TrackedDoubleArray;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static dev.dsoap.serialize.Plans.array;
import static dev.dsoap.serialize.Plans.leaf;
import static dev.dsoap.serialize.Plans.wrapped;
import static org.junit.jupiter.api.Assertions.assertEquals;

class TrackedArrayTest {
    private static final MessagePlan PLAN = wrapped("op",
            array("a", ArrayNode.Container.PRIMITIVE_ARRAY, false, leaf("a", ScalarType.DOUBLE, true, false, null),
                    Accessor.part(0)),
            array("b", ArrayNode.Container.PRIMITIVE_ARRAY, false, leaf("b", ScalarType.DOUBLE, true, false, null),
                    Accessor.part(1)));

    /** Two streams share two tracked arrays, which also swap places: every message must equal a fresh one. */
    @Test
    void sharedAndSwappedArraysStayCorrect() {
        long seed = 7L;
        Random r = new Random(seed);
        SerializerConfig cfg = SerializerConfig.builder().chunkSize(128).build();
        DifferentialSerializer s1 = new DifferentialSerializer(PLAN, cfg, new SerializerStats(), null);
        DifferentialSerializer s2 = new DifferentialSerializer(PLAN, cfg, new SerializerStats(), null);
        TrackedDoubleArray x = new TrackedDoubleArray(40);
        TrackedDoubleArray y = new TrackedDoubleArray(30);
        for (int msg = 0; msg < 600; msg++) {
            int changes = r.nextInt(4);
            for (int c = 0; c < changes; c++) {
                TrackedDoubleArray t = r.nextBoolean() ? x : y;
                if (t.length() > 0) {
                    t.set(r.nextInt(t.length()), DifferentialSerializerTest.nextDouble(r));
                }
            }
            if (r.nextInt(30) == 0) {
                x.resize(r.nextInt(60));
            }
            Object[] parts = r.nextInt(5) == 0 ? new Object[] {y, x} : new Object[] {x, y};
            if (r.nextInt(8) == 0) {
                parts[1] = x;
            }
            DifferentialSerializer s = r.nextBoolean() ? s1 : s2;
            s.serialize(parts);
            Object[] plain = {((TrackedDoubleArray) parts[0]).toArray(), ((TrackedDoubleArray) parts[1]).toArray()};
            DifferentialSerializer fresh = new DifferentialSerializer(PLAN, cfg, new SerializerStats(), null);
            fresh.serialize(plain);
            assertEquals(Infoset.of(fresh.toByteArray()), Infoset.of(s.toByteArray()), "seed " + seed + " message " + msg);
        }
    }

    /** An untouched tracked array is a content match; one set element is a perfect structural match. */
    @Test
    void dirtySetDrivesTheMatch() {
        DifferentialSerializer s = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), new SerializerStats(), null);
        TrackedDoubleArray a = new TrackedDoubleArray(new double[100_000]);
        TrackedDoubleArray b = new TrackedDoubleArray(0);
        assertEquals(MatchClass.FIRST_SEND, s.serialize(new Object[] {a, b}));
        assertEquals(MatchClass.CONTENT, s.serialize(new Object[] {a, b}));
        a.set(99_999, 1.0);
        assertEquals(MatchClass.PERFECT_STRUCTURAL, s.serialize(new Object[] {a, b}));
        assertEquals(MatchClass.CONTENT, s.serialize(new Object[] {a, b}));
    }
}
