package dev.dsoap.host;

/**
 * Why a message (or one direction of it) went through the host's normal path (Axis2's or CXF's) instead of
 * dsoap's. Counted per operation and direction, and logged once per operation, direction and reason.
 */
public enum Fallback {
    /** dsoap is switched off for the operation or direction by configuration. */
    DISABLED("switched off by configuration"),
    /** The request bytes were not captured: dsoap was not installed when the request was read. */
    NOT_CAPTURED("request bytes not captured"),
    /** The message is longer than {@code dsoap.maxMessageBytes}: the host reads it under its own limits. */
    TOO_LARGE("longer than dsoap.maxMessageBytes"),
    /** The message came as REST/POX, not SOAP. */
    REST("REST/POX message"),
    /** MIME multipart (MTOM or SwA) message, or MTOM switched on. */
    ATTACHMENTS("MTOM/SwA attachments"),
    /** A charset other than UTF-8, or an encoding dsoap's parser does not read (UTF-16/32, XML 1.1). */
    CHARSET("not UTF-8"),
    /** SOAP header blocks are present (WS-Addressing, WS-Security, ...), or something added some. */
    HEADERS("SOAP header blocks present"),
    /**
     * The endpoint or client has features, interceptors or handlers that must see the message on the host's
     * path (WS-Security, WS-Policy, WS-Addressing, logging, JAX-WS handlers, ...).
     */
    INTERCEPTORS("interceptors or handlers that need the host's path"),
    /**
     * The request's action (SOAP 1.1 {@code SOAPAction}, SOAP 1.2 {@code action}) is not the one the host
     * would dispatch its body element to: the host decides (it refuses a mismatch, or dispatches by action).
     */
    ACTION("action not the body element's operation"),
    /** A parameter or return type has no dsoap plan, or the operation's style is not one dsoap carries. */
    UNSUPPORTED_TYPE("type or style dsoap does not carry"),
    /** The message is valid for the host but not shaped as the operation's schema says (other element names). */
    REQUEST_SHAPE("message not shaped as the operation's schema"),
    /** A value dsoap's plan of the declared type cannot carry (a subclass, an unpaired surrogate, ...). */
    UNSUPPORTED_VALUE("value the plan cannot carry"),
    /** The service threw (or the response is a fault): the fault goes through the host's fault path. */
    FAULT("service fault"),
    /** Something between the service and the transport changed the response envelope (handlers, MTOM). */
    RESPONSE_CHANGED("response envelope changed after the service"),
    /**
     * The bytes of messages being read at once reached their bound ({@code dsoap.maxInFlightBytes}): the host
     * reads this one from what dsoap had read and the rest of the stream, its own way.
     */
    IN_FLIGHT("bound on bytes in flight (dsoap.maxInFlightBytes) reached"),
    /**
     * A JAX-WS handler asked for the message's body (the whole SAAJ message, a logical handler's payload): the
     * message goes the host's way from there, with the handler's changes.
     */
    HANDLER_BODY("a JAX-WS handler read the body");

    private final String description;

    Fallback(String description) {
        this.description = description;
    }

    /** A short phrase for logs. */
    public String description() {
        return description;
    }
}
