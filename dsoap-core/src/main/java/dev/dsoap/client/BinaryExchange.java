package dev.dsoap.client;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryReader;
import dev.dsoap.binary.BinaryWriter;
import dev.dsoap.negotiation.BinaryMediaType;
import dev.dsoap.negotiation.BinaryMode;
import dev.dsoap.negotiation.Choice;
import dev.dsoap.parse.ParserLimits;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * One operation's use of dsoap's binary form with one endpoint, for
 * {@link DsoapClient#call(dev.dsoap.serialize.DifferentialSerializer, Object[], dev.dsoap.deserialize.DifferentialDeserializer, BinaryExchange)}:
 * the formats of its requests and responses (compiled from the same plans as the XML serializer and reader) and
 * the {@link Choice} between XML and binary. In {@link BinaryMode#INTEROPERABILITY} the client asks for binary
 * answers (naming the format it reads) and sends XML; in {@link BinaryMode#PERFORMANCE} it also sends binary
 * requests once the endpoint has named this request format among those it reads
 * ({@value #REQUEST_FORMATS}); an endpoint that refuses one (HTTP 415) gets the same call again as XML, and the
 * client keeps to XML for a while.
 *
 * <p>Thread-safe: calls on many threads share it (each thread writes and reads with its own codec).
 */
public final class BinaryExchange {
    /** Response header in which a dsoap endpoint names the binary request formats it reads (ids, comma-separated). */
    public static final String REQUEST_FORMATS = "X-Dsoap-Request-Format";

    private final BinaryFormat request;
    private final BinaryFormat response;
    private final Choice choice;
    private final ThreadLocal<BinaryWriter> writers;
    private final ThreadLocal<BinaryReader> readers;
    private volatile boolean requestFormatKnown;
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
        this.choice = new Choice(Objects.requireNonNull(mode, "mode"));
        this.writers = request == null ? null : ThreadLocal.withInitial(request::newWriter);
        this.readers = response == null ? null : ThreadLocal.withInitial(() -> response.newReader(limits));
    }

    /** The choice between XML and binary with the endpoint. */
    public Choice choice() {
        return choice;
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
        return response != null && choice.ask() ? BinaryMediaType.accept(xmlType, response.descriptor().idHex()) : null;
    }

    /** The next request in binary in this thread's writer, or {@code null} when it goes XML. */
    BinaryWriter binaryRequest(Object[] parts) {
        if (request == null || !choice.sendBinary()) {
            return null;
        }
        BinaryWriter w = writers.get();
        w.write(parts, !requestFormatKnown);
        binaryRequests.increment();
        return w;
    }

    /** The endpoint refused a binary request (HTTP 415). */
    void refused() {
        choice.refused(Choice.Refusal.UNSUPPORTED_MEDIA_TYPE);
        requestFormatKnown = false;
    }

    /**
     * The values of binary response {@code r}.
     *
     * @throws dev.dsoap.binary.BinaryFormatException if it cannot be read (the client then keeps to XML for a while)
     */
    Object[] read(Response r, boolean sentBinary) {
        if (readers == null) {
            choice.refused(Choice.Refusal.DECODE_ERROR);
            throw new ClientException(ClientException.Reason.HTTP_STATUS, "a binary response to a call that reads none", r, null);
        }
        Object[] values;
        try {
            byte[] body = r.body();
            values = readers.get().read(body, 0, body.length);
        } catch (RuntimeException e) {
            choice.refused(Choice.Refusal.DECODE_ERROR);
            throw e;
        }
        binaryResponses.increment();
        if (sentBinary) {
            requestFormatKnown = true;
        }
        String reads = r.header(REQUEST_FORMATS);
        if (request != null && reads != null
                && Arrays.asList(reads.toLowerCase(Locale.ROOT).split(",")).contains(request.descriptor().idHex())) {
            choice.answeredBinary();
        }
        return values;
    }
}
