package dev.dsoap.parse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Interned byte strings (names, namespace URIs) numbered densely from 0, so parser state is a few ints
 * that mean the same in every message. Symbol 0 is the empty string. Symbols up to a {@link #mark()}
 * survive {@link #truncate()}, which a scanner uses to stay bounded across many messages.
 *
 * <p>Open addressing on a power-of-two table of ids; the bytes live in one growing pool. Everything starts small
 * (16 symbols, 256 bytes: a SOAP message names a few namespaces and a dozen or two elements) and doubles as needed, as
 * every kept read state holds two of these.
 * Not thread-safe.
 */
final class Symbols {
    /** Bytes of every symbol, back to back. */
    private byte[] pool = new byte[256];
    /** Bytes used in {@link #pool}. */
    private int poolSize;
    /** Start of each symbol in {@link #pool}. */
    private int[] start = new int[16];
    /** Length of each symbol in bytes. */
    private int[] length = new int[16];
    /** Hash of each symbol. */
    private int[] hashes = new int[16];
    /** Symbol id + 1 per table slot, 0 for empty. */
    private int[] table = new int[32];
    /** Number of symbols. */
    private int count;
    /** Symbols below this id survive {@link #truncate()}. */
    private int mark;
    /** Cached Strings, made on demand. */
    private String[] strings = new String[16];

    Symbols() {
        intern(new byte[0], 0, 0, hash(new byte[0], 0, 0));
    }

    static int hash(byte[] b, int off, int len) {
        int h = 0;
        for (int i = off, end = off + len; i < end; i++) {
            h = 31 * h + b[i];
        }
        return h;
    }

    /** The id of {@code b[off..off+len)} whose {@link #hash} is {@code h}, interning it if new. */
    int intern(byte[] b, int off, int len, int h) {
        int mask = table.length - 1;
        int slot = mix(h) & mask;
        while (true) {
            int id = table[slot] - 1;
            if (id < 0) {
                break;
            }
            if (hashes[id] == h && length[id] == len && same(pool, start[id], b, off, len)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
        int id = count;
        if (id == start.length) {
            int n = id * 2;
            start = Arrays.copyOf(start, n);
            length = Arrays.copyOf(length, n);
            hashes = Arrays.copyOf(hashes, n);
            strings = Arrays.copyOf(strings, n);
        }
        if (poolSize + len > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolSize + len));
        }
        System.arraycopy(b, off, pool, poolSize, len);
        start[id] = poolSize;
        length[id] = len;
        hashes[id] = h;
        strings[id] = null;
        poolSize += len;
        count = id + 1;
        table[slot] = id + 1;
        if (count * 2 > table.length) {
            rehash(table.length * 2);
        }
        return id;
    }

    /** The id of {@code s} (UTF-8), interning it if new. */
    int intern(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return intern(b, 0, b.length, hash(b, 0, b.length));
    }

    /** Whether symbol {@code id} equals {@code b[off..off+len)}. */
    boolean equals(int id, byte[] b, int off, int len) {
        return length[id] == len && same(pool, start[id], b, off, len);
    }

    /**
     * Whether {@code a[ao..ao+len)} equals {@code b[bo..bo+len)}: element names are short, and a plain loop over a few
     * bytes costs a fraction of a range compare's set-up (which took a tenth of reading scattered changes).
     */
    private static boolean same(byte[] a, int ao, byte[] b, int bo, int len) {
        if (len > 16) {
            return Arrays.equals(a, ao, ao + len, b, bo, bo + len);
        }
        for (int i = 0; i < len; i++) {
            if (a[ao + i] != b[bo + i]) {
                return false;
            }
        }
        return true;
    }

    byte[] pool() {
        return pool;
    }

    int start(int id) {
        return start[id];
    }

    int length(int id) {
        return length[id];
    }

    String string(int id) {
        String s = strings[id];
        if (s == null) {
            s = new String(pool, start[id], length[id], StandardCharsets.UTF_8);
            strings[id] = s;
        }
        return s;
    }

    int size() {
        return count;
    }

    /** Bytes held, for memory accounting. */
    long retainedBytes() {
        return pool.length + 16L * start.length + 4L * table.length;
    }

    /** Makes every current symbol permanent. */
    void mark() {
        mark = count;
    }

    /** Forgets every symbol interned after the last {@link #mark()}. */
    void truncate() {
        if (count == mark) {
            return;
        }
        count = mark;
        poolSize = mark == 0 ? 0 : start[mark - 1] + length[mark - 1];
        Arrays.fill(strings, mark, strings.length, null);
        rehash(table.length);
    }

    private void rehash(int size) {
        table = new int[size];
        int mask = size - 1;
        for (int id = 0; id < count; id++) {
            int slot = mix(hashes[id]) & mask;
            while (table[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = id + 1;
        }
    }

    private static int mix(int h) {
        return h ^ (h >>> 16);
    }
}
