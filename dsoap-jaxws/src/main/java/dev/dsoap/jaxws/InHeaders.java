package dev.dsoap.jaxws;

import org.apache.cxf.Bus;
import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.SoapVersion;
import org.apache.cxf.databinding.DataBinding;
import org.apache.cxf.databinding.DataReader;
import org.apache.cxf.headers.Header;
import org.apache.cxf.headers.HeaderManager;
import org.apache.cxf.headers.HeaderProcessor;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.staxutils.PartialXMLStreamReader;
import org.apache.cxf.staxutils.StaxUtils;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The SOAP header blocks of an incoming message dsoap reads, as CXF's own reading would give them to the chain: each
 * block a DOM element (or what a header processor registered for its namespace reads from it) in a {@link SoapHeader}
 * with its role and mustUnderstand, marked incoming. WS-Addressing, the mustUnderstand check and any header-aware
 * interceptor then see the message's header list as without dsoap, while dsoap reads the body. Only the envelope's
 * start and its Header are parsed (with CXF's parser and its limits for the message). Stateless, thread-safe.
 */
final class InHeaders {
    /** The CXF property that copies a Header element's attributes onto its blocks (read as CXF reads it). */
    private static final String PROPAGATE = "org.apache.cxf.binding.soap.propagateHeaderAttributes";

    private InHeaders() {
    }

    /** Why the header blocks of a message cannot be handed over this way. */
    static final class Unreadable extends Exception {
        Unreadable(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }

    /**
     * The header blocks of {@code raw[0..len)}, a message of {@code m}'s SOAP version, in document order.
     *
     * @throws Unreadable if the Header does not parse within CXF's limits, a header processor fails on a block, or
     *                    {@code m} asks for something of CXF's reading that this does not do
     */
    static List<Header> read(SoapMessage m, byte[] raw, int len) throws Unreadable {
        if (MessageUtils.getContextualBoolean(m, PROPAGATE, false)) {
            throw new Unreadable(PROPAGATE + " = true", null);
        }
        SoapVersion v = m.getVersion();
        Document doc;
        XMLStreamReader r = null;
        try {
            r = StaxUtils.configureReader(StaxUtils.createXMLStreamReader(new ByteArrayInputStream(raw, 0, len), "UTF-8"), m);
            doc = StaxUtils.read(new PartialXMLStreamReader(r, v.getBody()));
        } catch (XMLStreamException | RuntimeException e) {
            throw new Unreadable("SOAP Header: " + e.getMessage(), e);
        } finally {
            close(r);
        }
        List<Header> blocks = new ArrayList<>();
        HeaderManager processors = processors(m);
        for (Node n = doc.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element h && v.getNamespace().equals(h.getNamespaceURI())
                    && v.getHeader().getLocalPart().equals(h.getLocalName())) {
                for (Node c = h.getFirstChild(); c != null; c = c.getNextSibling()) {
                    if (c instanceof Element block) {
                        blocks.add(header(m, v, block, processors));
                    }
                }
            }
        }
        return blocks;
    }

    private static SoapHeader header(SoapMessage m, SoapVersion v, Element block, HeaderManager processors) throws Unreadable {
        QName name = new QName(block.getNamespaceURI(), block.getLocalName());
        HeaderProcessor p = processors == null ? null : processors.getHeaderProcessor(block.getNamespaceURI());
        DataBinding binding = p == null ? null : p.getDataBinding();
        Object value = block;
        if (binding != null) {
            try {
                DataReader<Node> reader = binding.createReader(Node.class);
                reader.setAttachments(m.getAttachments());
                reader.setProperty(DataReader.ENDPOINT, m.getExchange().getEndpoint());
                reader.setProperty(Message.class.getName(), m);
                value = reader.read(block);
            } catch (RuntimeException e) {
                throw new Unreadable("header block " + name + ": " + e.getMessage(), e);
            }
        }
        SoapHeader h = new SoapHeader(name, value, binding);
        String role = block.getAttributeNS(v.getNamespace(), v.getAttrNameRole());
        if (!role.isEmpty()) {
            h.setActor(role);
        }
        String mu = block.getAttributeNS(v.getNamespace(), v.getAttrNameMustUnderstand());
        h.setMustUnderstand("1".equals(mu) || "true".equalsIgnoreCase(mu));
        h.setDirection(Header.Direction.DIRECTION_IN);
        return h;
    }

    private static HeaderManager processors(SoapMessage m) {
        Bus bus = m.getExchange() == null ? null : m.getExchange().getBus();
        return bus == null ? null : bus.getExtension(HeaderManager.class);
    }

    private static void close(XMLStreamReader r) {
        if (r != null) {
            try {
                r.close();
            } catch (XMLStreamException e) {
                // the bytes are in memory: nothing to release
            }
        }
    }
}
