package dev.dsoap.host;

import dev.dsoap.parse.XmlParseException;

/**
 * An incoming message that neither dsoap nor the host may read: malformed, over one of dsoap's limits, or
 * carrying a DTD. The message says what and where; a host turns it into its own sender fault (SOAP 1.1
 * {@code Client}, SOAP 1.2 {@code Sender}). Nothing dsoap keeps was changed by the message.
 */
public final class RejectedMessageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RejectedMessageException(String message, Throwable cause) {
        super("dsoap: " + message, cause);
    }

    static RejectedMessageException of(XmlParseException e) {
        return new RejectedMessageException(e.getMessage(), e);
    }
}
