package dev.dsoap.coalesce;

/** Hashes a request's body and identity into a {@link Key}'s hash: finds candidates only, never decides. */
@FunctionalInterface
interface KeyHash {
    /**
     * @param identity the caller's identity, {@code ""} when anonymous
     * @return the hash of {@code length} bytes of {@code body} from {@code offset}, and of {@code identity}
     */
    int hash(byte[] body, int offset, int length, String identity);

    /**
     * A hash of eight bytes at a time, multiplied and rotated, from a seed: a coalescer picks its own seed, so that
     * colliding bodies cannot be prepared in advance to pile up in one bucket of its table. Not cryptographic.
     */
    static KeyHash seeded(long seed) {
        return (body, offset, length, identity) -> WordHash.hash(seed, body, offset, length)
                ^ identity.hashCode() * 0x85EBCA6B;
    }
}
