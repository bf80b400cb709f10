package dev.dsoap.bench.binary;

import dev.dsoap.bench.binary.BinaryCodecBench.Codecs;
import dev.dsoap.bench.binary.BinaryCodecBench.Kind;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The codec benchmark measures what it says: every representation (binary, dsoap XML, Woodstox, gzip'd XML, EXI,
 * Fast Infoset) reads back to the values written, for every type; and the sizes it reports (deterministic, no timing)
 * meet the binary form's size targets.
 */
class BinaryCodecBenchTest {
    private static final String[] NAMES = {"binary", "dsoap XML", "Woodstox", "gzip'd XML", "EXI", "Fast Infoset"};

    @Test
    void everyRepresentationReadsBackTheValues() {
        for (Kind k : Kind.values()) {
            Codecs c = new Codecs(k);
            for (int size : new int[] {1, 100}) {
                Object items = k.values(size);
                Object[] got = c.readBack(items);
                assertEquals(NAMES.length, got.length);
                for (int i = 0; i < got.length; i++) {
                    assertTrue(k.same(items, got[i]), k.param + " x " + size + ": " + NAMES[i] + " read back other values");
                }
            }
        }
    }

    /** The comparison itself tells different values apart, so the check above cannot pass vacuously. */
    @Test
    void differentValuesAreNotTheSame() {
        for (Kind k : Kind.values()) {
            Object a = k.values(100);
            Object b = new Codecs(k).readBack(k.values(99))[0];
            assertTrue(k.same(a, new Codecs(k).binary(a)), k.param);
            assertTrue(!k.same(a, b), k.param + ": 100 items equal to 99");
        }
    }

    /** Every type and size has a row in the sizes table, and EXI and Fast Infoset are counted. */
    @Test
    void sizesTableHasEveryRow() {
        String t = BinaryCodecBench.sizes();
        assertEquals(1 + Kind.values().length * BinaryCodecBench.SIZES.length, t.lines().count(), t);
        assertTrue(t.lines().skip(1).allMatch(l -> l.split("\\s+").length == 12), t);
    }

    /**
     * The Fast Infoset message is Fast Infoset (its header, after an optional XML declaration, is the octets
     * E0 00 00 01), it carries the items as text (so it grows with their characters, unlike the binary message),
     * and it reads back to the values of every type at the benchmark's largest size.
     */
    @Test
    void theFastInfosetMessageIsFastInfosetAndReadsBackAtTheLargestSize() {
        for (Kind k : Kind.values()) {
            Codecs c = new Codecs(k);
            byte[] fi = c.fastInfosetMessage(k.values(100));
            int at = indexOf(fi, new byte[] {(byte) 0xE0, 0, 0, 1});
            assertTrue(at == 0 || (at > 0 && fi[0] == '<' && fi[1] == '?'), k.param + ": no FI header at the start");
            Object items = k.values(100_000);
            assertTrue(k.same(items, c.fastInfoset(items)), k.param + " x 100000: Fast Infoset read back other values");
        }
    }

    private static int indexOf(byte[] b, byte[] what) {
        for (int i = 0; i + what.length <= Math.min(b.length, 64); i++) {
            if (java.util.Arrays.equals(b, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * 100K random doubles: the binary message is at most 0.27 of the XML's bytes, smaller than the gzip'd XML and
     * smaller than the Fast Infoset message.
     */
    @Test
    void hundredThousandDoublesTakeAQuarterOfTheXml() {
        long seed = 0xB1C0DECL;
        Random r = new Random(seed);
        double[] d = new double[100_000];
        for (int i = 0; i < d.length; i++) {
            d[i] = r.nextGaussian() * Math.pow(10, r.nextInt(20) - 10);
        }
        long[] s = new Codecs(Kind.DOUBLES).sizes(d);
        String all = "seed " + seed + ": woodstox " + s[0] + ", dsoap XML " + s[1] + ", gzip'd " + s[2] + ", EXI " + s[3]
                + ", Fast Infoset " + s[4] + ", binary " + s[5];
        assertEquals(14 + 1 + 3 + 800_000, s[5], all); // header, bitmap, count, the block
        assertTrue(s[5] <= 0.27 * s[1], all);
        assertTrue(s[5] < s[2], all);
        assertTrue(s[5] < s[4], all);
    }
}
