package dev.dsoap.numbers;

import java.math.BigInteger;

/**
 * Shortest round-trip decimals for finite, non-zero {@code double} and {@code float} magnitudes, after
 * R. Giulietti, "The Schubfach way to render doubles" (2020). For a binary value {@code v = c 2^q} the
 * rounding interval {@code R} (the reals that round back to {@code v}) is scaled by {@code 10^-k},
 * with {@code k} chosen so that {@code R} holds at most one of the two multiples of ten around the
 * scaled {@code v} (a candidate one digit shorter) and at least one of the two integers around it.
 * The scaled values are computed with a 126-bit (double) or 63-bit (float) approximation of
 * {@code 10^-k}, rounded to odd, which the paper proves keeps every comparison exact.
 *
 * <p>Among all decimals in {@code R} the result has the fewest digits (where that is one digit, the
 * closest one- or two-digit decimal), then is the one closest to {@code v}, then has an even last
 * digit: the choice specified for {@code Double.toString} since JDK 19.
 *
 * <p>Stateless, thread-safe; no allocation after class initialisation.
 */
final class Schubfach {
    /** Double: significand bits including the hidden one. */
    private static final int D_P = 53;
    /** Double: smallest exponent {@code q} of {@code c 2^q}. */
    private static final int D_Q_MIN = -1074;
    /** Double: the hidden bit, {@code 2^(P-1)}. */
    private static final long D_C_MIN = 1L << (D_P - 1);
    /** Double: subnormal significands below this are rendered from {@code 10 c} to get two digits. */
    private static final int D_C_TINY = 3;
    /** Smallest {@code k} in the table: {@code flog10pow2(D_Q_MIN)}. */
    static final int K_MIN = -324;
    /** Largest {@code k} in the table: {@code flog10pow2(971)}. */
    static final int K_MAX = 292;

    /** Float: significand bits including the hidden one. */
    private static final int F_P = 24;
    /** Float: smallest exponent {@code q} of {@code c 2^q}. */
    private static final int F_Q_MIN = -149;
    /** Float: the hidden bit. */
    private static final int F_C_MIN = 1 << (F_P - 1);
    /** Float: subnormal significands below this are rendered from {@code 10 c}. */
    private static final int F_C_TINY = 8;

    private static final long MASK_63 = (1L << 63) - 1;
    private static final long MASK_32 = (1L << 32) - 1;

    /**
     * {@code g(k) = floor(10^-k 2^(125 - flog2pow10(-k))) + 1}, a 126-bit integer, for
     * {@code K_MIN <= k <= K_MAX}: at {@code 2 (k - K_MIN)} its upper bits {@code g >> 63}, at the next
     * index its lower 63 bits.
     */
    private static final long[] G = table();

    private Schubfach() {
    }

    /**
     * Writes the shortest decimal for {@code |v|}, {@code v} finite and not zero, in the layout of
     * {@link XsdFormat#writeDouble}; returns the new offset. At most 23 bytes.
     */
    static int writeDouble(long bits, byte[] dst, int off) {
        int bq = (int) (bits >>> (D_P - 1)) & 0x7FF;
        long t = bits & (D_C_MIN - 1);
        if (bq != 0) {
            int mq = -D_Q_MIN + 1 - bq;
            long c = D_C_MIN | t;
            if (0 < mq && mq < D_P) {
                long f = c >> mq;
                if (f << mq == c) {
                    // an integer below 2^53: every integer nearby is representable, so f is shortest
                    return Decimals.writeDouble(f, 0, dst, off);
                }
            }
            if (bits < SHORT_LIMIT && bits >= SHORT_MIN) {
                int end = fewFractionDigits(bits, dst, off);
                if (end >= 0) {
                    return end;
                }
            }
            return toDecimal(-mq, c, 0, dst, off);
        }
        return t < D_C_TINY
                ? toDecimal(D_Q_MIN, 10 * t, -1, dst, off)
                : toDecimal(D_Q_MIN, t, 0, dst, off);
    }

    /**
     * The shortest decimal of a value with at most {@value #SHORT_FRACTION} fraction digits below
     * {@code 10^7} (a price, a measurement), without the 126-bit arithmetic, or {@code -1} for any other
     * value. {@code m = rint(v 10^8)} is tried: if {@code m 10^-8} rounds to {@code v} (one correctly rounded
     * division by an exact power of ten tells), it is a decimal of at most 15 significant digits ({@code m <= 10^15})
     * that reads back as {@code v}; two decimals of at most 15 significant digits never round to the same double,
     * so no shorter one does, and it is the one {@link #toDecimal} finds (where that has one digit, no two-digit
     * decimal but itself lies within the half-ulp rounding interval of a double this large). Most other values are
     * turned away before the division: when {@code m 10^-8} reads as {@code v}, {@code v 10^8} is within
     * {@code 2^-52} of it relative (half an ulp of {@code v}, scaled, and the product's own rounding), so a
     * product farther than {@code 2^-50} from the nearest integer rules it out.
     */
    private static int fewFractionDigits(long bits, byte[] dst, int off) {
        double v = Double.longBitsToDouble(bits);
        double p = v * SHORT_SCALE;
        double m = Math.rint(p);
        if (m == 0 || Math.abs(p - m) > p * 0x1p-50 || m / SHORT_SCALE != v) {
            return -1;
        }
        long f = (long) m;
        if (v < PLAIN_MIN) {
            return Decimals.writeDouble(f, -SHORT_FRACTION, dst, off);
        }
        // 10^-3 <= v < 10^7: the plain layout, integer part and 8 fraction digits apart
        int ip = (int) (f / SHORT_UNIT);
        return Decimals.writePlain(ip, (int) (f - ip * SHORT_UNIT), dst, off);
    }

    /** Fraction digits {@link #fewFractionDigits} handles. */
    private static final int SHORT_FRACTION = 8;
    /** {@code 10^SHORT_FRACTION}, exact. */
    private static final double SHORT_SCALE = 1e8;
    /** {@code 10^SHORT_FRACTION}. */
    private static final long SHORT_UNIT = 100_000_000L;
    /** The least value written in plain notation. */
    private static final double PLAIN_MIN = 1e-3;
    /** The bits of {@code 10^7}: {@link #fewFractionDigits} takes smaller magnitudes, so {@code m <= 10^15}. */
    private static final long SHORT_LIMIT = Double.doubleToRawLongBits(1e7);
    /** The bits of {@code 10^-8}, the least value of {@code SHORT_FRACTION} fraction digits: smaller ones are not tried. */
    private static final long SHORT_MIN = Double.doubleToRawLongBits(1e-8);

    /** As {@link #writeDouble} for a float's bits; at most 14 bytes. */
    static int writeFloat(int bits, byte[] dst, int off) {
        int bq = (bits >>> (F_P - 1)) & 0xFF;
        int t = bits & (F_C_MIN - 1);
        if (bq != 0) {
            int mq = -F_Q_MIN + 1 - bq;
            int c = F_C_MIN | t;
            if (0 < mq && mq < F_P) {
                int f = c >> mq;
                if (f << mq == c) {
                    return Decimals.write(f, 0, dst, off);
                }
            }
            return toDecimalFloat(-mq, c, 0, dst, off);
        }
        return t < F_C_TINY
                ? toDecimalFloat(F_Q_MIN, 10 * t, -1, dst, off)
                : toDecimalFloat(F_Q_MIN, t, 0, dst, off);
    }

    /**
     * Renders {@code c 2^q} (as {@code 10^-dk} times the value to write). Names follow the paper:
     * {@code cb = 4c} and {@code cbl}, {@code cbr} are the interval ends scaled likewise; {@code vb},
     * {@code vbl}, {@code vbr} are those times {@code 2^q 10^-k}, rounded to odd.
     */
    private static int toDecimal(int q, long c, int dk, byte[] dst, int off) {
        int out = (int) c & 1; // odd significand: the interval ends round away, so exclude them
        long cb = c << 2;
        long cbr = cb + 2;
        long cbl;
        int k;
        if (c != D_C_MIN | q == D_Q_MIN) {
            cbl = cb - 2;
            k = flog10pow2(q);
        } else {
            // a power of two: the gap below is half the gap above
            cbl = cb - 1;
            k = flog10threeQuartersPow2(q);
        }
        int h = q + flog2pow10(-k) + 2;
        int i = (k - K_MIN) << 1;
        long g1 = G[i];
        long g0 = G[i + 1];
        long vb = rop(g1, g0, cb << h);
        long vbl = rop(g1, g0, cbl << h);
        long vbr = rop(g1, g0, cbr << h);

        long s = vb >> 2;
        if (s >= 100) {
            // one digit shorter: the multiples of ten around s
            long sp10 = s / 10 * 10;
            long tp10 = sp10 + 10;
            boolean upin = vbl + out <= sp10 << 2;
            boolean wpin = (tp10 << 2) + out <= vbr;
            if (upin != wpin) {
                return Decimals.writeDouble(upin ? sp10 : tp10, k + dk, dst, off);
            }
        }
        long u = s + 1;
        boolean sin = vbl + out <= s << 2;
        boolean uin = (u << 2) + out <= vbr;
        if (sin != uin) {
            return Decimals.writeDouble(sin ? s : u, k + dk, dst, off);
        }
        // both in R: the closer one, ties to even
        long cmp = vb - ((s + u) << 1);
        return Decimals.writeDouble(cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : u, k + dk, dst, off);
    }

    /** {@link #toDecimal} for floats, with a 63-bit {@code g}. */
    private static int toDecimalFloat(int q, int c, int dk, byte[] dst, int off) {
        int out = c & 1;
        long cb = (long) c << 2;
        long cbr = cb + 2;
        long cbl;
        int k;
        if (c != F_C_MIN | q == F_Q_MIN) {
            cbl = cb - 2;
            k = flog10pow2(q);
        } else {
            cbl = cb - 1;
            k = flog10threeQuartersPow2(q);
        }
        int h = q + flog2pow10(-k) + 33;
        long g = G[(k - K_MIN) << 1] + 1;
        int vb = ropFloat(g, cb << h);
        int vbl = ropFloat(g, cbl << h);
        int vbr = ropFloat(g, cbr << h);

        int s = vb >> 2;
        if (s >= 100) {
            int sp10 = s / 10 * 10;
            int tp10 = sp10 + 10;
            boolean upin = vbl + out <= sp10 << 2;
            boolean wpin = (tp10 << 2) + out <= vbr;
            if (upin != wpin) {
                return Decimals.write(upin ? sp10 : tp10, k + dk, dst, off);
            }
        }
        int u = s + 1;
        boolean sin = vbl + out <= s << 2;
        boolean uin = (u << 2) + out <= vbr;
        if (sin != uin) {
            return Decimals.write(sin ? s : u, k + dk, dst, off);
        }
        int cmp = vb - ((s + u) << 1);
        return Decimals.write(cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : u, k + dk, dst, off);
    }

    /**
     * {@code floor(g cp / 2^127)}, with its lowest bit set when any of the next 63 fraction bits is
     * set ("round to odd"), where {@code g = g1 2^63 + g0}; {@code 0 <= cp < 2^63}.
     */
    private static long rop(long g1, long g0, long cp) {
        long x1 = Math.multiplyHigh(g0, cp); // floor(g0 cp / 2^64)
        long y0 = g1 * cp; // low 64 bits of g1 cp
        long y1 = Math.multiplyHigh(g1, cp); // high 64 bits of g1 cp
        long z = (y0 >>> 1) + x1; // bits 0..63 of g cp / 2^64 above the integer part y1 2^63
        long vbp = y1 + (z >>> 63);
        return vbp | ((z & MASK_63) + MASK_63) >>> 63;
    }

    /** {@code floor(g cp / 2^95)} rounded to odd, for {@code g < 2^63}, {@code cp < 2^63}. */
    private static int ropFloat(long g, long cp) {
        long x1 = Math.multiplyHigh(g, cp);
        long vbp = x1 >>> 31;
        return (int) (vbp | ((x1 & MASK_32) + MASK_32) >>> 32);
    }

    /** {@code floor(log10(2^e))} for {@code |e| <= 5456721}. */
    static int flog10pow2(int e) {
        return (int) (e * 661_971_961_083L >> 41);
    }

    /** {@code floor(log10(3/4 2^e))} for {@code |e| <= 5456721}. */
    static int flog10threeQuartersPow2(int e) {
        return (int) (e * 661_971_961_083L - 274_743_187_321L >> 41);
    }

    /** {@code floor(log2(10^e))} for {@code |e| <= 1838394}. */
    static int flog2pow10(int e) {
        return (int) (e * 913_124_641_741L >> 38);
    }

    /** The upper 63 bits of {@code g(k)} (see {@link #G}); for tests. */
    static long g1(int k) {
        return G[(k - K_MIN) << 1];
    }

    /** The lower 63 bits of {@code g(k)}; for tests. */
    static long g0(int k) {
        return G[((k - K_MIN) << 1) + 1];
    }

    private static long[] table() {
        long[] g = new long[(K_MAX - K_MIN + 1) << 1];
        BigInteger mask63 = BigInteger.ONE.shiftLeft(63).subtract(BigInteger.ONE);
        for (int k = K_MIN; k <= K_MAX; k++) {
            int e = -k;
            int r = 125 - flog2pow10(e);
            BigInteger v;
            if (e >= 0) {
                BigInteger p = BigInteger.TEN.pow(e);
                v = r >= 0 ? p.shiftLeft(r) : p.shiftRight(-r);
            } else {
                v = BigInteger.ONE.shiftLeft(r).divide(BigInteger.TEN.pow(-e));
            }
            v = v.add(BigInteger.ONE);
            int i = (k - K_MIN) << 1;
            g[i] = v.shiftRight(63).longValueExact();
            g[i + 1] = v.and(mask63).longValue();
        }
        return g;
    }
}
