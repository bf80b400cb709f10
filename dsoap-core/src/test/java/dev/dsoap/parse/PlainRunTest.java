package dev.dsoap.parse;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The word-at-a-time scan of plain text stops at the word of the first byte that may end it, never past it. */
class PlainRunTest {
    private static final long SEED = 0x7E47_0001L;

    private static boolean special(byte c) {
        return c < 0x20 || c == '<' || c == '&' || c == ']'; // negative: a byte of a multi-byte character
    }

    @Test
    void stopsAtTheWordOfTheFirstSpecialByte() {
        SplittableRandom r = new SplittableRandom(SEED);
        byte[] plain = "ABCxyz019+/= =;:?@[\\^_`{|}~\"'>!#$%()*,-.".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (int i = 0; i < 200_000; i++) {
            byte[] b = new byte[1 + r.nextInt(64)];
            for (int k = 0; k < b.length; k++) {
                b[k] = plain[r.nextInt(plain.length)];
            }
            if (r.nextInt(4) != 0) { // one or two bytes anywhere that end plain text, or every byte value
                for (int k = 1 + r.nextInt(2); k > 0; k--) {
                    b[r.nextInt(b.length)] = (byte) r.nextInt(256);
                }
            }
            int from = r.nextInt(b.length);
            int end = from + r.nextInt(b.length - from + 1);
            int first = from;
            while (first < end && !special(b[first])) {
                first++;
            }
            int got = XmlScanner.plainRun(b, from, end);
            String where = "seed " + SEED + " draw " + i + ": from " + from + " end " + end + " first special " + first
                    + " got " + got;
            assertTrue(got >= from && got <= first, where); // never past the first special byte
            assertTrue(got + 8 > first || got + 8 > end, where); // and within a word of it, or in the last partial word
        }
    }
}
