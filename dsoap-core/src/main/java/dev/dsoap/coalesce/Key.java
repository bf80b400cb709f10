package dev.dsoap.coalesce;

import java.util.Arrays;

/**
 * What makes two requests identical: the caller's identity and the body's bytes. The hash only finds candidates;
 * {@link #equals} compares the identities and every byte.
 *
 * <p>The body is not copied: a key refers to its caller's buffer, which must not change while the key is in use
 * (until the caller's {@link Coalescer#call} returns). Immutable.
 */
final class Key {
    /** The caller's buffer holding the body; read only. */
    final byte[] body;
    /** Where the body starts in {@link #body}. */
    final int offset;
    /** The body's length in bytes. */
    final int length;
    /** The caller's identity; {@code ""} when anonymous. */
    final String identity;
    /** {@link KeyHash} of body and identity. */
    private final int hash;

    Key(byte[] body, int offset, int length, String identity, int hash) {
        this.body = body;
        this.offset = offset;
        this.length = length;
        this.identity = identity;
        this.hash = hash;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Key)) {
            return false;
        }
        Key k = (Key) o;
        return k.hash == hash && k.length == length && k.identity.equals(identity)
                && Arrays.equals(body, offset, offset + length, k.body, k.offset, k.offset + k.length);
    }

    @Override
    public String toString() {
        return "Key{" + length + " bytes, identity " + (identity.isEmpty() ? "anonymous" : "of " + identity.length()
                + " chars") + ", hash " + Integer.toHexString(hash) + "}";
    }
}
