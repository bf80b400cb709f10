/**
 * A SOAP-over-HTTP/1.1 client for plain Java callers, on Netty: bSOAP's client stub. {@link
 * dev.dsoap.client.DsoapClient} sends the message a {@link dev.dsoap.serialize.DifferentialSerializer}
 * holds over one kept-alive connection, chunk by chunk straight from the template's buffers in one gathering
 * write, with a Content-Length or as HTTP chunks (one per template chunk), and pipelines several requests
 * on the connection, their responses matched in order.
 *
 * <p>Netty is an optional dependency of dsoap-core: an application that uses this package declares
 * {@code io.netty:netty-codec-http} and {@code io.netty:netty-handler} itself.
 */
package dev.dsoap.client;
