package dev.dsoap.serialize;

/**
 * Where a full serialization writes: literal bytes, value leaves and structural markers, in document
 * order. {@link ChunkedTemplate.Writer} keeps them as a template; a streaming sink sends them on.
 *
 * <p>Offsets and lengths are in bytes; {@code node} is a {@link Step} id. Internal to this package: the fresh walk
 * ({@link FreshWalk}) writes into a template's writer or into the overlay's one chunk.
 *
 * <p>Implementations are not thread-safe.
 */
interface ByteSink {
    /** Appends literal bytes (tags, whitespace). */
    void literal(byte[] b, int o, int n);

    /** Appends literal bytes. */
    default void literal(byte[] b) {
        literal(b, 0, b.length);
    }

    /**
     * Appends a value leaf: opening bytes {@code op[oo, oo+on)}, value {@code v[vo, vo+vn)}, closer
     * {@code c[co, co+cn)}, then spaces up to field width {@code width} (a sink may ignore the width).
     * {@code bits} and {@code ref} are the value kept for later comparison.
     *
     * @return an index for the leaf, sink-specific
     */
    int leaf(int node, byte[] op, int oo, int on, byte[] v, int vo, int vn, byte[] c, int co, int cn, int width,
             long bits, Object ref);

    /** Records a START or END marker (no bytes). */
    int marker(byte kind, int node, long bits, Object ref);
}
