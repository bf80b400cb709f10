package dev.dsoap.negotiation;

import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.util.Locale;

/**
 * The WS-Policy assertion by which a dsoap endpoint says in its WSDL that it answers in binary, the same on every
 * host:
 *
 * <pre>{@code
 * <wsp:Policy xmlns:wsp="http://www.w3.org/ns/ws-policy">
 *   <dsoap:BinaryEncoding xmlns:dsoap="urn:dsoap:policy" wsp:Optional="true"
 *       mediaType="application/vnd.dsoap.binary" mode="interoperability"/>
 * </wsp:Policy>
 * }</pre>
 *
 * The assertion is optional (WS-Policy 1.5, section 4.5.1), so a policy-aware client that does not know it picks
 * the alternative without it and talks plain SOAP; a client that knows it may ask for binary answers as
 * {@link BinaryMediaType} says. {@code mode} is the endpoint's {@code dsoap.binary} setting ({@code interoperability}
 * or {@code performance}; either way the endpoint answers binary when asked and reads binary requests). An endpoint
 * whose setting is {@code off} publishes nothing.
 *
 * <p>The same assertion can stand outside any policy, as a WSDL 1.1 extensibility element of the binding that
 * readers may ignore ({@link #extension(BinaryMode)}): no WS-Policy engine then sees it, so none warns that it has no
 * builder for it (CXF's does, once per bus, even for an optional assertion).
 *
 * <p>Stateless, thread-safe.
 */
public final class BinaryPolicy {
    /** WS-Policy 1.5. */
    public static final String WSP_NAMESPACE = "http://www.w3.org/ns/ws-policy";
    /** The prefix written for {@link #WSP_NAMESPACE}. */
    public static final String WSP_PREFIX = "wsp";
    /** The local name of WS-Policy's {@code Policy} element. */
    public static final String POLICY = "Policy";
    /** The local name of WS-Policy's {@code Optional} attribute. */
    public static final String OPTIONAL = "Optional";
    /** dsoap's policy namespace. */
    public static final String NAMESPACE = "urn:dsoap:policy";
    /** The prefix written for {@link #NAMESPACE}. */
    public static final String PREFIX = "dsoap";
    /** The local name of the assertion. */
    public static final String ASSERTION = "BinaryEncoding";
    /** The attribute naming the binary media type ({@link BinaryMediaType#NAME}). */
    public static final String MEDIA_TYPE = "mediaType";
    /** The attribute naming the endpoint's binary mode, in lower case. */
    public static final String MODE = "mode";
    /** WSDL 1.1, whose {@code required} attribute marks an extensibility element a reader may ignore. */
    public static final String WSDL_NAMESPACE = "http://schemas.xmlsoap.org/wsdl/";
    /** The prefix written for {@link #WSDL_NAMESPACE}. */
    public static final String WSDL_PREFIX = "wsdl";
    /** The local name of WSDL 1.1's {@code required} attribute. */
    public static final String REQUIRED = "required";
    /** The policy's identifier where a host publishes it once and refers to it (Axis2's {@code wsu:Id}). */
    public static final String ID = "DsoapBinaryEncoding";

    private BinaryPolicy() {
    }

    /** Whether an endpoint in {@code mode} publishes the assertion: any mode but {@link BinaryMode#OFF}. */
    public static boolean published(BinaryMode mode) {
        return mode != null && mode != BinaryMode.OFF;
    }

    /** Whether {@code namespaceUri} is dsoap's policy namespace (so an assertion in it needs no other interceptor). */
    public static boolean ours(String namespaceUri) {
        return NAMESPACE.equals(namespaceUri);
    }

    /** The value of {@link #MODE} for {@code mode}. */
    public static String modeName(BinaryMode mode) {
        return mode.name().toLowerCase(Locale.ROOT);
    }

    /**
     * The {@code wsp:Policy} element holding the assertion for an endpoint in {@code mode}, as XML text (no XML
     * declaration), or {@code null} when {@code mode} publishes nothing.
     */
    public static String xml(BinaryMode mode) {
        if (!published(mode)) {
            return null;
        }
        return "<" + WSP_PREFIX + ":" + POLICY + " xmlns:" + WSP_PREFIX + "=\"" + WSP_NAMESPACE + "\">"
                + "<" + PREFIX + ":" + ASSERTION + " xmlns:" + PREFIX + "=\"" + NAMESPACE + "\" "
                + WSP_PREFIX + ":" + OPTIONAL + "=\"true\" " + MEDIA_TYPE + "=\"" + BinaryMediaType.NAME + "\" "
                + MODE + "=\"" + modeName(mode) + "\"/>"
                + "</" + WSP_PREFIX + ":" + POLICY + ">";
    }

    /**
     * The assertion for an endpoint in {@code mode} as a WSDL 1.1 extensibility element of a binding, outside any
     * policy and marked {@code wsdl:required="false"}, as the document element of a new DOM document; {@code null}
     * when {@code mode} publishes nothing:
     *
     * <pre>{@code
     * <dsoap:BinaryEncoding xmlns:dsoap="urn:dsoap:policy" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
     *     wsdl:required="false" mediaType="application/vnd.dsoap.binary" mode="interoperability"/>
     * }</pre>
     */
    public static Element extension(BinaryMode mode) {
        if (!published(mode)) {
            return null;
        }
        Document doc = newDocument();
        Element assertion = doc.createElementNS(NAMESPACE, PREFIX + ":" + ASSERTION);
        assertion.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns:" + PREFIX, NAMESPACE);
        assertion.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns:" + WSDL_PREFIX, WSDL_NAMESPACE);
        assertion.setAttributeNS(WSDL_NAMESPACE, WSDL_PREFIX + ":" + REQUIRED, "false");
        assertion.setAttributeNS(null, MEDIA_TYPE, BinaryMediaType.NAME);
        assertion.setAttributeNS(null, MODE, modeName(mode));
        doc.appendChild(assertion);
        return assertion;
    }

    private static Document newDocument() {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            return f.newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("no DOM implementation: " + e.getMessage(), e);
        }
    }

    /**
     * As {@link #xml(BinaryMode)}, as the document element of a new DOM document (namespace declarations
     * included as attributes, so that a serializer that writes DOM nodes as they are still declares them).
     */
    public static Element element(BinaryMode mode) {
        if (!published(mode)) {
            return null;
        }
        Document doc = newDocument();
        Element policy = doc.createElementNS(WSP_NAMESPACE, WSP_PREFIX + ":" + POLICY);
        policy.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns:" + WSP_PREFIX, WSP_NAMESPACE);
        Element assertion = doc.createElementNS(NAMESPACE, PREFIX + ":" + ASSERTION);
        assertion.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns:" + PREFIX, NAMESPACE);
        assertion.setAttributeNS(WSP_NAMESPACE, WSP_PREFIX + ":" + OPTIONAL, "true");
        assertion.setAttributeNS(null, MEDIA_TYPE, BinaryMediaType.NAME);
        assertion.setAttributeNS(null, MODE, modeName(mode));
        policy.appendChild(assertion);
        doc.appendChild(policy);
        return policy;
    }
}
