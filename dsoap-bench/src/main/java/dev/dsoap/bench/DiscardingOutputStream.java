package dev.dsoap.bench;

import java.io.OutputStream;

/**
 * Where every benchmark, baseline and dsoap alike, writes its message: an {@link OutputStream} that counts
 * the bytes and, in {@link Mode#COPY}, also copies them into one reused buffer (the cost of handing bytes to a
 * socket's send buffer), otherwise discards them. Benchmarks return {@link #count()} so the work is consumed.
 *
 * <p>Not thread-safe: one per benchmark state.
 */
public final class DiscardingOutputStream extends OutputStream {
    /** What happens to the bytes. */
    public enum Mode {
        /** Count only. */
        DISCARD,
        /** Count and copy into a reused buffer, wrapping around. */
        COPY
    }

    /** Size of the reused buffer in {@link Mode#COPY}. */
    private static final int COPY_BUFFER = 1 << 20;

    /** Whether bytes are copied. */
    private final boolean copy;
    /** The reused buffer, or {@code null} in {@link Mode#DISCARD}. */
    private final byte[] buffer;
    /** Next write position in {@link #buffer}. */
    private int pos;
    /** Bytes written since the last {@link #reset()}. */
    private long count;

    public DiscardingOutputStream(Mode mode) {
        this.copy = mode == Mode.COPY;
        this.buffer = copy ? new byte[COPY_BUFFER] : null;
    }

    /** Starts counting a new message. */
    public DiscardingOutputStream reset() {
        count = 0;
        return this;
    }

    /** Bytes written since the last {@link #reset()}. */
    public long count() {
        return count;
    }

    @Override
    public void write(int b) {
        if (copy) {
            if (pos == buffer.length) {
                pos = 0;
            }
            buffer[pos++] = (byte) b;
        }
        count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (copy) {
            copy(b, off, len);
        }
        count += len;
    }

    private void copy(byte[] b, int off, int len) {
        while (len > 0) {
            if (pos == buffer.length) {
                pos = 0;
            }
            int k = Math.min(len, buffer.length - pos);
            System.arraycopy(b, off, buffer, pos, k);
            pos += k;
            off += k;
            len -= k;
        }
    }
}
