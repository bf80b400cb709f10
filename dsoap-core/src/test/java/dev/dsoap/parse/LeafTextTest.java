package dev.dsoap.parse;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link XmlScanner#readLeafText()} reads a leaf's text on a fast path when it needs no decoding and leaves the
 * rest to the scanner's general path: for every text, valid or not, it must give what the general path
 * ({@link XmlScanner#next()} event by event) gives, the same bytes or the same error.
 */
class LeafTextTest {
    private static final long SEED = 0x1EAF_7E47L;
    private static final byte[][] PIECES = {
            b("abc"), b("Z9 +/="), b("\n"), b("\t"), b("\r"), b("\r\n"), b("]"), b("]]"), b("]]>"), b("] ]>"),
            b("&amp;"), b("&lt;"), b("&#x41;"), b("&#233;"), b("é"), b("中"), b("\uD83D\uDE00"), b("'\">"),
            {(byte) 0x80}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xEF, (byte) 0xBF, (byte) 0xBE}, {(byte) 0xE4, (byte) 0xB8}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {0x01}, {0x7F}, b("<!--c-->"), b("<![CDATA[x<y]]>"), b("<?pi x?>")};

    private static byte[] b(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void fastAndGeneralPathsAgree() {
        SplittableRandom r = new SplittableRandom(SEED);
        int errors = 0;
        for (int i = 0; i < 100_000; i++) {
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            for (int k = r.nextInt(6); k > 0; k--) {
                byte[] piece = r.nextInt(3) == 0 ? PIECES[r.nextInt(PIECES.length)] : PIECES[r.nextInt(2)];
                text.writeBytes(piece);
            }
            byte[] doc = concat(b("<a>"), text.toByteArray(), b("</a>"));
            String where = "seed " + SEED + " draw " + i + ": " + Arrays.toString(text.toByteArray());
            String fast = fast(doc);
            String general = general(doc);
            assertEquals(general, fast, where);
            if (general.startsWith("error")) {
                errors++;
            }
        }
        assertTrue(errors > 1000, "invalid texts drawn: " + errors);
    }

    private static String fast(byte[] doc) {
        XmlScanner s = new XmlScanner(ParserLimits.defaults());
        try {
            s.reset(doc, 0, doc.length, true);
            assertEquals(XmlScanner.START_ELEMENT, s.nextTag());
            assertTrue(s.readLeafText());
            return "text " + Arrays.toString(Arrays.copyOfRange(s.textArray(), s.textOffset(), s.textOffset() + s.textLength()));
        } catch (XmlParseException e) {
            return "error " + e.getMessage();
        }
    }

    private static String general(byte[] doc) {
        XmlScanner s = new XmlScanner(ParserLimits.defaults());
        try {
            s.reset(doc, 0, doc.length, true);
            assertEquals(XmlScanner.START_ELEMENT, s.nextTag());
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            while (true) {
                int ev = s.next();
                if (ev == XmlScanner.END_ELEMENT) {
                    return "text " + Arrays.toString(text.toByteArray());
                }
                if (ev == XmlScanner.CHARACTERS || ev == XmlScanner.CDATA) {
                    text.write(s.textArray(), s.textOffset(), s.textLength());
                }
            }
        } catch (XmlParseException e) {
            return "error " + e.getMessage();
        }
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            o.writeBytes(p);
        }
        return o.toByteArray();
    }
}
