package dev.dsoap.numbers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** The integer approximations of logarithms and the table of powers of ten, checked exactly. */
class SchubfachTest {

    @Test
    void flog10pow2IsExact() {
        for (int e = -2000; e <= 2000; e++) {
            // largest k with 10^k <= 2^e
            assertEquals(floorLog(BigInteger.TWO, e, BigInteger.TEN), Schubfach.flog10pow2(e), "e=" + e);
        }
    }

    @Test
    void flog10threeQuartersPow2IsExact() {
        for (int e = -2000; e <= 2000; e++) {
            // largest k with 10^k <= 3 2^(e-2)
            int k = floorLog10(BigInteger.valueOf(3), e - 2);
            assertEquals(k, Schubfach.flog10threeQuartersPow2(e), "e=" + e);
        }
    }

    @Test
    void flog2pow10IsExact() {
        for (int e = -700; e <= 700; e++) {
            assertEquals(floorLog(BigInteger.TEN, e, BigInteger.TWO), Schubfach.flog2pow10(e), "e=" + e);
        }
    }

    @Test
    void tableHoldsPowersOfTenRoundedUp() {
        BigInteger twoTo63 = BigInteger.ONE.shiftLeft(63);
        for (int k = Schubfach.K_MIN; k <= Schubfach.K_MAX; k++) {
            long g1 = Schubfach.g1(k);
            long g0 = Schubfach.g0(k);
            assertTrue(g1 >= 1L << 62 && g0 >= 0, "k=" + k);
            BigInteger g = BigInteger.valueOf(g1).shiftLeft(63).or(BigInteger.valueOf(g0));
            // g - 1 <= 10^-k 2^r < g with r = 125 - flog2pow10(-k), i.e. g-1 = floor(10^-k 2^r)
            int r = 125 - Schubfach.flog2pow10(-k);
            BigInteger num = BigInteger.ONE;
            BigInteger den = BigInteger.ONE;
            if (-k >= 0) {
                num = num.multiply(BigInteger.TEN.pow(-k));
            } else {
                den = den.multiply(BigInteger.TEN.pow(k));
            }
            if (r >= 0) {
                num = num.shiftLeft(r);
            } else {
                den = den.shiftLeft(-r);
            }
            assertEquals(num.divide(den), g.subtract(BigInteger.ONE), "k=" + k);
            assertTrue(g.compareTo(twoTo63.shiftLeft(62)) > 0 && g.bitLength() <= 126, "k=" + k);
        }
    }

    /** Largest k with base^k <= a^e, for a, base in {2, 10}. */
    private static int floorLog(BigInteger a, int e, BigInteger base) {
        int k = (int) Math.floor(e * Math.log(a.doubleValue()) / Math.log(base.doubleValue()));
        for (int candidate = k + 2; ; candidate--) {
            if (compare(base, candidate, a, e) <= 0) {
                return candidate;
            }
        }
    }

    /** Largest k with 10^k <= m 2^e. */
    private static int floorLog10(BigInteger m, int e) {
        int k = (int) Math.floor(Math.log10(m.doubleValue()) + e * Math.log10(2));
        for (int candidate = k + 2; ; candidate--) {
            // 10^candidate <= m 2^e ?
            BigInteger left = BigInteger.ONE;
            BigInteger right = m;
            if (candidate >= 0) {
                left = left.multiply(BigInteger.TEN.pow(candidate));
            } else {
                right = right.multiply(BigInteger.TEN.pow(-candidate));
            }
            if (e >= 0) {
                right = right.shiftLeft(e);
            } else {
                left = left.shiftLeft(-e);
            }
            if (left.compareTo(right) <= 0) {
                return candidate;
            }
        }
    }

    /** Sign of x^i - y^j for positive integers x, y. */
    private static int compare(BigInteger x, int i, BigInteger y, int j) {
        BigInteger left = BigInteger.ONE;
        BigInteger right = BigInteger.ONE;
        if (i >= 0) {
            left = left.multiply(x.pow(i));
        } else {
            right = right.multiply(x.pow(-i));
        }
        if (j >= 0) {
            right = right.multiply(y.pow(j));
        } else {
            left = left.multiply(y.pow(-j));
        }
        return left.compareTo(right);
    }
}
