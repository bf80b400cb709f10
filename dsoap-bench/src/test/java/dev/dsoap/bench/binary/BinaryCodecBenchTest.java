package dev.dsoap.bench.binary;

import dev.dsoap.bench.serialize.ItemType;
import dev.dsoap.bench.serialize.TypeValues;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The codec benchmark measures what it says: every representation reads back to the values written, for every
 * type; and the sizes it reports (deterministic, no timing) meet the binary form's size target.
 */
class BinaryCodecBenchTest {
    @Test
    void everyRepresentationReadsBackTheValues() {
        for (ItemType t : new ItemType[] {ItemType.DOUBLES, ItemType.INTS, ItemType.STRINGS}) {
            BinaryCodecBench.Codecs c = new BinaryCodecBench.Codecs(t);
            for (int size : new int[] {1, 100, 1000}) {
                c.check(TypeValues.generate(t, size, 0, 2).values(0));
            }
        }
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
        long[] s = new BinaryCodecBench.Codecs(ItemType.DOUBLES).sizes(d);
        String all = "seed " + seed + ": woodstox " + s[0] + ", dsoap XML " + s[1] + ", gzip'd " + s[2] + ", binary " + s[3];
        assertEquals(14 + 1 + 3 + 800_000, s[3], all); // header, bitmap, count, the block
        assertTrue(s[3] <= 0.27 * s[1], all);
        assertTrue(s[3] < s[2], all);
    }
}
