package dev.dsoap.sharing;

import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every response a window writer writes is byte for byte dsoap's plain serialization of the same values, over long
 * generated sequences of windows (1..64 responses, 0..100 % of the chunks shared, 0..100K items, resized, empty and
 * null arrays, NaNs, signed zeros, infinities, subnormals, extremes), for every chunk size and both indexes, with
 * hashes that collide, under tight bounds and budgets.
 */
@Timeout(300)
class WindowWriterTest {
    private static final long SEED = 0x5EED_3A1D_0B0EL;
    private static final double[] SPECIAL = {Double.NaN, Double.longBitsToDouble(0x7FF8_0000_0000_0001L),
            Double.longBitsToDouble(0xFFF0_0000_0000_0001L), -0.0, 0.0, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE,
            -Double.MAX_VALUE, Math.nextDown(Double.MIN_NORMAL), 1e-300, 1e7, 9999999.999, 0.001, 1.0E-4, 1.0, -1.5};

    private final Plans.Plain plain = new Plans.Plain();

    @Test
    void generatedWindowsAreBytePlain() throws IOException {
        Random master = new Random(SEED);
        long copied = 0;
        long formatted = 0;
        for (int round = 0; round < 40; round++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            int chunkBytes = 8 * (4 + r.nextInt(509));
            SharingConfig c = SharingConfig.defaults().withChunkBytes(r.nextBoolean() ? chunkBytes
                    : new int[] {32, 64, 128, 256, 512, 1024, 2048, 4096}[r.nextInt(8)]);
            c = r.nextBoolean() ? c.withHash() : c.withTrie(new int[] {1, 8, 15, 25, 35, 65, 75, 300}[r.nextInt(8)]);
            if (r.nextInt(4) == 0) {
                c = c.withBounds(1 + r.nextInt(200), r.nextInt(200_000));
            }
            MemoryBudget budget = r.nextInt(3) == 0 ? new MemoryBudget(1 + r.nextInt(4_000_000)) : null;
            WindowWriter ww = new WindowWriter(Plans.DOUBLES, c, budget);
            run(ww, r, budget, "seed " + seed + " round " + round + " " + c, round % 10 == 9 ? 100_000 : 3_000, 6);
            copied += ww.chunksCopied();
            formatted += ww.chunksFormatted();
        }
        assertTrue(copied > formatted / 4, "the sequences share: " + copied + " chunks copied, " + formatted + " formatted");
    }

    @Test
    void collidingHashesNeverWriteWrongBytes() throws IOException {
        Random master = new Random(SEED + 1);
        ChunkHash[] weak = {(w, from, n) -> 7, (w, from, n) -> w[from] >>> 60, (w, from, n) -> n};
        for (int round = 0; round < 12; round++) {
            long seed = master.nextLong();
            Random r = new Random(seed);
            SharingConfig c = SharingConfig.defaults().withChunkBytes(8 * (4 + r.nextInt(20)));
            ChunkIndex ix = new HashIndex(c.maxChunks(), weak[round % weak.length]);
            run(new WindowWriter(Plans.DOUBLES, c, null, ix), r, null, "seed " + seed + " round " + round + " weak hash "
                    + round % weak.length, 600, 4);
        }
    }

    private void run(WindowWriter ww, Random r, MemoryBudget budget, String what, int maxSize, int windows)
            throws IOException {
        for (int win = 0; win < windows; win++) {
            int m = 1 + r.nextInt(64);
            double share = r.nextInt(5) == 0 ? 1.0 : r.nextInt(5) == 0 ? 0.0 : r.nextDouble();
            int size = r.nextInt(6) == 0 ? r.nextInt(3) : r.nextInt(maxSize + 1);
            double[] base = values(r, size);
            ww.open();
            for (int i = 0; i < m; i++) {
                double[] v = response(r, base, share, ww.config().chunkValues());
                String at = what + ", window " + win + ", response " + i + " of " + m + ", share " + share + ", "
                        + (v == null ? "null" : v.length + " items");
                byte[] expected = plain.bytes(v);
                byte[] got;
                if (r.nextBoolean()) {
                    got = ww.toByteArray(v);
                } else {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    assertEquals(expected.length, ww.write(v, out), at);
                    got = out.toByteArray();
                }
                if (!Arrays.equals(expected, got)) {
                    int k = Arrays.mismatch(expected, got);
                    assertArrayEquals(expected, got, at + ": first difference at byte " + k + ": expected "
                            + around(expected, k) + " got " + around(got, k));
                }
                assertTrue(ww.keptBytes() <= ww.config().maxWindowBytes(), at + ": kept " + ww.keptBytes());
                if (budget != null) {
                    assertTrue(budget.usedBytes() <= budget.limitBytes(), at);
                }
            }
            ww.close();
            assertEquals(0, ww.keptBytes(), what);
            if (budget != null) {
                assertEquals(0, budget.usedBytes(), what + ": budget after the window");
            }
        }
    }

    private static String around(byte[] b, int k) {
        int from = Math.max(0, k - 30);
        return "'" + new String(b, from, Math.min(b.length, k + 30) - from, StandardCharsets.UTF_8) + "'";
    }

    static double[] values(Random r, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = value(r);
        }
        return v;
    }

    static double value(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> SPECIAL[r.nextInt(SPECIAL.length)];
            case 1 -> Double.longBitsToDouble(r.nextLong());
            case 2 -> Double.longBitsToDouble(r.nextLong() & 0x800F_FFFF_FFFF_FFFFL);
            case 3 -> r.nextInt(100);
            default -> Math.round(r.nextDouble() * 1e6) / 100.0;
        };
    }

    /** {@code base} with about {@code 1 - share} of its chunks changed in one value; sometimes resized, empty, null. */
    static double[] response(Random r, double[] base, double share, int k) {
        int kind = r.nextInt(20);
        if (kind == 0) {
            return null;
        }
        if (kind == 1) {
            return new double[0];
        }
        double[] v;
        if (kind == 2) {
            v = Arrays.copyOf(base, Math.max(0, base.length + r.nextInt(2 * k + 1) - k));
            for (int i = base.length; i < v.length; i++) {
                v[i] = value(r);
            }
        } else if (kind == 3 && base.length > 0) {
            v = new double[base.length + 1];
            v[0] = value(r);
            System.arraycopy(base, 0, v, 1, base.length);
        } else {
            v = base.clone();
        }
        for (int c = 0; c < v.length; c += k) {
            if (r.nextDouble() >= share) {
                int i = c + r.nextInt(Math.min(k, v.length - c));
                v[i] = r.nextBoolean() ? value(r) : Double.longBitsToDouble(Double.doubleToRawLongBits(v[i]) ^ 1);
            }
        }
        return v;
    }

    @Test
    void sharedChunksAreCopied() {
        WindowWriter ww = new WindowWriter(Plans.DOUBLES, SharingConfig.defaults().withChunkBytes(64), null);
        double[] v = values(new Random(SEED), 1000);
        ww.open();
        byte[] first = ww.toByteArray(v);
        assertEquals(0, ww.chunksCopied());
        assertEquals(125, ww.chunksFormatted());
        byte[] second = ww.toByteArray(v.clone());
        assertArrayEquals(first, second);
        assertEquals(125, ww.chunksCopied());
        assertEquals(125, ww.chunksFormatted());
        ww.close();
        ww.open();
        ww.toByteArray(v);
        assertEquals(250, ww.chunksFormatted(), "nothing survives a window");
        ww.close();
    }

    @Test
    void budgetChargedWhileOpenAndZeroAfter() {
        MemoryBudget budget = new MemoryBudget(1L << 30);
        WindowWriter ww = new WindowWriter(Plans.DOUBLES, SharingConfig.defaults(), budget);
        Random r = new Random(SEED);
        for (int win = 0; win < 3; win++) {
            assertEquals(0, budget.usedBytes());
            ww.open();
            double[] v = values(r, 20_000);
            for (int i = 0; i < 5; i++) {
                ww.toByteArray(v);
                assertEquals(ww.retainedBytes(), budget.usedBytes(), "window " + win + " response " + i);
                assertTrue(budget.usedBytes() > 20_000 * 8, "the chunks' values and bytes: " + budget.usedBytes());
            }
            ww.close();
            assertEquals(0, budget.usedBytes(), "window " + win + " closed");
            assertEquals(0, budget.holders());
        }
    }

    @Test
    void refusedOrEvictedWindowsWritePlainly() {
        Random r = new Random(SEED);
        double[] v = values(r, 10_000);
        byte[] expected = plain.bytes(v);
        // refused: the window alone is over the cap
        MemoryBudget tiny = new MemoryBudget(10_000);
        WindowWriter ww = new WindowWriter(Plans.DOUBLES, SharingConfig.defaults(), tiny);
        ww.open();
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(expected, ww.toByteArray(v));
            assertEquals(0, tiny.usedBytes());
        }
        assertEquals(1, ww.budgetDrops());
        ww.close();
        // evicted: by the budget, from any thread; the next response drops the window's index
        MemoryBudget budget = new MemoryBudget(1L << 30);
        WindowWriter ev = new WindowWriter(Plans.DOUBLES, SharingConfig.defaults(), budget);
        ev.open();
        assertArrayEquals(expected, ev.toByteArray(v));
        assertTrue(budget.usedBytes() > 0);
        ev.evict();
        long copied = ev.chunksCopied();
        assertArrayEquals(expected, ev.toByteArray(v));
        assertEquals(copied, ev.chunksCopied(), "an evicted window no longer shares");
        assertEquals(0, budget.usedBytes());
        assertEquals(0, ev.keptBytes());
        ev.close();
        ev.open();
        ev.toByteArray(v);
        ev.toByteArray(v);
        assertTrue(ev.chunksCopied() > copied, "the next window shares again");
        ev.close();
        assertEquals(0, budget.usedBytes());
    }

    @Test
    void misuse() {
        WindowWriter ww = new WindowWriter(Plans.DOUBLES, SharingConfig.defaults(), null);
        assertThrows(IllegalStateException.class, () -> ww.toByteArray(new double[1]));
        ww.open();
        assertThrows(IllegalStateException.class, ww::open);
        assertTrue(ww.isOpen());
        ww.close();
        assertFalse(ww.isOpen());
        ww.close();
        assertThrows(IllegalArgumentException.class, () -> SharingConfig.defaults().withChunkBytes(24));
        assertThrows(IllegalArgumentException.class, () -> SharingConfig.defaults().withChunkBytes(4104));
        assertThrows(IllegalArgumentException.class, () -> SharingConfig.defaults().withChunkBytes(100));
        assertThrows(IllegalArgumentException.class, () -> new WindowWriter(new dev.dsoap.binding.PlanCompiler().compile(
                dev.dsoap.binding.MessageShape.wrapped("urn:x", "r", dev.dsoap.binding.MessageShape.Part.of("return", int[].class)),
                dev.dsoap.binding.WireConvention.documentLiteralWrapped()), SharingConfig.defaults(), null));
    }
}
