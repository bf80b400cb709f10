package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The oracle must reject what the plan does not describe, or a sequence test could pass on garbage. */
class PlanReaderTest {
    private static final MessageShape SHAPE = MessageShape.wrapped(CompiledPlanSequenceTest.NS, "op",
            Part.of("d", double[].class), Part.of("s", String.class), Part.of("m", SeqBeans.JaxbMio.class),
            Part.of("b", byte[].class));

    private static Object[] values() {
        SeqBeans.JaxbMio m = new SeqBeans.JaxbMio();
        m.setA(7);
        m.setB(-2);
        m.setV(0.5);
        m.setTag("t");
        return new Object[] {new double[] {1.5, -0.0, Double.NaN}, " x ", m, new byte[] {1, 2, 3}};
    }

    private static String message(MessagePlan plan) {
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        ds.serialize(values());
        return new String(ds.toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void readsWhatWasSent() {
        MessagePlan plan = new PlanCompiler().compile(SHAPE, CompiledPlanSequenceTest.DOC);
        PlanReader reader = new PlanReader(plan);
        Object[] read = reader.read(message(plan).getBytes(StandardCharsets.UTF_8));
        reader.assertEquivalent(values(), read, "doc");
        assertEquals(" x ", read[1]);
        assertArrayEquals(new byte[] {1, 2, 3}, (byte[]) read[3]);
        Object[] zero = values();
        ((double[]) zero[0])[1] = 0.0;
        assertThrows(AssertionError.class, () -> reader.assertEquivalent(zero, read, "-0.0 is not 0.0"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "<d>1.5</d>|<d>Infinity</d>",
            "<d>1.5</d>|<d> 1.5</d>",
            "<d>1.5</d>|<d>1.5d</d>",
            "<d>1.5</d>|<d>0x1.8p0</d>",
            "<d>1.5</d>|<d>1.5</d>text",
            "<d>1.5</d>|<d>1.5</d><e>1</e>",
            "<d>1.5</d>|<d xmlns='urn:other'>1.5</d>",
            "<d>1.5</d>|<d xsi:type='xsd:double' xmlns:xsd='http://www.w3.org/2001/XMLSchema'>1.5</d>",
            "<d>1.5</d>|<d xsi:nil='true'/>",
            "<s> x </s>|<s>x</s>",
            "<b>AQID</b>|<b>AQ ID</b>",
            "<b>-2</b>|",
            "<b>-2</b>|<b>-2</b><b>8</b>",
            " id=\"7\"| id=\"x7\"",
            " tag=\"t\"| tag=\"t\" other=\"o\"",
            "<ns:op|<ns:op xmlns:x='urn:x' x:y='1'",
    })
    void rejectsWhatThePlanDoesNotDescribe(String from, String to) {
        MessagePlan plan = new PlanCompiler().compile(SHAPE, CompiledPlanSequenceTest.DOC);
        PlanReader reader = new PlanReader(plan);
        String good = message(plan);
        String bad = good.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to == null ? "" : to));
        assertEquals(false, good.equals(bad), "the corruption applies: " + from + " in " + good);
        assertThrows(AssertionError.class, () -> reader.assertEquivalent(values(), reader.read(bad.getBytes(StandardCharsets.UTF_8)), bad));
    }

    @Test
    void checksQualifiedNamesAndXsiTypes() {
        MessagePlan plan = new PlanCompiler().compile(SHAPE, CompiledPlanSequenceTest.AXIS2);
        PlanReader reader = new PlanReader(plan);
        String good = message(plan);
        reader.assertEquivalent(values(), reader.read(good.getBytes(StandardCharsets.UTF_8)), "axis2");
        for (String bad : new String[] {good.replace("<ns:s>", "<s>").replace("</ns:s>", "</s>"),
                good.replace("xsi:type=\"ax21:JaxbMio\"", "xsi:type=\"ax21:Mio\""),
                good.replace(" xsi:type=\"ax21:JaxbMio\"", "")}) {
            assertEquals(false, good.equals(bad));
            assertThrows(AssertionError.class, () -> reader.read(bad.getBytes(StandardCharsets.UTF_8)), bad);
        }
    }
}
