package dev.dsoap.sharing;

/**
 * Hashes a chunk's words (raw bits of its values) into 64 bits: finds candidates only, never decides. Tests inject a
 * weak one to force collisions.
 */
@FunctionalInterface
interface ChunkHash {
    /** @return the hash of {@code words[from, from + n)} */
    long hash(long[] words, int from, int n);

    /** Multiplied and rotated a word at a time, then murmur3's finalizer. Not cryptographic. Stateless. */
    ChunkHash DEFAULT = (w, from, n) -> {
        long h = 0x9E3779B97F4A7C15L ^ n * 0xC2B2AE3D27D4EB4FL;
        for (int i = from, end = from + n; i < end; i++) {
            h = Long.rotateLeft(h ^ w[i] * 0xC2B2AE3D27D4EB4FL, 31) * 0x9E3779B97F4A7C15L;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        return h ^ h >>> 33;
    };
}
