package dev.dsoap.jaxws.saaj;

import jakarta.xml.soap.AttachmentPart;
import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.MimeHeaders;
import jakarta.xml.soap.SOAPBody;
import jakarta.xml.soap.SOAPConstants;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.soap.SOAPPart;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.transform.stax.StAXSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;

/**
 * The SAAJ message JAX-WS handlers get from dsoap: made from the message's bytes the first time something uses it (a
 * handler that never calls {@code getMessage()}, or reads only properties, costs no SAAJ message at all), with its body
 * parsed only when something asks for it (the SAAJ reference implementation's lazy body, {@code saaj.lazy.soap.body}).
 * {@link #saveChanges()} leaves a body no one asked for unparsed: SAAJ would write the whole message out to compute its
 * MIME headers, which dsoap's path never sends, and handlers commonly call it after changing a header. Everything else
 * is SAAJ's message's own.
 *
 * <p>{@link #getSOAPHeader()} leaves the body unparsed; {@link #getSOAPBody()} and {@link #getSOAPPart()} parse it first
 * (SAAJ's lazy body notices only some DOM calls into it, and a handler walking the document must see the body's content
 * whatever calls it makes). After the handlers, {@link #untouched()} tells whether the message can stay on dsoap's
 * path: nothing asked for its body (or added to it). That needs SAAJ's reference implementation, the one CXF and Metro use; with another, a message
 * once made counts as touched. For one message's thread.
 */
public final class LazySoapMessage extends SOAPMessage {
    /** The SAAJ message property that makes SAAJ's reference implementation parse a body only when it is asked for. */
    private static final String LAZY_BODY = "saaj.lazy.soap.body";

    /** Opens the bytes of the message's envelope. */
    @FunctionalInterface
    public interface Bytes {
        InputStream open() throws IOException;
    }

    /** Makes the StAX reader SAAJ parses those bytes with (the host's, with its limits). */
    @FunctionalInterface
    public interface Readers {
        XMLStreamReader reader(InputStream in) throws XMLStreamException;
    }

    private final boolean soap12;
    private final Bytes bytes;
    private final Readers readers;
    private final Object owner;
    private SOAPMessage saaj;

    /**
     * @param soap12  whether the message is SOAP 1.2 (else 1.1)
     * @param bytes   the envelope's bytes, opened when the message is first used
     * @param readers the StAX reader to parse them with
     */
    public LazySoapMessage(boolean soap12, Bytes bytes, Readers readers) {
        this(soap12, bytes, readers, null);
    }

    /** As {@link #LazySoapMessage(boolean, Bytes, Readers)}, for the host's message {@code owner} of these bytes. */
    public LazySoapMessage(boolean soap12, Bytes bytes, Readers readers, Object owner) {
        this.soap12 = soap12;
        this.bytes = bytes;
        this.readers = readers;
        this.owner = owner;
    }

    /** The host's message of these bytes this one was made for, or {@code null}. */
    public Object owner() {
        return owner;
    }

    /** Whether the SAAJ message was made (something used it). */
    public boolean made() {
        return saaj != null;
    }

    /**
     * Whether no one touched the body: the message was never made, or SAAJ still holds its body unparsed and nothing
     * was added to it.
     */
    public boolean untouched() throws SOAPException {
        if (saaj == null) {
            return true;
        }
        SOAPBody body = saaj.getSOAPPart().getEnvelope().getBody();
        return body != null && LazyBody.untouched(body);
    }

    private SOAPMessage saaj() {
        if (saaj == null) {
            try {
                SOAPMessage m = factory(soap12).createMessage();
                m.setProperty(LAZY_BODY, Boolean.TRUE);
                m.getSOAPPart().setContent(new StAXSource(readers.reader(bytes.open())));
                saaj = m;
            } catch (SOAPException | XMLStreamException e) {
                throw new IllegalStateException("dsoap: the message's SAAJ form: " + e.getMessage(), e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return saaj;
    }

    private static volatile MessageFactory soap11Factory;
    private static volatile MessageFactory soap12Factory;

    private static MessageFactory factory(boolean soap12) throws SOAPException {
        MessageFactory f = soap12 ? soap12Factory : soap11Factory;
        if (f == null) {
            f = MessageFactory.newInstance(soap12 ? SOAPConstants.SOAP_1_2_PROTOCOL : SOAPConstants.SOAP_1_1_PROTOCOL);
            if (soap12) {
                soap12Factory = f;
            } else {
                soap11Factory = f;
            }
        }
        return f;
    }

    /** SAAJ's reference implementation's lazy body, kept apart so that another implementation only fails the check. */
    private static final class LazyBody {
        static boolean untouched(SOAPBody body) {
            try {
                return body instanceof com.sun.xml.messaging.saaj.soap.impl.BodyImpl b && b.isLazy()
                        && b.getFirstChildNoMaterialize() == null;
            } catch (LinkageError e) {
                return false;
            }
        }
    }

    @Override
    public void saveChanges() throws SOAPException {
        if (!untouched()) {
            saaj().saveChanges();
        }
    }

    @Override
    public boolean saveRequired() {
        return saaj().saveRequired();
    }

    @Override
    public String getContentDescription() {
        return saaj().getContentDescription();
    }

    @Override
    public void setContentDescription(String description) {
        saaj().setContentDescription(description);
    }

    /**
     * The message's document, its body parsed first: a handler may walk from it into the body with DOM calls that SAAJ's
     * lazy body does not notice ({@code getElementsByTagName}), and must see the body's content there.
     */
    @Override
    public SOAPPart getSOAPPart() {
        SOAPMessage m = saaj();
        parseBody(m);
        return m.getSOAPPart();
    }

    /** The body, parsed first (see {@link #getSOAPPart()}). */
    @Override
    public SOAPBody getSOAPBody() throws SOAPException {
        SOAPMessage m = saaj();
        parseBody(m);
        return m.getSOAPBody();
    }

    private static void parseBody(SOAPMessage m) {
        try {
            SOAPBody body = m.getSOAPPart().getEnvelope().getBody();
            if (body != null) {
                body.hasChildNodes(); // SAAJ's lazy body parses itself here
            }
        } catch (SOAPException e) {
            throw new IllegalStateException("dsoap: the message's SAAJ form: " + e.getMessage(), e);
        }
    }

    @Override
    public SOAPHeader getSOAPHeader() throws SOAPException {
        return saaj().getSOAPHeader();
    }

    @Override
    public void removeAllAttachments() {
        saaj().removeAllAttachments();
    }

    @Override
    public int countAttachments() {
        return saaj().countAttachments();
    }

    @Override
    public Iterator<AttachmentPart> getAttachments() {
        return saaj().getAttachments();
    }

    @Override
    public Iterator<AttachmentPart> getAttachments(MimeHeaders headers) {
        return saaj().getAttachments(headers);
    }

    @Override
    public void removeAttachments(MimeHeaders headers) {
        saaj().removeAttachments(headers);
    }

    @Override
    public AttachmentPart getAttachment(SOAPElement element) throws SOAPException {
        return saaj().getAttachment(element);
    }

    @Override
    public void addAttachmentPart(AttachmentPart part) {
        saaj().addAttachmentPart(part);
    }

    @Override
    public AttachmentPart createAttachmentPart() {
        return saaj().createAttachmentPart();
    }

    @Override
    public MimeHeaders getMimeHeaders() {
        return saaj().getMimeHeaders();
    }

    @Override
    public void writeTo(OutputStream out) throws SOAPException, IOException {
        saaj().writeTo(out);
    }

    @Override
    public void setProperty(String property, Object value) throws SOAPException {
        saaj().setProperty(property, value);
    }

    @Override
    public Object getProperty(String property) throws SOAPException {
        return saaj().getProperty(property);
    }
}
