package dev.dsoap.numbers;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A slow, exact model of the decimal {@code Double.toString} chooses since JDK 19, in
 * {@link BigDecimal} arithmetic, independent of {@link Schubfach}: among the decimals that round to
 * {@code v} take those of minimal length {@code m} (of length 1 or 2 if {@code m = 1}), then the one
 * closest to {@code v}, then the one with an even last digit.
 */
final class ShortestReference {
    private static final BigDecimal TWO = BigDecimal.valueOf(2);

    private ShortestReference() {
    }

    /** For finite {@code v > 0}. */
    static BigDecimal of(double v) {
        BigDecimal x = new BigDecimal(v);
        BigDecimal lo = x.add(new BigDecimal(Math.nextDown(v))).divide(TWO);
        BigDecimal hi = v == Double.MAX_VALUE
                ? x.add(new BigDecimal(Math.ulp(v)).divide(TWO))
                : x.add(new BigDecimal(Math.nextUp(v))).divide(TWO);
        boolean closed = (Double.doubleToRawLongBits(v) & 1) == 0; // ties round to even significands
        return choose(x, lo, hi, closed, 17);
    }

    /** For finite {@code v > 0}. */
    static BigDecimal of(float v) {
        BigDecimal x = new BigDecimal(v);
        BigDecimal lo = x.add(new BigDecimal(Math.nextDown(v))).divide(TWO);
        BigDecimal hi = v == Float.MAX_VALUE
                ? x.add(new BigDecimal(Math.ulp(v)).divide(TWO))
                : x.add(new BigDecimal(Math.nextUp(v))).divide(TWO);
        boolean closed = (Float.floatToRawIntBits(v) & 1) == 0;
        return choose(x, lo, hi, closed, 9);
    }

    private static BigDecimal choose(BigDecimal x, BigDecimal lo, BigDecimal hi, boolean closed, int max) {
        for (int n = 1; n <= max; n++) {
            BigDecimal best = closest(x, lo, hi, closed, n);
            if (best != null) {
                return n == 1 ? closest(x, lo, hi, closed, 2) : best;
            }
        }
        throw new AssertionError("no decimal of up to " + max + " digits rounds to " + x);
    }

    /** The n-digit decimal in the rounding interval closest to x, or null. */
    private static BigDecimal closest(BigDecimal x, BigDecimal lo, BigDecimal hi, boolean closed, int n) {
        BigDecimal d = x.round(new MathContext(n, RoundingMode.FLOOR));
        BigDecimal u = x.round(new MathContext(n, RoundingMode.CEILING));
        boolean dIn = in(d, lo, hi, closed);
        boolean uIn = in(u, lo, hi, closed);
        if (dIn && uIn) {
            int c = x.subtract(d).compareTo(u.subtract(x));
            if (c != 0) {
                return c < 0 ? d : u;
            }
            return d.unscaledValue().testBit(0) ? u : d;
        }
        return dIn ? d : uIn ? u : null;
    }

    private static boolean in(BigDecimal d, BigDecimal lo, BigDecimal hi, boolean closed) {
        int a = lo.compareTo(d);
        int b = d.compareTo(hi);
        return closed ? a <= 0 && b <= 0 : a < 0 && b < 0;
    }
}
