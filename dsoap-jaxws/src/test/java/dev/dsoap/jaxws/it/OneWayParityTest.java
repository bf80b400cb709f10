package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import org.apache.cxf.jaxws.EndpointImpl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * One-way operations answer bad input as plain CXF does. The same {@code @Oneway} operation is published twice per
 * SOAP version, plain and with dsoap (the annotation on SOAP 1.1, the feature on SOAP 1.2), both with the same tight
 * CXF parser limits; each raw request (control characters in text and attributes, malformed XML, over-limit
 * documents, wrong actions, other charsets, empty or non-SOAP bodies, the other SOAP version, good input too) goes to
 * both, and dsoap's status and body must be plain CXF's. After each, a good note goes to both: dsoap must read it
 * (its read counter) and deliver its values; at the end both implementations must have received the same notes.
 */
class OneWayParityTest {
    private static final String LIMIT_DEPTH = "20";
    private static final String LIMIT_ATTRIBUTES = "20";
    private static final String LIMIT_TEXT = "4096";
    private static final String LIMIT_ATTRIBUTE = "1024";

    private static Cxf cxf;
    private static NotesImpl plain11;
    private static NotesImpl dsoap11;
    private static NotesImpl plain12;
    private static NotesImpl dsoap12;
    private static String plain11At;
    private static String dsoap11At;
    private static String plain12At;
    private static String dsoap12At;

    @BeforeAll
    static void start() throws Exception {
        cxf = new Cxf();
        plain11 = new NotesImpl();
        dsoap11 = new DsoapNotesImpl();
        plain12 = new Notes12Impl();
        dsoap12 = new Notes12Impl();
        plain11At = publish(plain11, "plain11", false);
        dsoap11At = publish(dsoap11, "dsoap11", false);
        plain12At = publish(plain12, "plain12", false);
        dsoap12At = publish(dsoap12, "dsoap12", true);
    }

    private static String publish(Object impl, String path, boolean feature) throws Exception {
        EndpointImpl e = new EndpointImpl(cxf.bus, impl);
        if (feature) {
            e.getFeatures().add(new DifferentialSoapFeature());
        }
        Map<String, Object> p = e.getProperties();
        p.put("org.apache.cxf.stax.maxElementDepth", LIMIT_DEPTH);
        p.put("org.apache.cxf.stax.maxAttributeCount", LIMIT_ATTRIBUTES);
        p.put("org.apache.cxf.stax.maxTextLength", LIMIT_TEXT);
        p.put("org.apache.cxf.stax.maxAttributeSize", LIMIT_ATTRIBUTE);
        String address = cxf.address(path);
        e.publish(address);
        cxf.track(e);
        return address;
    }

    @AfterAll
    static void stop() {
        cxf.close();
    }

    /** A raw request: what it is, its content type, its SOAPAction header ({@code null}: none), its bytes. */
    private record Bad(String name, String contentType, String action, byte[] body) {
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void badInputGetsPlainCxfsAnswerAndTheNextNoteIsRead(boolean soap12) throws Exception {
        String plainAt = soap12 ? plain12At : plain11At;
        String dsoapAt = soap12 ? dsoap12At : dsoap11At;
        NotesImpl plain = soap12 ? plain12 : plain11;
        NotesImpl dsoap = soap12 ? dsoap12 : dsoap11;
        String service = soap12 ? "Notes12Service.Notes12Port" : "NotesService.NotesPort";
        List<String> mismatches = new ArrayList<>();
        int marker = soap12 ? 1_000_000 : 2_000_000;
        for (Bad b : cases(soap12)) {
            String[] want = post(plainAt, b);
            String[] got = post(dsoapAt, b);
            String line = b.name + ": plain " + want[0] + " " + abbreviate(want[1]) + " | dsoap " + got[0] + " " + abbreviate(got[1]);
            System.out.println((soap12 ? "[1.2] " : "[1.1] ") + line);
            // the same, but for the endpoint's address where Jetty's error page names it
            if (!want[0].equals(got[0]) || !want[1].replace(plainAt, "*").equals(got[1].replace(dsoapAt, "*"))) {
                mismatches.add(line);
            }
            // the next good note is read by dsoap and delivered as it was sent
            marker++;
            OperationStatsMXBean s = cxf.stats("server", service, "note", true);
            long read = s == null ? 0 : s.getMessagesRead();
            String after = "after case " + (marker % 1000);
            Bad good = note(soap12, after, marker);
            String[] pr = post(plainAt, good);
            String[] r = post(dsoapAt, good);
            System.out.println("   then good: plain " + pr[0] + " " + abbreviate(pr[1]) + " | dsoap " + r[0] + " " + abbreviate(r[1]));
            if (!pr[0].equals(r[0]) || !pr[1].equals(r[1])) {
                mismatches.add(b.name + ", then a good note: plain " + pr[0] + " " + abbreviate(pr[1]) + " | dsoap " + r[0] + " " + abbreviate(r[1]));
            }
            awaitNote(plain, marker + "|" + after);
            awaitNote(dsoap, marker + "|" + after);
            assertEquals(read + 1, cxf.stats("server", service, "note").getMessagesRead(),
                    "dsoap read the good note after " + b.name);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (plain.received.size() != dsoap.received.size() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        String[] p = plain.received.toArray(new String[0]);
        String[] d = dsoap.received.toArray(new String[0]);
        Arrays.sort(p);
        Arrays.sort(d);
        assertEquals(Arrays.asList(p), Arrays.asList(d), "the notes each implementation received");
        if (!mismatches.isEmpty()) {
            fail("dsoap answered otherwise than plain CXF:\n" + String.join("\n", mismatches));
        }
    }

    private static void awaitNote(NotesImpl impl, String note) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!impl.received.contains(note)) {
            if (System.nanoTime() > deadline) {
                fail("note never arrived: " + note + "; received " + impl.received);
            }
            Thread.sleep(5);
        }
    }

    // ------------------------------------------------------------------------------------------ the inputs

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

    private static String noteXml(String wrapperAttrs, String textElement, String level) {
        return "<n:note xmlns:n=\"" + Notes.NS + "\"" + wrapperAttrs + ">" + textElement + "<level>" + level + "</level></n:note>";
    }

    private static Bad bad(boolean soap12, String name, String xml) {
        return new Bad(name, type(soap12, "UTF-8"), soap12 ? null : "\"\"", xml.getBytes(StandardCharsets.UTF_8));
    }

    private static Bad note(boolean soap12, String text, int level) {
        return bad(soap12, "good", envelope(soap12, "", noteXml("", "<text>" + text + "</text>", Integer.toString(level))));
    }

    private static List<Bad> cases(boolean v) {
        List<Bad> c = new ArrayList<>();
        c.add(note(v, "plain text", 7));
        c.add(bad(v, "U+0001 in text", envelope(v, "", noteXml("", "<text>a\u0001b</text>", "1"))));
        c.add(bad(v, "&#1; in text", envelope(v, "", noteXml("", "<text>a&#1;b</text>", "1"))));
        c.add(bad(v, "U+001F in text", envelope(v, "", noteXml("", "<text>\u001F</text>", "1"))));
        c.add(bad(v, "U+FFFE in text", envelope(v, "", noteXml("", "<text>a\uFFFEb</text>", "1"))));
        c.add(bad(v, "U+0001 in a wrapper attribute", envelope(v, "", noteXml(" a=\"x\u0001\"", "<text>t</text>", "1"))));
        c.add(bad(v, "U+0001 in a text attribute", envelope(v, "", noteXml("", "<text a=\"\u0001\">t</text>", "1"))));
        c.add(bad(v, "U+0001 in an Envelope attribute", envelope(v, " a=\"\u0001\"", noteXml("", "<text>t</text>", "1"))));
        c.add(bad(v, "U+0001 in an element name", envelope(v, "", noteXml("", "<te\u0001xt>t</te\u0001xt>", "1"))));
        c.add(bad(v, "unclosed text element", envelope(v, "", noteXml("", "<text>t", "1"))));
        c.add(bad(v, "mismatched end tag", envelope(v, "", noteXml("", "<text>t</txet>", "1"))));
        c.add(bad(v, "undeclared entity", envelope(v, "", noteXml("", "<text>a&bogus;b</text>", "1"))));
        c.add(bad(v, "bare ampersand", envelope(v, "", noteXml("", "<text>a & b</text>", "1"))));
        c.add(bad(v, "undeclared prefix", envelope(v, "", noteXml("", "<x:text>t</x:text>", "1"))));
        c.add(bad(v, "DOCTYPE", "<!DOCTYPE x [<!ENTITY e \"boom\">]>" + envelope(v, "", noteXml("", "<text>&e;</text>", "1"))));
        c.add(bad(v, "not an int", envelope(v, "", noteXml("", "<text>t</text>", "abc"))));
        c.add(bad(v, "unknown element in the wrapper", envelope(v, "", noteXml("", "<text>t</text><other>1</other>", "1"))));
        c.add(bad(v, "unknown body element", envelope(v, "", "<n:nothing xmlns:n=\"" + Notes.NS + "\"/>")));
        c.add(bad(v, "empty Body", envelope(v, "", "")));
        c.add(bad(v, "no Body", "<soap:Envelope xmlns:soap=\"" + ns(v) + "\"/>"));
        c.add(bad(v, "text after the Envelope", envelope(v, "", noteXml("", "<text>t</text>", "1")) + "junk"));
        c.add(bad(v, "a second root", envelope(v, "", noteXml("", "<text>t</text>", "1")) + "<x/>"));
        c.add(bad(v, "not SOAP", "<note xmlns=\"" + Notes.NS + "\"><text>t</text><level>1</level></note>"));
        c.add(bad(v, "the other SOAP version", envelope(!v, "", noteXml("", "<text>t</text>", "1"))));
        c.add(bad(v, "unknown mustUnderstand header", "<soap:Envelope xmlns:soap=\"" + ns(v) + "\"><soap:Header>"
                + "<h:x xmlns:h=\"urn:h\" soap:mustUnderstand=\"" + (v ? "true" : "1") + "\">1</h:x></soap:Header><soap:Body>"
                + noteXml("", "<text>t</text>", "1") + "</soap:Body></soap:Envelope>"));
        c.add(bad(v, "too deep", envelope(v, "", noteXml("", "<text>" + "<x>".repeat(25) + "t" + "</x>".repeat(25) + "</text>", "1"))));
        c.add(bad(v, "too deep in an unknown element", envelope(v, "", noteXml("", "<text>t</text><o>" + "<x>".repeat(25) + "</x>".repeat(25) + "</o>", "1"))));
        StringBuilder attrs = new StringBuilder();
        for (int i = 0; i < 25; i++) {
            attrs.append(" a").append(i).append("=\"1\"");
        }
        c.add(bad(v, "too many attributes", envelope(v, "", noteXml("", "<text" + attrs + ">t</text>", "1"))));
        c.add(bad(v, "too long text", envelope(v, "", noteXml("", "<text>" + "x".repeat(5000) + "</text>", "1"))));
        c.add(bad(v, "too long attribute", envelope(v, "", noteXml("", "<text a=\"" + "x".repeat(2000) + "\">t</text>", "1"))));
        byte[] utf8 = envelope(v, "", noteXml("", "<text>aXb</text>", "1")).getBytes(StandardCharsets.UTF_8);
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
        byte[] good = envelope(v, "", noteXml("", "<text>t</text>", "1")).getBytes(StandardCharsets.UTF_8);
        c.add(new Bad("truncated body", type(v, "UTF-8"), v ? null : "\"\"", Arrays.copyOf(good, good.length / 2)));
        c.add(new Bad("truncated in the last end tag", type(v, "UTF-8"), v ? null : "\"\"", Arrays.copyOf(good, good.length - 3)));
        c.add(new Bad("empty", type(v, "UTF-8"), v ? null : "\"\"", new byte[0]));
        c.add(new Bad("whitespace only", type(v, "UTF-8"), v ? null : "\"\"", "  \n".getBytes(StandardCharsets.UTF_8)));
        String latin = envelope(v, "", noteXml("", "<text>gr\u00fc\u00dfe</text>", "4"));
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
            c.add(new Bad("the operation's action", type(true, "UTF-8") + "; action=\"" + Notes.ACTION + "\"", null, good));
        } else {
            c.add(new Bad("wrong SOAPAction", type(false, "UTF-8"), "\"urn:other\"", good));
            c.add(new Bad("unquoted wrong SOAPAction", type(false, "UTF-8"), "urn:other", good));
            c.add(new Bad("no SOAPAction", type(false, "UTF-8"), null, good));
            c.add(new Bad("the operation's SOAPAction", type(false, "UTF-8"), "\"" + Notes.ACTION + "\"", good));
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

    // ------------------------------------------------------------------------------------------ HTTP

    /** POSTs {@code b} as it is; the status and the response body. */
    private static String[] post(String address, Bad b) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(address).toURL().openConnection();
        c.setConnectTimeout(10_000);
        c.setReadTimeout(30_000);
        c.setDoOutput(true);
        if (b.contentType != null) {
            c.setRequestProperty("Content-Type", b.contentType);
        } else {
            c.setRequestProperty("Content-Type", "");
        }
        if (b.action != null) {
            c.setRequestProperty("SOAPAction", b.action);
        }
        c.getOutputStream().write(b.body);
        int code = c.getResponseCode();
        try (InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (in != null) {
                in.transferTo(out);
            }
            return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8)};
        }
    }

    /** The fault code of a SOAP 1.1 or 1.2 fault ({@code ""} when {@code xml} holds none). */
    private static String faultCode(String xml) {
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

    private static String between(String s, String a, String b) {
        int i = s.indexOf(a);
        if (i < 0) {
            return null;
        }
        int e = s.indexOf(b, i + a.length());
        return e < 0 ? null : s.substring(i + a.length(), e);
    }

    private static String abbreviate(String s) {
        String f = between(s, "<faultstring>", "</faultstring>");
        if (f == null) {
            f = between(s, "<soap:Text xml:lang=\"en\">", "</soap:Text>");
        }
        String t = f != null ? faultCode(s) + " '" + f + "'" : s;
        return t.length() > 160 ? t.substring(0, 160) + "..." : t;
    }
}
