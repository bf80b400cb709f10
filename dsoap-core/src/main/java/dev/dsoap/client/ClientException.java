package dev.dsoap.client;

/**
 * Why a request of a {@link DsoapClient} did not bring back a successful response. The message names the
 * endpoint, the request's number on its client and what happened; {@link #reason()} says it as a state,
 * and {@link #response()} holds the response when there was one (an HTTP error status or a SOAP fault).
 */
public final class ClientException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Reason {
        /** The connection could not be opened (refused, unresolved, or not within the connect timeout). */
        CONNECT,
        /**
         * The connection closed (by the server, by a reset, by an earlier error on it, or by
         * {@link DsoapClient#close()}) before the response came; or the client was already closed.
         */
        CLOSED,
        /** No response bytes arrived and no request bytes left for the response timeout while requests were in flight. */
        TIMEOUT,
        /** The response was longer than the client's {@code maxResponseBytes}; the connection was closed. */
        TOO_LARGE,
        /** The server sent something that is not a valid HTTP/1.1 response, or a response nobody asked for. */
        PROTOCOL,
        /** A complete response whose status is not 2xx, and whose body is not a SOAP fault. */
        HTTP_STATUS,
        /** A complete response whose body is a SOAP fault, whatever its status. */
        SOAP_FAULT,
        /** The calling thread was interrupted while waiting to send or for the response. */
        INTERRUPTED
    }

    private final Reason reason;
    /** The response, for {@link Reason#HTTP_STATUS} and {@link Reason#SOAP_FAULT}; otherwise null. */
    private final transient Response response;

    ClientException(Reason reason, String message, Response response, Throwable cause) {
        super(reason + ": " + message, cause);
        this.reason = reason;
        this.response = response;
    }

    ClientException(Reason reason, String message) {
        this(reason, message, null, null);
    }

    public Reason reason() {
        return reason;
    }

    /** The response for {@link Reason#HTTP_STATUS} and {@link Reason#SOAP_FAULT}, otherwise {@code null}. */
    public Response response() {
        return response;
    }
}
