package dev.dsoap.parse;

import java.util.Arrays;

/**
 * The attributes of the scanner's current start tag. While the tag is read, its raw attributes
 * (namespace declarations included) are collected by qualified-name id with the place of their value; once
 * the tag is whole, the scanner resolves them into the attributes proper (declarations excluded) with their
 * URI and local-name ids, and {@link #duplicate} finds two with the same name or expanded name. A value
 * that needed no decoding stays in the message bytes; one with references or line ends is decoded into
 * {@link #scratch}.
 *
 * <p>Fields are read directly by {@link XmlScanner}, its only user; nothing here checks its arguments. Not
 * thread-safe: part of one scanner.
 */
final class Attributes {
    /** Raw attributes of the start tag being read, declarations included. */
    int rawCount;
    /** Per raw attribute: qualified-name id. */
    int[] rawName = new int[8];
    /** Per raw attribute: value offset, in the message bytes or in {@link #scratch}. */
    int[] rawOff = new int[8];
    /** Per raw attribute: value length in bytes. */
    int[] rawLen = new int[8];
    /** Per raw attribute: whether the value is in {@link #scratch}. */
    boolean[] rawInScratch = new boolean[8];

    /** Decoded values of the current start tag, back to back. */
    byte[] scratch = new byte[256];
    /** Bytes of {@link #scratch} in use. */
    int scratchLen;

    /** Attributes of the current start tag, declarations excluded. */
    int count;
    /** Per attribute: qualified-name id. */
    int[] name = new int[8];
    /** Per attribute: namespace URI id (0 for none). */
    int[] uri = new int[8];
    /** Per attribute: local-name id. */
    int[] local = new int[8];
    /** Per attribute: value offset, in the message bytes or in {@link #scratch}. */
    int[] off = new int[8];
    /** Per attribute: value length in bytes. */
    int[] len = new int[8];
    /** Per attribute: whether the value is in {@link #scratch}. */
    boolean[] inScratch = new boolean[8];

    /** Hash set over expanded names, for {@link #duplicate} on tags with many attributes. */
    private long[] set = new long[0];

    /** A new start tag: no raw attribute, no decoded value. */
    void startTag() {
        rawCount = 0;
        scratchLen = 0;
    }

    /** Adds a raw attribute named {@code nameId} whose value is {@code b[from, to)} of the message, needing no decoding. */
    void addRaw(int nameId, int from, int to) {
        int i = nextRaw(nameId);
        rawOff[i] = from;
        rawLen[i] = to - from;
        rawInScratch[i] = false;
    }

    /** Makes room for a decoded value of at most {@code n} bytes at {@link #scratchLen}; returns {@link #scratch}. */
    byte[] reserve(int n) {
        int need = scratchLen + n;
        if (need > scratch.length) {
            scratch = Arrays.copyOf(scratch, Math.max(need, scratch.length * 2));
        }
        return scratch;
    }

    /** Adds a raw attribute named {@code nameId} whose value was decoded into {@link #reserve}'s room: {@code n} bytes. */
    void addDecoded(int nameId, int n) {
        int i = nextRaw(nameId);
        rawOff[i] = scratchLen;
        rawLen[i] = n;
        rawInScratch[i] = true;
        scratchLen += n;
    }

    private int nextRaw(int nameId) {
        int i = rawCount++;
        if (i == rawName.length) {
            int n = i * 2;
            rawName = Arrays.copyOf(rawName, n);
            rawOff = Arrays.copyOf(rawOff, n);
            rawLen = Arrays.copyOf(rawLen, n);
            rawInScratch = Arrays.copyOf(rawInScratch, n);
        }
        rawName[i] = nameId;
        return i;
    }

    /** Appends raw attribute {@code raw} as attribute {@code n} (the count so far) with its resolved ids. */
    void add(int n, int raw, int uriId, int localId) {
        if (n == name.length) {
            int size = n * 2;
            name = Arrays.copyOf(name, size);
            uri = Arrays.copyOf(uri, size);
            local = Arrays.copyOf(local, size);
            off = Arrays.copyOf(off, size);
            len = Arrays.copyOf(len, size);
            inScratch = Arrays.copyOf(inScratch, size);
        }
        name[n] = rawName[raw];
        uri[n] = uriId;
        local[n] = localId;
        off[n] = rawOff[raw];
        len[n] = rawLen[raw];
        inScratch[n] = rawInScratch[raw];
    }

    /** The array holding attribute {@code i}'s value: {@link #scratch} or the message bytes {@code message}. */
    byte[] array(int i, byte[] message) {
        return inScratch[i] ? scratch : message;
    }

    /**
     * Two of the {@link #count} attributes with the same qualified name or the same expanded name, as
     * {@code (long) i << 32 | j} with {@code j < i}, or -1 if all differ.
     */
    long duplicate() {
        int n = count;
        if (n < 2) {
            return -1;
        }
        if (n <= 16) {
            for (int i = 1; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    if (name[i] == name[j] || (uri[i] == uri[j] && local[i] == local[j])) {
                        return (long) i << 32 | j;
                    }
                }
            }
            return -1;
        }
        int size = Integer.highestOneBit(n * 4);
        if (set.length < size) {
            set = new long[size];
        } else {
            Arrays.fill(set, 0, size, 0);
        }
        int mask = size - 1;
        for (int i = 0; i < n; i++) {
            long key = ((long) uri[i] << 32 | local[i]) + 1;
            int slot = (int) (key * 0x9E3779B97F4A7C15L >>> 40) & mask;
            while (set[slot] != 0) {
                if (set[slot] == key) {
                    for (int j = 0; j < i; j++) {
                        if (uri[i] == uri[j] && local[i] == local[j]) {
                            return (long) i << 32 | j;
                        }
                    }
                }
                slot = (slot + 1) & mask;
            }
            set[slot] = key;
        }
        return -1;
    }

    /** Gives back value scratch grown past {@code keep} bytes. */
    void release(int keep) {
        count = 0;
        scratchLen = 0;
        if (scratch.length > keep) {
            scratch = new byte[256];
        }
    }
}
