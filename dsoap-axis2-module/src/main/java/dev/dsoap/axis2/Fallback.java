package dev.dsoap.axis2;

/**
 * Why a message (or one direction of it) went through Axis2's normal path instead of dsoap's. Counted per
 * operation and logged once per operation and reason.
 */
enum Fallback {
    /** dsoap is switched off for the operation or direction by a parameter. */
    DISABLED("switched off by a dsoap.* parameter"),
    /** The request bytes were not captured: the service was not engaged when the request was read. */
    NOT_CAPTURED("request bytes not captured"),
    /** The request came as REST/POX, not SOAP. */
    REST("REST/POX request"),
    /** MIME multipart (MTOM or SwA) message. */
    ATTACHMENTS("MTOM/SwA attachments"),
    /** A charset other than UTF-8, or an encoding dsoap's parser does not read (UTF-16/32, XML 1.1). */
    CHARSET("not UTF-8"),
    /** SOAP header blocks are present (WS-Addressing, WS-Security, ...), or an out handler added some. */
    HEADERS("SOAP header blocks present"),
    /** A parameter or return type has no dsoap plan, or the service style is not one dsoap carries. */
    UNSUPPORTED_TYPE("type or style dsoap does not carry"),
    /** The request is valid for Axis2 but not shaped as the operation's schema says (other element names). */
    REQUEST_SHAPE("request not shaped as the operation's schema"),
    /** A value dsoap's plan of the declared type cannot carry (a subclass, an unpaired surrogate, ...). */
    UNSUPPORTED_VALUE("value the plan cannot carry"),
    /** The service threw: the fault goes through Axis2's fault path. */
    FAULT("service fault"),
    /** Something between the receiver and the transport changed the response envelope (handlers, MTOM). */
    RESPONSE_CHANGED("response envelope changed after the receiver");

    private final String description;

    Fallback(String description) {
        this.description = description;
    }

    /** A short phrase for logs. */
    String description() {
        return description;
    }
}
