package dev.dsoap.numbers;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link EiselLemire} and the one-pass decimal reading of {@link XsdParse} against the JDK's correctly rounded
 * {@code Double.parseDouble}, bit for bit, on generated significands and powers of ten: every digit count to 19 and
 * past it, the whole range of exponents, exact ties between two doubles and their neighbours a unit away.
 */
class EiselLemireTest {
    private static final long SEED = 0x5EED_E15E_1E00L;
    private static final BigInteger TEN19 = BigInteger.TEN.pow(19);

    @Test
    void significandsAndPowersOfTenRoundAsTheJdkDoes() {
        SplittableRandom r = new SplittableRandom(SEED);
        int undecided = 0;
        int normal = 0;
        for (int i = 0; i < 1_000_000; i++) {
            long w = significand(r, 1 + r.nextInt(19));
            int q = r.nextInt(EiselLemire.MIN_Q - 20, EiselLemire.MAX_Q + 20);
            boolean negative = r.nextBoolean();
            double want = jdk(negative, w, q);
            double got = EiselLemire.toDouble(negative, w, q);
            if (got != got) {
                undecided++;
                continue;
            }
            if (Math.abs(want) >= Double.MIN_NORMAL) {
                normal++;
            }
            if (Double.doubleToRawLongBits(got) != Double.doubleToRawLongBits(want)) {
                fail(Long.toUnsignedString(w) + "E" + q + (negative ? " (negative)" : "") + " gives " + got
                        + ", the JDK " + want + " (seed " + SEED + ", draw " + i + ")");
            }
        }
        // undecided: results below the normal range (about a twentieth of the powers drawn), and next to none else
        assertTrue(undecided < 80_000, undecided + " undecided");
        assertTrue(normal > 850_000, normal + " normal results");
    }

    /** Exact ties between two doubles (an odd 54-bit integer times a power of two) and a unit either side. */
    @Test
    void tiesRoundToEvenAndTheirNeighboursToNearest() {
        SplittableRandom r = new SplittableRandom(SEED + 1);
        int decided = 0;
        for (int i = 0; i < 300_000; i++) {
            long odd = (1L << 53) | (r.nextLong() & ((1L << 53) - 1)) | 1L; // 54 bits, odd: halfway between doubles
            BigInteger tie = BigInteger.valueOf(odd).shiftLeft(r.nextInt(11)); // at most 64 bits, still a tie
            if (tie.compareTo(TEN19) >= 0) {
                continue;
            }
            for (int d = -1; d <= 1; d++) {
                long w = tie.longValue() + d;
                // the same digits with the point moved in: tie * 10^-k, read as w and q = -k (no longer a tie)
                int q = i % 3 == 0 ? -r.nextInt(5) : 0;
                double want = jdk(false, w, q);
                double got = EiselLemire.toDouble(false, w, q);
                if (got == got) {
                    decided++;
                    assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(got),
                            () -> Long.toUnsignedString(w) + "E" + q + " (seed " + (SEED + 1) + ")");
                }
            }
        }
        assertTrue(decided > 500_000, decided + " decided");
    }

    /** Text of up to 22 digits with a point anywhere and an exponent, through {@link XsdParse}: one pass or not. */
    @Test
    void decimalTextReadsAsTheJdkReadsIt() {
        SplittableRandom r = new SplittableRandom(SEED + 2);
        for (int i = 0; i < 1_000_000; i++) {
            StringBuilder t = new StringBuilder();
            int sign = r.nextInt(3);
            t.append(sign == 0 ? "-" : sign == 1 ? "+" : "");
            int digits = 1 + r.nextInt(22);
            int point = r.nextInt(digits + 2) - 1;
            int zeros = r.nextInt(4) == 0 ? r.nextInt(30) : 0; // leading zeros: not significant
            for (int k = 0; k < zeros; k++) {
                t.append('0');
            }
            for (int k = 0; k < digits; k++) {
                if (k == point) {
                    t.append('.');
                }
                t.append((char) ('0' + (k == 0 ? 1 + r.nextInt(9) : r.nextInt(10))));
            }
            if (point == digits) {
                t.append('.');
            }
            int e = r.nextInt(4);
            if (e > 0) {
                t.append(e == 1 ? 'e' : 'E');
                int x = r.nextInt(-360, 330);
                t.append(x >= 0 && r.nextBoolean() ? "+" : "").append(x);
            }
            String text = t.toString();
            byte[] b = text.getBytes(StandardCharsets.US_ASCII);
            double want = Double.parseDouble(text);
            double got = XsdParse.parseDouble(b, 0, b.length);
            if (Double.doubleToRawLongBits(want) != Double.doubleToRawLongBits(got)) {
                fail(text + " reads as " + got + ", the JDK reads " + want + " (seed " + (SEED + 2) + ", draw " + i + ")");
            }
        }
    }

    /**
     * Long fractions with one byte replaced by another (a non-digit in an eight-digit group, a second point, an
     * exponent mark, a space, a byte above ASCII): read as the JDK reads them where XSD's lexical form allows them, refused
     * where it does not.
     */
    @Test
    void aStrayByteInALongFractionIsRefusedOrReadAsTheJdkDoes() {
        SplittableRandom r = new SplittableRandom(SEED + 3);
        java.util.regex.Pattern xsd = java.util.regex.Pattern.compile(
                "[ \\t\\r\\n]*([+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?)[ \\t\\r\\n]*");
        byte[] strays = {'/', ':', ' ', 'a', '.', 'e', 'E', '-', '+', (byte) 0x80, (byte) 0xB9, 0, '0' - 1, '9' + 1};
        int refused = 0;
        for (int i = 0; i < 200_000; i++) {
            StringBuilder t = new StringBuilder().append(r.nextInt(1000)).append('.');
            int digits = 8 + r.nextInt(17);
            for (int k = 0; k < digits; k++) {
                t.append((char) ('0' + r.nextInt(10)));
            }
            byte[] b = t.toString().getBytes(StandardCharsets.ISO_8859_1);
            int at = t.indexOf(".") + 1 + r.nextInt(digits);
            b[at] = strays[r.nextInt(strays.length)];
            String text = new String(b, StandardCharsets.ISO_8859_1);
            java.util.regex.Matcher m = xsd.matcher(text);
            if (m.matches()) {
                assertEquals(Double.doubleToRawLongBits(Double.parseDouble(m.group(1))),
                        Double.doubleToRawLongBits(XsdParse.parseDouble(b, 0, b.length)), text);
            } else {
                refused++;
                org.junit.jupiter.api.Assertions.assertThrows(NumberFormatException.class,
                        () -> XsdParse.parseDouble(b, 0, b.length), text);
            }
        }
        assertTrue(refused > 100_000, refused + " refused");
    }

    @Test
    void theTableHoldsThePowersLeadingBits() {
        // 5^0 = 1: its leading bit only; 5^1 = 101b; 10^-1 = 5^-1 * 2^-1: 0.2 = 0.00110011...b
        assertEquals(1.0, EiselLemire.toDouble(false, 1, 0));
        assertEquals(5.0, EiselLemire.toDouble(false, 5, 0));
        assertEquals(0.1, EiselLemire.toDouble(false, 1, -1));
        assertEquals(1e308, EiselLemire.toDouble(false, 1, 308));
        assertEquals(Double.MAX_VALUE, EiselLemire.toDouble(false, 17976931348623157L, 292));
        assertEquals(Double.POSITIVE_INFINITY, EiselLemire.toDouble(false, 17976931348623159L, 292));
        assertEquals(-0.0, EiselLemire.toDouble(true, 0, 5));
        assertEquals(Double.MIN_NORMAL, EiselLemire.toDouble(false, 22250738585072014L, -324));
    }

    private static long significand(SplittableRandom r, int digits) {
        BigInteger lo = BigInteger.TEN.pow(digits - 1);
        BigInteger span = BigInteger.TEN.pow(digits).subtract(lo);
        BigInteger v = new BigInteger(span.bitLength() + 8, new java.util.Random(r.nextLong())).mod(span).add(lo);
        return v.longValue(); // up to 10^19 - 1: fits 64 bits unsigned
    }

    private static double jdk(boolean negative, long w, int q) {
        return Double.parseDouble((negative ? "-" : "") + Long.toUnsignedString(w) + "E" + q);
    }
}
