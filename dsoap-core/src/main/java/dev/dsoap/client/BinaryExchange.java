package dev.dsoap.client;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryReader;
import dev.dsoap.binary.BinaryWriter;
import dev.dsoap.host.CursorPool;
import dev.dsoap.negotiation.BinaryMode;
import dev.dsoap.negotiation.BinaryPeer;
import dev.dsoap.negotiation.Choice;
import dev.dsoap.parse.ParserLimits;

import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * One operation's use of dsoap's binary form with one endpoint, for
 * {@link DsoapClient#call(dev.dsoap.serialize.DifferentialSerializer, Object[], dev.dsoap.deserialize.DifferentialDeserializer, BinaryExchange)}:
 * the formats of its requests and responses (compiled from the same plans as the XML serializer and reader) and
 * the negotiation with the endpoint ({@link BinaryPeer}). In {@link BinaryMode#INTEROPERABILITY} the client asks for
 * binary answers (naming the format it reads) and sends XML; in {@link BinaryMode#PERFORMANCE} it also sends binary
 * requests once the endpoint has named this request format among those it reads; an endpoint that refuses one
 * (HTTP 415) gets the same call again as XML, and the client keeps to XML for a while.
 *
 * <p>Thread-safe: calls on many threads share it (each call writes and reads with a codec of its own, taken from a
 * capped pool of this exchange, not from a thread-local: the caller's threads keep nothing of dsoap after it goes).
 */
public final class BinaryExchange {
    private final BinaryFormat request;
    private final BinaryFormat response;
    private final BinaryPeer peer;
    /** The request writers, or {@code null} when requests go XML only. */
    private final CursorPool<BinaryWriter> writers;
    /** The response readers, or {@code null} when responses are read as XML only. */
    private final CursorPool<BinaryReader> readers;
    private final LongAdder binaryRequests = new LongAdder();
    private final LongAdder binaryResponses = new LongAdder();

    /**
     * @param request  the format of the requests, or {@code null} to send XML only
     * @param response the format of the responses, or {@code null} to read XML only
     * @param limits   what binary responses are held to
     */
    public BinaryExchange(BinaryFormat request, BinaryFormat response, BinaryMode mode, ParserLimits limits) {
        Objects.requireNonNull(limits, "limits");
        this.request = request;
        this.response = response;
        this.peer = new BinaryPeer(mode);
        this.writers = request == null ? null : new CursorPool<>(request::newWriter);
        this.readers = response == null ? null : new CursorPool<>(() -> response.newReader(limits));
    }

    /** The choice between XML and binary with the endpoint. */
    public Choice choice() {
        return peer.choice();
    }

    /** Requests sent in binary so far. */
    public long binaryRequests() {
        return binaryRequests.sum();
    }

    /** Responses read in binary so far. */
    public long binaryResponses() {
        return binaryResponses.sum();
    }

    /** The {@code Accept} value of the next request, or {@code null} when it does not ask for binary. */
    String accept(String xmlType) {
        return peer.accept(xmlType, response == null ? null : response.descriptor().idHex());
    }

    /**
     * The next request in binary in a writer the caller has alone until it gives it back with {@link #sent}, or
     * {@code null} when it goes XML.
     */
    BinaryWriter binaryRequest(Object[] parts) {
        if (request == null || !peer.sendsBinary()) {
            return null;
        }
        BinaryWriter w = writers.take();
        try {
            w.write(parts, peer.describeRequests());
        } catch (RuntimeException e) {
            writers.give(w);
            throw e;
        }
        binaryRequests.increment();
        return w;
    }

    /** Gives back the writer of a binary request once its bytes are sent (a response came). */
    void sent(BinaryWriter w) {
        writers.give(w);
    }

    /** The endpoint refused a binary request (HTTP 415). */
    void refused() {
        peer.refused();
    }

    /**
     * The values of binary response {@code r}.
     *
     * @throws dev.dsoap.binary.BinaryFormatException if it cannot be read (the client then keeps to XML for a while)
     */
    Object[] read(Response r, boolean sentBinary) {
        if (readers == null) {
            peer.unreadable();
            throw new ClientException(ClientException.Reason.HTTP_STATUS, "a binary response to a call that reads none", r, null);
        }
        Object[] values;
        try {
            byte[] body = r.body();
            BinaryReader reader = readers.take();
            try {
                values = reader.read(body, 0, body.length);
            } finally {
                readers.give(reader);
            }
        } catch (RuntimeException e) {
            peer.unreadable();
            throw e;
        }
        binaryResponses.increment();
        peer.answered(r.header(BinaryPeer.REQUEST_FORMATS), request == null ? null : request.descriptor().idHex(), sentBinary);
        return values;
    }
}
