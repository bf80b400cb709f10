package dev.dsoap.axis2.it;

import org.apache.axis2.description.AxisService;
import org.apache.axis2.engine.AxisConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * In-only operations answer bad input as plain Axis2 does. The same in-only POJO operation ({@link NotesService#note},
 * a void method, so Axis2's RPCInOnlyMessageReceiver) is deployed on plain Axis2, on Axis2 with dsoap engaged, and on
 * one engaged with tight dsoap parser limits; each raw request (control characters in text and attributes, malformed
 * XML, bad UTF-8, over-limit documents, wrong actions, other charsets, empty or non-SOAP bodies, the other SOAP
 * version, good input too) goes to each, in SOAP 1.1 and 1.2, and dsoap's status and body must be plain Axis2's, and
 * the service must have received the same notes. After each, a good note goes to dsoap: it must read it (its read
 * counter) and deliver its values.
 */
class InOnlyParityIT {
    private static final String SERVICE = "NotesService";
    private static final String LIMITS = "<parameter name=\"dsoap.maxDepth\">16</parameter>"
            + "<parameter name=\"dsoap.maxTextBytes\">64</parameter><parameter name=\"dsoap.maxAttributes\">4</parameter>";
    @TempDir
    static Path dir;
    static Axis2Server plain;
    static Axis2Server dsoap;
    static Axis2Server limited;

    @BeforeAll
    static void start() throws Exception {
        plain = deploy(Axis2Server.start(dir, false, ""));
        dsoap = deploy(Axis2Server.start(dir, true, ""));
        limited = deploy(Axis2Server.start(dir, true, LIMITS));
    }

    private static Axis2Server deploy(Axis2Server s) throws Exception {
        AxisConfiguration ac = s.context.getAxisConfiguration();
        ac.addService(AxisService.createService(NotesService.class.getName(), ac));
        return s;
    }

    @AfterAll
    static void stop() throws Exception {
        for (Axis2Server s : new Axis2Server[] {plain, dsoap, limited}) {
            if (s != null) {
                s.close();
            }
        }
    }

    /** A raw request: what it is, its content type, its SOAPAction header ({@code null}: none), its bytes. */
    private record Bad(String name, String contentType, String action, byte[] body) {
    }

    @Test
    void badInputGetsPlainAxis2sAnswerAndTheNextNoteIsRead() throws Exception {
        List<String> mismatches = new ArrayList<>();
        int marker = 0;
        for (Axis2Server engaged : new Axis2Server[] {dsoap, limited}) {
            for (boolean soap12 : new boolean[] {false, true}) {
                String ns = dsoap.context.getAxisConfiguration().getService(SERVICE).getTargetNamespace();
                HttpClient http = Soap.client();
                for (Bad b : cases(ns, soap12)) {
                    String name = (engaged == limited ? "[limited] " : "") + (soap12 ? "[1.2] " : "[1.1] ") + b.name;
                    NotesService.RECEIVED.clear();
                    Soap.Response want = post(http, plain, b);
                    List<String> wantNotes = drain();
                    Soap.Response got = post(http, engaged, b);
                    List<String> gotNotes = drain();
                    String line = name + ": axis2 " + want.status() + " " + abbreviate(want.text()) + " " + abbreviate(wantNotes.toString())
                            + " | dsoap " + got.status() + " " + abbreviate(got.text()) + " " + abbreviate(gotNotes.toString());
                    System.out.println(line);
                    String wantBody = withoutDetail(want.text());
                    String gotBody = withoutDetail(got.text());
                    boolean same = want.status() == got.status() && wantNotes.equals(gotNotes);
                    if (PRE_DISPATCH.contains(b.name)) {
                        // refused by dsoap's builder before Axis2 dispatches: the same status and fault code, dsoap's
                        // fault string naming what and where
                        same &= faultCode(wantBody).equals(faultCode(gotBody))
                                && gotBody.contains("dsoap: ") && gotBody.contains("(line ");
                    } else {
                        same &= wantBody.equals(gotBody);
                    }
                    if (!same) {
                        mismatches.add(line);
                    }
                    // the next good note is read by dsoap and delivered as it was sent
                    marker++;
                    long read = messagesRead(engaged);
                    Soap.Response r = post(http, engaged, note(ns, soap12, "after case " + marker, marker));
                    assertEquals(202, r.status(), name + ", then a good note: " + r.text());
                    awaitNote(marker + "|after case " + marker);
                    assertEquals(read + 1, messagesRead(engaged),
                            "dsoap read the good note after " + name);
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail("dsoap answered otherwise than plain Axis2:\n" + String.join("\n", mismatches));
        }
    }

    /** The engaged server's count of note requests dsoap read (0 before its first: the MBean is made then). */
    private static long messagesRead(Axis2Server s) throws Exception {
        Stats stats;
        try {
            stats = Stats.find(s.context, "server", SERVICE, "note");
        } catch (AssertionError notYet) {
            return 0;
        }
        return stats.get("MessagesRead");
    }

    private static Soap.Response post(HttpClient http, Axis2Server s, Bad b) throws Exception {
        return Soap.post(http, s.url(SERVICE), b.contentType, b.body, b.action);
    }

    /** The notes received since the last drain, once the server is done (in-only calls are served before 202). */
    private static List<String> drain() {
        List<String> l = new ArrayList<>(NotesService.RECEIVED);
        NotesService.RECEIVED.clear();
        return l;
    }

    private static void awaitNote(String note) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!NotesService.RECEIVED.contains(note)) {
            if (System.nanoTime() > deadline) {
                fail("note never arrived: " + note + "; received " + NotesService.RECEIVED);
            }
            Thread.sleep(5);
        }
        NotesService.RECEIVED.clear();
    }

    // ------------------------------------------------------------------------------------------ the inputs

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

    private static String noteXml(String ns, String wrapperAttrs, String textElement, String level) {
        return "<ns:note xmlns:ns=\"" + ns + "\"" + wrapperAttrs + ">" + textElement + "<ns:level>" + level + "</ns:level></ns:note>";
    }

    private static Bad bad(boolean soap12, String name, String xml) {
        return new Bad(name, type(soap12, "UTF-8"), soap12 ? null : "\"urn:note\"", xml.getBytes(StandardCharsets.UTF_8));
    }

    private static Bad note(String ns, boolean soap12, String text, int level) {
        return bad(soap12, "good", envelope(soap12, "", noteXml(ns, "", "<ns:text>" + text + "</ns:text>", Integer.toString(level))));
    }

    private static List<Bad> cases(String ns, boolean v) {
        String act = v ? null : "\"urn:note\"";
        List<Bad> c = new ArrayList<>();
        c.add(note(ns, v, "plain text", 7));
        c.add(bad(v, "U+0001 in text", envelope(v, "", noteXml(ns, "", "<ns:text>a\u0001b</ns:text>", "1"))));
        c.add(bad(v, "&#1; in text", envelope(v, "", noteXml(ns, "", "<ns:text>a&#1;b</ns:text>", "1"))));
        c.add(bad(v, "U+001F in text", envelope(v, "", noteXml(ns, "", "<ns:text>\u001F</ns:text>", "1"))));
        c.add(bad(v, "U+FFFE in text", envelope(v, "", noteXml(ns, "", "<ns:text>a\uFFFEb</ns:text>", "1"))));
        c.add(bad(v, "U+0001 in a wrapper attribute", envelope(v, "", noteXml(ns, " a=\"x\u0001\"", "<ns:text>t</ns:text>", "1"))));
        c.add(bad(v, "U+0001 in a text attribute", envelope(v, "", noteXml(ns, "", "<ns:text a=\"\u0001\">t</ns:text>", "1"))));
        c.add(bad(v, "U+0001 in an Envelope attribute", envelope(v, " a=\"\u0001\"", noteXml(ns, "", "<ns:text>t</ns:text>", "1"))));
        c.add(bad(v, "unclosed text element", envelope(v, "", noteXml(ns, "", "<ns:text>t", "1"))));
        c.add(bad(v, "mismatched end tag", envelope(v, "", noteXml(ns, "", "<ns:text>t</ns:txet>", "1"))));
        c.add(bad(v, "undeclared entity", envelope(v, "", noteXml(ns, "", "<ns:text>a&bogus;b</ns:text>", "1"))));
        c.add(bad(v, "bare ampersand", envelope(v, "", noteXml(ns, "", "<ns:text>a & b</ns:text>", "1"))));
        c.add(bad(v, "undeclared prefix", envelope(v, "", noteXml(ns, "", "<x:text>t</x:text>", "1"))));
        c.add(bad(v, "DOCTYPE", "<!DOCTYPE x [<!ENTITY e \"boom\">]>" + envelope(v, "", noteXml(ns, "", "<ns:text>&e;</ns:text>", "1"))));
        c.add(bad(v, "not an int", envelope(v, "", noteXml(ns, "", "<ns:text>t</ns:text>", "abc"))));
        c.add(bad(v, "unknown element in the wrapper", envelope(v, "", noteXml(ns, "", "<ns:text>t</ns:text><ns:other>1</ns:other>", "1"))));
        c.add(bad(v, "unknown body element", envelope(v, "", "<ns:nothing xmlns:ns=\"" + ns + "\"/>")));
        c.add(bad(v, "empty Body", envelope(v, "", "")));
        c.add(bad(v, "no Body", "<soapenv:Envelope xmlns:soapenv=\"" + envNs(v) + "\"/>"));
        c.add(bad(v, "text after the Envelope", envelope(v, "", noteXml(ns, "", "<ns:text>t</ns:text>", "1")) + "junk"));
        c.add(bad(v, "a second root", envelope(v, "", noteXml(ns, "", "<ns:text>t</ns:text>", "1")) + "<x/>"));
        c.add(bad(v, "not SOAP", "<note xmlns=\"" + ns + "\"><text>t</text><level>1</level></note>"));
        c.add(bad(v, "the other SOAP version", envelope(!v, "", noteXml(ns, "", "<ns:text>t</ns:text>", "1"))));
        c.add(bad(v, "unknown mustUnderstand header", "<soapenv:Envelope xmlns:soapenv=\"" + envNs(v) + "\"><soapenv:Header>"
                + "<h:x xmlns:h=\"urn:h\" soapenv:mustUnderstand=\"" + (v ? "true" : "1") + "\">1</h:x></soapenv:Header><soapenv:Body>"
                + noteXml(ns, "", "<ns:text>t</ns:text>", "1") + "</soapenv:Body></soapenv:Envelope>"));
        c.add(bad(v, "too deep", envelope(v, "", noteXml(ns, "", "<ns:text>" + "<x>".repeat(25) + "t" + "</x>".repeat(25) + "</ns:text>", "1"))));
        StringBuilder attrs = new StringBuilder();
        for (int i = 0; i < 25; i++) {
            attrs.append(" a").append(i).append("=\"1\"");
        }
        c.add(bad(v, "too many attributes", envelope(v, "", noteXml(ns, "", "<ns:text" + attrs + ">t</ns:text>", "1"))));
        c.add(bad(v, "too long text", envelope(v, "", noteXml(ns, "", "<ns:text>" + "x".repeat(5000) + "</ns:text>", "1"))));
        byte[] utf8 = envelope(v, "", noteXml(ns, "", "<ns:text>aXb</ns:text>", "1")).getBytes(StandardCharsets.UTF_8);
        int x = indexOf(utf8, (byte) 'X');
        byte[] badUtf8 = utf8.clone();
        badUtf8[x] = (byte) 0xC3;
        c.add(new Bad("bad UTF-8 (a lead byte then ASCII)", type(v, "UTF-8"), act, badUtf8));
        byte[] cont = utf8.clone();
        cont[x] = (byte) 0x80;
        c.add(new Bad("bad UTF-8 (a lone continuation byte)", type(v, "UTF-8"), act, cont));
        byte[] good = envelope(v, "", noteXml(ns, "", "<ns:text>t</ns:text>", "1")).getBytes(StandardCharsets.UTF_8);
        c.add(new Bad("truncated body", type(v, "UTF-8"), act, Arrays.copyOf(good, good.length / 2)));
        c.add(new Bad("truncated in the last end tag", type(v, "UTF-8"), act, Arrays.copyOf(good, good.length - 3)));
        c.add(new Bad("empty", type(v, "UTF-8"), act, new byte[0]));
        c.add(new Bad("whitespace only", type(v, "UTF-8"), act, "  \n".getBytes(StandardCharsets.UTF_8)));
        String latin = envelope(v, "", noteXml(ns, "", "<ns:text>gr\u00fc\u00dfe</ns:text>", "4"));
        c.add(new Bad("ISO-8859-1", type(v, "ISO-8859-1"), act,
                ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + latin).getBytes(StandardCharsets.ISO_8859_1)));
        c.add(new Bad("UTF-16", type(v, "UTF-16"), act, latin.getBytes(StandardCharsets.UTF_16)));
        c.add(new Bad("UTF-8 declared, latin-1 sent", type(v, "UTF-8"), act, latin.getBytes(StandardCharsets.ISO_8859_1)));
        c.add(new Bad("the other version's content type", type(!v, "UTF-8"), act, good));
        if (v) {
            c.add(new Bad("wrong action", type(true, "UTF-8") + "; action=\"urn:other\"", null, good));
            c.add(new Bad("the operation's action", type(true, "UTF-8") + "; action=\"urn:note\"", null, good));
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
    private static final java.util.Set<String> PRE_DISPATCH = java.util.Set.of(
            "U+0001 in an Envelope attribute", "DOCTYPE", "empty", "whitespace only");

    /** A fault without its {@code detail} (Axis2 puts the exception's stack trace there, which names dsoap's frames). */
    private static String withoutDetail(String body) {
        return body.replaceAll("(?s)<detail>.*</detail>", "<detail/>")
                .replaceAll("(?s)<soapenv:Detail>.*</soapenv:Detail>", "<soapenv:Detail/>");
    }

    /** The fault code (SOAP 1.1 faultcode, SOAP 1.2 Code/Value), or "" when there is none. */
    private static String faultCode(String body) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<faultcode>([^<]*)</faultcode>|<soapenv:Value>([^<]*)</soapenv:Value>|<faultcode/>")
                .matcher(body);
        return m.find() ? String.valueOf(m.group(1) != null ? m.group(1) : m.group(2)) : "";
    }

    private static String abbreviate(String s) {
        String t = s.replaceAll("\\s+", " ");
        return t.length() > 200 ? t.substring(0, 200) + "..." : t;
    }
}
