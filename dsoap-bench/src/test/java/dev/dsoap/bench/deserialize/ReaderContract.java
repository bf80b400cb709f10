package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.serialize.Payload;
import dev.dsoap.bench.serialize.ValueKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What every baseline reader must do: return bit for bit the doubles a {@link DdsMessages} request carries. */
abstract class ReaderContract {

    /** The doubles the reader under test finds in {@code message}. */
    abstract double[] read(byte[] message) throws Exception;

    static void assertBitsEqual(double[] want, double[] got, String where) {
        assertEquals(want.length, got.length, where + ": length");
        for (int i = 0; i < want.length; i++) {
            long w = Double.doubleToRawLongBits(want[i]);
            long g = Double.doubleToRawLongBits(got[i]);
            if (w != g) {
                assertEquals(Long.toHexString(w), Long.toHexString(g),
                        where + ": item " + i + " (" + want[i] + " read as " + got[i] + ")");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1000})
    void readsEveryMessageOfAStream(int n) throws Exception {
        for (int percent : new int[]{0, 25, 100}) {
            DdsMessages s = DdsMessages.doubles(n, percent, 100, 3);
            for (int i = 0; i < s.count(); i++) {
                assertBitsEqual(s.doubles(i), read(s.message(i)), s + " (seed " + DdsMessages.SEED + "), message " + i);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1000})
    void readsSameWidthStreams(int n) throws Exception {
        DdsMessages s = DdsMessages.generate(ValueKind.DOUBLE, n, 50, 200, 2, true);
        for (int i = 0; i < s.count(); i++) {
            assertBitsEqual(s.doubles(i), read(s.message(i)), s + ", message " + i);
        }
    }

    @Test
    void readsSpecialValues() throws Exception {
        double[] v = {Double.NaN, -0.0, 0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE,
                -Double.MAX_VALUE, 1.0, -1.5, 1e-300, -2.2250738585072014E-308, 123456789012345678.0, 0.1, 1e7, 1e-3};
        assertBitsEqual(v, read(DdsMessages.encode(Payload.of(v))), "special values");
    }

    /** {@code INF} and {@code -INF}, the xsd:double infinities dsoap writes. */
    @Test
    void readsInfinities() throws Exception {
        double[] v = {Double.POSITIVE_INFINITY, 1.0, Double.NEGATIVE_INFINITY};
        assertBitsEqual(v, read(DdsMessages.encode(Payload.of(v))), "infinities");
    }
}
