package dev.dsoap.bench.report;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.xml.sax.InputSource;

/** Reads the report's files with the JDK's XML parser, DTDs and external entities off. */
final class ReportXml {
    private ReportXml() {
    }

    static Document parse(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setFeature("http://xml.org/sax/features/external-general-entities", false);
        f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        f.setXIncludeAware(false);
        f.setExpandEntityReferences(false);
        DocumentBuilder b = f.newDocumentBuilder();
        b.setErrorHandler(null);
        return b.parse(new InputSource(new StringReader(Files.readString(file))));
    }

    /** The text of every SVG {@code <text>} element, in document order. */
    static List<String> svgTexts(Path svg) throws Exception {
        NodeList ts = parse(svg).getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < ts.getLength(); i++) {
            out.add(ts.item(i).getTextContent());
        }
        return out;
    }

    /** The targets table of index.html: target text to status text, in order. */
    static Map<String, String> targets(Path index) throws Exception {
        Document d = parse(index);
        NodeList tables = d.getElementsByTagName("table");
        for (int i = 0; i < tables.getLength(); i++) {
            Element t = (Element) tables.item(i);
            if (!"targets".equals(t.getAttribute("class"))) {
                continue;
            }
            Map<String, String> out = new LinkedHashMap<>();
            NodeList rows = t.getElementsByTagName("tr");
            for (int r = 1; r < rows.getLength(); r++) {
                NodeList cells = ((Element) rows.item(r)).getElementsByTagName("td");
                out.put(cells.item(1).getTextContent(), cells.item(3).getTextContent());
            }
            return out;
        }
        throw new AssertionError("index.html has no targets table");
    }
}
