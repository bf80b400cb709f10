package dev.dsoap.client;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;

/**
 * One HTTP response to a request of a {@link DsoapClient}: status, headers, the whole body, and, when the
 * body is a SOAP fault, its code and reason. Immutable; the body array belongs to this response alone.
 */
public final class Response {
    /** HTTP status code. */
    private final int status;
    /** HTTP reason phrase. */
    private final String reasonPhrase;
    /** The response's headers (a copy, never changed). */
    private final HttpHeaders headers;
    /** The body, de-chunked. */
    private final byte[] body;
    /** The fault's code and reason, when the body is a SOAP fault. */
    private final Faults.Fault fault;

    Response(int status, String reasonPhrase, HttpHeaders headers, byte[] body, Faults.Fault fault) {
        this.status = status;
        this.reasonPhrase = reasonPhrase;
        this.headers = headers;
        this.body = body;
        this.fault = fault;
    }

    /** The HTTP status code, e.g. 200. */
    public int status() {
        return status;
    }

    public String reasonPhrase() {
        return reasonPhrase;
    }

    /** The first value of header {@code name} (any case), or {@code null}. */
    public String header(String name) {
        return headers.get(name);
    }

    /** The {@code Content-Type} header, or {@code null}. */
    public String contentType() {
        return headers.get(HttpHeaderNames.CONTENT_TYPE);
    }

    /** The body's bytes (transfer coding removed); the array itself, not a copy. */
    public byte[] body() {
        return body;
    }

    /** Whether the body is a SOAP 1.1 or 1.2 fault. */
    public boolean isFault() {
        return fault != null;
    }

    /** The fault's code ({@code faultcode}, or {@code Code/Value} in SOAP 1.2), or {@code null}. */
    public String faultCode() {
        return fault == null ? null : fault.code();
    }

    /** The fault's reason ({@code faultstring}, or the first {@code Reason/Text} in SOAP 1.2), or {@code null}. */
    public String faultString() {
        return fault == null ? null : fault.reason();
    }

    @Override
    public String toString() {
        return "HTTP " + status + " " + reasonPhrase + ", " + body.length + " bytes"
                + (fault == null ? "" : ", SOAP fault " + fault.code() + ": " + fault.reason());
    }
}
