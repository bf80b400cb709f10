package dev.dsoap.xml;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * xsd:base64Binary: the RFC 4648 base64 alphabet ({@code A-Z a-z 0-9 + /}) with {@code =} padding,
 * no line breaks, as ASCII bytes.
 *
 * <p>All methods are static, stateless and thread-safe; {@link #write} does not allocate.
 */
public final class Base64Text {
    /** Largest input {@link #encodedLength} accepts: its encoding is 2147483644 bytes. */
    private static final int MAX_ENCODABLE = Integer.MAX_VALUE / 4 * 3;

    /** The 64 digits, by value. */
    private static final byte[] DIGITS =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(StandardCharsets.US_ASCII);
    /** By byte value (0-255): the digit's value, or -1 for anything that is not a digit. */
    private static final byte[] VALUES = new byte[256];

    static {
        Arrays.fill(VALUES, (byte) -1);
        for (int i = 0; i < DIGITS.length; i++) {
            VALUES[DIGITS[i]] = (byte) i;
        }
    }

    private Base64Text() {
    }

    /**
     * The number of bytes the encoding of {@code n} bytes takes: {@code 4 ceil(n / 3)}.
     *
     * @throws IllegalArgumentException if {@code n} is negative or the result would exceed
     *     {@code Integer.MAX_VALUE}
     */
    public static int encodedLength(int n) {
        if (n < 0 || n > MAX_ENCODABLE) {
            throw new IllegalArgumentException("cannot base64-encode " + n + " bytes into one array (0.."
                    + MAX_ENCODABLE + ")");
        }
        return (n + 2) / 3 * 4;
    }

    /**
     * Writes {@code src[srcOff..srcOff+len)} base64-encoded at {@code dst[off..]}: exactly
     * {@link #encodedLength(int) encodedLength(len)} bytes. Both ranges are checked before anything is
     * written.
     *
     * @return the offset after the last byte written
     * @throws IndexOutOfBoundsException if either range is outside its array
     */
    public static int write(byte[] src, int srcOff, int len, byte[] dst, int off) {
        Objects.checkFromIndexSize(srcOff, len, src.length);
        Objects.checkFromIndexSize(off, encodedLength(len), dst.length);
        int p = off;
        int i = srcOff;
        int groupsEnd = srcOff + len - len % 3;
        while (i < groupsEnd) {
            int bits = (src[i] & 0xFF) << 16 | (src[i + 1] & 0xFF) << 8 | src[i + 2] & 0xFF;
            dst[p] = DIGITS[bits >>> 18];
            dst[p + 1] = DIGITS[bits >>> 12 & 0x3F];
            dst[p + 2] = DIGITS[bits >>> 6 & 0x3F];
            dst[p + 3] = DIGITS[bits & 0x3F];
            i += 3;
            p += 4;
        }
        switch (len % 3) {
            case 1: {
                int b0 = src[i] & 0xFF;
                dst[p] = DIGITS[b0 >>> 2];
                dst[p + 1] = DIGITS[(b0 & 0x03) << 4];
                dst[p + 2] = '=';
                dst[p + 3] = '=';
                return p + 4;
            }
            case 2: {
                int b0 = src[i] & 0xFF;
                int b1 = src[i + 1] & 0xFF;
                dst[p] = DIGITS[b0 >>> 2];
                dst[p + 1] = DIGITS[(b0 & 0x03) << 4 | b1 >>> 4];
                dst[p + 2] = DIGITS[(b1 & 0x0F) << 2];
                dst[p + 3] = '=';
                return p + 4;
            }
            default:
                return p;
        }
    }

    /**
     * Decodes xsd:base64Binary text in {@code b[off..off+len)}. XML whitespace (space, tab, CR, LF)
     * anywhere is skipped. Rejected, as xsd:base64Binary rejects them: characters outside the
     * alphabet, a digit count (without whitespace) that is not a multiple of 4, more than two
     * {@code =} or a digit after {@code =}, and non-zero unused bits in the last digit before the
     * padding (so each byte sequence has exactly one accepted spelling, up to whitespace).
     *
     * @return a new array with the decoded bytes
     * @throws IllegalArgumentException if the text is not base64Binary; the message gives the index
     *     (relative to {@code off}) and the offending character
     * @throws IndexOutOfBoundsException if the range is outside {@code b}
     */
    public static byte[] decode(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
        byte[] out = decodeCompact(b, off, len);
        return out != null ? out : decodeAny(b, off, len);
    }

    /**
     * The spelling every encoder here and most elsewhere write, in one pass: no whitespace, a multiple of 4
     * digits, {@code =} only as the last one or two. Null for anything else, valid or not, which
     * {@link #decodeAny} then decodes or rejects with the reason.
     */
    private static byte[] decodeCompact(byte[] b, int off, int len) {
        if ((len & 3) != 0) {
            return null;
        }
        if (len == 0) {
            return new byte[0];
        }
        int end = off + len;
        int padding = b[end - 1] != '=' ? 0 : b[end - 2] != '=' ? 1 : 2;
        byte[] out = new byte[len / 4 * 3 - padding];
        byte[] values = VALUES;
        int lastQuad = end - 4;
        int p = 0;
        for (int i = off; i < lastQuad; i += 4) {
            int v0 = values[b[i] & 0xFF];
            int v1 = values[b[i + 1] & 0xFF];
            int v2 = values[b[i + 2] & 0xFF];
            int v3 = values[b[i + 3] & 0xFF];
            if ((v0 | v1 | v2 | v3) < 0) {
                return null; // whitespace, '=' or a stray character: the general path
            }
            int bits = v0 << 18 | v1 << 12 | v2 << 6 | v3;
            out[p] = (byte) (bits >> 16);
            out[p + 1] = (byte) (bits >> 8);
            out[p + 2] = (byte) bits;
            p += 3;
        }
        int v0 = values[b[lastQuad] & 0xFF];
        int v1 = values[b[lastQuad + 1] & 0xFF];
        int v2 = padding == 2 ? 0 : values[b[lastQuad + 2] & 0xFF];
        int v3 = padding > 0 ? 0 : values[b[lastQuad + 3] & 0xFF];
        if ((v0 | v1 | v2 | v3) < 0 || padding == 2 && (v1 & 0x0F) != 0 || padding == 1 && (v2 & 0x03) != 0) {
            return null;
        }
        int bits = v0 << 18 | v1 << 12 | v2 << 6 | v3;
        out[p] = (byte) (bits >> 16);
        if (padding < 2) {
            out[p + 1] = (byte) (bits >> 8);
        }
        if (padding == 0) {
            out[p + 2] = (byte) bits;
        }
        return out;
    }

    private static byte[] decodeAny(byte[] b, int off, int len) {
        int end = off + len;
        int chars = 0;
        int padding = 0;
        for (int i = off; i < end; i++) {
            int c = b[i] & 0xFF;
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                continue;
            }
            if (c == '=') {
                if (++padding > 2) {
                    throw new IllegalArgumentException("base64: a third '=' at index " + (i - off));
                }
            } else if (VALUES[c] < 0) {
                throw new IllegalArgumentException("base64: " + describe(c) + " at index " + (i - off)
                        + " is not a base64 character");
            } else if (padding > 0) {
                throw new IllegalArgumentException("base64: '" + (char) c + "' at index " + (i - off)
                        + " follows '=' padding");
            }
            chars++;
        }
        if ((chars & 3) != 0) {
            throw new IllegalArgumentException("base64: " + chars
                    + " characters (not counting whitespace) is not a multiple of 4");
        }
        byte[] out = new byte[chars / 4 * 3 - padding];
        int acc = 0;
        int n = 0;
        int p = 0;
        int last = off; // index of the last digit, for the message
        for (int i = off; i < end; i++) {
            int v = VALUES[b[i] & 0xFF];
            if (v < 0) {
                continue; // whitespace or '=', checked above
            }
            acc = acc << 6 | v;
            last = i;
            if (++n == 4) {
                out[p] = (byte) (acc >> 16);
                out[p + 1] = (byte) (acc >> 8);
                out[p + 2] = (byte) acc;
                p += 3;
                n = 0;
                acc = 0;
            }
        }
        if (n == 2) {
            // 12 bits for one byte
            if ((acc & 0x0F) != 0) {
                throw unusedBits(b[last], last - off);
            }
            out[p] = (byte) (acc >> 4);
        } else if (n == 3) {
            // 18 bits for two bytes
            if ((acc & 0x03) != 0) {
                throw unusedBits(b[last], last - off);
            }
            out[p] = (byte) (acc >> 10);
            out[p + 1] = (byte) (acc >> 2);
        }
        return out;
    }

    private static IllegalArgumentException unusedBits(byte c, int index) {
        return new IllegalArgumentException("base64: '" + (char) c + "' at index " + index
                + " before '=' has non-zero unused bits");
    }

    private static String describe(int c) {
        return c >= 0x21 && c < 0x7F ? "'" + (char) c + "' (0x" + Integer.toHexString(c) + ")"
                : "byte 0x" + Integer.toHexString(c);
    }
}
