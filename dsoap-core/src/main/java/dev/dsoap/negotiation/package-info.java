/**
 * Which peers get dsoap's binary encoding: the media type, what a request's {@code Accept} header asks for
 * (q-values honoured, so that a plain SOAP client never sees a binary byte), and a client's per-endpoint choice
 * between XML and binary requests, which falls back to XML on a refusal and tries again later. Host- and
 * encoding-independent.
 */
package dev.dsoap.negotiation;
