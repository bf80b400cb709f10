package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.SOAPVersion;
import com.sun.xml.ws.api.pipe.Codec;
import com.sun.xml.ws.streaming.XMLStreamWriterUtil;
import dev.dsoap.coalesce.SharedResponse;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The answer of an identical request in flight ({@link Coalescing}), as dsoap wrote it for that one: copied to the
 * transport as it is, with a {@code Content-Length}. Anything in Metro's chain that asks for its body gets Metro's
 * message of these bytes. Used by one request's thread.
 */
final class SharedReply extends Carried {
    private final SharedResponse shared;
    /** Made once: finding the StAX implementation is a service lookup. */
    private static final javax.xml.stream.XMLOutputFactory OUTPUT = javax.xml.stream.XMLOutputFactory.newInstance();

    SharedReply(SOAPVersion version, QName element, SharedResponse shared, Codec metro) {
        super(version, element, metro, null);
        this.shared = shared;
    }

    @Override
    byte[] bytes() {
        return shared.body();
    }

    @Override
    String contentType() {
        return shared.contentType();
    }

    /** Sets the headers dsoap set on the first request's answer (its {@code Vary}, the binary request formats) on {@code con}. */
    void headersTo(com.sun.xml.ws.transport.http.WSHTTPConnection con) {
        for (java.util.Map.Entry<String, java.util.List<String>> h : shared.headers().entrySet()) {
            con.setResponseHeader(h.getKey(), h.getValue());
        }
    }

    /** The answer's length in bytes. */
    int length() {
        return shared.body().length;
    }

    @Override
    void onMaterialized() {
        // nothing to give back: the bytes are the leader's answer, shared as they are
    }

    @Override
    boolean handlers() {
        return false;
    }

    @Override
    java.io.InputStream envelope() {
        return new java.io.ByteArrayInputStream(shared.body());
    }

    /** Writes the answer to {@code out}: the shared bytes, or Metro's message of them once something read it. */
    void writeTo(OutputStream out) throws IOException {
        if (inBytes()) {
            out.write(shared.body());
            return;
        }
        try {
            XMLStreamWriter w = OUTPUT.createXMLStreamWriter(out, "UTF-8");
            materialized().writeTo(w);
            w.flush();
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    @Override
    public void writeTo(XMLStreamWriter w) throws XMLStreamException {
        OutputStream out = inBytes() ? XMLStreamWriterUtil.getOutputStream(w) : null;
        if (out == null) {
            super.writeTo(w); // a writer of events (a dump, SAAJ): Metro's message of these bytes
            return;
        }
        try {
            out.write(shared.body());
        } catch (IOException e) {
            throw new XMLStreamException(e);
        }
    }
}
