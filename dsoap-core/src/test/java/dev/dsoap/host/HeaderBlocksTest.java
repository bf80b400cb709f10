package dev.dsoap.host;

import dev.dsoap.parse.ParserLimits;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.parse.XmlScanner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link HeaderBlocks#undeclared}: which Headers a host may hand over as declared header parts. */
class HeaderBlocksTest {
    private static final String NS = "urn:dsoap:hdr";
    private static final String[] NAMESPACES = {NS, NS};
    private static final String[] NAMES = {"token", "scale"};

    private static String check(String env, String header) {
        byte[] b = ("<e:Envelope xmlns:e=\"" + env + "\" xmlns:h=\"" + NS + "\">" + header + "<e:Body><h:op/></e:Body></e:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
        return HeaderBlocks.undeclared(new XmlScanner(ParserLimits.defaults()), b, b.length, NAMESPACES, NAMES);
    }

    @Test
    void declaredBlocksWithOrWithoutMustUnderstandMayBeHandedOver() {
        for (String env : new String[] {"http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope"}) {
            assertNull(check(env, ""));
            assertNull(check(env, "<e:Header/>"));
            assertNull(check(env, "<e:Header> <h:scale>1</h:scale>\n<h:token e:mustUnderstand=\"1\"><x>nested</x></h:token></e:Header>"));
            assertNull(check(env, "<e:Header><t:token xmlns:t=\"" + NS + "\" other=\"a\"/></e:Header>"));
        }
    }

    @Test
    void anyOtherBlockRoleRepetitionOrTextIsNamed() {
        String env = "http://schemas.xmlsoap.org/soap/envelope/";
        assertTrue(check(env, "<e:Header><h:token/><x:other xmlns:x=\"urn:x\" e:mustUnderstand=\"1\"/></e:Header>").contains("{urn:x}other"));
        assertTrue(check(env, "<e:Header><token/></e:Header>").contains("{}token"));
        assertTrue(check(env, "<e:Header><h:token e:actor=\"urn:someone\"/></e:Header>").contains("actor"));
        assertTrue(check("http://www.w3.org/2003/05/soap-envelope", "<e:Header><h:token e:role=\"urn:r\"/></e:Header>").contains("role"));
        assertTrue(check(env, "<e:Header><h:token/><h:token/></e:Header>").contains("twice"));
        assertTrue(check(env, "<e:Header>text</e:Header>").contains("text"));
        assertThrows(XmlParseException.class, () -> check(env, "<e:Header><h:token></e:Header>"));
    }

    @Test
    void theHeaderEndsAfterItsEndTag() {
        String start = "<?xml version='1.0'?><e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\">";
        String header = "<e:Header><wsa:RelatesTo xmlns:wsa=\"urn:a\">x&amp;\u00e9<!-- </e:Header> --></wsa:RelatesTo>"
                + "<wsa:To xmlns:wsa=\"urn:a\"/></e:Header>";
        String body = "<e:Body><r/></e:Body></e:Envelope>";
        byte[] b = (start + header + body).getBytes(StandardCharsets.UTF_8);
        int end = (start + header).getBytes(StandardCharsets.UTF_8).length;
        assertEquals(end, HeaderBlocks.headerEnd(new XmlScanner(ParserLimits.defaults()), b, b.length));
        for (String none : new String[] {"", "<e:Header/>", "<e:Header></e:Header>"}) {
            byte[] m = (start + none + body).getBytes(StandardCharsets.UTF_8);
            assertEquals(-1, HeaderBlocks.headerEnd(new XmlScanner(ParserLimits.defaults()), m, m.length), none);
        }
    }
}
