package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.SOAPVersion;
import com.sun.xml.ws.api.message.HeaderList;
import com.sun.xml.ws.api.message.Message;
import com.sun.xml.ws.api.message.MessageHeaders;
import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.pipe.Codec;
import com.sun.xml.ws.message.AbstractMessageImpl;
import com.sun.xml.ws.spi.db.XMLBridge;
import dev.dsoap.jaxws.saaj.LazySoapMessage;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Unmarshaller;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;
import org.xml.sax.ContentHandler;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import javax.xml.transform.Source;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.sax.SAXResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A message dsoap read or wrote, in its bytes: Metro's chain sees its body element's name (for dispatch) and its
 * header blocks (a request's as Metro's codec read them, else an empty list); anything that asks for the body itself
 * (a dump, SAAJ, a payload reader) gets Metro's own message of the same bytes, made then, once (for a request with
 * header blocks, the message Metro's codec made, whose body is still unread). Used by one request's thread.
 */
abstract class Carried extends AbstractMessageImpl {
    private final QName element;
    private final Codec metro;
    private HeaderList headers;
    /** Metro's message of the same bytes, once something asked for it. */
    private Message materialized;
    /** The SAAJ message JAX-WS handlers got of these bytes, or {@code null}. */
    private LazySoapMessage lazy;

    Carried(SOAPVersion version, QName element, Codec metro, Message host) {
        super(version);
        this.element = element;
        this.metro = metro;
        this.host = host;
    }

    /** Metro's message of the same bytes with their header blocks read, or {@code null}. */
    private final Message host;

    /** The whole message's bytes. */
    abstract byte[] bytes();

    /** The message's content type. */
    abstract String contentType();

    /** Metro's own message of these bytes, with the header blocks added to this one meanwhile. */
    final Message materialized() {
        if (materialized == null && host != null) {
            materialized = host; // its header list is the one Metro's tubes saw and changed
            onMaterialized();
        }
        if (materialized == null) {
            Packet p = new Packet();
            try {
                metro.copy().decode(new ByteArrayInputStream(bytes()), contentType(), p);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Message m = p.getInternalMessage();
            if (headers != null && !headers.isEmpty()) {
                for (com.sun.xml.ws.api.message.Header h : headers.asList()) {
                    m.getHeaders().add(h);
                }
            }
            materialized = m;
            onMaterialized();
        }
        return materialized;
    }

    /** Called once, when something in Metro's chain asked for Metro's message of these bytes. */
    abstract void onMaterialized();

    /** Whether the body is still only in its bytes (nothing asked for Metro's message). */
    final boolean inBytes() {
        return materialized == null;
    }

    @Override
    public boolean hasHeaders() {
        if (materialized != null || host != null) {
            return (materialized != null ? materialized : host).hasHeaders();
        }
        return headers != null && !headers.isEmpty();
    }

    @Override
    public MessageHeaders getHeaders() {
        if (materialized != null || host != null) {
            return (materialized != null ? materialized : host).getHeaders();
        }
        if (headers == null) {
            headers = new HeaderList(soapVersion);
        }
        return headers;
    }

    @Override
    public String getPayloadLocalPart() {
        return element.getLocalPart();
    }

    @Override
    public String getPayloadNamespaceURI() {
        return element.getNamespaceURI();
    }

    @Override
    public boolean hasPayload() {
        return true;
    }

    @Override
    public Source readEnvelopeAsSource() {
        return materialized().readEnvelopeAsSource();
    }

    @Override
    public Source readPayloadAsSource() {
        return materialized().readPayloadAsSource();
    }

    /**
     * The SAAJ message a JAX-WS handler asks for: while the body is in its bytes and the endpoint has handlers, one made
     * from the envelope's bytes the first time the handler uses it, whose body is parsed only if the handler asks for
     * it ({@link LazySoapMessage}); Metro then puts it in this message's place, and {@link #standsFor} tells whether
     * this message may take it back. Otherwise Metro's own message's.
     */
    @Override
    public SOAPMessage readAsSOAPMessage() throws SOAPException {
        if (materialized == null && handlers()) {
            if (lazy == null) {
                lazy = new LazySoapMessage(soapVersion == SOAPVersion.SOAP_12, this::envelope,
                        in -> com.sun.xml.ws.api.streaming.XMLStreamReaderFactory.create(null, in, "UTF-8", true), this);
            }
            return lazy;
        }
        return materialized().readAsSOAPMessage();
    }

    /** Whether the endpoint has JAX-WS handlers (which get {@link #readAsSOAPMessage()}'s lazy message). */
    abstract boolean handlers();

    /** The envelope's bytes for the handlers' SAAJ message, with the header blocks Metro's chain added. */
    abstract java.io.InputStream envelope();

    /** The SAAJ message the handlers got, or {@code null}. */
    final LazySoapMessage lazy() {
        return lazy;
    }

    /**
     * Whether {@code m}, the message Metro's handler tube left in this one's place, is the handlers' SAAJ message of these
     * bytes, its body untouched: this message may then stand for it again. When it is not (a handler asked for the body,
     * or put another message in its place), {@code m} is Metro's message of this one from here, counted once.
     */
    final boolean standsFor(Message m) {
        if (m == this) {
            return true;
        }
        if (lazy == null || materialized != null) {
            return false;
        }
        try {
            if (m instanceof com.sun.xml.ws.message.saaj.SAAJMessage s && s.readAsSOAPMessage() == lazy && lazy.untouched()) {
                return true;
            }
        } catch (SOAPException e) {
            // not ours to keep
        }
        materialized = m;
        onMaterialized();
        return false;
    }

    @Override
    public <T> T readPayloadAsJAXB(Unmarshaller unmarshaller) throws JAXBException {
        return materialized().readPayloadAsJAXB(unmarshaller);
    }

    @Override
    public <T> T readPayloadAsJAXB(XMLBridge<T> bridge) throws JAXBException {
        return materialized().readPayloadAsJAXB(bridge);
    }

    @Override
    public XMLStreamReader readPayload() throws XMLStreamException {
        return materialized().readPayload();
    }

    @Override
    public void writePayloadTo(XMLStreamWriter w) throws XMLStreamException {
        materialized().writePayloadTo(w);
    }

    @Override
    public void writeTo(XMLStreamWriter w) throws XMLStreamException {
        materialized().writeTo(w);
    }

    @Override
    public void writeTo(ContentHandler contentHandler, ErrorHandler errorHandler) throws SAXException {
        materialized().writeTo(contentHandler, errorHandler);
    }

    @Override
    protected void writePayloadTo(ContentHandler contentHandler, ErrorHandler errorHandler, boolean fragment) throws SAXException {
        try {
            TransformerFactory.newInstance().newTransformer().transform(readPayloadAsSource(), new SAXResult(contentHandler));
        } catch (TransformerException e) {
            throw new SAXException(e);
        }
    }

    @Override
    public Message copy() {
        return materialized().copy();
    }
}
