package dev.dsoap.sharing;

/** Which {@link ChunkIndex} a window uses to find equal chunks. */
public enum IndexKind {
    /** The paper's byte trie, cut at {@link SharingConfig#trieDepth()} bytes ({@link ChunkIndex#trie}). */
    TRIE,
    /** 64-bit hashes in an open-addressing table ({@link ChunkIndex#hashed}). */
    HASH
}
