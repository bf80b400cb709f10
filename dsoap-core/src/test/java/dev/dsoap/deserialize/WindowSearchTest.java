package dev.dsoap.deserialize;

import org.junit.jupiter.api.Test;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The window search behind a kept message's similarity ({@link DdsStream#occurs}) looks outwards from where the length
 * ratio puts a window: it finds a window anywhere in its range, at either end or at the centre, and nowhere outside it,
 * as a search from the range's start does.
 */
class WindowSearchTest {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int W = 32;

    @Test
    void aWindowIsFoundAnywhereInItsRangeAndNowhereElse() {
        long seed = 0x51_3117L;
        Random r = new Random(seed);
        byte[] prev = new byte[4096];
        r.nextBytes(prev);
        for (int round = 0; round < 2000; round++) {
            int from = r.nextInt(prev.length - W);
            int to = from + r.nextInt(prev.length - W - from + 1);
            int center = from + r.nextInt(to - from + 1);
            int at = r.nextInt(prev.length - W + 1);
            byte[] b = new byte[W + 16];
            int off = r.nextInt(16);
            System.arraycopy(prev, at, b, off, W);
            long head = (long) LONGS.get(b, off);
            boolean want = false;
            for (int p = from; p <= to; p++) {
                if (java.util.Arrays.equals(b, off, off + W, prev, p, p + W)) {
                    want = true;
                    break;
                }
            }
            assertEquals(want, DdsStream.occurs(b, off, W, head, prev, center, from, to),
                    "seed " + seed + ", round " + round + ": window of " + at + " in [" + from + ", " + to + "] from "
                            + center);
        }
    }

    @Test
    void theEndsOfTheRangeAreSearched() {
        byte[] prev = new byte[256];
        new Random(7).nextBytes(prev);
        byte[] b = java.util.Arrays.copyOfRange(prev, 10, 10 + W);
        long head = (long) LONGS.get(b, 0);
        assertEquals(true, DdsStream.occurs(b, 0, W, head, prev, 100, 10, 200));
        assertEquals(true, DdsStream.occurs(b, 0, W, head, prev, 10, 10, 10));
        assertEquals(false, DdsStream.occurs(b, 0, W, head, prev, 100, 11, 200));
        b = java.util.Arrays.copyOfRange(prev, 200, 200 + W);
        head = (long) LONGS.get(b, 0);
        assertEquals(true, DdsStream.occurs(b, 0, W, head, prev, 11, 11, 200));
        assertEquals(false, DdsStream.occurs(b, 0, W, head, prev, 11, 11, 199));
    }
}
