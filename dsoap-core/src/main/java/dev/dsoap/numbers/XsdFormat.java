package dev.dsoap.numbers;

import java.util.Objects;

/**
 * XML Schema lexical forms of Java primitives, written as ASCII straight into a {@code byte[]}.
 *
 * <p>Each {@code writeX(value, dst, off)} writes at {@code dst[off..]} and returns the offset just past
 * the last byte written. It first checks, once, that {@code dst} has at least the type's
 * {@code MAX_X_WIDTH} bytes from {@code off} and throws {@link IndexOutOfBoundsException} otherwise,
 * leaving {@code dst} untouched.
 *
 * <p>{@code double} and {@code float} are written as the shortest decimal that parses back to the same
 * value (see {@link #writeDouble}); {@code Double.parseDouble}/{@code Float.parseFloat} and
 * {@link XsdParse} read them back exactly.
 *
 * <p>All methods are static, stateless, thread-safe and allocation-free.
 */
public final class XsdFormat {
    /** Widest xsd:double this class writes, in bytes: sign, 17 digits, point, {@code E-}, 3 digits. */
    public static final int MAX_DOUBLE_WIDTH = 24;
    /** Widest xsd:float this class writes, in bytes: sign, 9 digits, point, {@code E-}, 2 digits. */
    public static final int MAX_FLOAT_WIDTH = 15;
    /** Widest xsd:int, in bytes: {@code -2147483648}. */
    public static final int MAX_INT_WIDTH = 11;
    /** Widest xsd:long, in bytes: {@code -9223372036854775808}. */
    public static final int MAX_LONG_WIDTH = 20;
    /** Widest xsd:short, in bytes: {@code -32768}. */
    public static final int MAX_SHORT_WIDTH = 6;
    /** Widest xsd:byte, in bytes: {@code -128}. */
    public static final int MAX_BYTE_WIDTH = 4;
    /** Widest xsd:boolean, in bytes: {@code false}. */
    public static final int MAX_BOOLEAN_WIDTH = 5;

    private static final byte[] INF = {'I', 'N', 'F'};
    private static final byte[] NEG_INF = {'-', 'I', 'N', 'F'};
    private static final byte[] NAN = {'N', 'a', 'N'};
    private static final byte[] ZERO = {'0', '.', '0'};
    private static final byte[] NEG_ZERO = {'-', '0', '.', '0'};
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] LONG_MIN = {
        '-', '9', '2', '2', '3', '3', '7', '2', '0', '3', '6', '8', '5', '4', '7', '7', '5', '8', '0', '8'
    };

    private XsdFormat() {
    }

    /**
     * Writes {@code v} as an xsd:double: the decimal with the fewest significant digits that rounds
     * back to {@code v} (where that is one digit, the closest of one or two digits), and among those
     * the closest to {@code v}, ties to an even last digit. Laid out like {@code Double.toString} of
     * JDK 19 and later: {@code 1.0}, {@code -0.0}, {@code 123.456}, {@code 0.001} (plain for
     * {@code 10^-3 <= |v| < 10^7}), otherwise {@code 1.0E-5}, {@code 1.2345678901234567E300}. The
     * non-finite values are written {@code INF}, {@code -INF} and {@code NaN}. At most
     * {@value #MAX_DOUBLE_WIDTH} bytes; the bytes from the returned offset to {@code off + MAX_DOUBLE_WIDTH} may be
     * overwritten too (the digits are stored a word at a time), so write what follows the value after it.
     *
     * @return the offset after the value's last byte
     * @throws IndexOutOfBoundsException if fewer than {@value #MAX_DOUBLE_WIDTH} bytes follow {@code off}
     */
    public static int writeDouble(double v, byte[] dst, int off) {
        Objects.checkFromIndexSize(off, MAX_DOUBLE_WIDTH, dst.length);
        long bits = Double.doubleToRawLongBits(v);
        long magnitude = bits & Long.MAX_VALUE;
        if (magnitude == 0) {
            return copy(bits == 0 ? ZERO : NEG_ZERO, dst, off);
        }
        if (magnitude >= 0x7FF0_0000_0000_0000L) {
            return copy(magnitude != 0x7FF0_0000_0000_0000L ? NAN : bits < 0 ? NEG_INF : INF, dst, off);
        }
        if (bits < 0) {
            dst[off++] = '-';
        }
        return Schubfach.writeDouble(magnitude, dst, off);
    }

    /**
     * Writes {@code v} as an xsd:float, chosen and laid out as {@link #writeDouble} does but for the
     * float's own rounding interval (so {@code 0.1f} is {@code 0.1}). At most
     * {@value #MAX_FLOAT_WIDTH} bytes.
     *
     * @return the offset after the last byte written
     * @throws IndexOutOfBoundsException if fewer than {@value #MAX_FLOAT_WIDTH} bytes follow {@code off}
     */
    public static int writeFloat(float v, byte[] dst, int off) {
        Objects.checkFromIndexSize(off, MAX_FLOAT_WIDTH, dst.length);
        int bits = Float.floatToRawIntBits(v);
        int magnitude = bits & Integer.MAX_VALUE;
        if (magnitude == 0) {
            return copy(bits == 0 ? ZERO : NEG_ZERO, dst, off);
        }
        if (magnitude >= 0x7F80_0000) {
            return copy(magnitude != 0x7F80_0000 ? NAN : bits < 0 ? NEG_INF : INF, dst, off);
        }
        if (bits < 0) {
            dst[off++] = '-';
        }
        return Schubfach.writeFloat(magnitude, dst, off);
    }

    /**
     * Writes {@code v} as an xsd:int in decimal, {@code -} for negatives, no leading zeros. At most
     * {@value #MAX_INT_WIDTH} bytes.
     *
     * @return the offset after the last byte written
     * @throws IndexOutOfBoundsException if fewer than {@value #MAX_INT_WIDTH} bytes follow {@code off}
     */
    public static int writeInt(int v, byte[] dst, int off) {
        Objects.checkFromIndexSize(off, MAX_INT_WIDTH, dst.length);
        return writeInteger(v, dst, off);
    }

    /**
     * Writes {@code v} as an xsd:long in decimal. At most {@value #MAX_LONG_WIDTH} bytes.
     *
     * @return the offset after the last byte written
     * @throws IndexOutOfBoundsException if fewer than {@value #MAX_LONG_WIDTH} bytes follow {@code off}
     */
    public static int writeLong(long v, byte[] dst, int off) {
        Objects.checkFromIndexSize(off, MAX_LONG_WIDTH, dst.length);
        if (v == Long.MIN_VALUE) {
            return copy(LONG_MIN, dst, off);
        }
        return writeInteger(v, dst, off);
    }

    /**
     * Writes {@code v} as an xsd:short in decimal. At most {@value #MAX_SHORT_WIDTH} bytes.
     *
     * @return the offset after the last byte written
     * @throws IndexOutOfBoundsException if fewer than {@value #MAX_SHORT_WIDTH} bytes follow {@code off}
     */
    public static int writeShort(short v, byte[] dst, int off) {
        Objects.checkFromIndexSize(off, MAX_SHORT_WIDTH, dst.length);
        return writeInteger(v, dst, off);
    }

    /**
     * Writes {@code v} as an xsd:byte in decimal. At most {@value #MAX_BYTE_WIDTH} bytes.
     *
     * @return the offset after the last byte written
     * @throws IndexOutOfBoundsException if fewer than {@value #MAX_BYTE_WIDTH} bytes follow {@code off}
     */
    public static int writeByte(byte v, byte[] dst, int off) {
        Objects.checkFromIndexSize(off, MAX_BYTE_WIDTH, dst.length);
        return writeInteger(v, dst, off);
    }

    /**
     * Writes {@code v} as an xsd:boolean, {@code true} or {@code false}. At most
     * {@value #MAX_BOOLEAN_WIDTH} bytes.
     *
     * @return the offset after the last byte written
     * @throws IndexOutOfBoundsException if fewer than {@value #MAX_BOOLEAN_WIDTH} bytes follow
     *     {@code off}
     */
    public static int writeBoolean(boolean v, byte[] dst, int off) {
        Objects.checkFromIndexSize(off, MAX_BOOLEAN_WIDTH, dst.length);
        return copy(v ? TRUE : FALSE, dst, off);
    }

    /** {@code v > Long.MIN_VALUE}. */
    private static int writeInteger(long v, byte[] dst, int off) {
        if (v < 0) {
            dst[off++] = '-';
            v = -v;
        }
        int end = off + Decimals.digitCount(v);
        Decimals.writeDigits(v, dst, end);
        return end;
    }

    private static int copy(byte[] src, byte[] dst, int off) {
        System.arraycopy(src, 0, dst, off, src.length);
        return off + src.length;
    }
}
