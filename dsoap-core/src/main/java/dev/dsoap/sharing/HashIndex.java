package dev.dsoap.sharing;

import java.util.Arrays;

/**
 * Chunks by 64-bit hash in an open-addressing table (linear probing, at most half full): a slot whose hash equals
 * the chunk's is a candidate, and the chunk's words decide. A weak hash only makes lookups slower.
 *
 * <p>Not thread-safe.
 */
final class HashIndex extends ChunkIndex {
    private static final int INITIAL_SLOTS = 128;

    private final ChunkHash hasher;
    /** The hash of each slot's chunk. */
    private long[] slotHash;
    /** Each slot's chunk id + 1, or 0 when empty. */
    private int[] slotId;
    /** The hash of chunk {@code id}, for growing the table. */
    private long[] hashOf;

    HashIndex(int maxChunks, ChunkHash hasher) {
        super(maxChunks);
        this.hasher = hasher;
        reset();
    }

    private void reset() {
        slotHash = new long[INITIAL_SLOTS];
        slotId = new int[INITIAL_SLOTS];
        hashOf = new long[INITIAL];
    }

    @Override
    public int find(long[] w, int from, int n) {
        checkLength(from, n, w);
        long h = hasher.hash(w, from, n);
        int mask = slotId.length - 1;
        for (int s = spread(h) & mask; ; s = (s + 1) & mask) {
            int id = slotId[s] - 1;
            if (id < 0) {
                return -1;
            }
            if (slotHash[s] == h && same(id, w, from, n)) {
                return id;
            }
        }
    }

    @Override
    public int findOrAdd(long[] w, int from, int n) {
        checkLength(from, n, w);
        long h = hasher.hash(w, from, n);
        int mask = slotId.length - 1;
        int s = spread(h) & mask;
        for (; ; s = (s + 1) & mask) {
            int id = slotId[s] - 1;
            if (id < 0) {
                break;
            }
            if (slotHash[s] == h && same(id, w, from, n)) {
                return id;
            }
        }
        if (size == maxChunks) {
            return FULL;
        }
        int id = store(w, from, n);
        if (id == hashOf.length) {
            hashOf = Arrays.copyOf(hashOf, Math.min(maxChunks, 2 * id));
        }
        hashOf[id] = h;
        slotHash[s] = h;
        slotId[s] = id + 1;
        if (2 * size > slotId.length) {
            grow();
        }
        return -1 - id;
    }

    private static int spread(long h) {
        return (int) (h ^ h >>> 32);
    }

    private void grow() {
        int cap = 2 * slotId.length;
        slotHash = new long[cap];
        slotId = new int[cap];
        int mask = cap - 1;
        for (int id = 0; id < size; id++) {
            long h = hashOf[id];
            int s = spread(h) & mask;
            while (slotId[s] != 0) {
                s = (s + 1) & mask;
            }
            slotHash[s] = h;
            slotId[s] = id + 1;
        }
    }

    /** Table slots (capacity). */
    int slots() {
        return slotId.length;
    }

    @Override
    public long retainedBytes() {
        return baseBytes() + Heap.of(slotHash) + Heap.of(slotId) + Heap.of(hashOf);
    }

    @Override
    public void clear() {
        super.clear();
        reset();
    }

    @Override
    public String toString() {
        return "HashIndex(" + size + " chunks, " + slotId.length + " slots)";
    }
}
