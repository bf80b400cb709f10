package dev.dsoap.bench.binary;

import dev.dsoap.tracked.TrackedDoubleArray;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The differential binary benchmark measures what it says: its setup reads a whole ring back through every method
 * (and throws when a value differs), for every type and change rate; and the differential method really meets
 * its last message.
 */
class DifferentialBinaryBenchTest {
    private static DifferentialBinaryBench bench(String type, int size, int percent) {
        DifferentialBinaryBench b = new DifferentialBinaryBench();
        b.type = type;
        b.size = size;
        b.percent = percent;
        b.setup();
        return b;
    }

    @Test
    void everyMethodReadsBackTheValues() {
        for (String type : new String[] {"doubles", "strings"}) {
            for (int percent : new int[] {0, 1, 25, 100}) {
                DifferentialBinaryBench b = bench(type, 300, percent);
                for (int i = 0; i < 6; i++) {
                    Object[] fresh = b.dsoapBinaryFresh();
                    Object[] diff = b.dsoapBinaryDifferential();
                    Object[] xml = b.dsoapXmlDifferential();
                    assertEquals(3, fresh.length + diff.length + xml.length, type + " " + percent);
                    // the three methods advance the same ring one message each: neighbours differ only in changed items
                    if (percent == 0) {
                        assertArrayEquals(values(fresh[0]), values(diff[0]), type);
                        assertArrayEquals(values(diff[0]), values(xml[0]), type);
                    }
                }
            }
        }
    }

    private static Object[] values(Object v) {
        if (v instanceof TrackedDoubleArray t) {
            double[] d = t.toArray();
            Object[] o = new Object[d.length];
            for (int i = 0; i < d.length; i++) {
                o[i] = Double.doubleToRawLongBits(d[i]);
            }
            return o;
        }
        return v instanceof double[] d ? values(new TrackedDoubleArray(d)) : (Object[]) v;
    }

    @Test
    void anUnknownTypeIsRefused() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> bench("ints", 10, 0));
    }
}
