package dev.dsoap.host;

import dev.dsoap.parse.ParserLimits;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.parse.XmlScanner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

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
}
