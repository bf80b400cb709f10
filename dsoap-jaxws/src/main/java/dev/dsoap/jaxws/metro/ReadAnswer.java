package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.SOAPVersion;
import com.sun.xml.ws.api.pipe.Codec;

/**
 * An answer a client proxy's dsoap read ({@link ClientCodec}): the values of its parts, which {@link MetroClient}
 * returns to the caller, and its bytes for anything in Metro's client chain that reads the body itself (a handler, a
 * dump), which then gets Metro's message of these bytes, and the call takes Metro's reading of it. Used by one call's
 * thread.
 */
final class ReadAnswer extends ReadMessage {
    /** The invocation property under which the answer's packet keeps it, should a handler put another message in its place. */
    static final String KEY = ReadAnswer.class.getName();

    /**
     * @param host     Metro's message of the same bytes with their header blocks read (its body not), or {@code null}
     *                 when the answer has none
     * @param handlers whether the proxy has JAX-WS handlers (they get the lazy SAAJ message of these bytes)
     */
    ReadAnswer(SOAPVersion version, MetroOperation operation, Object[] values, byte[] raw, int length, String contentType,
               Codec metro, com.sun.xml.ws.api.message.Message host, boolean handlers) {
        super(version, operation.responseElement, operation, values, raw, length, contentType, metro, handlers, host);
    }

    @Override
    String what() {
        return "answer";
    }
}
