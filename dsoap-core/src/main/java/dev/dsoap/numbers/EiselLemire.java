package dev.dsoap.numbers;

import java.math.BigInteger;

/**
 * The double nearest to {@code w * 10^q} for a decimal significand of at most 19 digits, by the Eisel-Lemire
 * algorithm (D. Lemire, "Number Parsing at a Gigabyte per Second", Software: Practice and Experience 51(8), 2021):
 * one or two 64 x 64-bit products with a 128-bit approximation of {@code 5^q}, then rounding to nearest, ties to
 * even. Where the approximation cannot decide the rounding (rare: inputs within a hair of a tie, far from the
 * powers of ten the approximation holds exactly), and for results below the normal range, it answers {@code NaN} and
 * the caller parses the text another way.
 *
 * <p>The table of {@code 5^q}, {@value #MIN_Q} to {@value #MAX_Q}, is computed once with {@link BigInteger} when the
 * class loads (10 KiB), each entry the power's leading 128 bits: truncated for {@code q >= 0}, one above the
 * truncated reciprocal scaled to 128 bits for {@code q < 0}.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
final class EiselLemire {
    /** Smallest power of ten with an entry: below it every 19-digit significand is zero as a double. */
    static final int MIN_Q = -342;
    /** Largest power of ten with an entry: above it every non-zero significand is infinite as a double. */
    static final int MAX_Q = 308;
    /** {@code 5^q}'s leading 128 bits: high word at {@code 2 (q - MIN_Q)}, low word after it. */
    private static final long[] POW5 = table();

    private EiselLemire() {
    }

    /**
     * The double nearest to {@code w * 10^q} (negated when {@code negative}), {@code w} an unsigned significand
     * of at most 19 decimal digits; {@code NaN} when this algorithm cannot round it alone.
     */
    static double toDouble(boolean negative, long w, int q) {
        if (w == 0 || q < MIN_Q) {
            return negative ? -0.0 : 0.0;
        }
        if (q > MAX_Q) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        int lz = Long.numberOfLeadingZeros(w);
        w <<= lz;
        int index = 2 * (q - MIN_Q);
        long hi = unsignedMultiplyHigh(w, POW5[index]);
        long lo = w * POW5[index];
        if ((hi & 0x1FF) == 0x1FF) {
            // the nine bits below the 55 kept are all ones: the product's low part may carry into them
            long secondHi = unsignedMultiplyHigh(w, POW5[index + 1]);
            lo += secondHi;
            if (Long.compareUnsigned(secondHi, lo) > 0) {
                hi++;
            }
        }
        if (lo == -1L && (q < -27 || q > 55)) {
            return Double.NaN; // the truncated power may be off by one in the last place here: undecided
        }
        int upper = (int) (hi >>> 63);
        int shift = upper + 9;
        long mantissa = hi >>> shift;
        int power2 = ((217706 * q) >> 16) + 63 + upper - lz + 1023;
        if (power2 <= 0) {
            return Double.NaN; // subnormal, or zero after rounding: rare, and left to the caller's other way
        }
        if (Long.compareUnsigned(lo, 1) <= 0 && q >= -4 && q <= 23 && (mantissa & 3) == 1
                && (mantissa << shift) == hi) {
            // exactly halfway between two doubles with an even one below: round down to it
            mantissa &= ~1L;
        }
        mantissa += mantissa & 1;
        mantissa >>>= 1;
        if (mantissa >= (2L << 52)) {
            mantissa = 1L << 52;
            power2++;
        }
        if (power2 >= 0x7FF) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return assemble(negative, mantissa & ((1L << 52) - 1), power2);
    }

    private static double assemble(boolean negative, long fraction, int exponent) {
        long bits = fraction | ((long) exponent << 52);
        return Double.longBitsToDouble(negative ? bits | Long.MIN_VALUE : bits);
    }

    /** The high 64 bits of the unsigned 128-bit product of {@code a} and {@code b} (JDK 18's {@code Math} has it). */
    private static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    private static long[] table() {
        long[] t = new long[2 * (MAX_Q - MIN_Q + 1)];
        BigInteger two128 = BigInteger.ONE.shiftLeft(128);
        for (int q = MIN_Q; q <= MAX_Q; q++) {
            BigInteger c;
            if (q >= 0) {
                BigInteger p = BigInteger.valueOf(5).pow(q);
                int bits = p.bitLength();
                c = bits <= 128 ? p.shiftLeft(128 - bits) : p.shiftRight(bits - 128);
            } else {
                BigInteger p = BigInteger.valueOf(5).pow(-q);
                int z = p.bitLength(); // 5^k is never a power of two: 2^(z-1) < p < 2^z
                int b = q >= -27 ? z + 127 : 2 * z + 128;
                c = BigInteger.ONE.shiftLeft(b).divide(p).add(BigInteger.ONE);
                while (c.compareTo(two128) >= 0) {
                    c = c.shiftRight(1);
                }
            }
            int i = 2 * (q - MIN_Q);
            t[i] = c.shiftRight(64).longValue();
            t[i + 1] = c.longValue();
        }
        return t;
    }
}
