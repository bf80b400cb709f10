package dev.dsoap.parse;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Attribute values read as QNames (xsi:type) resolve in the element's namespace scope. */
class QNameValueTest {
    @Test
    void qnameValuesResolveInScope() {
        byte[] doc = ("<r xmlns:x='urn:x'><a xmlns='urn:d' xmlns:q='urn:x' t=' x:y ' u='y' v='z:y' w=':y' p='q:y'"
                + " e='' l='x:yy'/></r>").getBytes(StandardCharsets.UTF_8);
        XmlScanner sc = new XmlScanner(ParserLimits.defaults());
        int x = sc.uriSymbol("urn:x");
        int d = sc.uriSymbol("urn:d");
        int y = sc.nameSymbol("y");
        sc.reset(doc, 0, doc.length, true);
        assertEquals(XmlScanner.START_ELEMENT, sc.nextTag());
        assertEquals(XmlScanner.START_ELEMENT, sc.nextTag());
        assertEquals(7, sc.attributeCount());
        assertTrue(sc.attributeValueIsQName(0, x, y), "prefix bound above, whitespace collapsed");
        assertTrue(sc.attributeValueIsQName(1, d, y), "no prefix: the default namespace");
        assertFalse(sc.attributeValueIsQName(2, x, y), "unbound prefix");
        assertFalse(sc.attributeValueIsQName(3, x, y), "empty prefix");
        assertTrue(sc.attributeValueIsQName(4, x, y), "another prefix of the same namespace");
        assertFalse(sc.attributeValueIsQName(5, d, y), "empty value");
        assertFalse(sc.attributeValueIsQName(6, x, y), "another local name");
        assertFalse(sc.attributeValueIsQName(1, x, y), "right name, wrong namespace");
    }
}
