package dev.dsoap.binary;

import java.util.Arrays;

/**
 * The variable-length immutable values (strings, decimals, big integers) of the last message a differential writer
 * or reader handled, by ordinal (the k-th such value in the message's walk), each with its encoded bytes: the next
 * message's k-th value is compared with the k-th kept one, by value when writing and by bytes when reading, and on a
 * match its bytes (or its value) are taken without encoding (or decoding) again.
 *
 * <p>Two generations: the values of the message being handled are recorded beside the last message's, which stay
 * whole until {@link #commit()}; a message that fails is {@link #abandon() abandoned} and the last message's values
 * stay valid. Recording stops, for the rest of a message, at {@code maxBytes} kept bytes.
 *
 * <p>Not thread-safe: owned by one writer or reader.
 */
final class KeptValues {
    private static final Object[] NO_VALUES = {};
    private static final int[] NO_INTS = {};
    private static final byte[] NO_BYTES = {};

    private final long maxBytes;
    private Object[] lastValues = NO_VALUES;
    private int[] lastOff = NO_INTS;
    private int[] lastLen = NO_INTS;
    private byte[] lastBytes = NO_BYTES;
    private int lastCount;
    private Object[] values = NO_VALUES;
    private int[] off = NO_INTS;
    private int[] len = NO_INTS;
    private byte[] bytes = NO_BYTES;
    private int count;
    private int used;
    private int lastUsed;
    /** Whether recording stopped for this message ({@link #maxBytes} reached). */
    private boolean full;
    /** Bytes taken from the last message in the message being handled. */
    private long reused;

    /** @param maxBytes the most encoded bytes kept per message */
    KeptValues(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** Starts a message. */
    void begin() {
        count = 0;
        used = 0;
        full = false;
        reused = 0;
    }

    /**
     * The ordinal of the next value if the last message's value of that ordinal equals {@code v} (identity first),
     * else -1.
     */
    int sameValue(Object v) {
        int k = count;
        if (k < lastCount) {
            Object o = lastValues[k];
            if (o == v || o.equals(v)) {
                return k;
            }
        }
        return -1;
    }

    /**
     * The last message's value of the next ordinal if its bytes are {@code b[p, p+n)}, else {@code null}; the caller
     * checks that it is of the type it reads (the same bytes may be another type's at another place).
     */
    Object sameBytes(byte[] b, int p, int n) {
        int k = count;
        if (k < lastCount && lastLen[k] == n) {
            int o = lastOff[k];
            if (Arrays.equals(b, p, p + n, lastBytes, o, o + n)) {
                return lastValues[k];
            }
        }
        return null;
    }

    /** The encoded length of the last message's value {@code k}. */
    int lastLength(int k) {
        return lastLen[k];
    }

    /** Copies the bytes of the last message's value {@code k} to {@code dst[at, ...)}; returns their length. */
    int copyLast(int k, byte[] dst, int at) {
        int n = lastLen[k];
        System.arraycopy(lastBytes, lastOff[k], dst, at, n);
        reused += n;
        return n;
    }

    /** Counts {@code n} bytes of the message taken from the last message without encoding or decoding. */
    void reused(int n) {
        reused += n;
    }

    /** Records the next value, {@code v}, encoded as {@code src[p, p+n)}. */
    void add(Object v, byte[] src, int p, int n) {
        if (full) {
            return;
        }
        if (used + (long) n > maxBytes) {
            full = true;
            return;
        }
        int k = count;
        if (k == values.length) {
            int cap = Math.max(16, k * 2);
            values = Arrays.copyOf(values, cap);
            off = Arrays.copyOf(off, cap);
            len = Arrays.copyOf(len, cap);
        }
        if (n > bytes.length - used) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(maxBytes, Math.max(256, Math.max((long) used + n, bytes.length * 2L))));
        }
        System.arraycopy(src, p, bytes, used, n);
        values[k] = v;
        off[k] = used;
        len[k] = n;
        used += n;
        count = k + 1;
    }

    /** The message handled well: its values become the last message's. */
    void commit() {
        Object[] v = lastValues;
        int stale = lastCount;
        int[] o = lastOff;
        int[] l = lastLen;
        byte[] b = lastBytes;
        lastValues = values;
        lastOff = off;
        lastLen = len;
        lastBytes = bytes;
        lastCount = count;
        lastUsed = used;
        Arrays.fill(v, 0, stale, null);
        values = v;
        off = o;
        len = l;
        bytes = b;
        count = 0;
        // what a big message grew shrinks back: the arrays the next message is recorded in are cut to this one's size
        int slots = Math.max(16, lastCount);
        if (values.length > 2 * slots) {
            values = new Object[slots];
            off = new int[slots];
            len = new int[slots];
        }
        if (bytes.length > 2L * Math.max(256, lastUsed)) {
            bytes = new byte[Math.max(256, lastUsed)];
        }
    }

    /** The message failed: what it recorded is dropped, the last message's values stay. */
    void abandon() {
        Arrays.fill(values, 0, count, null);
        count = 0;
    }

    /** Forgets everything, arrays included. */
    void clear() {
        lastValues = values = NO_VALUES;
        lastOff = lastLen = off = len = NO_INTS;
        lastBytes = bytes = NO_BYTES;
        lastCount = count = 0;
        lastUsed = 0;
    }

    /** Bytes of the message handled last taken from the message before it. */
    long reused() {
        return reused;
    }

    /** Values of the last message kept. */
    int count() {
        return lastCount;
    }

    /**
     * Bytes held: the arrays (16 bytes per value slot), and each kept value at 40 bytes plus twice its encoded length
     * (a string holds one or two bytes per UTF-16 unit, and each unit takes at least one UTF-8 byte; a big number
     * holds its digits).
     */
    long retainedBytes() {
        return 64L + bytes.length + lastBytes.length + 16L * (values.length + lastValues.length)
                + 40L * lastCount + 2L * lastUsed;
    }
}
