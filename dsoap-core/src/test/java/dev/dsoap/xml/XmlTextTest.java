package dev.dsoap.xml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import com.ctc.wstx.stax.WstxInputFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class XmlTextTest {
    private static final long SEED = 0x5EED_7E47_0001L;

    /** Pieces generated strings are made of: plain, escaped, whitespace, multi-byte, pairs. */
    private static final String[] PIECES = {
        "a", "Z", "0", " ", "abc def", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\r\n", "]]>", "&amp;",
        "<![CDATA[", "=", "\u007f", "\u0080", "\u00e9", "\u00ff", "\u07ff", "\u0800", "\u20ac", "\ud7ff",
        "\ue000", "\ufffd", "\u0085", "\u2028", "\ud83d\ude00", "\ud800\udc00", "\udbff\udfff", "\u4e2d\u6587",
    };

    private static final XMLInputFactory STAX = new WstxInputFactory();

    static {
        STAX.setProperty(XMLInputFactory.IS_COALESCING, true);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "`` | `` | ``",
        "plain | plain | plain",
        "a&b | a&amp;b | a&amp;b",
        "<tag> | &lt;tag&gt; | &lt;tag&gt;",
        "`say \"hi\"` | say &quot;hi&quot; | say &quot;hi&quot;",
        "it's | it&apos;s | it&apos;s",
        "]]> | ]]&gt; | ]]&gt;",
    })
    void escapes(String s, String text, String attribute) {
        assertEquals(text, write(s, false));
        assertEquals(attribute, write(s, true));
    }

    @Test
    void whitespaceEscapesDependOnContext() {
        assertEquals("a\tb\nc&#13;d&#13;\ne", write("a\tb\nc\rd\r\ne", false));
        assertEquals("a&#9;b&#10;c&#13;d&#13;&#10;e", write("a\tb\nc\rd\r\ne", true));
        assertEquals(" lead and trail ", write(" lead and trail ", true));
    }

    @Test
    void nonAsciiIsUtf8() {
        String s = "\u007f\u0080\u00e9\u07ff\u0800\u20ac\ud7ff\ue000\ufffd\ud800\udc00\ud83d\ude00\udbff\udfff";
        byte[] b = new byte[XmlText.encodedLength(s, false)];
        assertEquals(b.length, XmlText.write(s, false, b, 0));
        assertArrayEquals(s.getBytes(StandardCharsets.UTF_8), b);
        assertEquals(1 + 2 + 2 + 2 + 3 + 3 + 3 + 3 + 3 + 4 + 4 + 4, b.length);
    }

    @Test
    void unescapedStringsEncodeAsTheJdkDoes() {
        SplittableRandom r = new SplittableRandom(SEED);
        for (int i = 0; i < 20_000; i++) {
            String s = randomString(r, 30, false);
            byte[] expected = s.getBytes(StandardCharsets.UTF_8);
            for (boolean attribute : new boolean[] {false, true}) {
                assertEquals(expected.length, XmlText.encodedLength(s, attribute), "seed " + SEED + " draw " + i);
                byte[] b = new byte[expected.length + 3];
                assertEquals(expected.length + 3, XmlText.write(s, attribute, b, 3), "seed " + SEED + " draw " + i);
                assertArrayEquals(expected, Arrays.copyOfRange(b, 3, b.length), "seed " + SEED + " draw " + i);
            }
        }
    }

    @Test
    void generatedStringsParseBackExactlyWithWoodstox() throws XMLStreamException {
        SplittableRandom r = new SplittableRandom(SEED + 1);
        for (int i = 0; i < 20_000; i++) {
            String s = randomString(r, i % 100 == 0 ? 2_000 : 40, true);
            checkRoundTrip(s, "seed " + (SEED + 1) + " draw " + i);
        }
    }

    @Test
    void everyAllowedBmpCharacterParsesBack() throws XMLStreamException {
        StringBuilder sb = new StringBuilder();
        for (char c = 0; c < 0xFFFE; c++) {
            if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
                if (!Character.isSurrogate(c)) {
                    sb.append(c);
                }
            }
            if (sb.length() >= 4096) {
                checkRoundTrip(sb.toString(), "up to U+" + Integer.toHexString(c));
                sb.setLength(0);
            }
        }
        checkRoundTrip(sb.toString(), "to U+FFFD");
        sb.setLength(0);
        for (int cp = 0x10000; cp <= 0x10FFFF; cp += 0x1F1) {
            sb.appendCodePoint(cp);
        }
        sb.appendCodePoint(0x10FFFF);
        checkRoundTrip(sb.toString(), "supplementary");
    }

    @Test
    void illegalCharactersAreRejected() {
        List<String> illegal = new ArrayList<>();
        for (char c = 0; c < 0x20; c++) {
            if (c != '\t' && c != '\n' && c != '\r') {
                illegal.add(String.valueOf(c));
            }
        }
        illegal.add("\ufffe");
        illegal.add("\uffff");
        for (String prefix : new String[] {"", "abc", "a&b<\r\n\t", "\u00e9\u20ac", "\ud83d\ude00x"}) {
            for (String bad : illegal) {
                expectIllegal(prefix + bad + "tail", prefix.length(), bad.charAt(0), "");
            }
            // unpaired and misordered surrogates
            expectIllegal(prefix + "\ud800", prefix.length(), 0xD800, " (unpaired surrogate)");
            expectIllegal(prefix + "\ud800x", prefix.length(), 0xD800, " (unpaired surrogate)");
            expectIllegal(prefix + "\udbff\ud800\udc00", prefix.length(), 0xDBFF, " (unpaired surrogate)");
            expectIllegal(prefix + "\udc00", prefix.length(), 0xDC00, " (unpaired surrogate)");
            expectIllegal(prefix + "\udc00\ud800", prefix.length(), 0xDC00, " (unpaired surrogate)");
            expectIllegal(prefix + "x\udfff", prefix.length() + 1, 0xDFFF, " (unpaired surrogate)");
        }
    }

    @Test
    void messageNamesIndexAndCodePoint() {
        IllegalXmlCharacterException e = assertThrows(IllegalXmlCharacterException.class,
                () -> XmlText.encodedLength("abcdefg\u0001", false));
        assertEquals("character U+0001 at index 7 is not allowed in XML 1.0", e.getMessage());
        assertEquals(7, e.index());
        assertEquals(1, e.codePoint());
    }

    @Test
    void writeNeedsRoomForTheEncodedLength() {
        String s = "abc&";
        int n = XmlText.encodedLength(s, false);
        assertEquals(8, n);
        assertThrows(IndexOutOfBoundsException.class, () -> XmlText.write(s, false, new byte[n - 1], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> XmlText.write("abcd", false, new byte[3], 0));
        assertEquals(n + 1, XmlText.write(s, false, new byte[n + 1], 1));
    }

    @Test
    void acceptsAnyCharSequence() {
        StringBuilder sb = new StringBuilder("x<y");
        assertEquals("x&lt;y", write(sb, false));
        assertEquals(6, XmlText.encodedLength(sb, true));
    }

    private static void expectIllegal(String s, int index, int codePoint, String suffix) {
        for (boolean attribute : new boolean[] {false, true}) {
            String where = "in " + escapeJava(s) + (attribute ? " (attribute)" : " (text)");
            IllegalXmlCharacterException e = assertThrows(IllegalXmlCharacterException.class,
                    () -> XmlText.encodedLength(s, attribute), where);
            assertEquals(index, e.index(), where);
            assertEquals(codePoint, e.codePoint(), where);
            assertEquals(String.format("character U+%04X at index %d is not allowed in XML 1.0", codePoint, index)
                    + suffix, e.getMessage(), where);
            e = assertThrows(IllegalXmlCharacterException.class,
                    () -> XmlText.write(s, attribute, new byte[4 * s.length() + 8], 0), where);
            assertEquals(index, e.index(), where);
            assertEquals(codePoint, e.codePoint(), where);
        }
    }

    private static void checkRoundTrip(String s, String where) throws XMLStreamException {
        int textLength = XmlText.encodedLength(s, false);
        int attributeLength = XmlText.encodedLength(s, true);
        byte[] text = new byte[textLength];
        byte[] attribute = new byte[attributeLength];
        if (XmlText.write(s, false, text, 0) != textLength || XmlText.write(s, true, attribute, 0) != attributeLength) {
            fail("written length differs from encodedLength (" + where + ")");
        }
        ByteArrayOutputStream doc = new ByteArrayOutputStream();
        doc.writeBytes("<?xml version=\"1.0\" encoding=\"UTF-8\"?><r a=\"".getBytes(StandardCharsets.US_ASCII));
        doc.writeBytes(attribute);
        doc.writeBytes("\" b='".getBytes(StandardCharsets.US_ASCII));
        doc.writeBytes(attribute);
        doc.writeBytes("'>".getBytes(StandardCharsets.US_ASCII));
        doc.writeBytes(text);
        doc.writeBytes("</r>".getBytes(StandardCharsets.US_ASCII));
        XMLStreamReader reader = STAX.createXMLStreamReader(new ByteArrayInputStream(doc.toByteArray()), "UTF-8");
        try {
            assertEquals(XMLStreamConstants.START_ELEMENT, reader.nextTag(), where);
            assertEquals(s, reader.getAttributeValue(null, "a"), () -> "double-quoted attribute, " + where
                    + ": " + escapeJava(s));
            assertEquals(s, reader.getAttributeValue(null, "b"), () -> "single-quoted attribute, " + where
                    + ": " + escapeJava(s));
            assertEquals(s, reader.getElementText(), () -> "element text, " + where + ": " + escapeJava(s));
        } finally {
            reader.close();
        }
    }

    private static String randomString(SplittableRandom r, int maxPieces, boolean withEscapes) {
        StringBuilder sb = new StringBuilder();
        int pieces = r.nextInt(maxPieces + 1);
        for (int i = 0; i < pieces; i++) {
            String piece = PIECES[r.nextInt(PIECES.length)];
            if (!withEscapes && piece.chars().anyMatch(c -> "&<>\"'\t\n\r".indexOf(c) >= 0)) {
                continue;
            }
            sb.append(piece);
        }
        return sb.toString();
    }

    private static String write(CharSequence s, boolean attribute) {
        byte[] b = new byte[XmlText.encodedLength(s, attribute)];
        int n = XmlText.write(s, attribute, b, 0);
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }

    private static String escapeJava(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7F && c != '\\' && c != '"') {
                sb.append(c);
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
        return sb.append('"').toString();
    }
}
