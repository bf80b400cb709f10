package dev.dsoap.xml;

import java.nio.charset.StandardCharsets;

/**
 * Interim String-based XML text encoder (escapes {@code &<>"'} and CR, rejects characters XML 1.0 forbids);
 * to be replaced by the allocation-free encoder of the numbers/xml work. Stateless, thread-safe.
 */
public final class XmlText {
    private XmlText() {
    }

    private static String escape(CharSequence s, boolean attribute) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                b.append(c).append(s.charAt(++i));
                continue;
            }
            if (Character.isSurrogate(c) || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xFFFE || c == 0xFFFF) {
                throw new IllegalArgumentException(String.format("character U+%04X at index %d is not allowed in XML 1.0", (int) c, i));
            }
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                case '\r' -> b.append("&#13;");
                case '\t' -> b.append(attribute ? "&#9;" : "\t");
                case '\n' -> b.append(attribute ? "&#10;" : "\n");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** Exact UTF-8 length of {@code s} escaped. */
    public static int encodedLength(CharSequence s, boolean attribute) {
        return escape(s, attribute).getBytes(StandardCharsets.UTF_8).length;
    }

    /** Writes {@code s} escaped as UTF-8 at {@code dst[off..]}; returns the new offset. */
    public static int write(CharSequence s, boolean attribute, byte[] dst, int off) {
        byte[] b = escape(s, attribute).getBytes(StandardCharsets.UTF_8);
        System.arraycopy(b, 0, dst, off, b.length);
        return off + b.length;
    }
}
