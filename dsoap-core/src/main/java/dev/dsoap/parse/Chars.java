package dev.dsoap.parse;

/**
 * XML 1.0 (fifth edition) character classes and strict UTF-8 decoding over bytes.
 *
 * <p>Stateless, thread-safe.
 */
final class Chars {
    /** Per ASCII byte: may start a name (letters, '_', ':'). */
    static final boolean[] NAME_START = new boolean[128];
    /** Per ASCII byte: may continue a name (also digits, '-', '.'). */
    static final boolean[] NAME = new boolean[128];

    static {
        for (int c = 'a'; c <= 'z'; c++) {
            NAME_START[c] = true;
            NAME_START[c - 'a' + 'A'] = true;
        }
        NAME_START['_'] = true;
        NAME_START[':'] = true;
        System.arraycopy(NAME_START, 0, NAME, 0, 128);
        for (int c = '0'; c <= '9'; c++) {
            NAME[c] = true;
        }
        NAME['-'] = true;
        NAME['.'] = true;
    }

    private Chars() {
    }

    static boolean isWhitespace(int b) {
        return b == ' ' || b == '\n' || b == '\t' || b == '\r';
    }

    /** XML 1.0 {@code Char}. */
    static boolean isXmlChar(int c) {
        return c >= 0x20 ? (c <= 0xD7FF || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF))
                : (c == 0x9 || c == 0xA || c == 0xD);
    }

    /** XML 1.0 fifth edition {@code NameStartChar} for a code point of at least 0x80. */
    static boolean isNameStartNonAscii(int c) {
        return (c >= 0xC0 && c <= 0xD6) || (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x2FF)
                || (c >= 0x370 && c <= 0x37D) || (c >= 0x37F && c <= 0x1FFF) || c == 0x200C || c == 0x200D
                || (c >= 0x2070 && c <= 0x218F) || (c >= 0x2C00 && c <= 0x2FEF) || (c >= 0x3001 && c <= 0xD7FF)
                || (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0xEFFFF);
    }

    /** XML 1.0 fifth edition {@code NameChar} for a code point of at least 0x80. */
    static boolean isNameNonAscii(int c) {
        return isNameStartNonAscii(c) || c == 0xB7 || (c >= 0x300 && c <= 0x36F) || c == 0x203F || c == 0x2040;
    }

    /** Length of the UTF-8 sequence led by {@code lead} (a byte of at least 0x80), or 0 if it cannot lead one. */
    static int sequenceLength(int lead) {
        lead &= 0xFF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            return 2;
        }
        if (lead >= 0xE0 && lead <= 0xEF) {
            return 3;
        }
        if (lead >= 0xF0 && lead <= 0xF4) {
            return 4;
        }
        return 0;
    }

    /**
     * The code point of the complete sequence of {@code n} bytes at {@code b[p]}, or -1 when it is not
     * well-formed UTF-8 (bad continuation, overlong, surrogate, beyond U+10FFFF).
     */
    static int decode(byte[] b, int p, int n) {
        int c0 = b[p] & 0xFF;
        int c1 = b[p + 1] & 0xFF;
        if ((c1 & 0xC0) != 0x80) {
            return -1;
        }
        if (n == 2) {
            return ((c0 & 0x1F) << 6) | (c1 & 0x3F);
        }
        int c2 = b[p + 2] & 0xFF;
        if ((c2 & 0xC0) != 0x80) {
            return -1;
        }
        if (n == 3) {
            int c = ((c0 & 0x0F) << 12) | ((c1 & 0x3F) << 6) | (c2 & 0x3F);
            return c < 0x800 || (c >= 0xD800 && c <= 0xDFFF) ? -1 : c;
        }
        int c3 = b[p + 3] & 0xFF;
        if ((c3 & 0xC0) != 0x80) {
            return -1;
        }
        int c = ((c0 & 0x07) << 18) | ((c1 & 0x3F) << 12) | ((c2 & 0x3F) << 6) | (c3 & 0x3F);
        return c < 0x10000 || c > 0x10FFFF ? -1 : c;
    }

    /** Writes {@code c} as UTF-8 at {@code b[p]}; returns the bytes written. */
    static int encode(int c, byte[] b, int p) {
        if (c < 0x80) {
            b[p] = (byte) c;
            return 1;
        }
        if (c < 0x800) {
            b[p] = (byte) (0xC0 | (c >> 6));
            b[p + 1] = (byte) (0x80 | (c & 0x3F));
            return 2;
        }
        if (c < 0x10000) {
            b[p] = (byte) (0xE0 | (c >> 12));
            b[p + 1] = (byte) (0x80 | ((c >> 6) & 0x3F));
            b[p + 2] = (byte) (0x80 | (c & 0x3F));
            return 3;
        }
        b[p] = (byte) (0xF0 | (c >> 18));
        b[p + 1] = (byte) (0x80 | ((c >> 12) & 0x3F));
        b[p + 2] = (byte) (0x80 | ((c >> 6) & 0x3F));
        b[p + 3] = (byte) (0x80 | (c & 0x3F));
        return 4;
    }
}
