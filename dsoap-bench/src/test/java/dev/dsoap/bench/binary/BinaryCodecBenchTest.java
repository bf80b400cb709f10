package dev.dsoap.bench.binary;

import dev.dsoap.bench.binary.BinaryCodecBench.Codecs;
import dev.dsoap.bench.binary.BinaryCodecBench.Kind;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The codec benchmark measures what it says: every representation (binary, dsoap XML, Woodstox, gzip'd XML, EXI)
 * reads back to the values written, for every type; and the sizes it reports (deterministic, no timing) meet the
 * binary form's size target.
 */
class BinaryCodecBenchTest {
    private static final String[] NAMES = {"binary", "dsoap XML", "Woodstox", "gzip'd XML", "EXI"};

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

    /** Every type and size has a row in the sizes table, and EXI is counted. */
    @Test
    void sizesTableHasEveryRow() {
        String t = BinaryCodecBench.sizes();
        assertEquals(1 + Kind.values().length * BinaryCodecBench.SIZES.length, t.lines().count(), t);
        assertTrue(t.lines().skip(1).allMatch(l -> l.split("\\s+").length == 10), t);
    }

    /** 100K random doubles: the binary message is at most 0.27 of the XML's bytes and smaller than the gzip'd XML. */
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
                + ", binary " + s[4];
        assertEquals(14 + 1 + 3 + 800_000, s[4], all); // header, bitmap, count, the block
        assertTrue(s[4] <= 0.27 * s[1], all);
        assertTrue(s[4] < s[2], all);
    }
}
