package dev.dsoap.client;

/** How a request body is delimited on the wire. */
public enum Framing {
    /** A {@code Content-Length} header, then the body's bytes: the total is known before sending. */
    CONTENT_LENGTH,
    /**
     * {@code Transfer-Encoding: chunked}, one HTTP chunk per template chunk (bSOAP's chunk overlaying
     * on the wire: the template's chunks are sent as they are, never coalesced into one buffer).
     */
    CHUNKED
}
