package dev.dsoap.binding;

import java.io.ByteArrayInputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/** Test-only: a namespace-aware Woodstox parse into a small element tree. */
final class Xml {
    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    static final String XSD = "http://www.w3.org/2001/XMLSchema";
    static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

    private Xml() {
    }

    /** One element: its expanded name, attributes, children and text; xsi:type resolved in scope. */
    static final class El {
        final String uri;
        final String local;
        final String prefix;
        final Map<QName, String> attributes = new LinkedHashMap<>();
        final List<El> children = new ArrayList<>();
        final StringBuilder text = new StringBuilder();
        QName xsiType;

        El(String uri, String local, String prefix) {
            this.uri = uri;
            this.local = local;
            this.prefix = prefix;
        }

        QName name() {
            return new QName(uri, local);
        }

        String text() {
            return text.toString();
        }

        String attribute(String local) {
            return attributes.get(new QName("", local));
        }

        boolean nil() {
            return "true".equals(attributes.get(new QName(XSI, "nil")));
        }

        El child(String local) {
            for (El c : children) {
                if (c.local.equals(local)) {
                    return c;
                }
            }
            throw new AssertionError("no child " + local + " in " + this.local + ": " + locals());
        }

        List<El> children(String local) {
            return children.stream().filter(c -> c.local.equals(local)).toList();
        }

        List<String> locals() {
            return children.stream().map(c -> c.local).toList();
        }

        @Override
        public String toString() {
            return "{" + uri + "}" + local + attributes + locals();
        }
    }

    /** Parses a whole document; returns its root element (the Envelope). */
    static El parse(byte[] doc) {
        XMLInputFactory f = XMLInputFactory.newInstance();
        if (!f.getClass().getName().startsWith("com.ctc.wstx.")) {
            throw new AssertionError("expected Woodstox, got " + f.getClass().getName());
        }
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        try {
            XMLStreamReader r = f.createXMLStreamReader(new ByteArrayInputStream(doc));
            ArrayDeque<El> stack = new ArrayDeque<>();
            El root = null;
            while (r.hasNext()) {
                int e = r.next();
                if (e == XMLStreamConstants.START_ELEMENT) {
                    El el = new El(r.getNamespaceURI() == null ? "" : r.getNamespaceURI(), r.getLocalName(), r.getPrefix());
                    for (int i = 0; i < r.getAttributeCount(); i++) {
                        el.attributes.put(r.getAttributeName(i), r.getAttributeValue(i));
                    }
                    String type = el.attributes.get(new QName(XSI, "type"));
                    if (type != null) {
                        int colon = type.indexOf(':');
                        String p = colon < 0 ? "" : type.substring(0, colon);
                        String uri = r.getNamespaceURI(p);
                        if (colon >= 0 && uri == null) {
                            throw new AssertionError("xsi:type prefix " + p + " not in scope at " + el.local);
                        }
                        el.xsiType = new QName(uri == null ? "" : uri, type.substring(colon + 1));
                    }
                    if (stack.isEmpty()) {
                        root = el;
                    } else {
                        stack.peek().children.add(el);
                    }
                    stack.push(el);
                } else if (e == XMLStreamConstants.END_ELEMENT) {
                    stack.pop();
                } else if (e == XMLStreamConstants.CHARACTERS && !stack.isEmpty()) {
                    stack.peek().text.append(r.getText());
                }
            }
            return root;
        } catch (XMLStreamException e) {
            throw new AssertionError("not well-formed: " + e.getMessage() + "\n" + new String(doc, java.nio.charset.StandardCharsets.UTF_8), e);
        }
    }

    /** The first element inside the Body of a parsed envelope. */
    static El bodyChild(El envelope) {
        El body = envelope.children.get(0);
        if (!body.local.equals("Body") || body.children.size() != 1) {
            throw new AssertionError("expected one Body child: " + body);
        }
        return body.children.get(0);
    }

    /** The xsd:double lexical form as a double. */
    static double xsdDouble(String s) {
        return switch (s) {
            case "INF" -> Double.POSITIVE_INFINITY;
            case "-INF" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(s);
        };
    }
}
