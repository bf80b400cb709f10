package dev.dsoap.axis2;

import dev.dsoap.host.OperationStats;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerPool;

import java.io.IOException;
import java.io.OutputStream;

/**
 * One message written by dsoap, between the receiver (or client) that made it and the formatter that
 * sends it. While open it holds the borrowed serializer, whose template is the message; {@link #close()}
 * gives the serializer back, first copying the message if it has not been sent yet (so a late send, e.g.
 * by a handler that paused the flow, still writes these bytes and never another message's).
 *
 * <p>Thread-safe.
 */
final class Reply {
    /** The message-context property that carries a reply to the formatter. */
    static final String PROPERTY = "dev.dsoap.axis2.reply";

    private final SerializerPool pool;
    private final OperationStats stats;
    private DifferentialSerializer serializer;
    private byte[] copy;
    private boolean sent;

    Reply(SerializerPool pool, DifferentialSerializer serializer, OperationStats stats) {
        this.pool = pool;
        this.serializer = serializer;
        this.stats = stats;
    }

    OperationStats stats() {
        return stats;
    }

    synchronized void writeTo(OutputStream out) throws IOException {
        sent = true;
        if (serializer != null) {
            serializer.writeTo(out);
        } else {
            out.write(copy);
        }
    }

    synchronized byte[] toByteArray() {
        return serializer != null ? serializer.toByteArray() : copy;
    }

    /** Gives the serializer back to its pool; idempotent. */
    synchronized void close() {
        if (serializer == null) {
            return;
        }
        if (!sent) {
            copy = serializer.toByteArray();
        }
        if (pool != null) {
            pool.release(serializer);
        }
        serializer = null;
    }
}
