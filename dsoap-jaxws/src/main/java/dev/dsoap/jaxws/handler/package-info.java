/**
 * A portable {@code jakarta.xml.ws} handler for any JAX-WS runtime: per-operation statistics over JMX and
 * SOAP-binQ's quality-management headers (round-trip estimate, quality attributes, message type chosen from
 * a quality file). Not dsoap's fast path: a handler runs after the runtime decoded the message. See
 * {@link dev.dsoap.jaxws.handler.DsoapQualityHandler} and docs/jaxws.md.
 */
package dev.dsoap.jaxws.handler;
