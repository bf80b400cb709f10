package dev.dsoap.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The hot paths allocate nothing once warmed up, measured with the JVM's per-thread allocation
 * counter (HotSpot's {@code com.sun.management.ThreadMXBean}).
 */
class AllocationTest {
    private static final int WARM_UP_ROUNDS = 5;
    private static final int VALUES = 20_000;

    @Test
    void writingDoesNotAllocate() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());

        SplittableRandom r = new SplittableRandom(42);
        String[] texts = {"caf\u00e9 & <cr\u00e8me> \"br\u00fbl\u00e9e\" \ud83d\ude00 tail", "plain ascii only",
            "tab\tLF\nCR\r"};
        byte[] dst = new byte[256];
        byte[] raw = new byte[57];
        r.nextBytes(raw);

        long sink = 0;
        long allocated = 0;
        long threadId = Thread.currentThread().getId();
        for (int round = 0; round <= WARM_UP_ROUNDS; round++) {
            long before = threads.getThreadAllocatedBytes(threadId);
            for (int i = 0; i < VALUES; i++) {
                sink += XmlText.write(texts[i % texts.length], (i & 1) == 0, dst, 0);
                sink += Base64Text.write(raw, 0, i % raw.length, dst, 0);
            }
            allocated = threads.getThreadAllocatedBytes(threadId) - before;
        }
        // a few bytes may come from the counter itself; nothing may scale with the number of values
        assertEquals(0, allocated / VALUES, "bytes allocated per value after warm-up (total " + allocated
                + ", sink " + sink + ")");
    }
}
