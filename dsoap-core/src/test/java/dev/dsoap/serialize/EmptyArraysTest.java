package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.PlanDeserializer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@link WireConvention#emptyArraysNull()}: a repeated element that does not occur reads as {@code null}
 * (JAXB's rule), otherwise as an empty array; the same for a plain read and a differential one after messages
 * with items, and for bare parts written as {@code xsi:nil}.
 */
class EmptyArraysTest {
    private static final String ENV = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>";
    private static final String END = "</soap:Body></soap:Envelope>";

    private static MessagePlan plan(boolean emptyNull) {
        WireConvention c = WireConvention.documentLiteralWrapped().toBuilder("t" + emptyNull).envelopePrefix("soap")
                .emptyArraysNull(emptyNull).build();
        return new PlanCompiler().compile(MessageShape.wrapped("urn:x", "r",
                MessageShape.Part.of("", "d", double[].class, false),
                MessageShape.Part.of("", "s", String[].class, false)), c);
    }

    private static byte[] msg(String inner) {
        return (ENV + "<ns:r xmlns:ns=\"urn:x\">" + inner + "</ns:r>" + END).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void absentRepeatedElementsAreNullOnlyWhenTheConventionSaysSo() {
        byte[] full = msg("<d>1.5</d><d>2</d><s>a</s>");
        byte[] empty = msg("");
        for (boolean emptyNull : new boolean[] {true, false}) {
            MessagePlan p = plan(emptyNull);
            DifferentialDeserializer dds = new DifferentialDeserializer(p, DeserializerConfig.defaults(), new DeserializerStats(), null);
            for (byte[] m : new byte[][] {full, empty, full, empty, empty}) {
                Object[] plain = new PlanDeserializer(p, dev.dsoap.parse.ParserLimits.defaults()).deserialize(m, 0, m.length);
                Object[] diff = dds.deserialize(m, 0, m.length);
                assertEquals(plain.length, diff.length);
                for (int i = 0; i < plain.length; i++) {
                    if (m == empty && emptyNull) {
                        assertNull(plain[i]);
                        assertNull(diff[i]);
                    } else if (m == empty) {
                        assertEquals(0, java.lang.reflect.Array.getLength(plain[i]));
                        assertEquals(0, java.lang.reflect.Array.getLength(diff[i]));
                    }
                }
                if (m == full) {
                    assertArrayEquals(new double[] {1.5, 2}, (double[]) diff[0]);
                    assertArrayEquals(new String[] {"a"}, (String[]) diff[1]);
                }
            }
        }
    }

    @Test
    void aNullBareNillablePartIsWrittenAndReadAsNil() {
        WireConvention c = WireConvention.documentLiteralWrapped().toBuilder("bare").envelopePrefix("soap").build();
        MessagePlan p = new PlanCompiler().compile(MessageShape.bare("urn:x", "v", String.class, true), c);
        DifferentialSerializer ds = new DifferentialSerializer(p, SerializerConfig.defaults(), new SerializerStats(), null);
        ds.serialize(new Object[] {null});
        String wire = new String(ds.toByteArray(), StandardCharsets.UTF_8);
        assertEquals(true, wire.contains("nil=\"true\""), wire);
        byte[] b = ds.toByteArray();
        assertNull(new PlanDeserializer(p, dev.dsoap.parse.ParserLimits.defaults()).deserialize(b, 0, b.length)[0]);
        ds.serialize(new Object[] {"x&y"});
        b = ds.toByteArray();
        assertEquals("x&y", new PlanDeserializer(p, dev.dsoap.parse.ParserLimits.defaults()).deserialize(b, 0, b.length)[0]);
    }
}
