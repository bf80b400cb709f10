package dev.dsoap.parse;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class XmlCheckTest {
    private static final ParserLimits LIMITS = ParserLimits.builder().maxDepth(4).build();

    private static XmlParseException.Kind kind(String xml) {
        byte[] b = xml.getBytes(StandardCharsets.UTF_8);
        return assertThrows(XmlParseException.class, () -> XmlCheck.check(b, 0, b.length, LIMITS)).kind();
    }

    @Test
    void acceptsAWellFormedDocumentAndReportsEachKindOfProblem() {
        byte[] ok = "<a><b x='1'>t&amp;</b><c/></a>".getBytes(StandardCharsets.UTF_8);
        XmlCheck.check(ok, 0, ok.length, LIMITS);
        assertEquals(XmlParseException.Kind.MALFORMED, kind("<a><b></a>"));
        assertEquals(XmlParseException.Kind.MALFORMED, kind("<a><b>"));
        assertEquals(XmlParseException.Kind.LIMIT, kind("<a><b><c><d><e/></d></c></b></a>"));
        assertEquals(XmlParseException.Kind.FORBIDDEN, kind("<!DOCTYPE a><a/>"));
        assertEquals(XmlParseException.Kind.UNSUPPORTED, kind("<?xml version='1.0' encoding='ISO-8859-1'?><a/>"));
    }

    @Test
    void malformedBytesBeforeOrAfterTheRootAreNamedAsSuch() {
        for (byte[] b : new byte[][] {{(byte) 0xC0, (byte) 0xBC, 'a', '/', '>'}, {(byte) 0xE0, (byte) 0x80, (byte) 0xAF, '<', 'a', '/', '>'},
                {'<', 'a', '/', '>', (byte) 0xFF}}) {
            XmlParseException e = org.junit.jupiter.api.Assertions.assertThrows(XmlParseException.class,
                    () -> XmlCheck.check(b, 0, b.length, LIMITS));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
        }
        byte[] text = "\u00e9<a/>".getBytes(StandardCharsets.UTF_8);
        XmlParseException e = org.junit.jupiter.api.Assertions.assertThrows(XmlParseException.class,
                () -> XmlCheck.check(text, 0, text.length, LIMITS));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("text before the root element"), e.getMessage());
    }

    /** A problem inside an attribute names the element whose attribute it is, and what came after is read as before. */
    @Test
    void aProblemInAnAttributeNamesItsElement() {
        for (String xml : new String[] {"<a><ns:item x='1' y='", "<a><ns:item xmlns:ns='urn:x' y='<'/></a>"}) {
            byte[] b = xml.getBytes(StandardCharsets.UTF_8);
            XmlParseException e = assertThrows(XmlParseException.class, () -> XmlCheck.check(b, 0, b.length, LIMITS));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("attribute of <ns:item>"), e.getMessage());
        }
        byte[] after = "<a><b x='1'></b>".getBytes(StandardCharsets.UTF_8);
        XmlParseException e = assertThrows(XmlParseException.class, () -> XmlCheck.check(after, 0, after.length, LIMITS));
        org.junit.jupiter.api.Assertions.assertFalse(e.getMessage().contains("attribute of"), e.getMessage());
    }
}
