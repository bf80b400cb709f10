package dev.dsoap.client;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryReader;
import dev.dsoap.binary.BinaryWriter;
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
 * <p>Thread-safe: calls on many threads share it (each thread writes and reads with its own codec).
 */
public final class BinaryExchange {
    private final BinaryFormat request;
    private final BinaryFormat response;
    private final BinaryPeer peer;
    private final ThreadLocal<BinaryWriter> writers;
    private final ThreadLocal<BinaryReader> readers;
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
        this.writers = request == null ? null : ThreadLocal.withInitial(request::newWriter);
        this.readers = response == null ? null : ThreadLocal.withInitial(() -> response.newReader(limits));
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

    /** The next request in binary in this thread's writer, or {@code null} when it goes XML. */
    BinaryWriter binaryRequest(Object[] parts) {
        if (request == null || !peer.sendsBinary()) {
            return null;
        }
        BinaryWriter w = writers.get();
        w.write(parts, peer.describeRequests());
        binaryRequests.increment();
        return w;
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
            values = readers.get().read(body, 0, body.length);
        } catch (RuntimeException e) {
            peer.unreadable();
            throw e;
        }
        binaryResponses.increment();
        peer.answered(r.header(BinaryPeer.REQUEST_FORMATS), request == null ? null : request.descriptor().idHex(), sentBinary);
        return values;
    }
}
