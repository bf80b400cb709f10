package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.SOAPVersion;
import com.sun.xml.ws.api.pipe.Codec;

import java.util.Arrays;

/**
 * An answer a client proxy's dsoap read ({@link ClientCodec}): the values of its parts, which {@link MetroClient}
 * returns to the caller, and its bytes for anything in Metro's client chain that reads the body itself (a handler, a
 * dump), which then gets Metro's message of these bytes and the call takes Metro's reading of it. Used by one call's
 * thread.
 */
final class ReadAnswer extends Carried {
    /** The invocation property under which the answer's packet keeps it, should a handler put another message in its place. */
    static final String KEY = ReadAnswer.class.getName();
    final MetroOperation operation;
    /** The parts' values, in plan order. */
    final Object[] values;
    private final byte[] raw;
    private final int length;
    private final String contentType;
    private final boolean handlers;

    /**
     * @param host Metro's message of the same bytes with their header blocks read (its body not), or {@code null} when
     *             the answer has none
     */
    ReadAnswer(SOAPVersion version, MetroOperation operation, Object[] values, byte[] raw, int length, String contentType,
               Codec metro, com.sun.xml.ws.api.message.Message host, boolean handlers) {
        super(version, operation.responseElement, metro, host);
        this.operation = operation;
        this.values = values;
        this.raw = raw;
        this.length = length;
        this.contentType = contentType;
        this.handlers = handlers;
    }

    @Override
    byte[] bytes() {
        return length == raw.length ? raw : Arrays.copyOf(raw, length);
    }

    @Override
    String contentType() {
        return contentType;
    }

    /** Whether the proxy has JAX-WS handlers (they get the lazy SAAJ message of these bytes, {@link HandlerSaaj}). */
    @Override
    boolean handlers() {
        return handlers;
    }

    @Override
    java.io.InputStream envelope() {
        return new java.io.ByteArrayInputStream(raw, 0, length);
    }

    /** Something in Metro's client chain asked for the answer's body: the call takes Metro's reading of these bytes. */
    @Override
    void onMaterialized() {
        operation.stats.readFallback(handlers ? dev.dsoap.host.Fallback.HANDLER_BODY : dev.dsoap.host.Fallback.INTERCEPTORS,
                "Metro's client chain asked for the answer's body" + (handlers ? " (a JAX-WS handler)" : ""));
    }
}
