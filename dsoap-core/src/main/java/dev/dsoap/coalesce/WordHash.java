package dev.dsoap.coalesce;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A seeded hash of a byte range, eight bytes at a time (multiplied and rotated, then murmur3's finalizer so that
 * every input bit reaches the low 32). Not cryptographic. Stateless, thread-safe.
 */
final class WordHash {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long M1 = 0x9E3779B97F4A7C15L;
    private static final long M2 = 0xC2B2AE3D27D4EB4FL;

    private WordHash() {
    }

    /** @return the hash of {@code length} bytes of {@code b} from {@code offset}, under {@code seed} */
    static int hash(long seed, byte[] b, int offset, int length) {
        long h = seed ^ length * M1;
        int i = offset;
        int end = offset + length;
        for (int stop = end - 7; i < stop; i += 8) {
            h = Long.rotateLeft(h ^ (long) LONG.get(b, i) * M2, 31) * M1;
        }
        if (i < end) {
            long tail = 0;
            for (int shift = 0; i < end; i++, shift += 8) {
                tail |= (b[i] & 0xFFL) << shift;
            }
            h = Long.rotateLeft(h ^ tail * M2, 31) * M1;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return (int) h;
    }
}
