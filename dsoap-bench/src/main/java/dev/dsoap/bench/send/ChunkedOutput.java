package dev.dsoap.bench.send;

import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Where the Woodstox baseline of {@link SendTimeBench} writes its message: reused chunks of
 * {@value #CHUNK} bytes (dsoap's default template chunk size), handed to the client as buffers for the same
 * gathering write dsoap's template gets. A stack that streams to a socket fills and sends such buffers as well.
 *
 * <p>Not thread-safe: one per benchmark state.
 */
final class ChunkedOutput extends OutputStream {
    /** Bytes per chunk. */
    static final int CHUNK = 32 * 1024;

    /** The chunks, reused from message to message. */
    private byte[][] chunks = new byte[4][];
    /** Views of the chunks in use, rebuilt by {@link #buffers()}. */
    private ByteBuffer[] views = new ByteBuffer[0];
    /** Chunks holding bytes of the current message (the last one possibly partly). */
    private int count;
    /** Bytes used in chunk {@code count - 1}. */
    private int used = CHUNK;
    /** Bytes of the current message. */
    private long length;

    /** Starts a new message. */
    ChunkedOutput reset() {
        count = 0;
        used = CHUNK;
        length = 0;
        return this;
    }

    long length() {
        return length;
    }

    @Override
    public void write(int b) {
        if (used == CHUNK) {
            next();
        }
        chunks[count - 1][used++] = (byte) b;
        length++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        length += len;
        while (len > 0) {
            if (used == CHUNK) {
                next();
            }
            int n = Math.min(len, CHUNK - used);
            System.arraycopy(b, off, chunks[count - 1], used, n);
            used += n;
            off += n;
            len -= n;
        }
    }

    private void next() {
        if (count == chunks.length) {
            chunks = Arrays.copyOf(chunks, count * 2);
        }
        if (chunks[count] == null) {
            chunks[count] = new byte[CHUNK];
        }
        count++;
        used = 0;
    }

    /** The message as buffers, one per chunk in use; valid until the next {@link #reset()}. */
    ByteBuffer[] buffers() {
        if (views.length != count) {
            views = new ByteBuffer[count];
        }
        for (int i = 0; i < count; i++) {
            views[i] = ByteBuffer.wrap(chunks[i], 0, i == count - 1 ? used : CHUNK);
        }
        return views;
    }
}
