package dev.dsoap.numbers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DecimalsTest {
    private static final long SEED = 0x5EED_DEC1_0001L;

    @Test
    void digitCountAtEveryPowerOfTen() {
        assertEquals(1, Decimals.digitCount(0));
        long p = 1;
        for (int n = 1; n <= 19; n++) {
            assertEquals(n, Decimals.digitCount(p), "10^" + (n - 1));
            if (p > 1) {
                assertEquals(n - 1, Decimals.digitCount(p - 1), "10^" + (n - 1) + " - 1");
            }
            assertEquals(n, Decimals.digitCount(p + 1), "10^" + (n - 1) + " + 1");
            if (n < 19) {
                p *= 10;
            }
        }
        assertEquals(19, Decimals.digitCount(Long.MAX_VALUE));
    }

    @Test
    void digitCountAndDigitsOfRandomLongs() {
        SplittableRandom r = new SplittableRandom(SEED);
        byte[] b = new byte[19];
        for (int i = 0; i < 200_000; i++) {
            long v = r.nextLong() >>> (1 + r.nextInt(63));
            String expected = Long.toString(v);
            int n = Decimals.digitCount(v);
            assertEquals(expected.length(), n, "seed " + SEED + " draw " + i);
            Decimals.writeDigits(v, b, n);
            assertEquals(expected, new String(b, 0, n, StandardCharsets.US_ASCII), "seed " + SEED + " draw " + i);
        }
    }

    @Test
    void decimalLayoutAroundThePlainRange() {
        assertEquals("1.0E-4", write(1, -4));
        assertEquals("0.001", write(1, -3));
        assertEquals("0.00123", write(123, -5));
        assertEquals("0.123", write(123, -3));
        assertEquals("1.23", write(123, -2));
        assertEquals("123.0", write(123, 0));
        assertEquals("1230.0", write(1230, 0));
        assertEquals("1230.0", write(123, 1));
        assertEquals("9999999.0", write(9999999, 0));
        assertEquals("1.0E7", write(10000000, 0));
        assertEquals("1.2E7", write(12, 6));
        assertEquals("1.23456789E8", write(123456789, 0));
        assertEquals("1.2345678901234567E-300", write(12345678901234567L, -316));
        assertEquals("9.0E100", write(900, 98));
        assertEquals("1.0E10", write(10000000000L, 0));
        assertEquals("1234567.8901234567", write(12345678901234567L, -10));
    }

    /**
     * The word-at-a-time layout of a double's decimal against the digit-at-a-time one, over every layout (the plain range's
     * edges, the exponents' one, two and three digits, one to seventeen digits, trailing zeros, eighteen digits), and
     * within its 23 bytes: the byte after them is left as it was.
     */
    @Test
    void doubleLayoutMatchesTheDigitByDigitOne() {
        long seed = 0xD0B1E_0DD5L;
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        byte[] got = new byte[40];
        byte[] want = new byte[40];
        for (int i = 0; i < 2_000_000; i++) {
            int digits = 1 + r.nextInt(17);
            long f = r.nextLong(pow10(digits - 1), pow10(digits));
            int zeros = r.nextInt(4) == 0 ? r.nextInt(17 - digits + 1) : 0;
            for (int z = 0; z < zeros; z++) {
                f *= 10; // trailing zeros, as an integer's or a rounding's decimal has them
            }
            if (i % 1000 == 0) {
                f = 100_000_000_000_000_000L; // a rounding up to 10^17
            }
            int exp = r.nextInt(8) == 0 ? r.nextInt(-330, 310) : r.nextInt(-6, 10);
            int e = exp - (Decimals.digitCount(f) - 1);
            int off = r.nextInt(4);
            java.util.Arrays.fill(got, (byte) '#');
            int end = Decimals.writeDouble(f, e, got, off);
            int wantEnd = Decimals.write(f, e, want, off);
            String where = "seed " + seed + " draw " + i + ": f " + f + " e " + e;
            assertEquals(new String(want, off, wantEnd - off, StandardCharsets.US_ASCII),
                    new String(got, off, end - off, StandardCharsets.US_ASCII), where);
            assertEquals('#', got[off + 23], where);
        }
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    private static String write(long f, int e) {
        byte[] b = new byte[30];
        int n = Decimals.write(f, e, b, 0);
        return new String(b, 0, n, StandardCharsets.US_ASCII);
    }

    /** Every eight-digit value's word, against the digits {@code String.format} gives: all 10^8 of them. */
    @Test
    void eightDigitsInOneWordForEveryValue() {
        byte[] want = new byte[8];
        for (int v = 0; v < 100_000_000; v++) {
            long word = Decimals.digits8(v);
            int x = v;
            for (int k = 7; k >= 0; k--) {
                want[k] = (byte) (x % 10);
                x /= 10;
            }
            for (int k = 0; k < 8; k++) {
                if ((byte) (word >>> (8 * k)) != want[k]) {
                    assertEquals(String.format("%08d", v), asDigits(word), "digit " + k + " of " + v);
                }
            }
        }
    }

    private static String asDigits(long word) {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < 8; k++) {
            s.append((char) ('0' + (byte) (word >>> (8 * k))));
        }
        return s.toString();
    }

    /**
     * The plain layout of an integer part and eight fraction digits, against {@code BigDecimal}'s plain string with its
     * trailing zeros dropped, over drawn values and every count of trailing zeros; bytes before the offset untouched.
     */
    @Test
    void plainLayoutOfIntegerPartAndFraction() {
        SplittableRandom r = new SplittableRandom(SEED);
        byte[] b = new byte[40];
        for (int i = 0; i < 200_000; i++) {
            int ip = r.nextInt(10) == 0 ? 0 : r.nextInt(1, 10_000_000);
            int fp = r.nextInt(100_000_000);
            int zeros = r.nextInt(9);
            int unit = 1;
            for (int k = 0; k < zeros; k++) {
                unit *= 10;
            }
            fp = fp / unit * unit;
            if (ip == 0 && fp < 100_000) {
                fp += 100_000; // at least 10^-3
            }
            int off = r.nextInt(8);
            java.util.Arrays.fill(b, (byte) '#');
            int end = Decimals.writePlain(ip, fp, b, off);
            String frac = new java.math.BigDecimal(java.math.BigInteger.valueOf(fp), 8).stripTrailingZeros().toPlainString();
            String want = ip + (fp == 0 ? ".0" : frac.substring(frac.indexOf('.')));
            assertEquals(want, new String(b, off, end - off, StandardCharsets.US_ASCII),
                    "seed " + SEED + " draw " + i + ": " + ip + " + " + fp + " 10^-8");
            for (int k = 0; k < off; k++) {
                assertEquals('#', b[k], "seed " + SEED + " draw " + i + ": byte " + k + " before the offset");
            }
        }
    }
}
