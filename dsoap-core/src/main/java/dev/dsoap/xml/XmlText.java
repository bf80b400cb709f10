package dev.dsoap.xml;

import java.nio.charset.StandardCharsets;

/**
 * Strings written as escaped XML 1.0 character data in UTF-8, for element content or for an attribute
 * value in either kind of quotes, such that any conforming parser reports exactly the original string.
 *
 * <p>Escapes: {@code &} {@code &amp;}, {@code <} {@code &lt;}, {@code >} {@code &gt;}, {@code "}
 * {@code &quot;}, {@code '} {@code &apos;}, CR {@code &#13;} (a parser would turn a raw CR into LF);
 * in attributes also tab {@code &#9;} and LF {@code &#10;} (a parser would turn them into spaces).
 * Other characters are written as UTF-8: one byte below U+0080, two below U+0800, three up to U+FFFD,
 * four for a surrogate pair. Rejected with {@link IllegalXmlCharacterException}: C0 controls other
 * than tab, LF and CR, unpaired or misordered surrogates, U+FFFE and U+FFFF.
 *
 * <p>All methods are static, stateless, thread-safe and allocation-free (except to throw).
 */
public final class XmlText {
    /**
     * For each ASCII char in element content: its encoded width in bytes, or 0 if not allowed in
     * XML. Width 1 means the char is written as itself.
     */
    private static final byte[] TEXT_WIDTH = new byte[128];
    /** As {@link #TEXT_WIDTH}, for attribute values. */
    private static final byte[] ATTRIBUTE_WIDTH = new byte[128];
    /** For each ASCII char: 1 if XML allows it (written unescaped, as in a binary message), 0 if not. */
    private static final byte[] RAW_WIDTH = new byte[128];
    /** For each ASCII char that is escaped (in either context), its escape; otherwise null. */
    private static final byte[][] ESCAPE = new byte[128][];

    static {
        for (int c = 0x20; c < 0x80; c++) {
            TEXT_WIDTH[c] = 1;
        }
        TEXT_WIDTH['\t'] = 1;
        TEXT_WIDTH['\n'] = 1;
        escape(TEXT_WIDTH, '&', "&amp;");
        escape(TEXT_WIDTH, '<', "&lt;");
        escape(TEXT_WIDTH, '>', "&gt;");
        escape(TEXT_WIDTH, '"', "&quot;");
        escape(TEXT_WIDTH, '\'', "&apos;");
        escape(TEXT_WIDTH, '\r', "&#13;");
        System.arraycopy(TEXT_WIDTH, 0, ATTRIBUTE_WIDTH, 0, 128);
        for (int c = 0; c < 128; c++) {
            RAW_WIDTH[c] = (byte) (TEXT_WIDTH[c] == 0 ? 0 : 1);
        }
        escape(ATTRIBUTE_WIDTH, '\t', "&#9;");
        escape(ATTRIBUTE_WIDTH, '\n', "&#10;");
    }

    private XmlText() {
    }

    private static void escape(byte[] widths, char c, String escape) {
        ESCAPE[c] = escape.getBytes(StandardCharsets.US_ASCII);
        widths[c] = (byte) escape.length();
    }

    /**
     * The number of bytes {@link #write} writes for {@code s}, having checked that every character is
     * allowed.
     *
     * @param attribute {@code true} for an attribute value, {@code false} for element content
     * @throws IllegalXmlCharacterException at the first character XML 1.0 cannot carry
     * @throws IllegalArgumentException if the length exceeds {@code Integer.MAX_VALUE} bytes
     */
    public static int encodedLength(CharSequence s, boolean attribute) {
        return length(s, attribute ? ATTRIBUTE_WIDTH : TEXT_WIDTH);
    }

    /**
     * The number of bytes {@link #writeUtf8} writes for {@code s}: its UTF-8 length, having checked that XML 1.0
     * can carry every character (the rule {@link #write} applies, so a string goes into a binary message exactly
     * when it can go into an XML one).
     *
     * @throws IllegalXmlCharacterException at the first character XML 1.0 cannot carry
     * @throws IllegalArgumentException if the length exceeds {@code Integer.MAX_VALUE} bytes
     */
    public static int utf8Length(CharSequence s) {
        return length(s, RAW_WIDTH);
    }

    /**
     * Writes {@code s} as UTF-8, unescaped, at {@code dst[off..]}, with room for {@link #utf8Length(CharSequence)}
     * bytes; otherwise as {@link #write}.
     *
     * @return the offset after the last byte written
     * @throws IllegalXmlCharacterException at the first character XML 1.0 cannot carry
     */
    public static int writeUtf8(CharSequence s, byte[] dst, int off) {
        int n = s.length();
        int i = 0;
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80 || RAW_WIDTH[c] != 1) {
                break;
            }
            dst[off + i] = (byte) c;
        }
        if (i == n) {
            return off + n;
        }
        return writeRest(s, i, RAW_WIDTH, dst, off + i);
    }

    private static int length(CharSequence s, byte[] widths) {
        int n = s.length();
        long total = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                int w = widths[c];
                if (w == 0) {
                    throw new IllegalXmlCharacterException(i, c);
                }
                total += w;
            } else if (c < 0x800) {
                total += 2;
            } else if (!Character.isSurrogate(c)) {
                if (c >= 0xFFFE) {
                    throw new IllegalXmlCharacterException(i, c);
                }
                total += 3;
            } else {
                checkSurrogatePair(s, i, c);
                i++;
                total += 4;
            }
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("escaped string needs " + total + " bytes, more than an array holds");
        }
        return (int) total;
    }

    /**
     * Writes {@code s} escaped, as UTF-8, at {@code dst[off..]}. The caller provides room for
     * {@link #encodedLength(CharSequence, boolean) encodedLength(s, attribute)} bytes; with less, an
     * {@link IndexOutOfBoundsException} is thrown. After any exception the bytes from {@code off} on
     * are unspecified.
     *
     * @param attribute {@code true} for an attribute value, {@code false} for element content
     * @return the offset after the last byte written
     * @throws IllegalXmlCharacterException at the first character XML 1.0 cannot carry
     */
    public static int write(CharSequence s, boolean attribute, byte[] dst, int off) {
        byte[] widths = attribute ? ATTRIBUTE_WIDTH : TEXT_WIDTH;
        int n = s.length();
        int i = 0;
        // plain ASCII, written as is
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80 || widths[c] != 1) {
                break;
            }
            dst[off + i] = (byte) c;
        }
        if (i == n) {
            return off + n;
        }
        return writeRest(s, i, widths, dst, off + i);
    }

    /** The general loop, from the first char that is escaped, multi-byte or illegal. */
    private static int writeRest(CharSequence s, int i, byte[] widths, byte[] dst, int p) {
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c < 0x80) {
                int w = widths[c];
                if (w == 1) {
                    dst[p++] = (byte) c;
                } else if (w == 0) {
                    throw new IllegalXmlCharacterException(i, c);
                } else {
                    System.arraycopy(ESCAPE[c], 0, dst, p, w);
                    p += w;
                }
                i++;
            } else if (c < 0x800) {
                dst[p] = (byte) (0xC0 | c >> 6);
                dst[p + 1] = (byte) (0x80 | c & 0x3F);
                p += 2;
                i++;
            } else if (!Character.isSurrogate(c)) {
                if (c >= 0xFFFE) {
                    throw new IllegalXmlCharacterException(i, c);
                }
                dst[p] = (byte) (0xE0 | c >> 12);
                dst[p + 1] = (byte) (0x80 | c >> 6 & 0x3F);
                dst[p + 2] = (byte) (0x80 | c & 0x3F);
                p += 3;
                i++;
            } else {
                p = writeSurrogatePair(s, i, c, dst, p);
                i += 2;
            }
        }
        return p;
    }

    /** Writes the pair starting with {@code hi = s.charAt(i)} as four bytes; returns the new offset. */
    private static int writeSurrogatePair(CharSequence s, int i, char hi, byte[] dst, int p) {
        int cp = Character.toCodePoint(hi, checkSurrogatePair(s, i, hi));
        dst[p] = (byte) (0xF0 | cp >> 18);
        dst[p + 1] = (byte) (0x80 | cp >> 12 & 0x3F);
        dst[p + 2] = (byte) (0x80 | cp >> 6 & 0x3F);
        dst[p + 3] = (byte) (0x80 | cp & 0x3F);
        return p + 4;
    }

    /** Returns the low surrogate after {@code hi = s.charAt(i)}, or throws if they are not a pair. */
    private static char checkSurrogatePair(CharSequence s, int i, char hi) {
        if (!Character.isHighSurrogate(hi)) {
            throw new IllegalXmlCharacterException(i, hi);
        }
        if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
            throw new IllegalXmlCharacterException(i, hi);
        }
        return s.charAt(i + 1);
    }
}
