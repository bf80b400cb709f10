package dev.dsoap.binary;

/**
 * Checks UTF-8 read from a binary message against what an XML message could have carried: well-formed,
 * shortest-form UTF-8 with no encoded surrogates, of characters XML 1.0 allows. Stateless, allocation-free.
 */
final class Utf8 {
    private Utf8() {
    }

    /**
     * Returns the offset of the first byte of {@code b[off, off+len)} that starts an ill-formed sequence or a character
     * XML 1.0 does not allow, or -1 when every character is fine.
     */
    static int firstBad(byte[] b, int off, int len) {
        int end = off + len;
        int p = off;
        while (p < end) {
            int c = b[p];
            if (c >= 0x20) {
                p++;
                continue;
            }
            if (c >= 0) {
                if (c != '\t' && c != '\n' && c != '\r') {
                    return p;
                }
                p++;
                continue;
            }
            int lead = c & 0xFF;
            int n;
            int cp;
            if (lead >= 0xC2 && lead <= 0xDF) {
                n = 2;
                cp = lead & 0x1F;
            } else if (lead >= 0xE0 && lead <= 0xEF) {
                n = 3;
                cp = lead & 0x0F;
            } else if (lead >= 0xF0 && lead <= 0xF4) {
                n = 4;
                cp = lead & 0x07;
            } else {
                return p;
            }
            if (p + n > end) {
                return p;
            }
            for (int k = 1; k < n; k++) {
                int t = b[p + k] & 0xFF;
                if ((t & 0xC0) != 0x80) {
                    return p;
                }
                cp = cp << 6 | t & 0x3F;
            }
            if (n == 3 && (cp < 0x800 || cp >= 0xD800 && cp <= 0xDFFF || cp >= 0xFFFE)
                    || n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) {
                return p;
            }
            p += n;
        }
        return -1;
    }
}
