package dev.dsoap.sharing;

/**
 * How a {@link WindowWriter} cuts and indexes responses. Immutable, thread-safe.
 *
 * @param chunkBytes     bytes of values per chunk, 32 to 4096 and a multiple of 8: a chunk is {@code chunkBytes / 8}
 *                       doubles (the values' 8-byte binary form, as they are before serialization; the paper's N)
 * @param index          the lookup structure
 * @param trieDepth      for {@link IndexKind#TRIE}: the trie's depth in bytes, 1 to 4096 (the paper's trie depth)
 * @param maxChunks      the most distinct chunks a window indexes, >= 1
 * @param maxWindowBytes the most bytes a window keeps of indexed chunks (their serialized bytes and their values);
 *                       past it, chunks are still found but no more are added
 */
public record SharingConfig(int chunkBytes, IndexKind index, int trieDepth, int maxChunks, long maxWindowBytes) {
    /** Smallest chunk, bytes. */
    public static final int MIN_CHUNK_BYTES = 32;
    /** Largest chunk, bytes. */
    public static final int MAX_CHUNK_BYTES = 8 * ChunkIndex.MAX_WORDS;

    public SharingConfig {
        if (chunkBytes < MIN_CHUNK_BYTES || chunkBytes > MAX_CHUNK_BYTES || chunkBytes % 8 != 0) {
            throw new IllegalArgumentException("chunk of " + chunkBytes + " bytes, must be a multiple of 8 in "
                    + MIN_CHUNK_BYTES + ".." + MAX_CHUNK_BYTES);
        }
        if (index == null) {
            throw new IllegalArgumentException("no index kind");
        }
        if (trieDepth < 1 || trieDepth > TrieIndex.MAX_DEPTH) {
            throw new IllegalArgumentException("trie depth " + trieDepth + " bytes, must be 1.." + TrieIndex.MAX_DEPTH);
        }
        if (maxChunks < 1) {
            throw new IllegalArgumentException("maxChunks " + maxChunks + " < 1");
        }
        if (maxWindowBytes < 0) {
            throw new IllegalArgumentException("maxWindowBytes " + maxWindowBytes + " < 0");
        }
    }

    /** 256-byte chunks (32 doubles), hash index, trie depth 35, 2^18 chunks, 64 MiB per window. */
    public static SharingConfig defaults() {
        return new SharingConfig(256, IndexKind.HASH, 35, 1 << 18, 64L << 20);
    }

    /** This configuration with chunks of {@code bytes}. */
    public SharingConfig withChunkBytes(int bytes) {
        return new SharingConfig(bytes, index, trieDepth, maxChunks, maxWindowBytes);
    }

    /** This configuration with the hash index. */
    public SharingConfig withHash() {
        return new SharingConfig(chunkBytes, IndexKind.HASH, trieDepth, maxChunks, maxWindowBytes);
    }

    /** This configuration with a trie of {@code depth} bytes. */
    public SharingConfig withTrie(int depth) {
        return new SharingConfig(chunkBytes, IndexKind.TRIE, depth, maxChunks, maxWindowBytes);
    }

    /** This configuration with these bounds. */
    public SharingConfig withBounds(int chunks, long windowBytes) {
        return new SharingConfig(chunkBytes, index, trieDepth, chunks, windowBytes);
    }

    /** Values (doubles) per chunk. */
    public int chunkValues() {
        return chunkBytes / 8;
    }

    ChunkIndex newIndex() {
        return index == IndexKind.TRIE ? new TrieIndex(trieDepth, maxChunks) : new HashIndex(maxChunks, ChunkHash.DEFAULT);
    }
}
