package dev.dsoap.negotiation;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The policy assertion in both forms (text for Axis2's Neethi, DOM for CXF's WSDL writer) says the same thing. */
class BinaryPolicyTest {
    @Test
    void offPublishesNothing() {
        assertNull(BinaryPolicy.xml(BinaryMode.OFF));
        assertNull(BinaryPolicy.element(BinaryMode.OFF));
        assertFalse(BinaryPolicy.published(BinaryMode.OFF));
        assertFalse(BinaryPolicy.published(null));
        assertTrue(BinaryPolicy.published(BinaryMode.INTEROPERABILITY));
        assertTrue(BinaryPolicy.published(BinaryMode.PERFORMANCE));
    }

    @Test
    void textAndDomNameTheSameOptionalAssertion() throws Exception {
        for (BinaryMode mode : new BinaryMode[] {BinaryMode.INTEROPERABILITY, BinaryMode.PERFORMANCE}) {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            Element parsed = f.newDocumentBuilder()
                    .parse(new ByteArrayInputStream(BinaryPolicy.xml(mode).getBytes(StandardCharsets.UTF_8))).getDocumentElement();
            for (Element policy : new Element[] {parsed, BinaryPolicy.element(mode)}) {
                assertEquals("http://www.w3.org/ns/ws-policy", policy.getNamespaceURI());
                assertEquals("Policy", policy.getLocalName());
                Element a = (Element) policy.getFirstChild();
                assertEquals("urn:dsoap:policy", a.getNamespaceURI());
                assertEquals("BinaryEncoding", a.getLocalName());
                assertEquals("true", a.getAttributeNS("http://www.w3.org/ns/ws-policy", "Optional"));
                assertEquals("application/vnd.dsoap.binary", a.getAttributeNS(null, "mediaType"));
                assertEquals(mode.name().toLowerCase(java.util.Locale.ROOT), a.getAttributeNS(null, "mode"));
                assertEquals(null, a.getNextSibling());
            }
        }
    }

    @Test
    void theExtensionIsTheSameAssertionOutsideAnyPolicyAndNotRequired() {
        assertNull(BinaryPolicy.extension(BinaryMode.OFF));
        for (BinaryMode mode : new BinaryMode[] {BinaryMode.INTEROPERABILITY, BinaryMode.PERFORMANCE}) {
            Element a = BinaryPolicy.extension(mode);
            assertEquals("urn:dsoap:policy", a.getNamespaceURI());
            assertEquals("BinaryEncoding", a.getLocalName());
            assertEquals("false", a.getAttributeNS("http://schemas.xmlsoap.org/wsdl/", "required"));
            assertFalse(a.hasAttributeNS("http://www.w3.org/ns/ws-policy", "Optional"));
            assertEquals("application/vnd.dsoap.binary", a.getAttributeNS(null, "mediaType"));
            assertEquals(mode.name().toLowerCase(java.util.Locale.ROOT), a.getAttributeNS(null, "mode"));
            assertEquals(null, a.getFirstChild());
            assertEquals(a, a.getOwnerDocument().getDocumentElement());
        }
    }

    @Test
    void onlyDsoapsNamespaceIsOurs() {
        assertTrue(BinaryPolicy.ours("urn:dsoap:policy"));
        assertFalse(BinaryPolicy.ours("http://www.w3.org/ns/ws-policy"));
        assertFalse(BinaryPolicy.ours(null));
    }
}
