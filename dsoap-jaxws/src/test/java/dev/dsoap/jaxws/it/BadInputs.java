package dev.dsoap.jaxws.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The raw requests the parity tests post to plain and dsoap CXF endpoints ({@link OneWayParityTest},
 * {@link TwoWayParityTest}): control characters in text and attributes, malformed XML, over-limit documents, wrong
 * actions, other charsets, empty or non-SOAP bodies, the other SOAP version, good input too, each for a document/literal
 * wrapped operation {@code op(text, level)}; and what the tests read of the answers.
 */
final class BadInputs {
    private BadInputs() {
    }

    /** A raw request: what it is, its content type, its SOAPAction header ({@code null}: none), its bytes. */
    record Bad(String name, String contentType, String action, byte[] body) {
    }

    /** The operation the requests are for: its wrapper element's local name and namespace, its SOAP action. */
    record Op(String name, String ns, String action) {
    }

    /**
     * Publishes {@code impl} at {@code path} on {@code cxf}'s bus with tight CXF parser limits (depth 20, 20
     * attributes, text 4096, attribute 1024), which dsoap's limits then default to; {@code feature}: engaged by
     * {@code DifferentialSoapFeature} rather than by the annotation (or not at all). Returns its address.
     */
    static String publishLimited(Cxf cxf, Object impl, String path, boolean feature) {
        org.apache.cxf.jaxws.EndpointImpl e = new org.apache.cxf.jaxws.EndpointImpl(cxf.bus, impl);
        if (feature) {
            e.getFeatures().add(new dev.dsoap.jaxws.DifferentialSoapFeature());
        }
        java.util.Map<String, Object> p = e.getProperties();
        p.put("org.apache.cxf.stax.maxElementDepth", "20");
        p.put("org.apache.cxf.stax.maxAttributeCount", "20");
        p.put("org.apache.cxf.stax.maxTextLength", "4096");
        p.put("org.apache.cxf.stax.maxAttributeSize", "1024");
        try {
            String address = cxf.address(path);
            e.publish(address);
            cxf.track(e);
            return address;
        } catch (IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }

    private static String ns(boolean soap12) {
        return soap12 ? "http://www.w3.org/2003/05/soap-envelope" : "http://schemas.xmlsoap.org/soap/envelope/";
    }

    private static String type(boolean soap12, String charset) {
        return (soap12 ? "application/soap+xml" : "text/xml") + "; charset=" + charset;
    }

    private static String envelope(boolean soap12, String envelopeAttrs, String body) {
        return "<soap:Envelope xmlns:soap=\"" + ns(soap12) + "\"" + envelopeAttrs + "><soap:Body>" + body
                + "</soap:Body></soap:Envelope>";
    }

    private static String noteXml(Op o, String wrapperAttrs, String textElement, String level) {
        return "<n:" + o.name() + " xmlns:n=\"" + o.ns() + "\"" + wrapperAttrs + ">" + textElement + "<level>" + level + "</level></n:" + o.name() + ">";
    }

    private static Bad bad(boolean soap12, String name, String xml) {
        return new Bad(name, type(soap12, "UTF-8"), soap12 ? null : "\"\"", xml.getBytes(StandardCharsets.UTF_8));
    }

    static Bad good(Op o, boolean soap12, String text, int level) {
        return bad(soap12, "good", envelope(soap12, "", noteXml(o, "", "<text>" + text + "</text>", Integer.toString(level))));
    }

    static List<Bad> cases(Op o, boolean v) {
        List<Bad> c = new ArrayList<>();
        c.add(good(o, v, "plain text", 7));
        c.add(bad(v, "U+0001 in text", envelope(v, "", noteXml(o, "", "<text>a\u0001b</text>", "1"))));
        c.add(bad(v, "&#1; in text", envelope(v, "", noteXml(o, "", "<text>a&#1;b</text>", "1"))));
        c.add(bad(v, "U+001F in text", envelope(v, "", noteXml(o, "", "<text>\u001F</text>", "1"))));
        c.add(bad(v, "U+FFFE in text", envelope(v, "", noteXml(o, "", "<text>a\uFFFEb</text>", "1"))));
        c.add(bad(v, "U+0001 in a wrapper attribute", envelope(v, "", noteXml(o, " a=\"x\u0001\"", "<text>t</text>", "1"))));
        c.add(bad(v, "U+0001 in a text attribute", envelope(v, "", noteXml(o, "", "<text a=\"\u0001\">t</text>", "1"))));
        c.add(bad(v, "U+0001 in an Envelope attribute", envelope(v, " a=\"\u0001\"", noteXml(o, "", "<text>t</text>", "1"))));
        c.add(bad(v, "U+0001 in an element name", envelope(v, "", noteXml(o, "", "<te\u0001xt>t</te\u0001xt>", "1"))));
        c.add(bad(v, "unclosed text element", envelope(v, "", noteXml(o, "", "<text>t", "1"))));
        c.add(bad(v, "mismatched end tag", envelope(v, "", noteXml(o, "", "<text>t</txet>", "1"))));
        c.add(bad(v, "undeclared entity", envelope(v, "", noteXml(o, "", "<text>a&bogus;b</text>", "1"))));
        c.add(bad(v, "bare ampersand", envelope(v, "", noteXml(o, "", "<text>a & b</text>", "1"))));
        c.add(bad(v, "undeclared prefix", envelope(v, "", noteXml(o, "", "<x:text>t</x:text>", "1"))));
        c.add(bad(v, "DOCTYPE", "<!DOCTYPE x [<!ENTITY e \"boom\">]>" + envelope(v, "", noteXml(o, "", "<text>&e;</text>", "1"))));
        c.add(bad(v, "not an int", envelope(v, "", noteXml(o, "", "<text>t</text>", "abc"))));
        c.add(bad(v, "unknown element in the wrapper", envelope(v, "", noteXml(o, "", "<text>t</text><other>1</other>", "1"))));
        c.add(bad(v, "unknown body element", envelope(v, "", "<n:nothing xmlns:n=\"" + o.ns() + "\"/>")));
        c.add(bad(v, "empty Body", envelope(v, "", "")));
        c.add(bad(v, "no Body", "<soap:Envelope xmlns:soap=\"" + ns(v) + "\"/>"));
        c.add(bad(v, "text after the Envelope", envelope(v, "", noteXml(o, "", "<text>t</text>", "1")) + "junk"));
        c.add(bad(v, "a second root", envelope(v, "", noteXml(o, "", "<text>t</text>", "1")) + "<x/>"));
        c.add(bad(v, "not SOAP", "<" + o.name() + " xmlns=\"" + o.ns() + "\"><text>t</text><level>1</level></" + o.name() + ">"));
        c.add(bad(v, "the other SOAP version", envelope(!v, "", noteXml(o, "", "<text>t</text>", "1"))));
        c.add(bad(v, "unknown mustUnderstand header", "<soap:Envelope xmlns:soap=\"" + ns(v) + "\"><soap:Header>"
                + "<h:x xmlns:h=\"urn:h\" soap:mustUnderstand=\"" + (v ? "true" : "1") + "\">1</h:x></soap:Header><soap:Body>"
                + noteXml(o, "", "<text>t</text>", "1") + "</soap:Body></soap:Envelope>"));
        c.add(bad(v, "too deep", envelope(v, "", noteXml(o, "", "<text>" + "<x>".repeat(25) + "t" + "</x>".repeat(25) + "</text>", "1"))));
        c.add(bad(v, "too deep in an unknown element", envelope(v, "", noteXml(o, "", "<text>t</text><o>" + "<x>".repeat(25) + "</x>".repeat(25) + "</o>", "1"))));
        StringBuilder attrs = new StringBuilder();
        for (int i = 0; i < 25; i++) {
            attrs.append(" a").append(i).append("=\"1\"");
        }
        c.add(bad(v, "too many attributes", envelope(v, "", noteXml(o, "", "<text" + attrs + ">t</text>", "1"))));
        c.add(bad(v, "too long text", envelope(v, "", noteXml(o, "", "<text>" + "x".repeat(5000) + "</text>", "1"))));
        c.add(bad(v, "too long attribute", envelope(v, "", noteXml(o, "", "<text a=\"" + "x".repeat(2000) + "\">t</text>", "1"))));
        byte[] utf8 = envelope(v, "", noteXml(o, "", "<text>aXb</text>", "1")).getBytes(StandardCharsets.UTF_8);
        int x = indexOf(utf8, (byte) 'X');
        byte[] badUtf8 = utf8.clone();
        badUtf8[x] = (byte) 0xC3;
        byte[] badUtf8b = new byte[utf8.length + 1];
        System.arraycopy(utf8, 0, badUtf8b, 0, x);
        badUtf8b[x] = (byte) 0xE2;
        badUtf8b[x + 1] = (byte) 0x28;
        System.arraycopy(utf8, x + 1, badUtf8b, x + 2, utf8.length - x - 1);
        c.add(new Bad("bad UTF-8 (a lead byte then ASCII)", type(v, "UTF-8"), v ? null : "\"\"", badUtf8));
        c.add(new Bad("bad UTF-8 (a cut 3-byte sequence)", type(v, "UTF-8"), v ? null : "\"\"", badUtf8b));
        byte[] cont = utf8.clone();
        cont[x] = (byte) 0x80;
        c.add(new Bad("bad UTF-8 (a lone continuation byte)", type(v, "UTF-8"), v ? null : "\"\"", cont));
        byte[] good = envelope(v, "", noteXml(o, "", "<text>t</text>", "1")).getBytes(StandardCharsets.UTF_8);
        c.add(new Bad("truncated body", type(v, "UTF-8"), v ? null : "\"\"", Arrays.copyOf(good, good.length / 2)));
        c.add(new Bad("truncated in the last end tag", type(v, "UTF-8"), v ? null : "\"\"", Arrays.copyOf(good, good.length - 3)));
        c.add(new Bad("empty", type(v, "UTF-8"), v ? null : "\"\"", new byte[0]));
        c.add(new Bad("whitespace only", type(v, "UTF-8"), v ? null : "\"\"", "  \n".getBytes(StandardCharsets.UTF_8)));
        String latin = envelope(v, "", noteXml(o, "", "<text>gr\u00fc\u00dfe</text>", "4"));
        c.add(new Bad("ISO-8859-1", type(v, "ISO-8859-1"), v ? null : "\"\"",
                ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + latin).getBytes(StandardCharsets.ISO_8859_1)));
        c.add(new Bad("UTF-16", type(v, "UTF-16"), v ? null : "\"\"", latin.getBytes(StandardCharsets.UTF_16)));
        c.add(new Bad("a charset nobody reads", type(v, "x-no-such-charset"), v ? null : "\"\"", latin.getBytes(StandardCharsets.UTF_8)));
        c.add(new Bad("UTF-8 declared, latin-1 sent", type(v, "UTF-8"), v ? null : "\"\"", latin.getBytes(StandardCharsets.ISO_8859_1)));
        c.add(new Bad("no content type", null, v ? null : "\"\"", good));
        c.add(new Bad("text/plain", "text/plain", v ? null : "\"\"", good));
        c.add(new Bad("the other version's content type", type(!v, "UTF-8"), v ? null : "\"\"", good));
        if (v) {
            c.add(new Bad("wrong action", type(true, "UTF-8") + "; action=\"urn:other\"", null, good));
            c.add(new Bad("the operation's action", type(true, "UTF-8") + "; action=\"" + o.action() + "\"", null, good));
        } else {
            c.add(new Bad("wrong SOAPAction", type(false, "UTF-8"), "\"urn:other\"", good));
            c.add(new Bad("unquoted wrong SOAPAction", type(false, "UTF-8"), "urn:other", good));
            c.add(new Bad("no SOAPAction", type(false, "UTF-8"), null, good));
            c.add(new Bad("the operation's SOAPAction", type(false, "UTF-8"), "\"" + o.action() + "\"", good));
        }
        return c;
    }

    private static int indexOf(byte[] b, byte x) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == x) {
                return i;
            }
        }
        throw new IllegalArgumentException("no " + (char) x);
    }

    /** The fault code of a SOAP 1.1 or 1.2 fault ({@code ""} when {@code xml} holds none). */
    static String faultCode(String xml) {
        String code = between(xml, "<faultcode>", "</faultcode>");
        if (code == null) {
            int at = xml.indexOf(":Code>");
            code = at < 0 ? null : between(xml.substring(at), "Value>", "</");
        }
        if (code == null) {
            return xml.contains("Fault") ? "?" : "";
        }
        int colon = code.indexOf(':');
        return colon < 0 ? code : code.substring(colon + 1);
    }

    static String between(String s, String a, String b) {
        int i = s.indexOf(a);
        if (i < 0) {
            return null;
        }
        int e = s.indexOf(b, i + a.length());
        return e < 0 ? null : s.substring(i + a.length(), e);
    }

    static String abbreviate(String s) {
        String f = between(s, "<faultstring>", "</faultstring>");
        if (f == null) {
            f = between(s, "<soap:Text xml:lang=\"en\">", "</soap:Text>");
        }
        String t = f != null ? faultCode(s) + " '" + f + "'" : s;
        return t.length() > 160 ? t.substring(0, 160) + "..." : t;
    }

    // ------------------------------------------------------------------------------------------ HTTP

    /**
     * POSTs {@code b} as it is; the status, the response body read as UTF-8, and the response body read in the charset
     * its content type names (UTF-8 when it names none).
     */
    static String[] post(String address, Bad b) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(address).toURL().openConnection();
        c.setConnectTimeout(10_000);
        c.setReadTimeout(30_000);
        c.setDoOutput(true);
        if (b.contentType() != null) {
            c.setRequestProperty("Content-Type", b.contentType());
        } else {
            c.setRequestProperty("Content-Type", "");
        }
        if (b.action() != null) {
            c.setRequestProperty("SOAPAction", b.action());
        }
        c.getOutputStream().write(b.body());
        int code = c.getResponseCode();
        try (InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (in != null) {
                in.transferTo(out);
            }
            java.nio.charset.Charset charset = StandardCharsets.UTF_8;
            String type = c.getContentType();
            int at = type == null ? -1 : type.toLowerCase(java.util.Locale.ROOT).indexOf("charset=");
            if (at >= 0) {
                String name = type.substring(at + 8).split(";")[0].replace("\"", "").trim();
                charset = java.nio.charset.Charset.isSupported(name) ? java.nio.charset.Charset.forName(name) : charset;
            }
            return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8), out.toString(charset)};
        }
    }
}
