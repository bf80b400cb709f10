package dev.dsoap.host;

import dev.dsoap.binary.BinaryWriter;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerPool;
import dev.dsoap.template.MemoryBudget;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * One outgoing message written by a {@link Carrier}, between the code that asked for it and the transport
 * that sends it. While open it holds the borrowed serializer, whose template is the message; {@link #close()}
 * gives the serializer back, first copying the message if it has not been sent yet, so a late send (a host
 * handler that paused the flow) still writes these bytes and never another message's.
 *
 * <p>An XML reply may be sent with SOAP header blocks the host added after dsoap wrote it (WS-Addressing's, for
 * one): {@link #writeTo(OutputStream, byte[])} places them in a {@code Header} before dsoap's {@code Body}. A
 * reply the host did not send at all is taken back from the written counters ({@link #replaced}).
 *
 * <p>Thread-safe.
 */
public final class Reply implements AutoCloseable {
    /** The pool the serializer goes back to, or {@code null} for a transient one. */
    private final SerializerPool pool;
    /** Counts a reply the host did not send as written. */
    private final OperationStats stats;
    /** Lends the scratch array a long message is gathered in on its way out ({@link #stage}), or {@code null}. */
    private final MemoryBudget budget;
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
    /** Where a Header goes in an XML message: the offset of its Body start tag; {@code -1} for binary. */
    private final int headerAt;
    /** The Header's start and end tags, in the envelope's prefix (declared on the Envelope). */
    private final byte[] headerOpen;
    private final byte[] headerClose;
    /** The length of the message's prolog: everything up to and with its Body start tag; {@code -1} for binary. */
    private final int prologLength;
    /** Takes the message back from the written counters when the host sent something else; run once. */
    private Runnable unsent;

    /** A message on a template: {@code match} and {@code length} are what its serializer counted. */
    Reply(SerializerPool pool, DifferentialSerializer serializer, OperationStats stats, MatchClass match, long length,
          MemoryBudget budget) {
        this(pool, serializer, null, null, null, stats, false, serializer.plan(),
                () -> stats.writes().withdraw(match, length), budget);
    }

    /** A message written elsewhere (a shared window's writer) for {@code plan}: {@code message} is kept as it is. */
    Reply(byte[] message, OperationStats stats, MessagePlan plan) {
        this(null, null, message, null, null, stats, false, plan, () -> { }, null);
    }

    /** A binary message, counted as {@code length} binary bytes written. */
    Reply(BinaryWriter binary, java.util.function.Consumer<BinaryWriter> binaryPool, OperationStats stats, long length) {
        this(null, null, null, binary, binaryPool, stats, true, null, () -> stats.binaryWritten(-1, -length), null);
    }

    private Reply(SerializerPool pool, DifferentialSerializer serializer, byte[] copy, BinaryWriter binary,
                  java.util.function.Consumer<BinaryWriter> binaryPool, OperationStats stats, boolean isBinary,
                  MessagePlan plan, Runnable unsent, MemoryBudget budget) {
        this.pool = pool;
        this.budget = budget;
        this.serializer = serializer;
        this.copy = copy;
        this.binary = binary;
        this.binaryPool = binaryPool;
        this.stats = stats;
        this.isBinary = isBinary;
        this.unsent = unsent;
        if (plan == null) {
            headerAt = -1;
            prologLength = -1;
            headerOpen = headerClose = null;
        } else {
            prologLength = plan.prolog().length;
            String env = plan.convention().envelopePrefix();
            headerOpen = ("<" + env + ":Header>").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            headerClose = ("</" + env + ":Header>").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            headerAt = plan.prolog().length - headerOpen.length + 2; // the prolog ends with <env:Body>
        }
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
            writeStaged(out, -1, null);
        } else {
            out.write(copy);
        }
    }

    /**
     * Writes the message with {@code blocks} in a SOAP {@code Header} before its {@code Body}: header blocks the
     * host added after dsoap wrote the message, as XML elements one after another, each declaring the namespaces it
     * uses except the envelope's. With no blocks ({@code null} or empty) this is {@link #writeTo(OutputStream)}.
     *
     * @throws IllegalStateException if the message is binary (it has no SOAP header), or was closed after it had
     *                               been sent
     */
    public synchronized void writeTo(OutputStream out, byte[] blocks) throws IOException {
        if (blocks == null || blocks.length == 0) {
            writeTo(out);
            return;
        }
        if (headerAt < 0) {
            throw new IllegalStateException("a binary message carries no SOAP header blocks");
        }
        requireMessage();
        sent = true;
        byte[] header = new byte[headerOpen.length + blocks.length + headerClose.length];
        System.arraycopy(headerOpen, 0, header, 0, headerOpen.length);
        System.arraycopy(blocks, 0, header, headerOpen.length, blocks.length);
        System.arraycopy(headerClose, 0, header, headerOpen.length + blocks.length, headerClose.length);
        if (serializer != null) {
            writeStaged(out, headerAt, header);
        } else {
            out.write(copy, 0, headerAt);
            out.write(header);
            out.write(copy, headerAt, copy.length - headerAt);
        }
    }

    /** Messages longer than this go out gathered in a stage ({@link #writeStaged}), in bytes. */
    static final int STAGE_FROM = 64 * 1024;
    /** The most bytes gathered for one write, in bytes. */
    static final int STAGE = 256 * 1024;

    /**
     * Writes the template's message (with {@code insert} before byte {@code at}, when given), gathered in a stage of
     * {@value #STAGE} bytes when it is longer than {@value #STAGE_FROM}: the template's pieces are some 32 KiB, and a
     * host's stream writes each one to its transport as it comes (Jetty's and Tomcat's send a write that long at
     * once, as an HTTP chunk of its own). The stage is one of the budget's spare read buffers, or a new array
     * reserved on the budget (given to it as a spare after); with neither, the pieces go out one by one.
     */
    private void writeStaged(OutputStream out, long at, byte[] insert) throws IOException {
        byte[] stage = budget == null || serializer.messageLength() <= STAGE_FROM ? null : stage();
        if (stage == null) {
            if (insert == null) {
                serializer.writeTo(out);
            } else {
                serializer.writeTo(out, at, insert);
            }
            return;
        }
        try {
            serializer.writeTo(out, at, insert, stage, STAGE);
        } finally {
            budget.unreserve(stage.length);
            budget.giveSpare(stage);
        }
    }

    /** A spare read buffer or a new array, at least {@value #STAGE} long and reserved on the budget, or {@code null}. */
    private byte[] stage() {
        byte[] b = budget.takeSpare(STAGE);
        if (b != null && b.length < STAGE) {
            budget.giveSpare(b);
            b = null;
        }
        int n = b == null ? STAGE : b.length;
        if (!budget.reserve(n)) {
            if (b != null) {
                budget.giveSpare(b);
            }
            return null;
        }
        return b != null ? b : new byte[STAGE];
    }

    /**
     * The message, with {@code blocks} in a SOAP {@code Header} as {@link #writeTo(OutputStream, byte[])} writes it (an
     * empty {@code Header} when there are none, as a new SAAJ message has one), as a stream whose body is copied out of
     * the template only when it is read: a read returns the bytes up to and with the
     * Body start tag and nothing after them in the same read, so a parser that stops at that tag (a SAAJ message that
     * parses its body when asked for it) never makes the copy. For one thread, while this reply is open.
     *
     * @throws IllegalStateException if the message is binary, or was closed after it had been sent
     */
    public synchronized InputStream lazyInput(byte[] blocks) {
        if (headerAt < 0) {
            throw new IllegalStateException("a binary message has no SOAP envelope");
        }
        requireMessage();
        byte[] header = blocks == null ? new byte[0] : blocks;
        byte[] prolog = new byte[prologLength];
        if (serializer != null) {
            ByteBuffer first = serializer.buffers()[0].duplicate();
            if (first.remaining() < prologLength) {
                return new java.io.ByteArrayInputStream(withHeader(serializer.toByteArray(), header));
            }
            first.get(prolog);
        } else {
            System.arraycopy(copy, 0, prolog, 0, prologLength);
        }
        return new LazyInput(withHeader(prolog, header), prologLength);
    }

    /** {@code message} (or its prolog) with {@code blocks} in a Header. */
    private byte[] withHeader(byte[] message, byte[] blocks) {
        int n = headerOpen.length + blocks.length + headerClose.length;
        byte[] b = new byte[message.length + n];
        System.arraycopy(message, 0, b, 0, headerAt);
        System.arraycopy(headerOpen, 0, b, headerAt, headerOpen.length);
        System.arraycopy(blocks, 0, b, headerAt + headerOpen.length, blocks.length);
        System.arraycopy(headerClose, 0, b, headerAt + headerOpen.length + blocks.length, headerClose.length);
        System.arraycopy(message, headerAt, b, headerAt + n, message.length - headerAt);
        return b;
    }

    /** {@link #lazyInput}: the head first, then the rest of a copy of the message from {@code from} on. */
    private final class LazyInput extends InputStream {
        private final byte[] head;
        private int at;
        private byte[] rest;
        private int restAt;

        LazyInput(byte[] head, int from) {
            this.head = head;
            this.restAt = from;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            if (at < head.length) {
                int n = Math.min(len, head.length - at);
                System.arraycopy(head, at, b, off, n);
                at += n;
                return n;
            }
            if (rest == null) {
                rest = toByteArray();
            }
            if (restAt >= rest.length) {
                return -1;
            }
            int n = Math.min(len, rest.length - restAt);
            System.arraycopy(rest, restAt, b, off, n);
            restAt += n;
            return n;
        }
    }

    /** The message's length in bytes: what a {@code Content-Length} header says. */
    public synchronized long length() {
        requireMessage();
        return binary != null ? binary.length() : serializer != null ? serializer.messageLength() : copy.length;
    }

    /**
     * The length in bytes of the message {@link #writeTo(OutputStream, byte[])} writes with {@code blocks}: what its
     * {@code Content-Length} header says.
     *
     * @throws IllegalStateException if {@code blocks} are given and the message is binary, or if it was closed after it
     *                               had been sent
     */
    public synchronized long length(byte[] blocks) {
        if (blocks == null || blocks.length == 0) {
            return length();
        }
        if (headerAt < 0) {
            throw new IllegalStateException("a binary message carries no SOAP header blocks");
        }
        return length() + headerOpen.length + blocks.length + headerClose.length;
    }

    /** A copy of the message (as many times as asked, until closed after sending). */
    public synchronized byte[] toByteArray() {
        requireMessage();
        return binary != null ? binary.toByteArray() : serializer != null ? serializer.toByteArray() : copy.clone();
    }

    /**
     * Records that the host sent something else in this message's place (a handler changed the envelope): the
     * message is taken back from the written counters (messages, bytes, match class; binary ones) and counted as
     * {@link Fallback#RESPONSE_CHANGED} with {@code detail}. Only the first call counts.
     */
    public void replaced(String detail) {
        replaced(Fallback.RESPONSE_CHANGED, detail);
    }

    /** As {@link #replaced(String)}, counted as {@code why}. */
    public void replaced(Fallback why, String detail) {
        if (unsent()) {
            stats.writeFallback(why, detail);
        }
    }

    /**
     * Takes the message back from the written counters, without counting a fallback: the host sent another
     * message dsoap wrote in its place (the XML form of a binary answer that gained header blocks). Only the
     * first call (of this and {@link #replaced}) counts.
     *
     * @return whether this call took it back
     */
    public boolean unsent() {
        Runnable u;
        synchronized (this) {
            u = unsent;
            unsent = null;
        }
        if (u == null) {
            return false;
        }
        u.run();
        return true;
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
