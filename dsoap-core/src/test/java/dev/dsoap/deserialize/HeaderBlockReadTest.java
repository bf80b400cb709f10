package dev.dsoap.deserialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.parse.XmlParseException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link PlanDeserializer#headerBlock}: one SOAP header block read as a bare plan's part, among other blocks,
 * with any prefixes and envelope attributes, the Body left unread.
 */
class HeaderBlockReadTest {
    private static final String NS = "urn:dsoap:hdr";
    private static final String ENV = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final WireConvention CONV = WireConvention.documentLiteralWrapped();
    private static final MessagePlan TOKEN = new PlanCompiler().compile(MessageShape.bare(NS, "token", String.class, true), CONV);
    private static final MessagePlan SCALE = new PlanCompiler().compile(MessageShape.bare(NS, "scale", Double.class, false), CONV);

    private static byte[] message(String header, String body) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><e:Envelope xmlns:e=\"" + ENV + "\" xmlns:h=\"" + NS + "\">"
                + (header == null ? "" : "<e:Header>" + header + "</e:Header>")
                + "<e:Body>" + body + "</e:Body></e:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    private static Object read(MessagePlan plan, byte[] m) {
        Object[] parts = PlanDeserializer.headerBlock(plan, ParserLimits.defaults()).deserialize(m, 0, m.length);
        assertEquals(1, parts.length);
        return parts[0];
    }

    @Test
    void theNamedBlockIsReadAmongOthersWhateverItsPrefixAndAttributes() {
        String others = "<x:other xmlns:x=\"urn:other\" e:mustUnderstand=\"0\"><x:token>not this</x:token></x:other><h:scale>2</h:scale>";
        byte[] m = message(others + "<h:token e:mustUnderstand=\"1\">a &amp; b</h:token><q:token xmlns:q=\"" + NS + "\">second</q:token>",
                "<not-a-plan-element><unclosed/></not-a-plan-element>");
        assertEquals("a & b", read(TOKEN, m));
        assertEquals(2.0, read(SCALE, m));
        byte[] own = message("<t:token xmlns:t=\"" + NS + "\"/>", "");
        assertEquals("", read(TOKEN, own));
    }

    @Test
    void anAbsentOrNilBlockIsNullAndNoHeaderIsNoMatch() {
        assertNull(read(TOKEN, message("<h:other>1</h:other>", "")));
        assertNull(read(TOKEN, message("", "")));
        assertNull(read(TOKEN, message("<h:token xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:nil=\"true\"/>", "")));
        assertThrows(MessageBindingException.class, () -> read(TOKEN, message(null, "<h:token>x</h:token>")));
        assertThrows(MessageBindingException.class, () -> read(SCALE, message("<h:scale>abc</h:scale>", "")));
        assertThrows(XmlParseException.class, () -> read(SCALE, message("<h:scale>1</h:scal>", "")));
        assertThrows(IllegalArgumentException.class, () -> PlanDeserializer.headerBlock(new PlanCompiler().compile(
                MessageShape.wrapped(NS, "op", MessageShape.Part.of("a", String.class)), CONV), ParserLimits.defaults()));
    }

    @Test
    void generatedValuesReadBackOneReaderReused() {
        long seed = 0x4EADE4L;
        Random r = new Random(seed);
        String[] text = {"", "&<>\"'", "tab\there", "cr\rlf\n", "grüße €", "\uD834\uDD1E clef", "中文", "]]>"};
        double[] dbl = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
                Double.MAX_VALUE, 0.1, 1.0 / 3};
        PlanDeserializer tokens = PlanDeserializer.headerBlock(TOKEN, ParserLimits.defaults());
        PlanDeserializer scales = PlanDeserializer.headerBlock(SCALE, ParserLimits.defaults());
        for (int i = 0; i < 500; i++) {
            String t = text[r.nextInt(text.length)] + r.nextInt(100);
            double d = r.nextBoolean() ? dbl[r.nextInt(dbl.length)] : r.nextGaussian() * 1e6;
            String block = "<h:token>" + escape(t) + "</h:token>";
            String scale = "<h:scale>" + lexical(d) + "</h:scale>";
            byte[] m = message(r.nextBoolean() ? block + scale : scale + "<h:x/>" + block, "<h:op><a>1</a></h:op>");
            String where = "seed " + seed + " message " + i;
            assertEquals(t, tokens.deserialize(m, 0, m.length)[0], where);
            assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits((Double) scales.deserialize(m, 0, m.length)[0]), where);
        }
    }

    private static String lexical(double d) {
        return Double.isNaN(d) ? "NaN" : d == Double.POSITIVE_INFINITY ? "INF" : d == Double.NEGATIVE_INFINITY ? "-INF" : Double.toString(d);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;");
    }
}
