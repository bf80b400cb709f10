/**
 * The SAAJ message dsoap hands to JAX-WS handlers on both runtimes ({@link dev.dsoap.jaxws.saaj.LazySoapMessage}):
 * made from a message's bytes the first time a handler uses it, its body parsed only when a handler asks for it. It
 * refers to neither CXF nor Metro; the host glue of each uses it.
 */
package dev.dsoap.jaxws.saaj;
