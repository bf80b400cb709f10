package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.SOAPVersion;
import com.sun.xml.ws.api.pipe.Codec;

import java.util.Arrays;

/**
 * A request dsoap read: the values of its operation's parts, which {@link InvokeTube} calls the service with, and its
 * bytes for anything in Metro's chain that reads the body itself. Used by one request's thread.
 */
final class CarriedRequest extends Carried {
    final MetroOperation operation;
    /** The parts' values, in plan order. */
    final Object[] values;
    private final byte[] raw;
    private final int length;
    private final String contentType;

    CarriedRequest(SOAPVersion version, MetroOperation operation, Object[] values, byte[] raw, int length,
                   String contentType, Codec metro) {
        super(version, operation.requestElement, metro);
        this.operation = operation;
        this.values = values;
        this.raw = raw;
        this.length = length;
        this.contentType = contentType;
    }

    @Override
    byte[] bytes() {
        return length == raw.length ? raw : Arrays.copyOf(raw, length);
    }

    @Override
    String contentType() {
        return contentType;
    }
}
