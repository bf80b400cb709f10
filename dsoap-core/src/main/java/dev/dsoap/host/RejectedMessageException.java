package dev.dsoap.host;

import dev.dsoap.parse.XmlParseException;

/**
 * An incoming message that neither dsoap nor the host may read: malformed, over one of dsoap's limits, or
 * carrying a DTD. The message says what and where; a host turns it into its own sender fault (SOAP 1.1
 * {@code Client}, SOAP 1.2 {@code Sender}). Nothing dsoap keeps was changed by the message.
 */
public final class RejectedMessageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Whether the message's media type or binary format is what the receiver does not take (HTTP 415). */
    private final boolean unsupportedMediaType;

    RejectedMessageException(String message, Throwable cause) {
        this(message, cause, false);
    }

    RejectedMessageException(String message, Throwable cause, boolean unsupportedMediaType) {
        super("dsoap: " + message, cause);
        this.unsupportedMediaType = unsupportedMediaType;
    }

    /**
     * Whether the receiver does not take this kind of message at all (a binary message where binary is off, or of a
     * format it does not know): a host answers HTTP 415, and a dsoap client resends the request as XML.
     */
    public boolean unsupportedMediaType() {
        return unsupportedMediaType;
    }

    static RejectedMessageException of(XmlParseException e) {
        return new RejectedMessageException(e.getMessage(), e);
    }
}
