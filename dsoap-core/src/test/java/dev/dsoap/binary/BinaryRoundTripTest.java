package dev.dsoap.binary;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.CompiledPlanSequenceTest;
import dev.dsoap.serialize.CompiledPlanSequenceTest.Shape;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import dev.dsoap.serialize.ValueGen;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Long generated value sequences, with every edge value {@link ValueGen} reaches (NaN with payloads, -0.0,
 * infinities, subnormals, MIN/MAX, empty, resized and null containers, nil, markup and control characters,
 * non-ASCII and surrogate pairs), through the binary form and through the XML form of the same plan: the values a
 * binary message reads back to are the values the XML message reads back to, and the converters turn one form
 * into the other exactly.
 */
class BinaryRoundTripTest {
    static final WireConvention EMPTY_NULL = WireConvention.documentLiteralWrapped().toBuilder("jaxb-empty-null")
            .emptyArraysNull(true).build();
    private static final List<WireConvention> CONVENTIONS = List.of(CompiledPlanSequenceTest.DOC,
            CompiledPlanSequenceTest.AXIS2, CompiledPlanSequenceTest.SOAP12, EMPTY_NULL);
    private static final int MESSAGES = Integer.getInteger("dsoap.seq.messages", 200);
    private static final int[] PCT = {0, 1, 10, 30, 100};

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Shape s : CompiledPlanSequenceTest.SHAPES) {
            for (WireConvention c : CONVENTIONS) {
                out.add(Arguments.of(s, c));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void binaryReadsBackWhatXmlReadsBack(Shape shape, WireConvention conv) {
        MessagePlan plan = new PlanCompiler().compile(shape.shape(), conv);
        BinaryFormat format = BinaryFormat.of(plan, shape.shape().namespace(), shape.shape().localName());
        long seed = 0xB1_0000L + 31L * CompiledPlanSequenceTest.SHAPES.indexOf(shape) + CONVENTIONS.indexOf(conv);
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, shape.maxLength());
        DifferentialSerializer xmlWriter = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        PlanDeserializer xmlReader = new PlanDeserializer(plan, ParserLimits.defaults());
        BinaryWriter writer = format.newWriter();
        BinaryReader reader = format.newReader(ParserLimits.defaults());
        BinaryXml converter = new BinaryXml(format, ParserLimits.defaults());
        Object[] parts = gen.first(plan.root());
        for (int msg = 0; msg < MESSAGES; msg++) {
            if (msg > 0) {
                gen.next(plan.root(), parts, PCT[r.nextInt(PCT.length)]);
            }
            String where = "seed " + seed + " message " + msg + " " + shape + " " + conv;
            xmlWriter.reset();
            xmlWriter.serialize(parts);
            byte[] xml = xmlWriter.toByteArray();
            String want = Dump.of(plan.root(), xmlReader.deserialize(xml, 0, xml.length));

            int n = writer.write(parts, r.nextBoolean());
            byte[] frame = writer.toByteArray();
            assertEquals(n, frame.length, where);
            assertEquals(want, Dump.of(plan.root(), reader.read(frame, 0, frame.length)), where);

            assertArrayEquals(xml, converter.toXml(frame, 0, frame.length), where + ": binary to XML");
            byte[] back = converter.toBinary(xml, 0, xml.length);
            assertEquals(want, Dump.of(plan.root(), reader.read(back, 0, back.length)), where + ": XML to binary");
        }
    }
}
