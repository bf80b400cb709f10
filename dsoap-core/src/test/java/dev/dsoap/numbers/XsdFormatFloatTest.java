package dev.dsoap.numbers;

import static dev.dsoap.numbers.Lexical.format;
import static dev.dsoap.numbers.Lexical.layoutProblem;
import static dev.dsoap.numbers.Lexical.significantDigits;
import static dev.dsoap.numbers.Lexical.toJava;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class XsdFormatFloatTest {
    private static final long SEED = 0x5EED_F10A_0001L;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1.0 | 1.0",
        "-0.0 | -0.0",
        "0.0 | 0.0",
        "0.1 | 0.1",
        "123.456 | 123.456",
        "1.0E-5 | 1.0E-5",
        "1.4E-45 | 1.4E-45",
        "2.8E-45 | 2.8E-45",
        "9.8E-45 | 9.8E-45",
        "3.4028235E38 | 3.4028235E38",
        "1.17549435E-38 | 1.1754944E-38",
        "1.6777216E7 | 1.6777216E7",
        "9999999.0 | 9999999.0",
        "1.0E7 | 1.0E7",
        "0.001 | 0.001",
        "3.3554432E7 | 3.3554432E7",
        "Infinity | INF",
        "-Infinity | -INF",
        "NaN | NaN",
    })
    void writesKnownValues(String javaLiteral, String expected) {
        assertEquals(expected, format(Float.parseFloat(javaLiteral)));
    }

    @Test
    void edgeValuesAreShortestClosestAndRoundTrip() {
        for (float v : edgeValues()) {
            check(v, "edge value " + Float.toHexString(v));
            if (v > 0 && Float.isFinite(v)) {
                checkAgainstReference(v, "edge value " + Float.toHexString(v));
            }
        }
    }

    @Test
    void randomBitPatternsRoundTripAndAreNoLongerThanJdk() {
        SplittableRandom r = new SplittableRandom(SEED);
        for (int i = 0; i < 2_000_000; i++) {
            float v = Float.intBitsToFloat(r.nextInt());
            checkFast(v, "seed " + SEED + " draw " + i);
        }
    }

    /** Every 997th positive bit pattern, about 2.1 million spread evenly over all exponents. */
    @Test
    void strideThroughAllPositiveFloats() {
        for (long bits = 1; bits < 0x7F80_0000L; bits += 997) {
            float v = Float.intBitsToFloat((int) bits);
            checkFast(v, "bits " + bits);
        }
    }

    @Test
    void randomValuesMatchTheExactReference() {
        SplittableRandom r = new SplittableRandom(SEED + 1);
        for (int i = 0; i < 20_000; i++) {
            float v = Math.abs(Float.intBitsToFloat(r.nextInt()));
            if (Float.isFinite(v) && v != 0) {
                checkAgainstReference(v, "seed " + (SEED + 1) + " draw " + i);
                check(v, "seed " + (SEED + 1) + " draw " + i);
            }
            float h = (float) (r.nextDouble() * Math.pow(10, r.nextInt(-45, 39)));
            if (Float.isFinite(h) && h != 0) {
                checkAgainstReference(h, "seed " + (SEED + 1) + " draw " + i + " (scaled)");
                check(h, "seed " + (SEED + 1) + " draw " + i + " (scaled)");
            }
        }
    }

    @Test
    void matchesFloatToStringOnJdk19AndLater() {
        assumeTrue(Runtime.version().feature() >= 19, "Float.toString is shortest only since JDK 19");
        SplittableRandom r = new SplittableRandom(SEED + 2);
        for (int i = 0; i < 1_000_000; i++) {
            float v = Float.intBitsToFloat(r.nextInt());
            String expected = Float.toString(v).replace("Infinity", "INF");
            String actual = format(v);
            if (!expected.equals(actual)) {
                fail(actual + " != Float.toString " + expected + " (seed " + (SEED + 2) + " draw " + i + ")");
            }
        }
    }

    @Test
    void rejectsTooLittleRoomBeforeWriting() {
        assertThrows(IndexOutOfBoundsException.class, () -> XsdFormat.writeFloat(1f, new byte[14], 0));
        assertEquals(3, XsdFormat.writeFloat(1f, new byte[15], 0));
    }

    static void checkFast(float v, String where) {
        String s = format(v);
        if (s.length() > XsdFormat.MAX_FLOAT_WIDTH) {
            fail(s + " is longer than " + XsdFormat.MAX_FLOAT_WIDTH + " (" + where + ")");
        }
        if (Float.isNaN(v)) {
            if (!s.equals("NaN")) {
                fail(s + " for NaN (" + where + ")");
            }
            return;
        }
        float back = Float.parseFloat(toJava(s));
        if (Float.floatToRawIntBits(back) != Float.floatToRawIntBits(v)) {
            fail(s + " parses to " + Float.toHexString(back) + ", not " + Float.toHexString(v) + " (" + where + ")");
        }
        if (Float.isFinite(v)) {
            String jdk = Float.toString(v);
            int digits = significantDigits(s);
            int jdkDigits = significantDigits(jdk);
            // JDK 19's rule: where one digit would do, the closest of one or two digits (e.g. 9.9E-324)
            boolean closerTwoDigits = digits == 2 && jdkDigits == 1;
            if (digits > jdkDigits && !closerTwoDigits || s.length() > jdk.length()) {
                fail(s + " is longer than Float.toString " + jdk + " (" + where + ")");
            }
        }
    }

    static void check(float v, String where) {
        checkFast(v, where);
        if (Float.isFinite(v)) {
            String problem = layoutProblem(format(v));
            if (problem != null) {
                fail(problem + " (" + where + ")");
            }
        }
    }

    static void checkAgainstReference(float v, String where) {
        BigDecimal expected = ShortestReference.of(v);
        String s = format(v);
        if (new BigDecimal(s).compareTo(expected) != 0) {
            fail(s + " but the shortest closest decimal is " + expected + " for " + Float.toHexString(v)
                    + " (" + where + ")");
        }
    }

    static List<Float> edgeValues() {
        List<Float> values = new ArrayList<>();
        float[] fixed = {
            0f, Float.MIN_VALUE, 2 * Float.MIN_VALUE, 7 * Float.MIN_VALUE, 8 * Float.MIN_VALUE,
            Float.MIN_NORMAL, Math.nextDown(Float.MIN_NORMAL), Math.nextUp(Float.MIN_NORMAL),
            Float.MAX_VALUE, Math.nextDown(Float.MAX_VALUE), 1f, Math.nextUp(1f), Math.nextDown(1f),
            0.1f, 0.2f, 0.3f, 1f / 3, (float) Math.PI, 16777216f, 16777215f, 16777218f, 8388608.5f,
            1e-3f, 1e7f, Math.nextDown(1e-3f), Math.nextUp(1e-3f), Math.nextDown(1e7f), Math.nextUp(1e7f),
        };
        for (float f : fixed) {
            values.add(f);
        }
        for (int e = -46; e <= 39; e++) {
            float p = Float.parseFloat("1e" + e);
            values.add(p);
            values.add(Math.nextUp(p));
            values.add(Math.nextDown(p));
            values.add(Float.parseFloat("9.999999e" + e));
        }
        for (int e = -149; e <= 127; e++) {
            float p = Math.scalb(1f, e);
            values.add(p);
            values.add(Math.nextUp(p));
            values.add(Math.nextDown(p));
        }
        for (int t = 1; t < 64; t++) {
            values.add(Float.intBitsToFloat(t));
            values.add(Float.intBitsToFloat((1 << 23) - t));
        }
        List<Float> signed = new ArrayList<>();
        for (float f : values) {
            signed.add(f);
            signed.add(-f);
        }
        signed.add(Float.POSITIVE_INFINITY);
        signed.add(Float.NEGATIVE_INFINITY);
        signed.add(Float.NaN);
        return signed;
    }
}
