package dev.dsoap.sharing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Both indexes against a brute-force list of every chunk added: the same answer for every lookup over generated
 * sequences of chunks (many shared, many sharing long prefixes, lengths 1..MAX_WORDS), under every trie depth and
 * with hashes that collide on purpose; and their bounds.
 */
@Timeout(120)
class ChunkIndexTest {
    private static final long SEED = 0x5EED_5A4E_C0DEL;

    /** A brute-force index: the chunks in add order. */
    private static final class Brute {
        final List<long[]> chunks = new ArrayList<>();

        int find(long[] w, int from, int n) {
            long[] k = Arrays.copyOfRange(w, from, from + n);
            for (int i = 0; i < chunks.size(); i++) {
                if (Arrays.equals(chunks.get(i), k)) {
                    return i;
                }
            }
            return -1;
        }
    }

    /** Hashes that find too many candidates. */
    private static final ChunkHash CONSTANT = (w, from, n) -> 42;
    private static final ChunkHash FIRST_WORD = (w, from, n) -> w[from] & 0xF;

    @Test
    void trieAgreesWithBruteForceAtEveryDepth() {
        for (int depth : new int[] {1, 2, 7, 8, 9, 15, 25, 35, 65, 75, 4096}) {
            check(() -> ChunkIndex.trie(depth, 1 << 20), "trie depth " + depth);
        }
    }

    @Test
    void hashAgreesWithBruteForce() {
        check(() -> ChunkIndex.hashed(1 << 20), "hash");
    }

    @Test
    void badHashesNeverDecide() {
        check(() -> new HashIndex(1 << 20, CONSTANT), "constant hash");
        check(() -> new HashIndex(1 << 20, FIRST_WORD), "4-bit hash");
    }

    private interface Maker {
        ChunkIndex make();
    }

    private static void check(Maker maker, String what) {
        long seed = SEED ^ what.hashCode();
        Random r = new Random(seed);
        for (int round = 0; round < 20; round++) {
            ChunkIndex ix = maker.make();
            Brute brute = new Brute();
            long[] pool = words(r, 64);
            int ops = 400 + r.nextInt(400);
            int maxLen = 1 + r.nextInt(round % 4 == 0 ? ChunkIndex.MAX_WORDS : 24);
            for (int op = 0; op < ops; op++) {
                String at = what + ", seed " + seed + ", round " + round + ", op " + op;
                long[] key = key(r, brute, pool, maxLen);
                int from = r.nextInt(3);
                long[] w = new long[from + key.length + r.nextInt(3)];
                System.arraycopy(key, 0, w, from, key.length);
                int expected = brute.find(w, from, key.length);
                assertEquals(expected, ix.find(w, from, key.length), at + ": find");
                if (r.nextInt(4) != 0) {
                    int got = ix.findOrAdd(w, from, key.length);
                    if (expected >= 0) {
                        assertEquals(expected, got, at + ": findOrAdd of a held chunk");
                    } else {
                        assertEquals(-1 - brute.chunks.size(), got, at + ": findOrAdd of a new chunk");
                        brute.chunks.add(key);
                        w[from] ^= 1;
                        assertEquals(-1 - got, ix.find(key, 0, key.length), at + ": the copy is the index's own");
                    }
                }
                assertEquals(brute.chunks.size(), ix.size(), at + ": size");
            }
            if (ix instanceof TrieIndex t) {
                assertTrue(t.height() <= t.depth, what + ": height " + t.height() + " > depth " + t.depth);
                assertTrue(t.nodeCount() <= 1 + (long) ix.size() * t.depth, what + ": " + t.nodeCount() + " nodes");
            }
            ix.clear();
            assertEquals(0, ix.size());
            assertEquals(-1, ix.find(brute.chunks.get(0), 0, brute.chunks.get(0).length), what + ": after clear");
        }
    }

    /** A new chunk, or one added before, or one differing from one added before in one bit of one word. */
    private static long[] key(Random r, Brute brute, long[] pool, int maxLen) {
        int kind = r.nextInt(4);
        if (kind == 0 && !brute.chunks.isEmpty()) {
            return brute.chunks.get(r.nextInt(brute.chunks.size())).clone();
        }
        if (kind == 1 && !brute.chunks.isEmpty()) {
            long[] k = brute.chunks.get(r.nextInt(brute.chunks.size())).clone();
            int i = r.nextInt(k.length);
            k[i] ^= 1L << r.nextInt(64);
            if (r.nextBoolean() && k.length > 1) {
                k = Arrays.copyOf(k, k.length - 1);
            }
            return k;
        }
        long[] k = new long[1 + r.nextInt(maxLen)];
        for (int i = 0; i < k.length; i++) {
            // a small pool of words, so that prefixes and whole chunks repeat by chance too
            k[i] = pool[r.nextInt(kind == 2 ? 2 : pool.length)];
        }
        return k;
    }

    private static long[] words(Random r, int n) {
        long[] w = new long[n];
        double[] special = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL, 1.0, 1.5};
        for (int i = 0; i < n; i++) {
            w[i] = i < special.length ? Double.doubleToRawLongBits(special[i]) : r.nextLong();
        }
        return w;
    }

    @Test
    void boundedByMaxChunks() {
        for (ChunkIndex ix : new ChunkIndex[] {ChunkIndex.trie(35, 100), ChunkIndex.hashed(100)}) {
            Random r = new Random(SEED);
            long[] held = null;
            for (int i = 0; i < 100; i++) {
                long[] k = {r.nextLong(), r.nextLong(), r.nextLong(), r.nextLong(), r.nextLong()};
                assertEquals(-1 - i, ix.findOrAdd(k, 0, k.length), ix.toString());
                held = k;
            }
            long bytes = ix.retainedBytes();
            for (int i = 0; i < 1000; i++) {
                long[] k = {r.nextLong(), r.nextLong(), r.nextLong(), r.nextLong(), r.nextLong()};
                assertEquals(ChunkIndex.FULL, ix.findOrAdd(k, 0, k.length), ix.toString());
            }
            assertEquals(99, ix.findOrAdd(held, 0, held.length), "a full index still finds " + ix);
            assertEquals(100, ix.size());
            assertEquals(bytes, ix.retainedBytes(), "nothing grows once full: " + ix);
            if (ix instanceof TrieIndex t) {
                assertTrue(t.nodeCount() <= 1 + 100 * 35, t.nodeCount() + " nodes");
            }
            long small = ix.retainedBytes();
            ix.clear();
            assertTrue(ix.retainedBytes() < small, "clear gives capacity back: " + ix.retainedBytes());
        }
    }

    @Test
    void depthCutsTheTrie() {
        TrieIndex t = new TrieIndex(15, 1000);
        Random r = new Random(SEED);
        long[] k = new long[64];
        for (int i = 0; i < 200; i++) {
            for (int j = 0; j < k.length; j++) {
                k[j] = r.nextLong();
            }
            t.findOrAdd(k, 0, k.length);
        }
        assertEquals(15, t.height());
        assertTrue(t.nodeCount() <= 1 + 200 * 15);
        // chunks sharing their first 15 bytes meet in one node and are told apart by their words
        TrieIndex shallow = new TrieIndex(15, 1000);
        long[] a = {1, 2, 3};
        long[] b = {1, 2, 4};
        assertEquals(-1, shallow.findOrAdd(a, 0, 3));
        assertEquals(-2, shallow.findOrAdd(b, 0, 3));
        assertEquals(0, shallow.find(a, 0, 3));
        assertEquals(1, shallow.find(b, 0, 3));
        assertEquals(16, shallow.nodeCount());
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> ChunkIndex.trie(0, 10));
        assertThrows(IllegalArgumentException.class, () -> ChunkIndex.trie(TrieIndex.MAX_DEPTH + 1, 10));
        assertThrows(IllegalArgumentException.class, () -> ChunkIndex.hashed(0));
        ChunkIndex ix = ChunkIndex.hashed(10);
        assertThrows(IllegalArgumentException.class, () -> ix.find(new long[600], 0, 513));
        assertThrows(IllegalArgumentException.class, () -> ix.findOrAdd(new long[4], 0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> ix.findOrAdd(new long[4], 2, 3));
    }
}
