package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.SOAPVersion;
import com.sun.xml.ws.api.pipe.Codec;

/**
 * A request dsoap read on an endpoint: the values of its operation's parts, which {@link InvokeTube} calls the service
 * with, and its bytes for anything in Metro's chain that reads the body itself (Metro then binds the arguments from its
 * message of these bytes, with any change a handler made to it). Used by one request's thread.
 */
final class CarriedRequest extends ReadMessage {
    /** The invocation property under which the request's packet keeps it, should a handler put another message in its place. */
    static final String KEY = CarriedRequest.class.getName();

    /** {@code null} when the answer is XML; else it goes binary, with its format descriptor when {@code true}. */
    final Boolean binaryAnswer;
    /** Whether the request came in dsoap's binary form (its bytes are no XML). */
    private final boolean binary;
    /** The answer of an identical request this one joined ({@link Coalescing}; its values are then not read), or {@code null}. */
    final dev.dsoap.coalesce.SharedResponse shared;

    /**
     * @param host         Metro's message of the same bytes with their header blocks read (its body not), or
     *                     {@code null} when the request has none
     * @param shared       the answer of the identical request this one joined ({@code values} then {@code null}), or
     *                     {@code null}
     * @param binaryAnswer {@code null} when the answer is XML, else whether the binary answer carries its descriptor
     */
    CarriedRequest(SOAPVersion version, MetroOperation operation, Object[] values, byte[] raw, int length,
                   String contentType, Codec metro, boolean handlers, com.sun.xml.ws.api.message.Message host,
                   dev.dsoap.coalesce.SharedResponse shared, Boolean binaryAnswer) {
        super(version, operation.requestElement, operation, values, raw, length, contentType, metro, handlers, host);
        this.shared = shared;
        this.binaryAnswer = binaryAnswer;
        this.binary = dev.dsoap.negotiation.BinaryMediaType.is(contentType);
    }

    @Override
    byte[] bytes() {
        xml();
        return super.bytes();
    }

    @Override
    java.io.InputStream envelope() {
        xml();
        return super.envelope();
    }

    /** Refuses to hand a binary request's bytes to what wants XML. */
    private void xml() {
        if (binary) {
            // the endpoint refuses binary requests where something needs them in XML (binaryObstacle): not one of those
            throw new jakarta.xml.ws.WebServiceException("dsoap: something in Metro's chain asked for a binary request's "
                    + "body as XML; binary requests are read by dsoap only");
        }
    }

    @Override
    String what() {
        return "request";
    }
}
