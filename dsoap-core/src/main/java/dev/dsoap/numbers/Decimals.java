package dev.dsoap.numbers;

/**
 * Decimal digits written into {@code byte[]} as ASCII: full groups of eight as one word ({@link #digits8}), the
 * rest right to left, two at a time.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
final class Decimals {
    /** {@code "00" "01" ... "99"}: the two digits of {@code n} at {@code 2n}. */
    private static final byte[] PAIRS = new byte[200];
    /** {@code POW10[i] = 10^i}, {@code 0 <= i <= 18}. */
    private static final long[] POW10 = new long[19];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
        long p = 1;
        for (int i = 0; i < POW10.length; i++) {
            POW10[i] = p;
            p *= 10;
        }
    }

    private Decimals() {
    }

    /** The number of decimal digits of {@code v}, {@code v >= 0} ({@code 1} for zero). */
    static int digitCount(long v) {
        // setting the lowest bit never crosses a power of ten (those are even), and makes 0 count as 1
        long x = v | 1;
        int n = (64 - Long.numberOfLeadingZeros(x)) * 1233 >>> 12; // floor(bits log10(2)), bits <= 63
        return x < POW10[n] ? n : n + 1;
    }

    /**
     * Writes the digits of {@code v >= 0} so that the last one is at {@code end - 1}; the caller has
     * reserved exactly {@link #digitCount(long)} bytes before {@code end}.
     */
    static void writeDigits(long v, byte[] dst, int end) {
        int p = end;
        while (v >= 100_000_000L) {
            long q = v / 100_000_000L;
            write8(((int) (v - q * 100_000_000L)), dst, p - 8);
            p -= 8;
            v = q;
        }
        int x = (int) v;
        while (x >= 100) {
            int q = x / 100;
            int r = (x - q * 100) << 1;
            p -= 2;
            dst[p] = PAIRS[r];
            dst[p + 1] = PAIRS[r + 1];
            x = q;
        }
        if (x >= 10) {
            dst[p - 2] = PAIRS[x << 1];
            dst[p - 1] = PAIRS[(x << 1) + 1];
        } else {
            dst[p - 1] = (byte) ('0' + x);
        }
    }

    /**
     * Writes {@code ip + fp 10^-8} ({@code 0 <= ip < 10^7}, {@code 0 <= fp < 10^8}, the value at least
     * {@code 10^-3}) in the plain layout of {@link #write}: the integer part, a point, the fraction without trailing
     * zeros (at least one digit). Returns the new offset; writes at most 16 bytes.
     */
    static int writePlain(int ip, int fp, byte[] dst, int off) {
        int p = off;
        if (ip == 0) {
            dst[p++] = '0';
        } else {
            p += digitCount(ip);
            writeDigits(ip, dst, p);
        }
        dst[p++] = '.';
        if (fp == 0) {
            dst[p++] = '0';
            return p;
        }
        // the eight digits in one word; the fraction's trailing zeros are its highest bytes that are zero
        long digits = digits8(fp);
        LONGS.set(dst, p, digits | ZEROS);
        return p + Long.BYTES - (Long.numberOfLeadingZeros(digits) >>> 3);
    }

    /** Writes exactly eight digits of {@code 0 <= v < 10^8}, zero-padded, at {@code dst[pos..pos+8)}: one word. */
    private static void write8(int v, byte[] dst, int pos) {
        LONGS.set(dst, pos, digits8(v) | ZEROS);
    }

    /**
     * The eight decimal digits of {@code 0 <= v < 10^8}, zero-padded, as the bytes of a little-endian word, the first
     * digit in the lowest byte: each byte holds its digit's value (0 to 9), so that adding {@link #ZEROS} makes them
     * ASCII. Split in lanes, by multiplications instead of divisions: into two halves of four digits (32-bit lanes),
     * each into two pairs (16-bit lanes, a quotient by 100 as {@code x * 5243 >>> 19}, exact below 43,699), each pair
     * into its two digits (8-bit lanes, a quotient by 10 as {@code x * 103 >>> 10}, exact below 179). No lane's product
     * reaches the lane above it, and the masks keep each quotient from its neighbour's bits.
     */
    static long digits8(int v) {
        int hi = v / 10_000;
        long z = hi | (long) (v - hi * 10_000) << 32;
        long q = ((z * 5243) >>> 19) & 0x0000_007F_0000_007FL;
        z = q | (z - q * 100) << 16;
        q = ((z * 103) >>> 10) & 0x000F_000F_000F_000FL;
        return q | (z - q * 10) << 8;
    }

    /** {@code '0'} in every byte of a word. */
    private static final long ZEROS = 0x3030_3030_3030_3030L;
    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** {@code 10^17}: {@link #writeDouble} lays out decimals of fewer digits without branching on them. */
    private static final long P17 = 100_000_000_000_000_000L;
    /** {@code 10^16}. */
    private static final long P16 = 10_000_000_000_000_000L;
    /** {@code "0.000000"} as a little-endian word: how a value in {@code [10^-3, 1)} starts. */
    private static final long ZERO_POINT = 0x3030_3030_3030_2E30L;
    /**
     * An exponent below 100 as {@link #writeDouble} stores it, two bytes at {@code 2a}: its two digits, or its one
     * digit followed by a byte the caller's length leaves out.
     */
    private static final byte[] EXPONENTS = new byte[200];

    static {
        for (int a = 0; a < 100; a++) {
            EXPONENTS[2 * a] = a < 10 ? (byte) ('0' + a) : PAIRS[2 * a];
            EXPONENTS[2 * a + 1] = a < 10 ? (byte) '0' : PAIRS[2 * a + 1];
        }
    }

    /**
     * As {@link #write}, for a double's decimal ({@code 0 < f < 10^18}), with the digits laid out in whole words and
     * the layout's lengths computed rather than branched on: the decimal's digits and its exponent vary from one value
     * to the next without a pattern (a message's changed values), and every loop over them, every choice among their
     * lengths, is a branch the processor guesses wrong some of the time. The digits are scaled to seventeen (trailing
     * zeros, which the scaling adds and a shortest decimal may carry, are counted in the words, not divided away);
     * the layouts then store them whole and move the point or the end over them.
     *
     * <p>May write bytes after the returned offset, within {@code [off, off + 23)}: the caller has 23 bytes from
     * {@code off} ({@link XsdFormat#MAX_DOUBLE_WIDTH} less a sign).
     */
    static int writeDouble(long f, int e, byte[] dst, int off) {
        if (f >= P17) {
            return write(f, e, dst, off); // eighteen digits: a rounding up to 10^17 (trailing zeros), rare
        }
        int len = digitCount(f);
        int exp = e + len - 1; // value = d.ddd 10^exp
        long t = f * POW10[17 - len]; // seventeen digits, the first nonzero
        int d0 = (int) (t / P16);
        long r = t - d0 * P16;
        int hi = (int) (r / 100_000_000L);
        long w1 = digits8(hi);
        long w2 = digits8((int) (r - hi * 100_000_000L));
        // significant digits: seventeen less the trailing zeros, the highest zero bytes of the two words
        int tz = w2 != 0 ? Long.numberOfLeadingZeros(w2) >>> 3 : 8 + (w1 != 0 ? Long.numberOfLeadingZeros(w1) >>> 3 : 8);
        int n = 17 - tz;
        byte first = (byte) ('0' + d0);
        w1 |= ZEROS;
        w2 |= ZEROS;
        if (-3 <= exp && exp < 7) {
            if (exp < 0) {
                // "0." and -exp - 1 zeros, then the digits
                LONGS.set(dst, off, ZERO_POINT);
                int start = off + 1 - exp;
                dst[start] = first;
                LONGS.set(dst, start + 1, w1);
                LONGS.set(dst, start + 9, w2);
                return start + n;
            }
            // the digits one to the right, then the first eight again with the point put in after exp + 1 of them
            dst[off + 1] = first;
            LONGS.set(dst, off + 2, w1);
            LONGS.set(dst, off + 10, w2);
            long text = first & 0xFFL | w1 << 8;
            int at = (exp + 1) << 3;
            long head = (1L << at) - 1;
            LONGS.set(dst, off, text & head | (long) '.' << at | text << 8 & ~(head | 0xFFL << at));
            // an integer's fraction is the '0' the scaling put after its digits
            return off + 1 + Math.max(n, exp + 2);
        }
        dst[off] = first;
        dst[off + 1] = '.';
        LONGS.set(dst, off + 2, w1);
        LONGS.set(dst, off + 10, w2);
        int p = off + 1 + Math.max(n, 2); // one digit gets ".0": the scaling's zero
        dst[p] = 'E';
        dst[p + 1] = '-';
        p += 1 + (exp >>> 31);
        int a = Math.abs(exp);
        if (a >= 100) {
            int h = a / 100;
            dst[p++] = (byte) ('0' + h);
            a -= h * 100;
            dst[p] = PAIRS[a << 1];
            dst[p + 1] = PAIRS[(a << 1) + 1];
            return p + 2;
        }
        dst[p] = EXPONENTS[a << 1];
        dst[p + 1] = EXPONENTS[(a << 1) + 1];
        return p + 1 + ((9 - a) >>> 31);
    }

    /**
     * Writes {@code f 10^e}, {@code 0 < f < 10^18}, as {@code Double.toString} lays it out: trailing
     * zeros dropped; plain notation with at least one fraction digit for {@code 10^-3 <= value < 10^7};
     * otherwise {@code d.dddE[-]n}. Returns the new offset; writes at most {@code digitCount(f) + 7}
     * bytes.
     */
    static int write(long f, int e, byte[] dst, int off) {
        // drop trailing zeros: one division when there is none, the usual case for a shortest decimal
        long q = f / 10;
        if (q * 10 == f) {
            f = q;
            e++;
            while ((q = f / 100_000_000) * 100_000_000 == f) {
                f = q;
                e += 8;
            }
            if ((q = f / 10_000) * 10_000 == f) {
                f = q;
                e += 4;
            }
            if ((q = f / 100) * 100 == f) {
                f = q;
                e += 2;
            }
            if ((q = f / 10) * 10 == f) {
                f = q;
                e++;
            }
        }
        int n = digitCount(f);
        int exp = e + n - 1; // value = d.ddd 10^exp
        if (0 <= exp && exp < 7) {
            if (n <= exp + 1) {
                // an integer: digits, zeros, ".0"
                writeDigits(f, dst, off + n);
                int end = off + exp + 1;
                for (int i = off + n; i < end; i++) {
                    dst[i] = '0';
                }
                dst[end] = '.';
                dst[end + 1] = '0';
                return end + 2;
            }
            // the digits one to the right, then the integer part moved back over the point's place
            writeDigits(f, dst, off + n + 1);
            for (int i = off; i <= off + exp; i++) {
                dst[i] = dst[i + 1];
            }
            dst[off + exp + 1] = '.';
            return off + n + 1;
        }
        if (-3 <= exp && exp < 0) {
            dst[off] = '0';
            dst[off + 1] = '.';
            int start = off + 1 - exp; // after "0." and -exp-1 zeros
            for (int i = off + 2; i < start; i++) {
                dst[i] = '0';
            }
            writeDigits(f, dst, start + n);
            return start + n;
        }
        writeDigits(f, dst, off + n + 1);
        dst[off] = dst[off + 1];
        dst[off + 1] = '.';
        int p = off + n + 1;
        if (n == 1) {
            dst[p++] = '0';
        }
        dst[p++] = 'E';
        if (exp < 0) {
            dst[p++] = '-';
            exp = -exp;
        }
        if (exp >= 100) {
            int h = exp / 100;
            dst[p++] = (byte) ('0' + h);
            exp -= h * 100;
            dst[p++] = PAIRS[exp << 1];
            dst[p++] = PAIRS[(exp << 1) + 1];
        } else if (exp >= 10) {
            dst[p++] = PAIRS[exp << 1];
            dst[p++] = PAIRS[(exp << 1) + 1];
        } else {
            dst[p++] = (byte) ('0' + exp);
        }
        return p;
    }
}
