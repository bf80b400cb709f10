package dev.dsoap.numbers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
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
    void formattingAndIntegerParsingDoNotAllocate() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());

        SplittableRandom r = new SplittableRandom(42);
        double[] doubles = new double[VALUES];
        float[] floats = new float[VALUES];
        long[] longs = new long[VALUES];
        for (int i = 0; i < VALUES; i++) {
            doubles[i] = Double.longBitsToDouble(r.nextLong());
            floats[i] = Float.intBitsToFloat(r.nextInt());
            longs[i] = r.nextLong() >> r.nextInt(64);
        }
        byte[] dst = new byte[256];

        long sink = 0;
        long allocated = 0;
        long threadId = Thread.currentThread().getId();
        for (int round = 0; round <= WARM_UP_ROUNDS; round++) {
            long before = threads.getThreadAllocatedBytes(threadId);
            for (int i = 0; i < VALUES; i++) {
                int n = XsdFormat.writeDouble(doubles[i], dst, 0);
                n += XsdFormat.writeFloat(floats[i], dst, n);
                int m = XsdFormat.writeLong(longs[i], dst, n);
                sink += XsdParse.parseLong(dst, n, m - n);
                m = XsdFormat.writeInt((int) longs[i], dst, n);
                sink += XsdParse.parseInt(dst, n, m - n);
                sink += XsdParse.parseBoolean(dst, 0, XsdFormat.writeBoolean((i & 1) == 0, dst, 0)) ? 1 : 0;
            }
            allocated = threads.getThreadAllocatedBytes(threadId) - before;
        }
        // a few bytes may come from the counter itself; nothing may scale with the number of values
        assertEquals(0, allocated / VALUES, "bytes allocated per value after warm-up (total " + allocated
                + ", sink " + sink + ")");
        assertEquals("1.0", new String(dst, 0, XsdFormat.writeDouble(1.0, dst, 0), StandardCharsets.US_ASCII));
    }
}
