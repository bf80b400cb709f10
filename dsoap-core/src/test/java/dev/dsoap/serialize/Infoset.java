package dev.dsoap.serialize;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A message reduced to what a data-binding reader sees: element names with namespace URIs, attributes,
 * and the text of leaf elements; whitespace between elements (where stuffing and tag shifts put padding)
 * is dropped. Parsed by Woodstox, the oracle.
 */
final class Infoset {
    private static final XMLInputFactory FACTORY = new com.ctc.wstx.stax.WstxInputFactory();

    static {
        FACTORY.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        FACTORY.setProperty(XMLInputFactory.IS_COALESCING, true);
    }

    private Infoset() {
    }

    static List<String> of(byte[] xml) {
        List<String> out = new ArrayList<>();
        try {
            XMLStreamReader r = FACTORY.createXMLStreamReader(new ByteArrayInputStream(xml));
            StringBuilder text = new StringBuilder();
            boolean leaf = false;
            while (r.hasNext()) {
                int e = r.next();
                switch (e) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        if (text.length() > 0 && text.toString().isBlank()) {
                            text.setLength(0);
                        } else if (text.length() > 0) {
                            out.add("mixed text " + text);
                            text.setLength(0);
                        }
                        TreeMap<String, String> attrs = new TreeMap<>();
                        for (int i = 0; i < r.getAttributeCount(); i++) {
                            attrs.put("{" + nz(r.getAttributeNamespace(i)) + "}" + r.getAttributeLocalName(i),
                                    r.getAttributeValue(i));
                        }
                        out.add("<{" + nz(r.getNamespaceURI()) + "}" + r.getLocalName() + attrs);
                        leaf = true;
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
                            text.append(r.getText());
                    case XMLStreamConstants.END_ELEMENT -> {
                        if (leaf) {
                            out.add("=" + text);
                        } else if (!text.toString().isBlank()) {
                            out.add("mixed text " + text);
                        }
                        text.setLength(0);
                        out.add(">");
                        leaf = false;
                    }
                    default -> {
                    }
                }
            }
        } catch (XMLStreamException e) {
            throw new AssertionError("not well-formed: " + e.getMessage(), e);
        }
        return out;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
