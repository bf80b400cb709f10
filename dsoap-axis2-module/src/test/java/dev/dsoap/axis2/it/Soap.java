package dev.dsoap.axis2.it;

import com.ctc.wstx.stax.WstxInputFactory;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Raw SOAP over HTTP and a canonical view of SOAP bodies, independent of dsoap's own code. */
final class Soap {
    static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private static final XMLInputFactory XML = new WstxInputFactory();

    private Soap() {
    }

    record Response(int status, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    static Response post(String url, String contentType, byte[] body, String soapAction, String... headers) throws Exception {
        return post(HTTP, url, contentType, body, soapAction, headers);
    }

    /** A client of its own: one keep-alive connection when used by one thread at a time. */
    static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    }

    static Response post(HttpClient http, String url, String contentType, byte[] body, String soapAction, String... headers)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (soapAction != null) {
            b.header("SOAPAction", soapAction);
        }
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        HttpRequest request = b.build();
        HttpResponse<byte[]> r;
        try {
            r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (java.io.IOException stale) {
            // Axis2 closes a connection after some faults; a pooled connection may be found closed once
            r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        }
        return new Response(r.statusCode(), r.body());
    }

    /** The content type of a UTF-8 SOAP 1.2 or 1.1 request. */
    static String contentType(boolean soap12) {
        return soap12 ? "application/soap+xml; charset=UTF-8" : "text/xml; charset=UTF-8";
    }

    static Response post11(String url, String xml, String... headers) throws Exception {
        return post(url, "text/xml; charset=UTF-8", xml.getBytes(StandardCharsets.UTF_8), "\"\"", headers);
    }

    static Response post11(HttpClient http, String url, String xml, String... headers) throws Exception {
        return post(http, url, "text/xml; charset=UTF-8", xml.getBytes(StandardCharsets.UTF_8), "\"\"", headers);
    }

    /** A request shaped as the operation's schema says (what a WSDL-generated stub sends). */
    static String request(String ns, String op, String parts) {
        return envelope(SOAP11, "<ns:" + op + " xmlns:ns=\"" + ns + "\">" + parts + "</ns:" + op + ">");
    }

    static String envelope(String envNs, String body) {
        return "<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv=\"" + envNs
                + "\"><soapenv:Header/><soapenv:Body>" + body + "</soapenv:Body></soapenv:Envelope>";
    }

    static String doubles(String name, double[] v) {
        StringBuilder b = new StringBuilder();
        for (double d : v) {
            b.append('<').append(name).append('>').append(xsd(d)).append("</").append(name).append('>');
        }
        return b.toString();
    }

    static String xsd(double d) {
        return d == Double.POSITIVE_INFINITY ? "INF" : d == Double.NEGATIVE_INFINITY ? "-INF" : Double.toString(d);
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * The body of a SOAP message as lines {@code depth {uri}local[nil]=value}: prefixes, namespace
     * declarations, {@code xsi:type} and number spellings ({@code 1.0E-300} vs {@code 1e-300}) do not count.
     */
    static String canonical(byte[] message) throws XMLStreamException {
        XMLStreamReader r = XML.createXMLStreamReader(new ByteArrayInputStream(message));
        StringBuilder out = new StringBuilder();
        StringBuilder text = new StringBuilder();
        int depth = 0;
        boolean inBody = false;
        int bodyDepth = -1;
        while (r.hasNext()) {
            int ev = r.next();
            if (ev == XMLStreamConstants.START_ELEMENT) {
                depth++;
                if (inBody) {
                    flush(out, text);
                    out.append('\n').append(depth - bodyDepth).append(" {").append(r.getNamespaceURI() == null ? "" : r.getNamespaceURI())
                            .append('}').append(r.getLocalName());
                    String nil = r.getAttributeValue("http://www.w3.org/2001/XMLSchema-instance", "nil");
                    if ("true".equals(nil) || "1".equals(nil)) {
                        out.append("[nil]");
                    }
                } else if ("Body".equals(r.getLocalName())) {
                    inBody = true;
                    bodyDepth = depth;
                }
                text.setLength(0);
            } else if (ev == XMLStreamConstants.CHARACTERS || ev == XMLStreamConstants.CDATA) {
                text.append(r.getText());
            } else if (ev == XMLStreamConstants.END_ELEMENT) {
                if (depth == bodyDepth) {
                    inBody = false;
                }
                flush(out, text);
                depth--;
            }
        }
        return out.toString();
    }

    private static void flush(StringBuilder out, StringBuilder text) {
        String t = text.toString().trim();
        if (!t.isEmpty()) {
            out.append('=').append(number(t));
        }
        text.setLength(0);
    }

    private static String number(String t) {
        switch (t) {
            case "INF", "Infinity":
                return "d:Infinity";
            case "-INF", "-Infinity":
                return "d:-Infinity";
            case "NaN":
                return "d:NaN";
            default:
        }
        if (t.matches("[-+]?[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?")) {
            return "d:" + Double.parseDouble(t);
        }
        return t;
    }

    /** The text of the message's {@code wsa:RelatesTo} header block, or {@code null}. */
    static String relatesTo(byte[] message) throws Exception {
        javax.xml.parsers.DocumentBuilderFactory f = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        org.w3c.dom.NodeList l = f.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(message))
                .getElementsByTagNameNS("http://www.w3.org/2005/08/addressing", "RelatesTo");
        return l.getLength() == 0 ? null : l.item(0).getTextContent();
    }

    static byte[] gzip(byte[] b) throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }
}
