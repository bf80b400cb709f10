package dev.dsoap.host;

/**
 * Why a binary message was refused, or why a client went back to XML with an endpoint. Counted per operation
 * ({@link OperationStatsMXBean#getBinaryRefusals()}) and logged once per operation and reason.
 */
public enum BinaryRefusal {
    /** Binary is switched off for the operation ({@code dsoap.binary = off}) or the operation has no binary form. */
    NOT_OFFERED("not offered by this endpoint"),
    /** The message named a format the receiver does not have (answered 415; the sender resends it as XML). */
    UNKNOWN_FORMAT("message of an unknown format"),
    /** The message's format is not the receiver's (answered 415, the difference named). */
    FORMAT_MISMATCH("message of another format"),
    /** The binary message could not be read (truncated, over a limit, a value no sender writes). */
    MALFORMED("message malformed"),
    /** The endpoint refused a binary request (HTTP 415): the client went back to XML. */
    ENDPOINT_REFUSED("request refused by the endpoint: back to XML"),
    /** A binary response could not be read: the client went back to XML. */
    UNREADABLE_RESPONSE("response unreadable: back to XML");

    private final String description;

    BinaryRefusal(String description) {
        this.description = description;
    }

    /** A short phrase for logs. */
    public String description() {
        return description;
    }
}
