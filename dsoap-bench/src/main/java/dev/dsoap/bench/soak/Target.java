package dev.dsoap.bench.soak;

import java.net.URI;

/** An embedded server with dsoap under soak: where to send, how a request for values looks, what dsoap reports. */
public interface Target extends AutoCloseable {
    /** The host's name in the output ({@code axis2}, {@code cxf}). */
    String host();

    /** The echo operation's endpoint. */
    URI uri();

    /** The SOAP 1.1 request echoing {@code values}. */
    byte[] request(double[] values);

    /** The bytes dsoap reports retained for the echo operation (its MBean's {@code RetainedBytes}), or -1 before the first call. */
    long retainedBytes();

    @Override
    void close() throws Exception;
}
