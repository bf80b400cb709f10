package dev.dsoap.parse;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Interning and comparing names: every length around the word sizes, a difference at every byte, at array ends. */
class SymbolsTest {
    private static final long SEED = 0x5EB01DL;

    @Test
    void equalsAgreesWithAByteCompareAtEveryLengthPositionAndArrayEnd() {
        SplittableRandom r = new SplittableRandom(SEED);
        for (int len = 0; len <= 24; len++) {
            byte[] name = new byte[len];
            for (int i = 0; i < len; i++) {
                name[i] = (byte) ('a' + r.nextInt(26));
            }
            Symbols s = new Symbols();
            int id = s.intern(name, 0, len, Symbols.hash(name, 0, len));
            // the name at the very end of a buffer (no word's room after it), and with room after it
            for (int pad : new int[] {0, 1, 7, 8, 20}) {
                byte[] buf = new byte[3 + len + pad];
                Arrays.fill(buf, (byte) 'x');
                System.arraycopy(name, 0, buf, 3, len);
                assertEquals(true, s.equals(id, buf, 3, len), "seed " + SEED + ", length " + len + ", pad " + pad);
                for (int at = 0; at < len; at++) {
                    byte keep = buf[3 + at];
                    buf[3 + at] = (byte) (keep ^ 0x20);
                    assertEquals(false, s.equals(id, buf, 3, len),
                            "seed " + SEED + ", length " + len + ", pad " + pad + ", differing at " + at);
                    buf[3 + at] = (byte) 0x80; // a non-ASCII byte: sign bits must not leak into the compare
                    assertEquals(false, s.equals(id, buf, 3, len),
                            "seed " + SEED + ", length " + len + ", pad " + pad + ", 0x80 at " + at);
                    buf[3 + at] = keep;
                }
                // a different length never equals
                if (len > 0) {
                    assertEquals(false, s.equals(id, buf, 3, len - 1));
                }
            }
        }
    }

    @Test
    void internFindsEachOfManyNamesAgainWhateverTheirLengthsAndShareAPrefix() {
        Symbols s = new Symbols();
        int[] ids = new int[200];
        for (int i = 0; i < ids.length; i++) {
            byte[] b = name(i);
            ids[i] = s.intern(b, 0, b.length, Symbols.hash(b, 0, b.length));
        }
        for (int i = 0; i < ids.length; i++) {
            byte[] b = name(i);
            // found again from a copy at another offset, with other bytes after it
            byte[] buf = new byte[b.length + 5];
            System.arraycopy(b, 0, buf, 2, b.length);
            buf[buf.length - 1] = 'q';
            assertEquals(ids[i], s.intern(buf, 2, b.length, Symbols.hash(buf, 2, b.length)), "name " + i);
        }
        assertEquals(201, s.size()); // the empty symbol and the 200 names
    }

    private static byte[] name(int i) {
        // names 1 to 20 bytes long sharing the prefix "ns:item" where long enough
        String base = "ns:item" + i + "abcdefghijklmnop";
        return base.substring(0, 1 + i % 20).concat(i >= 20 ? Integer.toString(i) : "").getBytes(StandardCharsets.UTF_8);
    }
}
