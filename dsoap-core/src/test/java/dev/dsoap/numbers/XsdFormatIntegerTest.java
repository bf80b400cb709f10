package dev.dsoap.numbers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class XsdFormatIntegerTest {
    private static final long SEED = 0x5EED_1A7E_0001L;

    @Test
    void longEdges() {
        long[] edges = {0, 1, -1, 9, 10, -10, 99, 100, 999_999_999L, 1_000_000_000L, 99_999_999L, 100_000_000L,
            Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1,
            Long.MIN_VALUE + 1, 1_000_000_000_000_000_000L, 999_999_999_999_999_999L};
        for (long v : edges) {
            assertEquals(Long.toString(v), writeLong(v));
        }
        for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10; p *= 10) {
            for (long v : new long[] {p, p - 1, p + 1, -p, -p + 1, -p - 1, 10 * p - 1}) {
                assertEquals(Long.toString(v), writeLong(v));
            }
        }
        assertEquals(XsdFormat.MAX_LONG_WIDTH, writeLong(Long.MIN_VALUE).length());
    }

    @Test
    void randomLongsAndInts() {
        SplittableRandom r = new SplittableRandom(SEED);
        for (int i = 0; i < 500_000; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            assertEquals(Long.toString(v), writeLong(v), "seed " + SEED + " draw " + i);
            int w = r.nextInt() >> r.nextInt(32);
            assertEquals(Integer.toString(w), writeInt(w), "seed " + SEED + " draw " + i);
        }
    }

    @Test
    void intEdges() {
        int[] edges = {0, 1, -1, 9, 10, -9, -10, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1,
            1_000_000_000, 999_999_999, -1_000_000_000};
        for (int v : edges) {
            assertEquals(Integer.toString(v), writeInt(v));
        }
        assertEquals(XsdFormat.MAX_INT_WIDTH, writeInt(Integer.MIN_VALUE).length());
    }

    @Test
    void everyShortAndByte() {
        byte[] b = new byte[XsdFormat.MAX_SHORT_WIDTH];
        for (int v = Short.MIN_VALUE; v <= Short.MAX_VALUE; v++) {
            int n = XsdFormat.writeShort((short) v, b, 0);
            assertEquals(Integer.toString(v), new String(b, 0, n, StandardCharsets.US_ASCII));
        }
        byte[] c = new byte[XsdFormat.MAX_BYTE_WIDTH];
        for (int v = Byte.MIN_VALUE; v <= Byte.MAX_VALUE; v++) {
            int n = XsdFormat.writeByte((byte) v, c, 0);
            assertEquals(Integer.toString(v), new String(c, 0, n, StandardCharsets.US_ASCII));
        }
    }

    @Test
    void booleans() {
        byte[] b = new byte[XsdFormat.MAX_BOOLEAN_WIDTH + 2];
        assertEquals(6, XsdFormat.writeBoolean(true, b, 2));
        assertEquals("true", new String(b, 2, 4, StandardCharsets.US_ASCII));
        assertEquals(7, XsdFormat.writeBoolean(false, b, 2));
        assertEquals("false", new String(b, 2, 5, StandardCharsets.US_ASCII));
    }

    @Test
    void widthIsCheckedBeforeWriting() {
        byte[] b = new byte[25];
        Arrays.fill(b, (byte) '#');
        byte[] copy = b.clone();
        assertThrows(IndexOutOfBoundsException.class, () -> XsdFormat.writeLong(1, b, 6));
        assertThrows(IndexOutOfBoundsException.class, () -> XsdFormat.writeInt(1, b, 15));
        assertThrows(IndexOutOfBoundsException.class, () -> XsdFormat.writeShort((short) 1, b, 20));
        assertThrows(IndexOutOfBoundsException.class, () -> XsdFormat.writeByte((byte) 1, b, 22));
        assertThrows(IndexOutOfBoundsException.class, () -> XsdFormat.writeBoolean(true, b, 21));
        assertThrows(IndexOutOfBoundsException.class, () -> XsdFormat.writeInt(1, b, -1));
        assertArrayEquals(copy, b);
        assertEquals(6, XsdFormat.writeLong(1, b, 5));
        assertEquals(15, XsdFormat.writeInt(1, b, 14));
    }

    private static String writeLong(long v) {
        byte[] b = new byte[XsdFormat.MAX_LONG_WIDTH];
        int n = XsdFormat.writeLong(v, b, 0);
        return new String(b, 0, n, StandardCharsets.US_ASCII);
    }

    private static String writeInt(int v) {
        byte[] b = new byte[XsdFormat.MAX_INT_WIDTH];
        int n = XsdFormat.writeInt(v, b, 0);
        return new String(b, 0, n, StandardCharsets.US_ASCII);
    }
}
