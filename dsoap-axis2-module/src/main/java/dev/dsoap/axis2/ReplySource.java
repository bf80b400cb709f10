package dev.dsoap.axis2;

import dev.dsoap.host.Reply;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMXMLBuilderFactory;
import org.apache.axiom.om.ds.AbstractPushOMDataSource;
import org.apache.axiom.soap.SOAPModelBuilder;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.ByteArrayInputStream;

/**
 * The body element of a {@link Reply}, as AXIOM sees it. The formatter normally writes the reply's bytes
 * itself and never asks; when something else serializes or inspects the envelope (a handler, MTOM), the
 * element is read back from the reply's bytes with AXIOM and written through the given writer, so the
 * result is the same element.
 */
final class ReplySource extends AbstractPushOMDataSource {
    /** The message-context property that carries a reply to the formatter. */
    static final String PROPERTY = "dev.dsoap.axis2.reply";
    /** The message-context property that carries an identical request's response to the formatter. */
    static final String SHARED = "dev.dsoap.axis2.shared";

    private final Reply reply;
    /** The message as XML, for whoever serializes the element: the reply's own bytes, or the XML form of a binary one. */
    private final java.util.function.Supplier<byte[]> xml;
    /** The identical request's response this element stands for, or {@code null}. */
    private final dev.dsoap.coalesce.SharedResponse shared;
    /** Writes a binary reply's values as XML, or {@code null}. */
    private final java.util.function.Supplier<Reply> xmlReply;

    ReplySource(Reply reply) {
        this(reply, reply::toByteArray, null, null);
    }

    /** The body element of an identical request's response (its XML bytes). */
    ReplySource(dev.dsoap.coalesce.SharedResponse shared) {
        this(null, shared::body, shared, null);
    }

    /** The identical request's response this element stands for, or {@code null}. */
    dev.dsoap.coalesce.SharedResponse shared() {
        return shared;
    }

    /**
     * The body element of a binary {@code reply}, whose XML form {@code xmlReply} writes (with dsoap) if anything
     * asks: a handler that serializes the element, or header blocks that have no place in a binary message.
     */
    ReplySource(Reply reply, java.util.function.Supplier<Reply> xmlReply) {
        this(reply, () -> {
            try (Reply r = xmlReply.get()) {
                if (r == null) {
                    throw new IllegalStateException("the values of a binary answer have no XML form");
                }
                return r.toByteArray();
            }
        }, null, xmlReply);
    }

    private ReplySource(Reply reply, java.util.function.Supplier<byte[]> xml, dev.dsoap.coalesce.SharedResponse shared,
                        java.util.function.Supplier<Reply> xmlReply) {
        this.shared = shared;
        this.reply = reply;
        this.xml = xml;
        this.xmlReply = xmlReply;
    }

    /** The XML form of a binary reply, written by dsoap, to send and close; {@code null} if none. */
    Reply xmlReply() {
        return xmlReply == null ? null : xmlReply.get();
    }

    Reply reply() {
        return reply;
    }

    @Override
    public boolean isDestructiveWrite() {
        return false;
    }

    @Override
    public void serialize(XMLStreamWriter writer) throws XMLStreamException {
        SOAPModelBuilder b = OMXMLBuilderFactory.createSOAPModelBuilder(new ByteArrayInputStream(xml.get()), "UTF-8");
        try {
            OMElement element = b.getSOAPEnvelope().getBody().getFirstElement();
            if (element != null) {
                element.serialize(writer);
            }
        } finally {
            b.close();
        }
    }
}
