package dev.dsoap.numbers;

import static dev.dsoap.numbers.Lexical.format;
import static dev.dsoap.numbers.Lexical.layoutProblem;
import static dev.dsoap.numbers.Lexical.significantDigits;
import static dev.dsoap.numbers.Lexical.toJava;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class XsdFormatDoubleTest {
    private static final long SEED = 0x5EED_D0B1E_0001L;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1.0 | 1.0",
        "-1.0 | -1.0",
        "0.0 | 0.0",
        "-0.0 | -0.0",
        "123.456 | 123.456",
        "0.001 | 0.001",
        "0.0012345 | 0.0012345",
        "9.999999999999998E-4 | 9.999999999999998E-4",
        "1.0E-4 | 1.0E-4",
        "1.0E-5 | 1.0E-5",
        "100.0 | 100.0",
        "1234567.0 | 1234567.0",
        "9999999.0 | 9999999.0",
        "9999999.999999998 | 9999999.999999998",
        "1.0E7 | 1.0E7",
        "1.2345678E7 | 1.2345678E7",
        "0.1 | 0.1",
        "0.3 | 0.3",
        "3.141592653589793 | 3.141592653589793",
        "1.2345678901234567E300 | 1.2345678901234567E300",
        "-1.2345678901234568E-300 | -1.2345678901234568E-300",
        "4.9E-324 | 4.9E-324",
        "9.9E-324 | 9.9E-324",
        "1.5E-323 | 1.5E-323",
        "1.7976931348623157E308 | 1.7976931348623157E308",
        "2.2250738585072014E-308 | 2.2250738585072014E-308",
        "2.225073858507201E-308 | 2.225073858507201E-308",
        "1.0E23 | 1.0E23",
        "2.0E23 | 2.0E23",
        "8.41E21 | 8.41E21",
        "5.0E-324 | 4.9E-324",
        "9.007199254740992E15 | 9.007199254740992E15",
        "1.0E16 | 1.0E16",
        "2.0E-3 | 0.002",
        "1.0E-3 | 0.001",
        "4.35 | 4.35",
        "0.5 | 0.5",
        "2.5E-5 | 2.5E-5",
        "Infinity | INF",
        "-Infinity | -INF",
        "NaN | NaN",
    })
    void writesKnownValues(String javaLiteral, String expected) {
        assertEquals(expected, format(Double.parseDouble(javaLiteral)));
    }

    @Test
    void everyNaNIsWrittenNaN() {
        SplittableRandom r = new SplittableRandom(SEED);
        for (int i = 0; i < 10_000; i++) {
            long payload = r.nextLong(1, 1L << 52);
            long sign = r.nextBoolean() ? Long.MIN_VALUE : 0;
            double nan = Double.longBitsToDouble(sign | 0x7FF0_0000_0000_0000L | payload);
            assertEquals("NaN", format(nan), "seed " + SEED + " payload " + payload);
        }
    }

    @Test
    void edgeValuesAreShortestClosestAndRoundTrip() {
        for (double v : edgeValues()) {
            check(v, "edge value " + Double.toHexString(v));
            if (v > 0 && Double.isFinite(v)) {
                checkAgainstReference(v, "edge value " + Double.toHexString(v));
            }
        }
    }

    @Test
    void randomBitPatternsRoundTripAndAreNoLongerThanJdk() {
        SplittableRandom r = new SplittableRandom(SEED);
        int n = 2_000_000;
        for (int i = 0; i < n; i++) {
            double v = Double.longBitsToDouble(r.nextLong());
            checkFast(v, "seed " + SEED + " draw " + i);
        }
    }

    @Test
    void hardValuesRoundTripAndAreNoLongerThanJdk() {
        List<DoubleSupplier> kinds = hardValueKinds(new SplittableRandom(SEED + 1));
        for (int i = 0; i < 1_000_000; i++) {
            int kind = i % kinds.size();
            checkFast(kinds.get(kind).getAsDouble(), "seed " + (SEED + 1) + " draw " + i + " kind " + kind);
        }
    }

    @Test
    void randomValuesMatchTheExactReference() {
        SplittableRandom bits = new SplittableRandom(SEED + 2);
        List<DoubleSupplier> kinds = hardValueKinds(new SplittableRandom(SEED + 3));
        for (int i = 0; i < 20_000; i++) {
            double v = Math.abs(Double.longBitsToDouble(bits.nextLong()));
            if (Double.isFinite(v) && v != 0) {
                checkAgainstReference(v, "seed " + (SEED + 2) + " draw " + i);
            }
            double h = Math.abs(kinds.get(i % kinds.size()).getAsDouble());
            if (Double.isFinite(h) && h != 0) {
                checkAgainstReference(h, "seed " + (SEED + 3) + " draw " + i);
            }
        }
    }

    /**
     * Decimals of 0 to 7 integer and 0 to 10 fraction digits (prices, measurements: the short path below
     * {@code 10^7} with up to 8 fraction digits, and just past it), their neighbours one ulp away, and values near
     * {@code 10^7} and {@code 5e-9}: the exact reference, and the layout.
     */
    @Test
    void fewFractionDigitsMatchTheExactReference() {
        long seed = SEED + 8;
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 60_000; i++) {
            int scale = r.nextInt(0, 11);
            int digits = Math.min(15, r.nextInt(1, 8) + scale);
            long unscaled = r.nextLong(1, (long) Math.pow(10, digits));
            double v = new BigDecimal(BigInteger.valueOf(unscaled), scale).doubleValue();
            for (double w : new double[]{v, Math.nextUp(v), Math.nextDown(v)}) {
                String where = "seed " + seed + " draw " + i + " (" + unscaled + "E-" + scale + ")";
                checkAgainstReference(w, where);
                String problem = layoutProblem(format(w));
                if (problem != null) {
                    fail(problem + " (" + Double.toHexString(w) + ", " + where + ")");
                }
            }
        }
        double[] edges = {1e7, Math.nextDown(1e7), 9999999.99999999, 9999999.9999999, 5e-9, 4e-9, 6e-9, 1e-8,
            Math.nextUp(1e-8), 0.1, 0.2, 0.3, 0.7, 1.1, 2.675, 1.005, 1234567.89012345, 0.12345678, 0.123456789};
        for (double e : edges) {
            checkAgainstReference(e, "edge " + e);
            checkAgainstReference(Math.nextUp(e), "after edge " + e);
            checkAgainstReference(Math.nextDown(e), "before edge " + e);
        }
    }

    @Test
    void layoutFollowsDoubleToString() {
        SplittableRandom r = new SplittableRandom(SEED + 4);
        List<DoubleSupplier> kinds = hardValueKinds(new SplittableRandom(SEED + 5));
        for (int i = 0; i < 200_000; i++) {
            double v = i % 2 == 0 ? Double.longBitsToDouble(r.nextLong()) : kinds.get(i % kinds.size()).getAsDouble();
            if (Double.isFinite(v)) {
                String s = format(v);
                String problem = layoutProblem(s);
                if (problem != null) {
                    fail(problem + " (" + Double.toHexString(v) + ", seed " + SEED + " draw " + i + ")");
                }
            }
        }
    }

    /** Since JDK 19 {@code Double.toString} implements the same specification: strings must match. */
    @Test
    void matchesDoubleToStringOnJdk19AndLater() {
        assumeTrue(Runtime.version().feature() >= 19, "Double.toString is shortest only since JDK 19");
        SplittableRandom r = new SplittableRandom(SEED + 6);
        List<DoubleSupplier> kinds = hardValueKinds(new SplittableRandom(SEED + 7));
        for (int i = 0; i < 1_000_000; i++) {
            double v = i % 2 == 0 ? Double.longBitsToDouble(r.nextLong()) : kinds.get(i % kinds.size()).getAsDouble();
            String expected = Double.toString(v).replace("Infinity", "INF");
            String actual = format(v);
            if (!expected.equals(actual)) {
                fail(actual + " != Double.toString " + expected + " (seed " + SEED + " draw " + i + ")");
            }
        }
    }

    @Test
    void writesAtOffsetAndTouchesNothingElse() {
        byte[] b = new byte[40];
        Arrays.fill(b, (byte) '#');
        int end = XsdFormat.writeDouble(-1.2345678901234568E-300, b, 7);
        assertEquals(7 + 24, end);
        byte[] expected = new byte[40];
        Arrays.fill(expected, (byte) '#');
        System.arraycopy("-1.2345678901234568E-300".getBytes(), 0, expected, 7, 24);
        assertArrayEquals(expected, b);
    }

    @Test
    void rejectsTooLittleRoomBeforeWriting() {
        byte[] b = new byte[30];
        Arrays.fill(b, (byte) '#');
        assertThrows(IndexOutOfBoundsException.class, () -> XsdFormat.writeDouble(1.0, b, 7));
        assertThrows(IndexOutOfBoundsException.class, () -> XsdFormat.writeDouble(1.0, b, -1));
        byte[] untouched = new byte[30];
        Arrays.fill(untouched, (byte) '#');
        assertArrayEquals(untouched, b);
        assertEquals(6 + 3, XsdFormat.writeDouble(1.0, b, 6));
    }

    /** Round trip, width, digits no more than JDK 17's {@code Double.toString}. */
    static void checkFast(double v, String where) {
        String s = format(v);
        if (s.length() > XsdFormat.MAX_DOUBLE_WIDTH) {
            fail(s + " is longer than " + XsdFormat.MAX_DOUBLE_WIDTH + " (" + where + ")");
        }
        if (Double.isNaN(v)) {
            if (!s.equals("NaN")) {
                fail(s + " for NaN (" + where + ")");
            }
            return;
        }
        double back = Double.parseDouble(toJava(s));
        if (Double.doubleToRawLongBits(back) != Double.doubleToRawLongBits(v)) {
            fail(s + " parses to " + Double.toHexString(back) + ", not " + Double.toHexString(v) + " (" + where + ")");
        }
        if (Double.isFinite(v)) {
            String jdk = Double.toString(v);
            int digits = significantDigits(s);
            int jdkDigits = significantDigits(jdk);
            // JDK 19's rule: where one digit would do, the closest of one or two digits (e.g. 9.9E-324)
            boolean closerTwoDigits = digits == 2 && jdkDigits == 1;
            if (digits > jdkDigits && !closerTwoDigits || s.length() > jdk.length()) {
                fail(s + " is longer than Double.toString " + jdk + " (" + where + ")");
            }
        }
    }

    /** {@link #checkFast} and the layout. */
    static void check(double v, String where) {
        checkFast(v, where);
        if (Double.isFinite(v)) {
            String problem = layoutProblem(format(v));
            if (problem != null) {
                fail(problem + " (" + where + ")");
            }
        }
    }

    /** The decimal equals the exact model's choice, for finite {@code v > 0}. */
    static void checkAgainstReference(double v, String where) {
        BigDecimal expected = ShortestReference.of(v);
        String s = format(v);
        if (new BigDecimal(s).compareTo(expected) != 0) {
            fail(s + " but the shortest closest decimal is " + expected + " for " + Double.toHexString(v)
                    + " (" + where + ")");
        }
    }

    static List<Double> edgeValues() {
        List<Double> values = new ArrayList<>();
        double[] fixed = {
            0.0, Double.MIN_VALUE, 2 * Double.MIN_VALUE, 3 * Double.MIN_VALUE, 10 * Double.MIN_VALUE,
            Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL), Math.nextUp(Double.MIN_NORMAL),
            Double.MAX_VALUE, Math.nextDown(Double.MAX_VALUE), 1.0, Math.nextUp(1.0), Math.nextDown(1.0),
            0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, Math.PI, Math.E, 9007199254740992.0, 9007199254740991.0,
            9007199254740994.0, 4503599627370496.5, 1e22, 1e23, 2e23, 5e-324, 1.5e-323, 2.48e-324,
            Long.MAX_VALUE, (double) Long.MIN_VALUE, Integer.MAX_VALUE, 1e-3, 1e7,
            Math.nextDown(1e-3), Math.nextUp(1e-3), Math.nextDown(1e7), Math.nextUp(1e7),
        };
        for (double d : fixed) {
            values.add(d);
        }
        for (int e = -325; e <= 309; e++) {
            double p = Double.parseDouble("1e" + e);
            values.add(p);
            values.add(Math.nextUp(p));
            values.add(Math.nextDown(p));
            values.add(Double.parseDouble("9.999999999999999e" + e));
            values.add(Double.parseDouble("5e" + e));
        }
        for (int e = -1074; e <= 1023; e++) {
            double p = Math.scalb(1.0, e);
            values.add(p);
            values.add(Math.nextUp(p));
            values.add(Math.nextDown(p));
            values.add(Math.scalb(1.5, e));
        }
        for (long t = 1; t < 64; t++) {
            values.add(Double.longBitsToDouble(t)); // smallest subnormals
            values.add(Double.longBitsToDouble((1L << 52) - t)); // largest subnormals
        }
        List<Double> signed = new ArrayList<>();
        for (double d : values) {
            signed.add(d);
            signed.add(-d);
        }
        signed.add(Double.POSITIVE_INFINITY);
        signed.add(Double.NEGATIVE_INFINITY);
        signed.add(Double.NaN);
        return signed;
    }

    /** Values people write: scaled uniform draws, money, short decimals, integers, powers. */
    static List<DoubleSupplier> hardValueKinds(SplittableRandom r) {
        return List.of(
            () -> r.nextDouble() * 1e6,
            () -> r.nextDouble(),
            () -> r.nextDouble() * Math.pow(10, r.nextInt(-320, 309)),
            () -> r.nextLong(-100_000_000_00L, 100_000_000_00L) / 100.0,
            () -> r.nextInt() / 1000.0,
            () -> Double.parseDouble(r.nextInt(1, 1000) + "e" + r.nextInt(-326, 309)),
            () -> Double.parseDouble(r.nextLong(1, 100_000_000_000_000_000L) + "e" + r.nextInt(-340, 300)),
            () -> (double) r.nextLong(),
            () -> (double) r.nextLong(1L << 53),
            () -> Math.scalb(r.nextLong(1L << 53) | 1L << 52, r.nextInt(-1074, 972)),
            () -> Double.longBitsToDouble(r.nextLong(1L << 52)),
            () -> Math.pow(10, r.nextInt(-323, 309)) * (1 + r.nextInt(10)),
            () -> (float) r.nextDouble()
        );
    }
}
