package dev.dsoap.template;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Heap bytes of the values kept state pins (what a kept message or a template charges to a {@link MemoryBudget}
 * for the strings, decimals and byte arrays it keeps), as a 64-bit HotSpot lays them out with compressed
 * references and compact strings (the defaults): the object, its backing array and that array's contents,
 * rounded up to 8. Enums are shared constants and cost nothing; other objects are counted as 32 bytes.
 *
 * <p>Stateless, thread-safe.
 */
public final class HeapBytes {
    /** A {@code String}: header, hash, coder and flags, the array reference. */
    private static final int STRING = 24;
    /** An array's header. */
    private static final int ARRAY = 16;

    private HeapBytes() {
    }

    /** @return the heap bytes of {@code v} and what only it refers to, in bytes; 0 for null */
    public static int of(Object v) {
        if (v == null || v instanceof Enum) {
            return 0;
        }
        if (v instanceof String s) {
            return string(s.length(), latin1(s));
        }
        if (v instanceof byte[] a) {
            return align(ARRAY + (long) a.length);
        }
        if (v instanceof BigDecimal d) {
            return 40 + big(d.unscaledValue());
        }
        if (v instanceof BigInteger i) {
            return big(i);
        }
        return 32;
    }

    /** A string just decoded from {@code utf8Length} bytes: all-ASCII when as long as its bytes, so no scan then. */
    public static int ofDecoded(String s, int utf8Length) {
        return string(s.length(), s.length() == utf8Length || latin1(s));
    }

    private static int string(int chars, boolean latin1) {
        return STRING + align(ARRAY + (latin1 ? (long) chars : 2L * chars));
    }

    private static boolean latin1(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            if (s.charAt(i) > 0xFF) {
                return false;
            }
        }
        return true;
    }

    private static int big(BigInteger i) {
        return 40 + align(ARRAY + 4L * ((i.bitLength() + 31) / 32));
    }

    private static int align(long bytes) {
        return (int) Math.min(Integer.MAX_VALUE, (bytes + 7) & ~7L);
    }
}
