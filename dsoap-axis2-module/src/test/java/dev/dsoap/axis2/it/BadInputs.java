package dev.dsoap.axis2.it;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The raw requests the parity tests post to plain and engaged Axis2 ({@link InOnlyParityIT}, {@link InOutParityIT}):
 * control characters in text and attributes, malformed XML, bad UTF-8, over-limit documents, wrong actions, other
 * charsets, empty or non-SOAP bodies, the other SOAP version, good input too, each for a POJO operation {@code op(text,
 * level)} of a service whose SOAP actions are {@code urn:op}; and what the tests compare of the answers.
 */
final class BadInputs {
    private BadInputs() {
    }

    /**
     * An Axis2 server in {@code dir} serving {@code NotesService}: {@code engaged} with dsoap.mar, and {@code limited}
     * to tight dsoap limits (depth 16, text 64 bytes, 4 attributes), which plain Axis2 does not have.
     */
    static Axis2Server notesServer(java.nio.file.Path dir, boolean engaged, boolean limited) throws Exception {
        Axis2Server s = Axis2Server.start(dir, engaged, limited ? "<parameter name=\"dsoap.maxDepth\">16</parameter>"
                + "<parameter name=\"dsoap.maxTextBytes\">64</parameter><parameter name=\"dsoap.maxAttributes\">4</parameter>" : "");
        org.apache.axis2.engine.AxisConfiguration ac = s.context.getAxisConfiguration();
        ac.addService(org.apache.axis2.description.AxisService.createService(NotesService.class.getName(), ac));
        return s;
    }

    /** A raw request: what it is, its content type, its SOAPAction header ({@code null}: none), its bytes. */
    record Bad(String name, String contentType, String action, byte[] body) {
    }

    private static String envNs(boolean soap12) {
        return soap12 ? Soap.SOAP12 : Soap.SOAP11;
    }

    private static String type(boolean soap12, String charset) {
        return (soap12 ? "application/soap+xml" : "text/xml") + "; charset=" + charset;
    }

    private static String envelope(boolean soap12, String envelopeAttrs, String body) {
        return "<soapenv:Envelope xmlns:soapenv=\"" + envNs(soap12) + "\"" + envelopeAttrs + "><soapenv:Body>" + body
                + "</soapenv:Body></soapenv:Envelope>";
    }

    private static String noteXml(String op, String ns, String wrapperAttrs, String textElement, String level) {
        return "<ns:" + op + " xmlns:ns=\"" + ns + "\"" + wrapperAttrs + ">" + textElement + "<ns:level>" + level + "</ns:level></ns:" + op + ">";
    }

    private static Bad bad(String op, boolean soap12, String name, String xml) {
        return new Bad(name, type(soap12, "UTF-8"), soap12 ? null : "\"urn:" + op + "\"", xml.getBytes(StandardCharsets.UTF_8));
    }

    static Bad good(String op, String ns, boolean soap12, String text, int level) {
        return bad(op, soap12, "good", envelope(soap12, "", noteXml(op, ns, "", "<ns:text>" + text + "</ns:text>", Integer.toString(level))));
    }

    static List<Bad> cases(String op, String ns, boolean v) {
        String act = v ? null : "\"urn:" + op + "\"";
        List<Bad> c = new ArrayList<>();
        c.add(good(op, ns, v, "plain text", 7));
        c.add(bad(op, v, "U+0001 in text", envelope(v, "", noteXml(op, ns, "", "<ns:text>a\u0001b</ns:text>", "1"))));
        c.add(bad(op, v, "&#1; in text", envelope(v, "", noteXml(op, ns, "", "<ns:text>a&#1;b</ns:text>", "1"))));
        c.add(bad(op, v, "U+001F in text", envelope(v, "", noteXml(op, ns, "", "<ns:text>\u001F</ns:text>", "1"))));
        c.add(bad(op, v, "U+FFFE in text", envelope(v, "", noteXml(op, ns, "", "<ns:text>a\uFFFEb</ns:text>", "1"))));
        c.add(bad(op, v, "U+0001 in a wrapper attribute", envelope(v, "", noteXml(op, ns, " a=\"x\u0001\"", "<ns:text>t</ns:text>", "1"))));
        c.add(bad(op, v, "U+0001 in a text attribute", envelope(v, "", noteXml(op, ns, "", "<ns:text a=\"\u0001\">t</ns:text>", "1"))));
        c.add(bad(op, v, "U+0001 in an Envelope attribute", envelope(v, " a=\"\u0001\"", noteXml(op, ns, "", "<ns:text>t</ns:text>", "1"))));
        c.add(bad(op, v, "unclosed text element", envelope(v, "", noteXml(op, ns, "", "<ns:text>t", "1"))));
        c.add(bad(op, v, "mismatched end tag", envelope(v, "", noteXml(op, ns, "", "<ns:text>t</ns:txet>", "1"))));
        c.add(bad(op, v, "undeclared entity", envelope(v, "", noteXml(op, ns, "", "<ns:text>a&bogus;b</ns:text>", "1"))));
        c.add(bad(op, v, "bare ampersand", envelope(v, "", noteXml(op, ns, "", "<ns:text>a & b</ns:text>", "1"))));
        c.add(bad(op, v, "undeclared prefix", envelope(v, "", noteXml(op, ns, "", "<x:text>t</x:text>", "1"))));
        c.add(bad(op, v, "DOCTYPE", "<!DOCTYPE x [<!ENTITY e \"boom\">]>" + envelope(v, "", noteXml(op, ns, "", "<ns:text>&e;</ns:text>", "1"))));
        c.add(bad(op, v, "not an int", envelope(v, "", noteXml(op, ns, "", "<ns:text>t</ns:text>", "abc"))));
        c.add(bad(op, v, "unknown element in the wrapper", envelope(v, "", noteXml(op, ns, "", "<ns:text>t</ns:text><ns:other>1</ns:other>", "1"))));
        c.add(bad(op, v, "unknown body element", envelope(v, "", "<ns:nothing xmlns:ns=\"" + ns + "\"/>")));
        c.add(bad(op, v, "empty Body", envelope(v, "", "")));
        c.add(bad(op, v, "no Body", "<soapenv:Envelope xmlns:soapenv=\"" + envNs(v) + "\"/>"));
        c.add(bad(op, v, "text after the Envelope", envelope(v, "", noteXml(op, ns, "", "<ns:text>t</ns:text>", "1")) + "junk"));
        c.add(bad(op, v, "a second root", envelope(v, "", noteXml(op, ns, "", "<ns:text>t</ns:text>", "1")) + "<x/>"));
        c.add(bad(op, v, "not SOAP", "<" + op + " xmlns=\"" + ns + "\"><text>t</text><level>1</level></" + op + ">"));
        c.add(bad(op, v, "the other SOAP version", envelope(!v, "", noteXml(op, ns, "", "<ns:text>t</ns:text>", "1"))));
        c.add(bad(op, v, "unknown mustUnderstand header", "<soapenv:Envelope xmlns:soapenv=\"" + envNs(v) + "\"><soapenv:Header>"
                + "<h:x xmlns:h=\"urn:h\" soapenv:mustUnderstand=\"" + (v ? "true" : "1") + "\">1</h:x></soapenv:Header><soapenv:Body>"
                + noteXml(op, ns, "", "<ns:text>t</ns:text>", "1") + "</soapenv:Body></soapenv:Envelope>"));
        c.add(bad(op, v, "too deep", envelope(v, "", noteXml(op, ns, "", "<ns:text>" + "<x>".repeat(25) + "t" + "</x>".repeat(25) + "</ns:text>", "1"))));
        StringBuilder attrs = new StringBuilder();
        for (int i = 0; i < 25; i++) {
            attrs.append(" a").append(i).append("=\"1\"");
        }
        c.add(bad(op, v, "too many attributes", envelope(v, "", noteXml(op, ns, "", "<ns:text" + attrs + ">t</ns:text>", "1"))));
        c.add(bad(op, v, "too long text", envelope(v, "", noteXml(op, ns, "", "<ns:text>" + "x".repeat(5000) + "</ns:text>", "1"))));
        byte[] utf8 = envelope(v, "", noteXml(op, ns, "", "<ns:text>aXb</ns:text>", "1")).getBytes(StandardCharsets.UTF_8);
        int x = indexOf(utf8, (byte) 'X');
        byte[] badUtf8 = utf8.clone();
        badUtf8[x] = (byte) 0xC3;
        c.add(new Bad("bad UTF-8 (a lead byte then ASCII)", type(v, "UTF-8"), act, badUtf8));
        byte[] cont = utf8.clone();
        cont[x] = (byte) 0x80;
        c.add(new Bad("bad UTF-8 (a lone continuation byte)", type(v, "UTF-8"), act, cont));
        byte[] good = envelope(v, "", noteXml(op, ns, "", "<ns:text>t</ns:text>", "1")).getBytes(StandardCharsets.UTF_8);
        c.add(new Bad("truncated body", type(v, "UTF-8"), act, Arrays.copyOf(good, good.length / 2)));
        c.add(new Bad("truncated in the last end tag", type(v, "UTF-8"), act, Arrays.copyOf(good, good.length - 3)));
        c.add(new Bad("empty", type(v, "UTF-8"), act, new byte[0]));
        c.add(new Bad("whitespace only", type(v, "UTF-8"), act, "  \n".getBytes(StandardCharsets.UTF_8)));
        String latin = envelope(v, "", noteXml(op, ns, "", "<ns:text>gr\u00fc\u00dfe</ns:text>", "4"));
        c.add(new Bad("ISO-8859-1", type(v, "ISO-8859-1"), act,
                ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + latin).getBytes(StandardCharsets.ISO_8859_1)));
        c.add(new Bad("UTF-16", type(v, "UTF-16"), act, latin.getBytes(StandardCharsets.UTF_16)));
        c.add(new Bad("UTF-8 declared, latin-1 sent", type(v, "UTF-8"), act, latin.getBytes(StandardCharsets.ISO_8859_1)));
        c.add(new Bad("the other version's content type", type(!v, "UTF-8"), act, good));
        if (v) {
            c.add(new Bad("wrong action", type(true, "UTF-8") + "; action=\"urn:other\"", null, good));
            c.add(new Bad("the operation's action", type(true, "UTF-8") + "; action=\"urn:" + op + "\"", null, good));
        } else {
            c.add(new Bad("wrong SOAPAction", type(false, "UTF-8"), "\"urn:other\"", good));
            c.add(new Bad("another operation's SOAPAction", type(false, "UTF-8"), "\"urn:echo\"", good));
            c.add(new Bad("no SOAPAction", type(false, "UTF-8"), null, good));
            c.add(new Bad("empty SOAPAction", type(false, "UTF-8"), "\"\"", good));
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

    /**
     * Requests dsoap's builder refuses before Axis2 dispatches them (a malformed prolog or Envelope start tag, no
     * document): Axis2's fault carries its parser's message, dsoap's its own.
     */
    static final java.util.Set<String> PRE_DISPATCH = java.util.Set.of(
            "U+0001 in an Envelope attribute", "DOCTYPE", "empty", "whitespace only");

    /** A fault without its {@code detail} (Axis2 puts the exception's stack trace there, which names dsoap's frames). */
    static String withoutDetail(String body) {
        return body.replaceAll("(?s)<detail>.*</detail>", "<detail/>")
                .replaceAll("(?s)<soapenv:Detail>.*</soapenv:Detail>", "<soapenv:Detail/>");
    }

    /** The fault code (SOAP 1.1 faultcode, SOAP 1.2 Code/Value), or "" when there is none. */
    static String faultCode(String body) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<faultcode>([^<]*)</faultcode>|<soapenv:Value>([^<]*)</soapenv:Value>|<faultcode/>")
                .matcher(body);
        return m.find() ? String.valueOf(m.group(1) != null ? m.group(1) : m.group(2)) : "";
    }

    /** A QName's local part ({@code soapenv:Server}: {@code Server}). */
    static String local(String qname) {
        return qname.substring(qname.indexOf(':') + 1);
    }

    /** The fault string (SOAP 1.1 faultstring, SOAP 1.2 the first Reason/Text), or {@code null} when there is none. */
    static String faultString(String body) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<faultstring>([^<]*)</faultstring>|<soapenv:Text[^>]*>([^<]*)</soapenv:Text>")
                .matcher(body);
        return m.find() ? (m.group(1) != null ? m.group(1) : m.group(2)) : null;
    }

    /** The namespace of the response's Envelope (the SOAP version of its form), or "" when it has none. */
    static String envelopeNs(String body) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<(?:[A-Za-z0-9_]+:)?Envelope[^>]*xmlns(?::[A-Za-z0-9_]+)?=\"([^\"]*)\"")
                .matcher(body);
        return m.find() ? m.group(1) : "";
    }

    static String abbreviate(String s) {
        String t = s.replaceAll("\\s+", " ");
        return t.length() > 200 ? t.substring(0, 200) + "..." : t;
    }
}
