package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.SOAPVersion;
import com.sun.xml.ws.api.message.Header;
import com.sun.xml.ws.api.pipe.Codec;
import com.sun.xml.ws.streaming.XMLStreamWriterUtil;
import dev.dsoap.host.Reply;
import dev.dsoap.jaxws.saaj.LazySoapMessage;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * A message dsoap wrote ({@link Reply}: an endpoint's answer, or a client proxy's request): copied to the transport as it is, with any header block Metro's chain added
 * placed in a {@code Header} before dsoap's body. Closed by the codec once sent. Used by one request's thread.
 */
final class CarriedReply extends Carried {
    /** The property of the answer's packet under which it keeps this answer, should a handler put another message in its place. */
    static final String KEY = CarriedReply.class.getName();
    private final Reply reply;
    private final String contentType;
    private final dev.dsoap.host.OperationStats stats;
    /** Made once: finding the StAX implementation is a service lookup. */
    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newInstance();
    private final boolean handlers;

    /** @param handlers whether the endpoint has JAX-WS handlers (they, rather than a dump, then read the body) */
    CarriedReply(SOAPVersion version, QName element, Reply reply, String contentType, Codec metro,
                 dev.dsoap.host.OperationStats stats, boolean handlers) {
        this(version, element, reply, contentType, metro, stats, handlers, null);
    }

    /**
     * As an answer, or as a client proxy's request ({@link MetroClient}): {@code host} is Metro's own message of the same
     * values (its header list the one Metro's tubes add to), given to anything that asks for the body.
     */
    CarriedReply(SOAPVersion version, QName element, Reply reply, String contentType, Codec metro,
                 dev.dsoap.host.OperationStats stats, boolean handlers, com.sun.xml.ws.api.message.Message host) {
        super(version, element, metro, host);
        this.reply = reply;
        this.contentType = contentType;
        this.stats = stats;
        this.handlers = handlers;
    }

    /**
     * Something asked for the answer's body (a handler, a dump): Metro's message of these bytes goes on from here,
     * counted, and the template is given back now (a handler may put its own message in the answer's place, and this
     * one is then never sent).
     */
    @Override
    void onMaterialized() {
        reply.close();
        stats.writeFallback(handlers ? dev.dsoap.host.Fallback.HANDLER_BODY : dev.dsoap.host.Fallback.RESPONSE_CHANGED,
                "Metro's chain asked for the answer's body" + (handlers ? " (a JAX-WS handler)" : ""));
    }

    @Override
    byte[] bytes() {
        xml();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    @Override
    String contentType() {
        return contentType;
    }

    /** The header blocks {@link #wireLength} made for the write that follows it, or {@code null}. */
    private byte[] blocks;

    /** Writes the answer, with the header blocks added to it, to {@code out}. */
    void writeTo(OutputStream out) throws IOException {
        if (inBytes()) {
            writeHandled(out);
        } else {
            // something read Metro's message of it (and may have changed it): that is what is sent
            try {
                XMLStreamWriter w = OUTPUT.createXMLStreamWriter(out, "UTF-8");
                materialized().writeTo(w);
                w.flush();
            } catch (XMLStreamException e) {
                throw new IOException(e);
            }
        }
    }

    private void write(OutputStream out) throws IOException {
        byte[] b = blocks;
        blocks = null;
        reply.writeTo(out, b != null ? b : hasHeaders() ? blocks(getHeaders().asList()) : null);
    }

    /**
     * The length of the answer as {@link #writeTo(OutputStream)} is about to write it from the template, with the
     * header blocks Metro's tubes added (made now, and written as made); -1 when something read Metro's message of it,
     * or when the endpoint has JAX-WS handlers (whose SAAJ header, if they used one, is what goes out). Called by the
     * codec just before the write, so that the answer goes out with a {@code Content-Length}.
     */
    long wireLength() throws IOException {
        if (!inBytes() || handlers) {
            return -1;
        }
        blocks = hasHeaders() ? blocks(getHeaders().asList()) : null;
        return reply.length(blocks);
    }

    /** {@code headers} written one after another, or {@code null} when there are none. */
    private static byte[] blocks(Iterable<Header> headers) throws IOException {
        ByteArrayOutputStream blocks = new ByteArrayOutputStream();
        try {
            // a writer of its own for each block, as CXF's blocks are written: one writer refuses a second root
            // element, and each block declares the namespaces it uses itself
            for (Header h : headers) {
                XMLStreamWriter w = OUTPUT.createXMLStreamWriter(blocks, "UTF-8");
                h.writeTo(w);
                w.flush();
                w.close();
            }
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
        return blocks.size() == 0 ? null : blocks.toByteArray();
    }

    @Override
    boolean handlers() {
        return handlers;
    }

    /** Refuses to hand a binary answer to what wants XML. */
    private void xml() {
        if (reply.binary()) {
            // binary answers are not written where something needs the messages in XML (binaryObstacle)
            throw new jakarta.xml.ws.WebServiceException("dsoap: something in Metro's chain asked for a binary answer's "
                    + "body as XML");
        }
    }

    @Override
    java.io.InputStream envelope() {
        xml();
        try {
            return reply.lazyInput(hasHeaders() ? blocks(getHeaders().asList()) : null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes the answer as the JAX-WS handlers left it, their SAAJ message's body untouched ({@link #standsFor}): dsoap's
     * body with the header blocks of the handlers' SAAJ header (or, when no handler used the message, the header list's).
     */
    void writeHandled(OutputStream out) throws IOException {
        LazySoapMessage saaj = lazy();
        if (saaj == null || !saaj.made()) {
            write(out);
            return;
        }
        java.util.List<Header> headers = new java.util.ArrayList<>();
        try {
            jakarta.xml.soap.SOAPHeader h = saaj.getSOAPHeader();
            for (org.w3c.dom.Node n = h == null ? null : h.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof org.w3c.dom.Element e) {
                    headers.add(com.sun.xml.ws.api.message.Headers.create(e));
                }
            }
        } catch (jakarta.xml.soap.SOAPException e) {
            throw new IOException(e);
        }
        reply.writeTo(out, blocks(headers));
    }

    @Override
    public void writeTo(XMLStreamWriter w) throws XMLStreamException {
        OutputStream out = inBytes() ? XMLStreamWriterUtil.getOutputStream(w) : null;
        if (out == null) {
            super.writeTo(w); // a writer of events (a dump, SAAJ): Metro's message of these bytes
            return;
        }
        try {
            write(out);
        } catch (IOException e) {
            throw new XMLStreamException(e);
        }
    }

    /** Gives the template back (a copy of the answer stays for a late write). */
    void close() {
        reply.close();
    }
}
