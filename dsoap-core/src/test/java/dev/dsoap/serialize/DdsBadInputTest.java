package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.MessageBindingException;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.parse.XmlParseException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad messages injected into streams of good ones: each must fail with the right exception (the one
 * the plain reader throws, with a position), be counted as discarded, and leave the differential
 * reader able to read the next good message, and a long run after it, to the values sent; a good
 * message resent after a bad one reads as it did before.
 */
class DdsBadInputTest {
    private static final String NS = "urn:dsoap:bad";
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    private static final ParserLimits LIMITS = ParserLimits.builder().maxDepth(4).maxTextBytes(2000).build();

    /** The ways a message is spoiled, with the exception each must raise. */
    enum Bad {
        TRUNCATED, VALUE_BYTE, TAG_NAME, MULTI_BYTE, DOCTYPE, ENTITY_BOMB, EXTERNAL_ENTITY, UNDECLARED_ENTITY,
        TOO_DEEP, HUGE_TEXT, LATIN1, HEADER, SOAP_VERSION
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(CheckpointStrategy.class)
    void badMessagesAreDiscardedAndTheStreamGoesOn(CheckpointStrategy strategy) {
        long seed = 0xBAD_0000L + strategy.ordinal();
        MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped(NS, "op", Part.of("name", String.class),
                Part.of("d", double[].class), Part.of("i", int[].class)), CompiledPlanSequenceTest.DOC);
        Random r = new Random(seed);
        PlanReader reader = new PlanReader(plan);
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        PlanDeserializer plain = new PlanDeserializer(plan, LIMITS);
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer dds = new DifferentialDeserializer(plan, DeserializerConfig.builder()
                .checkpoints(strategy).interval(32).limits(LIMITS).build(), stats, null);
        double[] d = new double[60];
        int[] ints = new int[20];
        for (int k = 0; k < d.length; k++) {
            d[k] = r.nextInt(100_000) / 64.0;
        }
        String name = "grüße 中文 €";
        Object[] lastGood = null;
        byte[] lastGoodBytes = null;
        int bad = 0;
        for (int msg = 0; msg < 400; msg++) {
            d[r.nextInt(d.length)] = r.nextInt(100_000) / 64.0;
            ints[r.nextInt(ints.length)] = r.nextInt();
            Object[] parts = {name + msg % 7, d.clone(), ints.clone()};
            byte[] good = bytes(ds, parts);
            String where = "seed " + seed + " message " + msg + " " + strategy;
            if (msg > 10 && r.nextInt(4) == 0) {
                Bad kind = Bad.values()[bad++ % Bad.values().length];
                byte[] spoiled = kind == Bad.HUGE_TEXT ? bytes(ds, new Object[] {"x".repeat(3000), d, ints})
                        : spoil(kind, good, r);
                long discarded = stats.discarded();
                expectFailure(kind, spoiled, dds, plain, where + " " + kind);
                assertEquals(discarded + 1, stats.discarded(), where + " " + kind + ": not counted as discarded " + stats);
                if (r.nextBoolean()) {
                    Object[] again = dds.deserialize(lastGoodBytes, 0, lastGoodBytes.length);
                    reader.assertEquivalent(lastGood, again, where + " resent after " + kind);
                }
            }
            Object[] got;
            try {
                got = dds.deserialize(good, 0, good.length);
            } catch (RuntimeException e) {
                throw new AssertionError(where + ": " + e + "\n" + new String(good, StandardCharsets.UTF_8), e);
            }
            reader.assertEquivalent(parts, got, where);
            lastGood = parts;
            lastGoodBytes = good;
        }
        assertTrue(bad >= 2 * Bad.values().length, "seed " + seed + ": only " + bad + " bad messages");
        assertTrue(stats.resumed() + stats.identical() > 200, "seed " + seed + " " + stats);
    }

    /** An empty Header (every Axis2 client sends {@code <soapenv:Header/>}) carries nothing and is read through. */
    @org.junit.jupiter.api.Test
    void anEmptyHeaderIsReadThrough() {
        MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped(NS, "op", Part.of("d", double[].class)),
                CompiledPlanSequenceTest.DOC);
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        DifferentialDeserializer dds = new DifferentialDeserializer(plan, DeserializerConfig.defaults(), new DeserializerStats(), null);
        PlanReader reader = new PlanReader(plan);
        for (double[] d : new double[][] {{1.5, -0.0}, {1.5, 2}, {}}) {
            String s = new String(bytes(ds, new Object[] {d}), StandardCharsets.UTF_8);
            for (String header : new String[] {"<soapenv:Header/>", "<soapenv:Header> <!-- none --> </soapenv:Header>"}) {
                byte[] b = utf8(s.replaceFirst("<soapenv:Body>", header + "<soapenv:Body>"));
                reader.assertEquivalent(new Object[] {d}, dds.deserialize(b, 0, b.length), header);
                reader.assertEquivalent(new Object[] {d}, new PlanDeserializer(plan, ParserLimits.defaults()).deserialize(b, 0, b.length), header);
            }
        }
    }

    private static byte[] bytes(DifferentialSerializer ds, Object[] parts) {
        ds.serialize(parts);
        return ds.toByteArray();
    }

    private static byte[] spoil(Bad kind, byte[] good, Random r) {
        String s = new String(good, StandardCharsets.UTF_8);
        String decl = s.substring(0, s.indexOf("?>") + 2);
        String rest = s.substring(decl.length());
        return switch (kind) {
            case TRUNCATED -> java.util.Arrays.copyOf(good, 1 + r.nextInt(good.length - 1));
            case VALUE_BYTE -> {
                int at = s.indexOf("<d>", s.length() / 3) + 3 + r.nextInt(2);
                yield utf8(s.substring(0, at) + "x" + s.substring(at + 1));
            }
            case TAG_NAME -> utf8(s.replaceFirst("<i>", "<j>"));
            case MULTI_BYTE -> {
                byte[] b = good.clone();
                int at = s.substring(0, s.indexOf('中')).getBytes(StandardCharsets.UTF_8).length;
                b[at + 1] = 'A';
                yield b;
            }
            case DOCTYPE -> utf8(decl + "<!DOCTYPE soapenv:Envelope>" + rest);
            case ENTITY_BOMB -> {
                StringBuilder dtd = new StringBuilder("<!DOCTYPE lolz [<!ENTITY lol \"lol\">");
                for (int k = 1; k <= 9; k++) {
                    dtd.append("<!ENTITY lol").append(k).append(" \"").append(("&lol" + (k == 1 ? "" : k - 1) + ";").repeat(10))
                            .append("\">");
                }
                yield utf8(decl + dtd + "]>" + rest.replaceFirst("<name>", "<name>&lol9;"));
            }
            case EXTERNAL_ENTITY -> utf8(decl + "<!DOCTYPE e [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>"
                    + rest.replaceFirst("<name>", "<name>&xxe;"));
            case UNDECLARED_ENTITY -> utf8(s.replaceFirst("<name>", "<name>&lol9;"));
            case TOO_DEEP -> utf8(s.replaceFirst("<d>([^<]*)</d>", "<d><deep>$1</deep></d>"));
            case LATIN1 -> utf8(s.replace("encoding='UTF-8'", "encoding='ISO-8859-1'"));
            case HEADER -> utf8(s.replaceFirst("<soapenv:Body>", "<soapenv:Header><wsa:To xmlns:wsa="
                    + "\"http://www.w3.org/2005/08/addressing\">urn:x</wsa:To></soapenv:Header><soapenv:Body>"));
            case SOAP_VERSION -> utf8(s.replace(SOAP11, SOAP12));
            case HUGE_TEXT -> throw new IllegalArgumentException();
        };
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void expectFailure(Bad kind, byte[] b, DifferentialDeserializer dds, PlanDeserializer plain, String where) {
        RuntimeException want = failure(() -> plain.deserialize(b, 0, b.length), where + " (plain reader)", b);
        RuntimeException got = failure(() -> dds.deserialize(b, 0, b.length), where, b);
        String text = where + ": " + got + "\n" + new String(b, StandardCharsets.UTF_8);
        assertEquals(want.getClass(), got.getClass(), text + "\nplain reader threw " + want);
        assertEquals(want.getMessage(), got.getMessage(), text);
        assertTrue(got.getMessage().contains(" at byte "), text);
        if (got instanceof XmlParseException x) {
            assertTrue(x.offset() >= 0 && x.offset() <= b.length, text);
            XmlParseException.Kind k = switch (kind) {
                case DOCTYPE, ENTITY_BOMB, EXTERNAL_ENTITY -> XmlParseException.Kind.FORBIDDEN;
                case TOO_DEEP, HUGE_TEXT -> XmlParseException.Kind.LIMIT;
                case LATIN1 -> XmlParseException.Kind.UNSUPPORTED;
                case TRUNCATED, TAG_NAME, MULTI_BYTE, UNDECLARED_ENTITY -> XmlParseException.Kind.MALFORMED;
                default -> throw new AssertionError(text + ": expected a MessageBindingException");
            };
            assertEquals(k, x.kind(), text);
        } else if (got instanceof MessageBindingException m) {
            assertTrue(m.offset() >= 0 && m.offset() <= b.length && !m.path().isEmpty(), text);
            switch (kind) {
                case HEADER, SOAP_VERSION -> assertTrue(m.unsupported(), text);
                case VALUE_BYTE -> assertTrue(m.path().contains("d") && !m.unsupported(), text);
                case TRUNCATED, TAG_NAME -> assertTrue(!m.unsupported(), text);
                default -> throw new AssertionError(text + ": expected an XmlParseException");
            }
        } else {
            throw new AssertionError(text, got);
        }
    }

    private static RuntimeException failure(Runnable read, String where, byte[] b) {
        try {
            read.run();
        } catch (XmlParseException | MessageBindingException e) {
            return e;
        }
        throw new AssertionError(where + ": read without failing\n" + new String(b, StandardCharsets.UTF_8));
    }
}
