package dev.dsoap.sharing;

import java.util.Arrays;

/**
 * The chunks seen so far in one window, by content: finds a chunk equal to a given one. A chunk is a run of 64-bit
 * words (the raw bits of its values, {@link Double#doubleToRawLongBits}); two chunks are equal when they have the same
 * words. The index keeps a copy of every chunk it holds and always decides by comparing the words themselves: a
 * lookup structure ({@link #trie depth-limited trie} or {@link #hashed 64-bit hash}) only finds the candidates.
 *
 * <p>Ids are dense, {@code 0, 1, 2, ...} in the order chunks were added, so a caller keeps what belongs to a chunk
 * (e.g. its serialized bytes) in arrays by id. Bounded: at most {@code maxChunks} chunks of at most
 * {@link #MAX_WORDS} words; once full, lookups still work and nothing more is added.
 *
 * <p>Not thread-safe: one per window writer.
 */
public abstract sealed class ChunkIndex permits TrieIndex, HashIndex {
    /** Returned by {@link #findOrAdd} when the chunk is absent and the index is full. */
    public static final int FULL = Integer.MIN_VALUE;
    /** The most words a chunk may have (4096 bytes). */
    public static final int MAX_WORDS = 512;
    /** Initial capacity of the per-chunk arrays, and what {@link #clear} shrinks them back to. */
    static final int INITIAL = 64;

    /** The most chunks held. */
    final int maxChunks;
    /** The chunks' words, back to back. */
    long[] words = new long[INITIAL * 4];
    /** Words used in {@link #words}. */
    int wordCount;
    /** Where chunk {@code id}'s words start in {@link #words}. */
    int[] start = new int[INITIAL];
    /** Chunk {@code id}'s length in words. */
    int[] length = new int[INITIAL];
    /** Chunks held. */
    int size;

    ChunkIndex(int maxChunks) {
        if (maxChunks < 1) {
            throw new IllegalArgumentException("maxChunks " + maxChunks + " < 1");
        }
        this.maxChunks = maxChunks;
    }

    /**
     * A byte trie over the chunks' bytes (each word big-endian, so a double's sign and exponent come first), at most
     * {@code depth} bytes deep: chunks whose first {@code depth} bytes are equal share a node and are told apart
     * there by comparing all their words. Holds at most {@code maxChunks} chunks, so at most
     * {@code 1 + maxChunks * depth} nodes.
     *
     * @param depth     the trie's depth in bytes, 1 to {@code 8 * MAX_WORDS}
     * @param maxChunks the most chunks held, >= 1
     */
    public static ChunkIndex trie(int depth, int maxChunks) {
        return new TrieIndex(depth, maxChunks);
    }

    /**
     * An open-addressing table of 64-bit chunk hashes: equal hashes are candidates, the words decide.
     *
     * @param maxChunks the most chunks held, >= 1
     */
    public static ChunkIndex hashed(int maxChunks) {
        return new HashIndex(maxChunks, ChunkHash.DEFAULT);
    }

    /**
     * @return the id of a held chunk equal to {@code words[from, from + n)}, or -1
     * @throws IllegalArgumentException if {@code n} is not in {@code 1..MAX_WORDS}
     */
    public abstract int find(long[] words, int from, int n);

    /**
     * Finds a held chunk equal to {@code words[from, from + n)}, or adds a copy of it.
     *
     * @return the id of the equal chunk held ({@code >= 0}); or {@code -1 - id} of the chunk just added; or
     *         {@link #FULL} when absent and the index holds {@code maxChunks} already
     * @throws IllegalArgumentException if {@code n} is not in {@code 1..MAX_WORDS}
     */
    public abstract int findOrAdd(long[] words, int from, int n);

    /** Chunks held. */
    public final int size() {
        return size;
    }

    /** Words held, over all chunks. */
    public final int wordCount() {
        return wordCount;
    }

    /** Heap bytes of every array this index keeps, by capacity. */
    public abstract long retainedBytes();

    /** Forgets every chunk and gives back the arrays' capacity. */
    public void clear() {
        words = new long[INITIAL * 4];
        start = new int[INITIAL];
        length = new int[INITIAL];
        wordCount = 0;
        size = 0;
    }

    // ---------------------------------------------------------------- shared by the lookup structures

    static void checkLength(int from, int n, long[] w) {
        if (n < 1 || n > MAX_WORDS) {
            throw new IllegalArgumentException("chunk of " + n + " words, must be 1.." + MAX_WORDS);
        }
        java.util.Objects.checkFromIndexSize(from, n, w.length);
    }

    /** Whether held chunk {@code id} has exactly the words {@code w[from, from + n)}. */
    final boolean same(int id, long[] w, int from, int n) {
        int s = start[id];
        return length[id] == n && Arrays.equals(words, s, s + n, w, from, from + n);
    }

    /** Stores a copy of {@code w[from, from + n)} as the next chunk; the caller checked there is room. */
    final int store(long[] w, int from, int n) {
        int id = size;
        if (id == start.length) {
            int cap = Math.min(maxChunks, 2 * id);
            start = Arrays.copyOf(start, cap);
            length = Arrays.copyOf(length, cap);
        }
        if (wordCount + n > words.length) {
            words = Arrays.copyOf(words, Math.max(wordCount + n, 2 * words.length));
        }
        System.arraycopy(w, from, words, wordCount, n);
        start[id] = wordCount;
        length[id] = n;
        wordCount += n;
        size = id + 1;
        return id;
    }

    /** Heap bytes of the shared arrays. */
    final long baseBytes() {
        return Heap.of(words) + Heap.of(start) + Heap.of(length);
    }
}
