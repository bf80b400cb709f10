package dev.dsoap.host;

import dev.dsoap.binary.BinaryWriter;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerPool;

import java.io.IOException;
import java.io.OutputStream;

/**
 * One outgoing message written by a {@link Carrier}, between the code that asked for it and the transport
 * that sends it. While open it holds the borrowed serializer, whose template is the message; {@link #close()}
 * gives the serializer back, first copying the message if it has not been sent yet, so a late send (a host
 * handler that paused the flow) still writes these bytes and never another message's.
 *
 * <p>Thread-safe.
 */
public final class Reply implements AutoCloseable {
    /** The pool the serializer goes back to, or {@code null} for a transient one. */
    private final SerializerPool pool;
    /** Counts a reply the host did not send as written. */
    private final OperationStats stats;
    /** The serializer holding the message, until closed. */
    private DifferentialSerializer serializer;
    /** The message, copied at close when it had not been sent. */
    private byte[] copy;
    /** Whether the message was written to a transport. */
    private boolean sent;
    /** The writer holding a binary message, until closed; {@code null} for XML. */
    private BinaryWriter binary;
    /** Where {@link #binary} goes back to. */
    private final java.util.function.Consumer<BinaryWriter> binaryPool;
    /** Whether the message is binary (it is {@value dev.dsoap.negotiation.BinaryMediaType#NAME}). */
    private final boolean isBinary;

    Reply(SerializerPool pool, DifferentialSerializer serializer, OperationStats stats) {
        this.pool = pool;
        this.serializer = serializer;
        this.stats = stats;
        this.binaryPool = null;
        this.isBinary = false;
    }

    /** A message written elsewhere (a shared window's writer): {@code message} is kept as it is. */
    Reply(byte[] message, OperationStats stats) {
        this.pool = null;
        this.copy = message;
        this.stats = stats;
        this.binaryPool = null;
        this.isBinary = false;
    }

    Reply(BinaryWriter binary, java.util.function.Consumer<BinaryWriter> binaryPool, OperationStats stats) {
        this.pool = null;
        this.binary = binary;
        this.binaryPool = binaryPool;
        this.stats = stats;
        this.isBinary = true;
    }

    /**
     * Whether the message is in dsoap's binary form: its content type is then
     * {@value dev.dsoap.negotiation.BinaryMediaType#NAME}, otherwise the SOAP version's XML type.
     */
    public boolean binary() {
        return isBinary;
    }

    /**
     * Writes the message to {@code out} (the template's chunks as they are).
     *
     * @throws IllegalStateException if the reply was closed after it had been sent (nothing is kept then)
     */
    public synchronized void writeTo(OutputStream out) throws IOException {
        requireMessage();
        sent = true;
        if (binary != null) {
            binary.writeTo(out);
        } else if (serializer != null) {
            serializer.writeTo(out);
        } else {
            out.write(copy);
        }
    }

    /** The message's length in bytes: what a {@code Content-Length} header says. */
    public synchronized long length() {
        requireMessage();
        return binary != null ? binary.length() : serializer != null ? serializer.messageLength() : copy.length;
    }

    /** A copy of the message (as many times as asked, until closed after sending). */
    public synchronized byte[] toByteArray() {
        requireMessage();
        return binary != null ? binary.toByteArray() : serializer != null ? serializer.toByteArray() : copy.clone();
    }

    /**
     * Records that the host sent something else in this message's place (a handler changed the envelope),
     * counted as {@link Fallback#RESPONSE_CHANGED} with {@code detail}.
     */
    public void replaced(String detail) {
        stats.writeFallback(Fallback.RESPONSE_CHANGED, detail);
    }

    private void requireMessage() {
        if (serializer == null && binary == null && copy == null) {
            throw new IllegalStateException("the reply was closed after it had been sent");
        }
    }

    /** Gives the serializer back to its pool; idempotent. */
    @Override
    public synchronized void close() {
        if (binary != null) {
            if (!sent) {
                copy = binary.toByteArray();
            }
            binaryPool.accept(binary);
            binary = null;
            return;
        }
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
