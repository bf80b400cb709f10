package dev.dsoap.axis2.it;

import org.apache.axis2.Constants;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every message dsoap does not carry goes through Axis2's path with the same outcome as without the module,
 * counted under its reason; malformed and hostile requests get a SOAP fault naming what and where, and
 * the server goes on serving.
 */
class FallbackIT {
    private static final String WSA = "http://www.w3.org/2005/08/addressing";
    @TempDir
    static Path dir;
    static Axis2Server plain;
    static Axis2Server dsoap;
    static Axis2Server limited;

    @BeforeAll
    static void start() throws Exception {
        plain = Axis2Server.start(dir, false, "");
        dsoap = Axis2Server.start(dir, true, "", FallbackIT::helloWritesPlainly);
        limited = Axis2Server.start(dir, true, "<parameter name=\"dsoap.maxMessageBytes\">4096</parameter>"
                + "<parameter name=\"dsoap.maxDepth\">16</parameter>");
    }

    private static void helloWritesPlainly(AxisService svc) {
        try {
            svc.getOperation(new QName("hello")).addParameter(new Parameter("dsoap.serialize", "false"));
        } catch (org.apache.axis2.AxisFault e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        for (Axis2Server s : new Axis2Server[] {plain, dsoap, limited}) {
            if (s != null) {
                s.close();
            }
        }
    }

    static String echo(String ns, double... v) {
        return Soap.request(ns, "echo", Soap.doubles("v", v));
    }

    /** Both servers give the same status and body; returns dsoap's. */
    static Soap.Response same(String contentType, byte[] body, String where) throws Exception {
        Soap.Response want = Soap.post(plain.url(), contentType, body, "\"\"");
        Soap.Response got = Soap.post(dsoap.url(), contentType, body, "\"\"");
        String text = where + "\naxis2: " + want.text() + "\ndsoap: " + got.text();
        assertEquals(want.status(), got.status(), text);
        if (want.status() == 200) {
            assertEquals(Soap.canonical(want.body()), Soap.canonical(got.body()), text);
        }
        return got;
    }

    @Test
    void headerBlocksGoThroughAxis2() throws Exception {
        Stats st = dsoap.stats("echo");
        long before = st.readFallbacks("HEADERS");
        String xml = echo(dsoap.namespace(), 1.5, -0.0).replace("<soapenv:Header/>",
                "<soapenv:Header><x:Token xmlns:x=\"urn:dsoap:test\">t-1</x:Token></soapenv:Header>");
        same("text/xml; charset=UTF-8", xml.getBytes(StandardCharsets.UTF_8), "header");
        assertEquals(before + 1, st.readFallbacks("HEADERS"), st.toString());
        assertEquals(before + 1, st.writeFallbacks("HEADERS"), st.toString());
    }

    @Test
    void addressingHeaderBlocksAreReadPast() throws Exception {
        Stats st = dsoap.stats("echo");
        long read = st.get("MessagesRead");
        long headers = st.readFallbacks("HEADERS");
        for (int i = 0; i < 4; i++) {
            String xml = echo(dsoap.namespace(), 1.5 + i, -0.0).replace("<soapenv:Header/>",
                    "<soapenv:Header><wsa:MessageID xmlns:wsa=\"" + WSA + "\">urn:uuid:" + i + "</wsa:MessageID>"
                            + "<wsa:Action xmlns:wsa=\"" + WSA + "\">urn:echo</wsa:Action></soapenv:Header>");
            same("text/xml; charset=UTF-8", xml.getBytes(StandardCharsets.UTF_8), "addressing header " + i);
        }
        assertEquals(read + 4, st.get("MessagesRead"), st.toString());
        assertEquals(headers, st.readFallbacks("HEADERS"), st.toString());
    }

    @Test
    void soap12IsCarried() throws Exception {
        Stats st = dsoap.stats("echo");
        long written = st.get("MessagesWritten");
        for (int i = 0; i < 5; i++) {
            String xml = Soap.envelope(Soap.SOAP12, "<ns:echo xmlns:ns=\"" + dsoap.namespace() + "\">"
                    + Soap.doubles("v", new double[] {i, Double.NaN, Double.MIN_VALUE}) + "</ns:echo>");
            Soap.Response got = same("application/soap+xml; charset=UTF-8", xml.getBytes(StandardCharsets.UTF_8), "soap 1.2");
            assertTrue(got.text().contains(Soap.SOAP12), got.text());
        }
        assertEquals(written + 5, st.get("MessagesWritten"), st.toString());
    }

    @Test
    void otherCharsetsGoThroughAxis2() throws Exception {
        Stats st = dsoap.stats("echoStrings");
        long before = st.readFallbacks("CHARSET");
        String xml = Soap.request(dsoap.namespace(), "echoStrings", "<v>grüße</v><v>&amp;&lt;</v>")
                .replace("encoding='UTF-8'", "encoding='ISO-8859-1'");
        Soap.Response got = same("text/xml; charset=ISO-8859-1", xml.getBytes(StandardCharsets.ISO_8859_1), "latin-1");
        assertTrue(Soap.canonical(got.body()).contains("grüße"), got.text());
        assertEquals(before + 1, st.readFallbacks("CHARSET"), st.toString());
    }

    @Test
    void mtomRequestsGoThroughAxis2() throws Exception {
        Stats st = dsoap.stats("echo");
        long before = st.readFallbacks("ATTACHMENTS");
        RPCServiceClient c = ServerIT.client(dsoap);
        c.getOptions().setProperty(Constants.Configuration.ENABLE_MTOM, Constants.VALUE_TRUE);
        double[] got = (double[]) c.invokeBlocking(new QName(dsoap.namespace(), "echo"),
                new Object[] {new Double[] {2.5, -1.0}}, new Class<?>[] {double[].class})[0];
        c.cleanupTransport();
        assertArrayEquals(new double[] {2.5, -1.0}, got);
        assertEquals(before + 1, st.readFallbacks("ATTACHMENTS"), st.toString());
    }

    @Test
    void restCallsGoThroughAxis2() throws Exception {
        String pox = "<ns:echo xmlns:ns=\"" + dsoap.namespace() + "\"><v>1.5</v></ns:echo>";
        Soap.Response want = Soap.post(plain.url() + "/echo", "application/xml", pox.getBytes(StandardCharsets.UTF_8), null);
        Stats st = dsoap.stats("echo");
        long before = st.readFallbacks("REST");
        Soap.Response got = Soap.post(dsoap.url() + "/echo", "application/xml", pox.getBytes(StandardCharsets.UTF_8), null);
        assertEquals(want.status(), got.status(), want.text() + "\n" + got.text());
        if (want.status() == 200) {
            assertEquals(Soap.canonical(("<e><Body>" + want.text() + "</Body></e>").getBytes(StandardCharsets.UTF_8)),
                    Soap.canonical(("<e><Body>" + got.text() + "</Body></e>").getBytes(StandardCharsets.UTF_8)));
            assertEquals(before + 1, st.readFallbacks("REST"), st.toString());
        }
    }

    @Test
    void serviceFaultsAreAxis2s() throws Exception {
        Stats st = dsoap.stats("boom");
        long before = st.writeFallbacks("FAULT");
        Soap.Response got = same("text/xml; charset=UTF-8", Soap.request(dsoap.namespace(), "boom", "<v>1</v><v>2</v>")
                .getBytes(StandardCharsets.UTF_8), "fault");
        Soap.Response want = Soap.post11(plain.url(), Soap.request(dsoap.namespace(), "boom", "<v>1</v><v>2</v>"));
        assertEquals(Soap.canonical(want.body()), Soap.canonical(got.body()));
        assertTrue(got.text().contains("boom 2"), got.text());
        assertEquals(before + 1, st.writeFallbacks("FAULT"), st.toString());
        assertEquals(1, st.get("MessagesRead") > 0 ? 1 : 0, "the request was read by dsoap");
    }

    @Test
    void switchedOffDirectionsAreAxis2s() throws Exception {
        Stats st = dsoap.stats("hello");
        long before = st.writeFallbacks("DISABLED");
        same("text/xml; charset=UTF-8", Soap.request(dsoap.namespace(), "hello", "<s>x&amp;y</s><n>3</n>")
                .getBytes(StandardCharsets.UTF_8), "disabled");
        assertEquals(before + 1, st.writeFallbacks("DISABLED"), st.toString());
        assertTrue(st.get("MessagesRead") > 0, "requests are still read by dsoap: " + st);
    }

    @Test
    void malformedAndHostileRequestsGetFaultsAndTheServerGoesOn() throws Exception {
        String ns = dsoap.namespace();
        String good = echo(ns, 1, 2, 3);
        Stats st = dsoap.stats("echo");
        String[][] bad = {
                {"truncated", good.substring(0, good.length() - 30), "byte"},
                {"bad tag", good.replace("</v><v>", "</w><v>"), "line"},
                {"bad byte", good.replace("<v>2", "<v>\u0001"), "byte"},
                {"DTD", good.replace("?>", "?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>").replace("<v>2", "<v>&e;"), "DOCTYPE"},
                {"undeclared entity", good.replace("<v>2", "<v>&lol;"), "lol"},
        };
        for (String[] b : bad) {
            long rejected = st.get("MessagesRejected");
            Soap.Response got = Soap.post11(dsoap.url(), b[1]);
            if (b[0].equals("truncated")) {
                // Axis2 never reads the end of the envelope, so it answers a truncated one: dsoap refuses it (counted)
                // and serves it with what Axis2 reads
                Soap.Response want = Soap.post11(plain.url(), b[1]);
                assertEquals(200, got.status(), b[0] + ": " + got.text());
                assertEquals(Soap.canonical(want.body()), Soap.canonical(got.body()), b[0]);
            } else {
                assertNotEquals(200, got.status(), b[0] + ": " + got.text());
                assertTrue(got.text().contains("Fault") && got.text().contains(b[2]), b[0] + ": " + got.text());
                assertTrue(axis2Refuses(b[1]), b[0] + ": Axis2 accepts it");
            }
            if (!b[0].equals("DTD")) { // Axis2's SOAP builder refuses a DTD itself, before dispatch
                assertEquals(rejected + 1, st.get("MessagesRejected"), b[0] + " " + st);
            }
            same("text/xml; charset=UTF-8", good.getBytes(StandardCharsets.UTF_8), "good request after " + b[0]);
        }
    }

    /** Whether plain Axis2 refuses the request (a fault, or for some malformed input a dropped connection). */
    private static boolean axis2Refuses(String xml) throws Exception {
        try {
            return Soap.post11(plain.url(), xml).status() != 200;
        } catch (java.io.IOException dropped) {
            return true;
        }
    }

    @Test
    void limitsAreEnforcedBeforeAndDuringParsing() throws Exception {
        String ns = limited.namespace();
        double[] many = new double[400];
        Arrays.fill(many, 2.5);
        many[7] = -0.0;
        // longer than dsoap.maxMessageBytes: Axis2 reads it itself and answers as without dsoap (counted)
        long tooLarge = limited.stats("echo").readFallbacks("TOO_LARGE");
        Soap.Response big = Soap.post11(limited.url(), echo(ns, many));
        Soap.Response want = Soap.post11(plain.url(), echo(ns, many));
        assertEquals(200, big.status(), big.text());
        assertEquals(Soap.canonical(want.body()), Soap.canonical(big.body()));
        assertEquals(tooLarge + 1, limited.stats("echo").readFallbacks("TOO_LARGE"));
        String deep = Soap.request(ns, "echo", "<v>" + "<x>".repeat(20) + "1" + "</x>".repeat(20) + "</v>");
        Soap.Response d = Soap.post11(limited.url(), deep);
        assertNotEquals(200, d.status(), d.text());
        assertTrue(d.text().contains("depth"), d.text());
        Soap.Response ok = Soap.post11(limited.url(), echo(ns, 4.25, -0.0));
        assertEquals(200, ok.status(), ok.text());
        assertTrue(Soap.canonical(ok.body()).contains("=d:4.25"), ok.text());
    }
}
