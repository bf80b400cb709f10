package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The differential fast paths (every value the same; values changed within their fields) allocate nothing once
 * warmed up, with the shrinking checks and the end-of-message trim in place, and a memory budget charged after
 * every message. Measured with HotSpot's per-thread allocation counter.
 */
class AllocationTest {
    private static final int MESSAGES = 200;

    @Test
    void sameSizeAndContentMessagesDoNotAllocate() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());

        MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped("urn:alloc", "op",
                Part.of("d", double[].class), Part.of("i", int[].class), Part.of("s", String.class)),
                WireConvention.documentLiteralWrapped());
        MemoryBudget budget = new MemoryBudget(1L << 30);
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), budget);
        double[] d = new double[10_000];
        int[] ints = new int[10_000];
        for (int k = 0; k < d.length; k++) {
            d[k] = 1000 + k + 0.25; // same length whatever changes below
            ints[k] = 1000 + k;
        }
        Object[] parts = {d, ints, "constant"};
        long threadId = Thread.currentThread().getId();
        long allocated = 0;
        for (int round = 0; round < 6; round++) {
            long before = threads.getThreadAllocatedBytes(threadId);
            for (int m = 0; m < MESSAGES; m++) {
                int at = (m * 37) % d.length;
                d[at] = d[at] == 1000 + at + 0.25 ? 1000 + at + 0.75 : 1000 + at + 0.25;
                ints[at] = ints[at] == 1000 + at ? 2000 + at : 1000 + at;
                ds.serialize(parts);
                ds.serialize(parts); // content match
            }
            allocated = threads.getThreadAllocatedBytes(threadId) - before;
        }
        // the budget's charge re-inserts its map entry (a boxed Long and an entry, under 100 bytes) per message;
        // nothing may scale with the message's size
        long perMessage = allocated / (2L * MESSAGES);
        assertTrue(perMessage < 128, "bytes allocated per message after warm-up: " + perMessage);
    }
}
