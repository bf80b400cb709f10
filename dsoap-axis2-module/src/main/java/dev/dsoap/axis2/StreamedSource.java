package dev.dsoap.axis2;

import dev.dsoap.host.Fallback;
import org.apache.axiom.om.ds.AbstractPullOMDataSource;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import java.io.ByteArrayInputStream;
import java.util.NoSuchElementException;

/**
 * The body element of a response an engaged client received, left in its bytes: whoever reads it (a
 * wsdl2java stub's {@code Factory.parse}, or AXIOM when something walks the tree) gets a stream reader over
 * the received bytes, positioned on the element, with the envelope's namespaces in scope. No AXIOM tree is
 * built for the body unless a consumer asks for one.
 *
 * <p>Built by {@link #scan}, which also says why a message is not one to stream (headers, a fault).
 * Thread-safe: every reader is independent; the bytes are never changed.
 */
final class StreamedSource extends AbstractPullOMDataSource {
    private static final XMLInputFactory INPUT = XMLInputFactory.newFactory();

    static {
        INPUT.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        INPUT.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        INPUT.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
    }

    private final byte[] bytes;
    private final int length;

    private StreamedSource(byte[] bytes, int length) {
        this.bytes = bytes;
        this.length = length;
    }

    /**
     * The outcome of {@link #scan}: the element to stream, or why not.
     *
     * @param headerEnd where the Header ends (the byte after its end tag) when it holds WS-Addressing blocks, which
     *                  the client's addressing handlers read; {@code -1} when there are none
     * @param envPrefix the Envelope's prefix, {@code ""} for none
     */
    record Head(StreamedSource source, boolean soap11, QName element, Fallback problem, String detail, int headerEnd,
                String envPrefix) {
        Head(StreamedSource source, boolean soap11, QName element, Fallback problem, String detail) {
            this(source, soap11, element, problem, detail, -1, "");
        }
    }

    /** WS-Addressing's namespaces: 1.0 and the 2004 submission. */
    private static final java.util.Set<String> ADDRESSING = java.util.Set.of("http://www.w3.org/2005/08/addressing",
            "http://schemas.xmlsoap.org/ws/2004/08/addressing");

    /**
     * Reads the start of {@code bytes[0..length)}, a SOAP envelope, up to the body's first element.
     * The message is streamed when its header blocks, if any, are all WS-Addressing's (the client's addressing
     * handlers read them from the envelope the caller builds, {@link Head#headerEnd}) and that element is not a
     * fault.
     */
    static Head scan(byte[] bytes, int length, dev.dsoap.parse.ParserLimits limits) {
        XMLStreamReader r = null;
        try {
            r = INPUT.createXMLStreamReader(new ByteArrayInputStream(bytes, 0, length));
            return head(r, bytes, length, limits);
        } catch (XMLStreamException | RuntimeException e) {
            return new Head(null, false, null, Fallback.REQUEST_SHAPE, "not read as a SOAP envelope: " + e.getMessage());
        } finally {
            close(r);
        }
    }

    /**
     * Reads up to the body's first element. With {@code limits}, also finds where a Header of WS-Addressing blocks ends
     * (dsoap's own scanner, held to them); without, only positions {@code r} (the message was scanned before).
     */
    private static Head head(XMLStreamReader r, byte[] bytes, int length, dev.dsoap.parse.ParserLimits limits)
            throws XMLStreamException {
        r.nextTag();
        String env = r.getNamespaceURI();
        boolean soap11 = SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI.equals(env);
        if (!soap11 && !SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI.equals(env) || !"Envelope".equals(r.getLocalName())) {
            return new Head(null, soap11, null, Fallback.REQUEST_SHAPE, "not a SOAP envelope: " + r.getName());
        }
        String envPrefix = r.getPrefix() == null ? "" : r.getPrefix();
        int headerEnd = -1;
        r.nextTag();
        if (env.equals(r.getNamespaceURI()) && "Header".equals(r.getLocalName())) {
            boolean blocks = false;
            while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                if (!ADDRESSING.contains(r.getNamespaceURI() == null ? "" : r.getNamespaceURI())) {
                    return new Head(null, soap11, null, Fallback.HEADERS, "header block " + r.getName());
                }
                blocks = true;
                skipElement(r);
            }
            if (blocks && limits != null) {
                headerEnd = dev.dsoap.host.HeaderBlocks.headerEnd(new dev.dsoap.parse.XmlScanner(limits), bytes, length);
                if (headerEnd < 0) {
                    return new Head(null, soap11, null, Fallback.HEADERS, "the SOAP Header could not be delimited");
                }
            }
            r.nextTag();
        }
        if (!env.equals(r.getNamespaceURI()) || !"Body".equals(r.getLocalName())) {
            return new Head(null, soap11, null, Fallback.REQUEST_SHAPE, "no SOAP Body: " + r.getName());
        }
        if (r.nextTag() != XMLStreamConstants.START_ELEMENT) {
            return new Head(null, soap11, null, Fallback.REQUEST_SHAPE, "empty SOAP Body");
        }
        if (env.equals(r.getNamespaceURI()) && "Fault".equals(r.getLocalName())) {
            return new Head(null, soap11, null, Fallback.FAULT, null);
        }
        String ns = r.getNamespaceURI();
        String prefix = r.getPrefix();
        QName element = new QName(ns == null ? "" : ns, r.getLocalName(), prefix == null ? "" : prefix);
        return new Head(new StreamedSource(bytes, length), soap11, element, null, null, headerEnd, envPrefix);
    }

    /** Reads past the element {@code r} is at the start of, to its end tag. */
    private static void skipElement(XMLStreamReader r) throws XMLStreamException {
        for (int depth = 1; depth > 0; ) {
            int ev = r.next();
            if (ev == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (ev == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }

    /**
     * The envelope of a response whose Header holds WS-Addressing blocks, built by AXIOM from the message's bytes up
     * to the Header's end followed by an empty Body (the body is never parsed here): the client's addressing handlers
     * read the real header blocks from it. The caller adds the body element.
     */
    static org.apache.axiom.soap.SOAPEnvelope headerEnvelope(byte[] bytes, Head head) {
        String p = head.envPrefix().isEmpty() ? "" : head.envPrefix() + ":";
        byte[] tail = ("<" + p + "Body/></" + p + "Envelope>").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] b = java.util.Arrays.copyOf(bytes, head.headerEnd() + tail.length);
        System.arraycopy(tail, 0, b, head.headerEnd(), tail.length);
        org.apache.axiom.soap.SOAPModelBuilder builder = org.apache.axiom.om.OMXMLBuilderFactory.createSOAPModelBuilder(
                new ByteArrayInputStream(b), "UTF-8");
        org.apache.axiom.soap.SOAPEnvelope env = builder.getSOAPEnvelope();
        env.build();
        return env;
    }

    private static void close(XMLStreamReader r) {
        if (r != null) {
            try {
                r.close();
            } catch (XMLStreamException ignored) {
                // over a byte array: nothing to release
            }
        }
    }

    @Override
    public boolean isDestructiveRead() {
        return false;
    }

    /** A reader of the element alone, as a document: START_DOCUMENT, the element's events, END_DOCUMENT. */
    @Override
    public XMLStreamReader getReader() throws XMLStreamException {
        XMLStreamReader r = INPUT.createXMLStreamReader(new ByteArrayInputStream(bytes, 0, length));
        head(r, bytes, length, null); // scanned before: this only positions the reader on the element
        return new Subtree(r);
    }

    /** One element of an underlying reader, presented as a whole document. Not thread-safe. */
    private static final class Subtree extends StreamReaderDelegate {
        private static final int BEFORE = 0;
        private static final int INSIDE = 1;
        private static final int AFTER = 2;
        private int state = BEFORE;
        /** Open elements, the element itself included. */
        private int depth;

        Subtree(XMLStreamReader positioned) {
            super(positioned);
        }

        @Override
        public int getEventType() {
            return state == BEFORE ? START_DOCUMENT : state == AFTER ? END_DOCUMENT : super.getEventType();
        }

        @Override
        public boolean hasNext() {
            return state != AFTER;
        }

        @Override
        public int next() throws XMLStreamException {
            if (state == BEFORE) {
                state = INSIDE;
                depth = 1;
                return START_ELEMENT;
            }
            if (state == AFTER) {
                throw new NoSuchElementException("the element has been read");
            }
            if (depth == 0) {
                state = AFTER;
                return END_DOCUMENT;
            }
            int e = super.next();
            if (e == START_ELEMENT) {
                depth++;
            } else if (e == END_ELEMENT) {
                depth--;
            }
            return e;
        }

        @Override
        public int nextTag() throws XMLStreamException {
            int e = next();
            while ((e == CHARACTERS || e == CDATA || e == SPACE) && isWhiteSpace() || e == COMMENT || e == PROCESSING_INSTRUCTION) {
                e = next();
            }
            if (e != START_ELEMENT && e != END_ELEMENT) {
                throw new XMLStreamException("expected a start or end tag, found event " + e, getLocation());
            }
            return e;
        }

        @Override
        public String getElementText() throws XMLStreamException {
            if (getEventType() != START_ELEMENT) {
                throw new XMLStreamException("getElementText() not on a start tag", getLocation());
            }
            StringBuilder text = new StringBuilder();
            while (true) {
                int e = next();
                switch (e) {
                    case CHARACTERS, CDATA, SPACE, ENTITY_REFERENCE -> text.append(getText());
                    case COMMENT, PROCESSING_INSTRUCTION -> { }
                    case END_ELEMENT -> {
                        return text.toString();
                    }
                    default -> throw new XMLStreamException("element text holds an element or ends early", getLocation());
                }
            }
        }

        @Override
        public boolean isStartElement() {
            return getEventType() == START_ELEMENT;
        }

        @Override
        public boolean isEndElement() {
            return getEventType() == END_ELEMENT;
        }

        @Override
        public boolean isCharacters() {
            return getEventType() == CHARACTERS;
        }

        @Override
        public boolean isWhiteSpace() {
            int e = getEventType();
            return (e == CHARACTERS || e == SPACE) && super.isWhiteSpace();
        }

        @Override
        public boolean hasName() {
            int e = getEventType();
            return e == START_ELEMENT || e == END_ELEMENT;
        }

        @Override
        public boolean hasText() {
            int e = getEventType();
            return (e == CHARACTERS || e == CDATA || e == SPACE || e == COMMENT || e == ENTITY_REFERENCE || e == DTD) && super.hasText();
        }

        @Override
        public void require(int type, String namespaceURI, String localName) throws XMLStreamException {
            if (type != getEventType()) {
                throw new XMLStreamException("expected event " + type + ", found " + getEventType(), getLocation());
            }
            if (type == START_ELEMENT || type == END_ELEMENT) {
                super.require(type, namespaceURI, localName);
            }
        }
    }
}
