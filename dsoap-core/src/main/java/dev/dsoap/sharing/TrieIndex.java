package dev.dsoap.sharing;

import java.util.Arrays;

/**
 * The paper's trie: a byte trie over each chunk's bytes (words big-endian), cut at {@link #depth} bytes. A chunk
 * descends {@code min(depth, its bytes)} levels; the node it stops at lists the chunks that stopped there, which are
 * told apart by their words. Children are a first-child / next-sibling list per node, in parallel int arrays.
 *
 * <p>Not thread-safe.
 */
final class TrieIndex extends ChunkIndex {
    /** Most bytes a trie may be deep. */
    static final int MAX_DEPTH = 8 * MAX_WORDS;
    private static final int INITIAL_NODES = 256;
    private static final int NONE = -1;

    /** Bytes of a chunk the trie descends at most. */
    final int depth;
    /** The byte leading to each node from its parent (the root's is unused). */
    private byte[] label;
    /** Each node's first child, or {@link #NONE}. */
    private int[] child;
    /** Each node's next sibling, or {@link #NONE}. */
    private int[] sibling;
    /** The first chunk that stopped at each node, or {@link #NONE}. */
    private int[] head;
    /** The next chunk that stopped at the same node as chunk {@code id}, or {@link #NONE}. */
    private int[] next;
    /** Nodes in use; node 0 is the root. */
    private int nodes;

    TrieIndex(int depth, int maxChunks) {
        super(maxChunks);
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("trie depth " + depth + " bytes, must be 1.." + MAX_DEPTH);
        }
        this.depth = depth;
        reset();
    }

    private void reset() {
        label = new byte[INITIAL_NODES];
        child = new int[INITIAL_NODES];
        sibling = new int[INITIAL_NODES];
        head = new int[INITIAL_NODES];
        next = new int[INITIAL];
        nodes = 1;
        child[0] = NONE;
        sibling[0] = NONE;
        head[0] = NONE;
    }

    @Override
    public int find(long[] w, int from, int n) {
        checkLength(from, n, w);
        int node = 0;
        int limit = Math.min(depth, 8 * n);
        for (int b = 0; b < limit; b++) {
            node = childOf(node, keyByte(w, from, b));
            if (node == NONE) {
                return -1;
            }
        }
        return inChain(node, w, from, n);
    }

    @Override
    public int findOrAdd(long[] w, int from, int n) {
        checkLength(from, n, w);
        int node = 0;
        int limit = Math.min(depth, 8 * n);
        int b = 0;
        for (; b < limit; b++) {
            int c = childOf(node, keyByte(w, from, b));
            if (c == NONE) {
                break;
            }
            node = c;
        }
        if (b == limit) {
            int id = inChain(node, w, from, n);
            if (id >= 0) {
                return id;
            }
        }
        if (size == maxChunks) {
            return FULL;
        }
        for (; b < limit; b++) {
            node = addChild(node, keyByte(w, from, b));
        }
        int id = store(w, from, n);
        if (id == next.length) {
            next = Arrays.copyOf(next, Math.min(maxChunks, 2 * id));
        }
        next[id] = head[node];
        head[node] = id;
        return -1 - id;
    }

    /** Byte {@code b} of the chunk at {@code w[from..]}: word {@code b / 8}, most significant byte first. */
    private static int keyByte(long[] w, int from, int b) {
        return (int) (w[from + (b >>> 3)] >>> (56 - ((b & 7) << 3))) & 0xFF;
    }

    private int childOf(int node, int b) {
        byte l = (byte) b;
        for (int c = child[node]; c != NONE; c = sibling[c]) {
            if (label[c] == l) {
                return c;
            }
        }
        return NONE;
    }

    private int addChild(int parent, int b) {
        int c = nodes;
        if (c == label.length) {
            int cap = 2 * c;
            label = Arrays.copyOf(label, cap);
            child = Arrays.copyOf(child, cap);
            sibling = Arrays.copyOf(sibling, cap);
            head = Arrays.copyOf(head, cap);
        }
        label[c] = (byte) b;
        child[c] = NONE;
        head[c] = NONE;
        sibling[c] = child[parent];
        child[parent] = c;
        nodes = c + 1;
        return c;
    }

    private int inChain(int node, long[] w, int from, int n) {
        for (int id = head[node]; id != NONE; id = next[id]) {
            if (same(id, w, from, n)) {
                return id;
            }
        }
        return -1;
    }

    /** Nodes in use, the root included. */
    int nodeCount() {
        return nodes;
    }

    /** The deepest node's depth in bytes (the root is 0). */
    int height() {
        int[] d = new int[nodes];
        int max = 0;
        // children are always created after their parent, so one pass in creation order sees every parent first
        for (int p = 0; p < nodes; p++) {
            for (int c = child[p]; c != NONE; c = sibling[c]) {
                d[c] = d[p] + 1;
                max = Math.max(max, d[c]);
            }
        }
        return max;
    }

    @Override
    public long retainedBytes() {
        return baseBytes() + Heap.of(label) + Heap.of(child) + Heap.of(sibling) + Heap.of(head) + Heap.of(next);
    }

    @Override
    public void clear() {
        super.clear();
        reset();
    }

    @Override
    public String toString() {
        return "TrieIndex(depth " + depth + ", " + size + " chunks, " + nodes + " nodes)";
    }
}
