package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.SOAPVersion;
import com.sun.xml.ws.api.pipe.Codec;

import javax.xml.namespace.QName;
import java.util.Arrays;

/**
 * An incoming message dsoap read (an endpoint's request, {@link CarriedRequest}, or a client proxy's answer,
 * {@link ReadAnswer}): the values of its operation's parts, and its bytes for anything in Metro's chain that reads the
 * body itself, which then gets Metro's message of these bytes (counted). Used by one call's thread.
 */
abstract class ReadMessage extends Carried {
    final MetroOperation operation;
    /** The parts' values, in plan order. */
    final Object[] values;
    private final byte[] raw;
    private final int length;
    private final String contentType;
    private final boolean handlers;

    /**
     * @param host     Metro's message of the same bytes with their header blocks read (its body not), or {@code null}
     *                 when the message has none
     * @param handlers whether JAX-WS handlers get the message (its lazy SAAJ form, {@link HandlerSaaj})
     */
    ReadMessage(SOAPVersion version, QName element, MetroOperation operation, Object[] values, byte[] raw, int length,
                String contentType, Codec metro, boolean handlers, com.sun.xml.ws.api.message.Message host) {
        super(version, element, metro, host);
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

    @Override
    boolean handlers() {
        return handlers;
    }

    @Override
    java.io.InputStream envelope() {
        return new java.io.ByteArrayInputStream(raw, 0, length);
    }

    /** Why a message whose body something in Metro's chain read goes Metro's way. */
    dev.dsoap.host.Fallback bodyReason() {
        return handlers ? dev.dsoap.host.Fallback.HANDLER_BODY : dev.dsoap.host.Fallback.INTERCEPTORS;
    }

    /** Whether the message goes Metro's way for a reason already counted. */
    private boolean counted;

    /** The message goes Metro's way for a reason already counted: Metro's reading of its body counts nothing more. */
    final void counted() {
        counted = true;
    }

    /** Something asked for the message's body (a handler, a dump): Metro's reading of these bytes goes on from here. */
    @Override
    void onMaterialized() {
        if (counted) {
            return;
        }
        operation.stats.readFallback(bodyReason(), "Metro's chain asked for the " + what() + "'s body"
                + (handlers ? " (a JAX-WS handler)" : ""));
    }

    /** "request" or "answer", for the log. */
    abstract String what();
}
