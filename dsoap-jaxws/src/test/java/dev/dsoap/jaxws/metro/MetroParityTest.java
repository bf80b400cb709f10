package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;
import jakarta.xml.ws.Endpoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Bad input answered as plain Metro answers it: a plain Metro endpoint and a {@code @DifferentialSoap} one of the same
 * service, published with {@code Endpoint.publish} on the JDK HTTP server over loopback, are sent the same raw
 * requests of {@code echoDoubles}: malformed, truncated, of the wrong SOAP version or shape, hostile (entities, deep
 * nesting, many attributes, a long text), of other charsets, and odd but valid ones. For each, the dsoap endpoint must
 * answer with the plain one's HTTP status and, for a fault, the plain one's fault code (a qualified name, its prefix
 * resolved) and fault string, or, where plain Metro serves the request, the same values bit for bit. After each input,
 * and after the whole corpus, a good request to the dsoap endpoint is read by dsoap (its {@code MessagesRead} grows) and
 * answered correctly: bad input leaves dsoap's kept state usable.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroParityTest {
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    private static final String TEXT_XML = "text/xml; charset=utf-8";
    private static final String DSOAP_SERVICE = "ParityDsoapService.ParityDsoapPort";
    /** The values of the good requests, as sent and as they must come back. */
    private static final String[] GOOD_TEXTS = {"1.5", "-0.0", "NaN", "INF", "-INF", "4.9E-324", "1.7976931348623157E308",
            "12345.678", "0"};

    static {
        // as in MetroCarryTest: no Nagle delay on loopback (read once, when the server classes load)
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /** The oracle: {@link MetroEcho} without dsoap, under names of its own (its beans apart from other tests'). */
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "ParityPlainService",
            portName = "ParityPlainPort", targetNamespace = MetroEcho.NS)
    public static class ParityPlainEcho extends MetroEchoLogic {
    }

    /** {@link MetroEcho} carried by dsoap, under names of its own. */
    @DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "ParityDsoapService",
            portName = "ParityDsoapPort", targetNamespace = MetroEcho.NS)
    public static class ParityDsoapEcho extends MetroEchoLogic {
    }

    /** A raw request: what it is, its content type, its bytes. */
    private record Bad(String name, String contentType, byte[] body) {
    }

    /** An answer: its HTTP status, content type and bytes. */
    private record Answer(int status, String contentType, byte[] body) {
        String excerpt() {
            String s = new String(body, StandardCharsets.UTF_8).replace('\n', ' ');
            return status + " [" + contentType + "] " + (s.length() > 400 ? s.substring(0, 400) + "..." : s);
        }
    }

    /** What an answer says: its envelope's namespace, fault code and string, or served values ({@code null}: none). */
    private record Reading(String envelopeNs, String bodyElement, String faultCode, String faultString, double[] values) {
    }

    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static HttpClient http;
    private static URI plainAt;
    private static URI dsoapAt;

    @BeforeAll
    static void publish() throws IOException {
        String base = "http://127.0.0.1:" + freePort();
        endpoints.add(Endpoint.publish(base + "/parityPlain", new ParityPlainEcho()));
        endpoints.add(Endpoint.publish(base + "/parityDsoap", new ParityDsoapEcho()));
        plainAt = URI.create(base + "/parityPlain");
        dsoapAt = URI.create(base + "/parityDsoap");
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    }

    @AfterAll
    static void stop() {
        for (Endpoint e : endpoints) {
            e.stop();
        }
        endpoints.clear();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void badInputIsAnsweredAsPlainMetroAnswersItAndLeavesDsoapUsable() throws Exception {
        List<Bad> corpus = corpus();
        assertTrue(corpus.size() >= 30, "corpus size " + corpus.size());
        Answer control = post(plainAt, corpus.get(0));
        assertEquals(200, control.status(), "plain Metro's answer to the control: " + control.excerpt());
        assertDoubles("plain Metro's answer to the control", parse(GOOD_TEXTS), read(control).values());
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < corpus.size(); i++) {
            Bad b = corpus.get(i);
            Answer want = post(plainAt, b);
            Answer got = post(dsoapAt, b);
            String line = "[" + i + "] " + b.name() + "\n    plain " + want.excerpt() + "\n    dsoap " + got.excerpt();
            String problem = differs(want, got);
            if (problem != null) {
                mismatches.add(line + "\n    => " + problem);
            }
            goodRequestIsReadByDsoap("after [" + i + "] " + b.name(), i);
        }
        if (!mismatches.isEmpty()) {
            fail("dsoap answered otherwise than plain Metro:\n" + String.join("\n", mismatches));
        }
        goodRequestIsReadByDsoap("after the whole corpus", corpus.size());
        System.out.println("MetroParityTest: " + corpus.size() + " inputs answered by the dsoap endpoint as by plain Metro");
    }

    /** A good request (its values varied by {@code step}) is answered correctly by dsoap and read by dsoap itself. */
    private static void goodRequestIsReadByDsoap(String when, int step) throws Exception {
        OperationStatsMXBean before = MetroCarryTest.stats(DSOAP_SERVICE, "echoDoubles");
        long read = before == null ? 0 : before.getMessagesRead();
        String[] texts = GOOD_TEXTS.clone();
        texts[texts.length - 1] = Integer.toString(step);
        Answer a = post(dsoapAt, new Bad("good", TEXT_XML, utf8(envelope(SOAP11, "", echo("", items(texts))))));
        assertEquals(200, a.status(), "a good request to dsoap " + when + ": " + a.excerpt());
        assertDoubles("dsoap's answer to a good request " + when, parse(texts), read(a).values());
        OperationStatsMXBean after = MetroCarryTest.stats(DSOAP_SERVICE, "echoDoubles");
        assertNotNull(after, "the dsoap endpoint's echoDoubles bean " + when);
        assertEquals(read + 1, after.getMessagesRead(), "requests read by dsoap: a good request " + when);
    }

    /** How dsoap's answer differs from plain Metro's, or {@code null}. */
    private static String differs(Answer want, Answer got) {
        if (want.status() != got.status()) {
            return "HTTP status " + want.status() + " vs " + got.status();
        }
        Reading w = read(want);
        Reading g = read(got);
        if (w == null || g == null) {
            // not SOAP: the same bytes
            return Arrays.equals(want.body(), got.body()) ? null : "an answer that is not SOAP, and not the same";
        }
        if (!w.envelopeNs().equals(g.envelopeNs())) {
            return "envelope " + w.envelopeNs() + " vs " + g.envelopeNs();
        }
        if (w.faultCode() != null || g.faultCode() != null) {
            if (w.faultCode() == null || g.faultCode() == null) {
                return "fault code " + w.faultCode() + " vs " + g.faultCode();
            }
            if (!w.faultCode().equals(g.faultCode())) {
                return "fault code " + w.faultCode() + " vs " + g.faultCode();
            }
            return w.faultString().equals(g.faultString()) ? null
                    : "fault string '" + w.faultString() + "' vs '" + g.faultString() + "'";
        }
        if (!w.bodyElement().equals(g.bodyElement())) {
            return "body element " + w.bodyElement() + " vs " + g.bodyElement();
        }
        if (w.values() == null || g.values() == null || !Arrays.equals(w.values(), g.values())) {
            return "values " + Arrays.toString(w.values()) + " vs " + Arrays.toString(g.values());
        }
        return null;
    }

    // ------------------------------------------------------------------------------------------------ the corpus

    private static List<Bad> corpus() {
        String goodItems = items(GOOD_TEXTS);
        String goodXml = envelope(SOAP11, "", echo("", goodItems));
        byte[] good = utf8(goodXml);
        List<Bad> c = new ArrayList<>();
        c.add(new Bad("control: a good request", TEXT_XML, good));
        // not well-formed
        c.add(xml("mismatched end tag", envelope(SOAP11, "", echo("", "<v>1.5</w>"))));
        c.add(xml("unclosed attribute value", envelope(SOAP11, "", echo(" a=\"1", items("1.5")))));
        c.add(xml("'<' in a number", envelope(SOAP11, "", echo("", "<v>1<2</v>"))));
        c.add(xml("bare '&' in a number", envelope(SOAP11, "", echo("", "<v>1&2</v>"))));
        c.add(xml("undeclared entity", envelope(SOAP11, "", echo("", "<v>&bogus;</v>"))));
        c.add(xml("undeclared prefix on an item", envelope(SOAP11, "", echo("", "<x:v>1.5</x:v>"))));
        c.add(xml("a second root after the Envelope", goodXml + "<x/>"));
        c.add(xml("text after the Envelope", goodXml + "junk"));
        c.add(xml("U+0001 in a number", envelope(SOAP11, "", echo("", "<v>1\u00015</v>"))));
        byte[] badUtf8 = good.clone();
        badUtf8[goodXml.indexOf("12345.678") + 2] = (byte) 0xC3;
        c.add(new Bad("bad UTF-8 in a number", TEXT_XML, badUtf8));
        // truncated
        int secondItem = goodXml.indexOf("<v>", goodXml.indexOf("<v>") + 1);
        c.add(new Bad("truncated inside a tag", TEXT_XML, Arrays.copyOf(good, secondItem + 2)));
        c.add(new Bad("truncated inside a number", TEXT_XML, Arrays.copyOf(good, goodXml.indexOf("12345.678") + 4)));
        c.add(new Bad("truncated before </soap:Envelope>", TEXT_XML, Arrays.copyOf(good, goodXml.indexOf("</soap:Envelope>"))));
        c.add(new Bad("truncated inside </soap:Envelope>", TEXT_XML, Arrays.copyOf(good, good.length - 3)));
        c.add(new Bad("truncated after the wrapper's start tag", TEXT_XML,
                Arrays.copyOf(good, goodXml.indexOf("<v>"))));
        c.add(new Bad("truncated to half", TEXT_XML, Arrays.copyOf(good, good.length / 2)));
        // the wrong envelope
        c.add(xml("wrong envelope namespace", envelope("urn:not:soap", "", echo("", goodItems))));
        c.add(xml("no envelope namespace", "<Envelope><Body>" + echo("", goodItems) + "</Body></Envelope>"));
        c.add(xml("not SOAP: the wrapper as the document", echo("", goodItems)));
        c.add(xml("SOAP 1.2 envelope as text/xml", envelope(SOAP12, "", echo("", goodItems))));
        c.add(new Bad("SOAP 1.2 envelope as application/soap+xml", "application/soap+xml; charset=utf-8",
                utf8(envelope(SOAP12, "", echo("", goodItems)))));
        c.add(xml("empty Body", envelope(SOAP11, "", "")));
        c.add(xml("no Body", "<soap:Envelope xmlns:soap=\"" + SOAP11 + "\"/>"));
        c.add(new Bad("empty request", TEXT_XML, new byte[0]));
        c.add(xml("whitespace only", "  \n"));
        // hostile
        c.add(xml("DOCTYPE with internal entities (small billion laughs)", "<!DOCTYPE soap:Envelope ["
                + "<!ENTITY a \"1234567890\">"
                + "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
                + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">"
                + "<!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">]>"
                + envelope(SOAP11, "", echo("", "<v>&d;</v>"))));
        c.add(xml("DOCTYPE with an internal entity for a number", "<!DOCTYPE soap:Envelope [<!ENTITY n \"1.5\">]>"
                + envelope(SOAP11, "", echo("", "<v>&n;</v>"))));
        c.add(xml("external entity (file:///etc/passwd)", "<!DOCTYPE soap:Envelope [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + envelope(SOAP11, "", echo("", "<v>&x;</v>"))));
        c.add(xml("external DTD", "<!DOCTYPE soap:Envelope SYSTEM \"file:///etc/passwd\">"
                + envelope(SOAP11, "", echo("", goodItems))));
        c.add(xml("depth 200 inside an item", envelope(SOAP11, "", echo("",
                "<v>" + "<d>".repeat(200) + "1.5" + "</d>".repeat(200) + "</v>"))));
        StringBuilder attrs = new StringBuilder(20_000 * 12);
        for (int i = 0; i < 20_000; i++) {
            attrs.append(" a").append(i).append("=\"1\"");
        }
        c.add(xml("20,000 attributes on the wrapper", envelope(SOAP11, "", echo(attrs.toString(), goodItems))));
        c.add(xml("2 MB of digits in one item", envelope(SOAP11, "", echo("", "<v>" + "1".repeat(2 << 20) + "</v><v>2.5</v>"))));
        c.add(xml("2 MB of whitespace around one number", envelope(SOAP11, "", echo("",
                "<v>" + " ".repeat(1 << 20) + "1.5" + "\n".repeat(1 << 20) + "</v>"))));
        c.add(xml("2 MB of letters in one item", envelope(SOAP11, "", echo("", "<v>" + "x".repeat(2 << 20) + "</v>"))));
        // the wrong operation or shape
        c.add(xml("unknown operation element", envelope(SOAP11, "", "<n:echoNothing xmlns:n=\"" + MetroEcho.NS + "\">"
                + goodItems + "</n:echoNothing>")));
        c.add(xml("echoDoubles in another namespace", envelope(SOAP11, "", "<n:echoDoubles xmlns:n=\"urn:other\">"
                + goodItems + "</n:echoDoubles>")));
        c.add(xml("two operation elements in the Body", envelope(SOAP11, "", echo("", goodItems) + echo("", items("2.5")))));
        c.add(xml("unknown element among the items", envelope(SOAP11, "", echo("", "<v>1.5</v><w>2</w><v>2.5</v>"))));
        c.add(xml("qualified items", envelope(SOAP11, "", echo("", "<n:v>1.5</n:v><n:v>2.5</n:v>"))));
        c.add(xml("an attribute on an item", envelope(SOAP11, "", echo("", "<v a=\"b\">1.5</v><v>2.5</v>"))));
        // values that are no xs:double
        for (String v : new String[] {"abc", "1.2.3", "+INF", "0x10", "", "Infinity", "1.5d", "1.5f", "1e400", "-1e-400",
                "1,5", "\u0661", "+1.5", ".5", "5.", "1E", "nan"}) {
            c.add(xml("the item '" + v + "'", envelope(SOAP11, "", echo("", "<v>1</v><v>" + v + "</v><v>3</v>"))));
        }
        c.add(xml("xsi:nil on an item", envelope(SOAP11, "", echo(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"",
                "<v>1.5</v><v xsi:nil=\"true\"/><v>2.5</v>"))));
        c.add(xml("no items", envelope(SOAP11, "", echo("", ""))));
        // headers
        String item = echo("", goodItems);
        c.add(xml("a mustUnderstand=\"1\" header block nobody understands", "<soap:Envelope xmlns:soap=\"" + SOAP11
                + "\"><soap:Header><h:x xmlns:h=\"urn:h\" soap:mustUnderstand=\"1\">1</h:x></soap:Header><soap:Body>" + item
                + "</soap:Body></soap:Envelope>"));
        c.add(xml("a header block without mustUnderstand", "<soap:Envelope xmlns:soap=\"" + SOAP11
                + "\"><soap:Header><h:x xmlns:h=\"urn:h\">1</h:x></soap:Header><soap:Body>" + item
                + "</soap:Body></soap:Envelope>"));
        c.add(xml("an empty Header", "<soap:Envelope xmlns:soap=\"" + SOAP11 + "\"><soap:Header/><soap:Body>" + item
                + "</soap:Body></soap:Envelope>"));
        // charsets
        c.add(new Bad("ISO-8859-1 declared, the same bytes", "text/xml; charset=ISO-8859-1", good));
        c.add(new Bad("ISO-8859-1 with a declaration and a Latin-1 comment", "text/xml; charset=ISO-8859-1",
                ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + envelope(SOAP11, "", echo("", "<!-- gr\u00fc\u00dfe -->"
                        + goodItems))).getBytes(StandardCharsets.ISO_8859_1)));
        c.add(new Bad("UTF-16 body, charset=utf-16", "text/xml; charset=utf-16", goodXml.getBytes(StandardCharsets.UTF_16)));
        c.add(new Bad("UTF-16 body declared UTF-8", TEXT_XML, goodXml.getBytes(StandardCharsets.UTF_16)));
        // odd but well-formed numbers
        c.add(xml("comments and processing instructions between items", envelope(SOAP11, "", echo("",
                "<!-- a --><v>1.5</v><?pi data?><v>2.5</v>\n<!-- b --><?x?><v>-3</v>"))));
        c.add(xml("a comment inside a number", envelope(SOAP11, "", echo("", "<v>1<!-- c -->.5</v><v>2.5</v>"))));
        c.add(xml("CDATA around a number", envelope(SOAP11, "", echo("", "<v><![CDATA[1.5]]></v><v>2<![CDATA[.5]]></v>"))));
        c.add(xml("character references in a number", envelope(SOAP11, "", echo("", "<v>&#x31;.5</v><v>&#50;.&#x35;</v>"))));
        c.add(xml("whitespace around numbers", envelope(SOAP11, "", echo("", "<v> 1.5 </v><v>\n\t2.5\r\n</v><v>\t-0.0</v>"))));
        c.add(xml("whitespace between items", envelope(SOAP11, "", echo("", "\n  <v>1.5</v>\n  <v>2.5</v>\n"))));
        c.add(xml("an XML declaration and a BOM", "\uFEFF<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + goodXml));
        return c;
    }

    private static Bad xml(String name, String xml) {
        return new Bad(name, TEXT_XML, utf8(xml));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String envelope(String ns, String envelopeAttrs, String body) {
        return "<soap:Envelope xmlns:soap=\"" + ns + "\"" + envelopeAttrs + "><soap:Body>" + body + "</soap:Body></soap:Envelope>";
    }

    private static String echo(String wrapperAttrs, String items) {
        return "<n:echoDoubles xmlns:n=\"" + MetroEcho.NS + "\"" + wrapperAttrs + ">" + items + "</n:echoDoubles>";
    }

    private static String items(String... texts) {
        StringBuilder b = new StringBuilder();
        for (String t : texts) {
            b.append("<v>").append(t).append("</v>");
        }
        return b.toString();
    }

    // ------------------------------------------------------------------------------------------------ answers

    private static Answer post(URI to, Bad b) throws IOException, InterruptedException {
        HttpRequest r = HttpRequest.newBuilder(to).timeout(Duration.ofSeconds(20))
                .header("Content-Type", b.contentType()).header("SOAPAction", "\"\"")
                .POST(HttpRequest.BodyPublishers.ofByteArray(b.body())).build();
        HttpResponse<byte[]> a = http.send(r, HttpResponse.BodyHandlers.ofByteArray());
        return new Answer(a.statusCode(), a.headers().firstValue("Content-Type").orElse(""), a.body());
    }

    /** What a SOAP answer says, or {@code null} when it is not a SOAP envelope. */
    private static Reading read(Answer a) {
        Document d;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder db = f.newDocumentBuilder();
            db.setErrorHandler(new org.xml.sax.helpers.DefaultHandler()); // quiet: a non-XML answer is compared as bytes
            d = db.parse(new ByteArrayInputStream(a.body()));
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        } catch (SAXException | IOException e) {
            return null;
        }
        Element env = d.getDocumentElement();
        String ns = env.getNamespaceURI();
        if (!"Envelope".equals(env.getLocalName()) || !(SOAP11.equals(ns) || SOAP12.equals(ns))) {
            return null;
        }
        Element body = child(env, ns, "Body");
        Element first = body == null ? null : firstElement(body);
        if (first == null) {
            return new Reading(ns, "", null, null, null);
        }
        String name = "{" + first.getNamespaceURI() + "}" + first.getLocalName();
        if ("Fault".equals(first.getLocalName()) && ns.equals(first.getNamespaceURI())) {
            Element code;
            Element string;
            if (SOAP11.equals(ns)) {
                code = child(first, null, "faultcode");
                string = child(first, null, "faultstring");
            } else {
                Element c = child(first, ns, "Code");
                code = c == null ? null : child(c, ns, "Value");
                Element reason = child(first, ns, "Reason");
                string = reason == null ? null : child(reason, ns, "Text");
            }
            return new Reading(ns, name, code == null ? "(no code)" : qname(code), string == null ? "" : string.getTextContent(), null);
        }
        NodeList items = first.getElementsByTagNameNS("*", "return");
        double[] values = new double[items.getLength()];
        for (int i = 0; i < values.length; i++) {
            values[i] = xsDouble(items.item(i).getTextContent());
        }
        return new Reading(ns, name, null, null, values);
    }

    /** The text of {@code e} as a qualified name, its prefix resolved: {@code {ns}local}. */
    private static String qname(Element e) {
        String t = e.getTextContent().trim();
        int colon = t.indexOf(':');
        if (colon < 0) {
            return "{" + e.lookupNamespaceURI(null) + "}" + t;
        }
        String uri = e.lookupNamespaceURI(t.substring(0, colon));
        return "{" + (uri == null ? "unbound prefix " + t.substring(0, colon) : uri) + "}" + t.substring(colon + 1);
    }

    private static Element child(Element parent, String ns, String local) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && local.equals(e.getLocalName())
                    && (ns == null ? e.getNamespaceURI() == null || e.getNamespaceURI().isEmpty() : ns.equals(e.getNamespaceURI()))) {
                return e;
            }
        }
        return null;
    }

    private static Element firstElement(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        return null;
    }

    private static double xsDouble(String s) {
        String t = s.trim();
        return switch (t) {
            case "INF" -> Double.POSITIVE_INFINITY;
            case "-INF" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(t);
        };
    }

    private static double[] parse(String[] texts) {
        double[] v = new double[texts.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = xsDouble(texts[i]);
        }
        return v;
    }

    /** Equal bit for bit ({@link Arrays#equals(double[], double[])} compares {@code doubleToLongBits}). */
    private static void assertDoubles(String what, double[] expected, double[] got) {
        assertNotNull(got, what + ": no values");
        assertTrue(Arrays.equals(expected, got), what + ": expected " + Arrays.toString(expected) + " but got "
                + Arrays.toString(got));
    }
}
