package dev.dsoap.serialize;

import dev.dsoap.binding.Accessor;
import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static dev.dsoap.serialize.Plans.array;
import static dev.dsoap.serialize.Plans.leaf;
import static dev.dsoap.serialize.Plans.wrapped;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemoryBudgetTest {
    private static final MessagePlan PLAN = wrapped("op",
            array("d", ArrayNode.Container.PRIMITIVE_ARRAY, false, leaf("d", ScalarType.DOUBLE, true, false, null),
                    Accessor.part(0)));

    @Test
    void streamsSharingABudgetAreEvictedLeastRecentlyUsedFirstAndStayCorrect() {
        // every template here holds 40 % of the budget: let it keep them, so that the budget must evict
        SerializerConfig cfg = SerializerConfig.builder().chunkSize(1024).endSlack(64).maxStateShare(1).build();
        DifferentialSerializer probe = new DifferentialSerializer(PLAN, cfg, new SerializerStats(), null);
        probe.serialize(new Object[] {new double[500]});
        long one = probe.retainedBytes();
        MemoryBudget budget = new MemoryBudget(one * 5 / 2);
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer[] streams = new DifferentialSerializer[4];
        for (int i = 0; i < streams.length; i++) {
            streams[i] = new DifferentialSerializer(PLAN, cfg, stats, budget);
        }
        long seed = 3L;
        Random r = new Random(seed);
        double[][] values = new double[streams.length][500];
        for (int msg = 0; msg < 400; msg++) {
            int s = r.nextInt(streams.length);
            values[s][r.nextInt(500)] = r.nextDouble();
            streams[s].serialize(new Object[] {values[s]});
            assertTrue(budget.usedBytes() <= budget.limitBytes(), "seed " + seed + " message " + msg);
            DifferentialSerializer fresh = new DifferentialSerializer(PLAN, cfg, new SerializerStats(), null);
            fresh.serialize(new Object[] {values[s]});
            assertEquals(Infoset.of(fresh.toByteArray()), Infoset.of(streams[s].toByteArray()), "seed " + seed + " message " + msg);
        }
        assertTrue(budget.evictions() > 0, "budget " + budget.usedBytes() + "/" + budget.limitBytes());
        assertTrue(stats.fresh(SerializerStats.FreshReason.EVICTED) > 0, stats.toString());
        assertTrue(stats.matches(MatchClass.PERFECT_STRUCTURAL) > 0, stats.toString());
    }

    @Test
    void aTemplateLargerThanTheWholeBudgetIsNotKept() {
        MemoryBudget budget = new MemoryBudget(1000);
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer s = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), stats, budget);
        double[] v = new double[1000];
        assertEquals(MatchClass.FIRST_SEND, s.serialize(new Object[] {v}));
        assertEquals(MatchClass.FIRST_SEND, s.serialize(new Object[] {v}));
        assertEquals(0, budget.usedBytes());
        assertEquals(2, stats.oversizedDrops());
        assertEquals(1, stats.fresh(SerializerStats.FreshReason.OVERSIZED), stats.toString());
    }

    @Test
    void aTemplateOverItsShareOfTheBudgetServesItsMessageAndIsDroppedWhenGivenBack() {
        MemoryBudget budget = new MemoryBudget(4L << 20);
        SerializerStats stats = new SerializerStats();
        SerializerPool pool = new SerializerPool(PLAN, SerializerConfig.defaults(), stats, budget, 2);
        DifferentialSerializer s = pool.borrow();
        double[] big = new double[60_000]; // about 1.5 MB of template: over a quarter of 4 MiB
        java.util.Arrays.fill(big, 0.1234567);
        s.serialize(new Object[] {big});
        assertEquals(0, budget.usedBytes(), "an oversized template is not charged");
        DifferentialSerializer fresh = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), new SerializerStats(), null);
        fresh.serialize(new Object[] {big});
        assertEquals(Infoset.of(fresh.toByteArray()), Infoset.of(s.toByteArray()));
        assertTrue(s.retainedBytes() > 1_000_000, "the message is still there until given back");
        pool.release(s);
        assertTrue(s.retainedBytes() < 200_000, "dropped when given back: " + s.retainedBytes());
        assertEquals(1, stats.oversizedDrops());
        DifferentialSerializer again = pool.borrow();
        assertEquals(MatchClass.FIRST_SEND, again.serialize(new Object[] {new double[] {1, 2}}));
        assertEquals(1, stats.fresh(SerializerStats.FreshReason.OVERSIZED), stats.toString());
        assertEquals(again.retainedBytes(), budget.usedBytes(), "a small template is charged what it holds");
        pool.release(again);
    }
}
