package dev.dsoap.binary;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.CompiledPlanSequenceTest;
import dev.dsoap.serialize.SeqBeans;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Coverage-guided fuzzing of the binary frame decoder and the format descriptor reader: on any bytes, values or a
 * {@link BinaryFormatException}, never another exception; values decoded once encode and decode again to the same
 * values; a descriptor read once reads again to the same format. {@code ./mvnw verify} replays the inputs under
 * {@code src/test/resources/dev/dsoap/binary/BinaryFuzzTestInputs}; docs/fuzzing.md says how to fuzz.
 */
class BinaryFuzzTest {
    static final MessageShape SHAPE = MessageShape.wrapped("urn:dsoap:fuzz", "all", Part.of("o", SeqBeans.Order.class),
            Part.of("d", double[].class), Part.of(null, "sa", String[].class, true), Part.of("b", boolean[].class),
            Part.of("e", SeqBeans.Status.class), Part.of("p", BigDecimal.class), Part.of("q", BigInteger.class),
            Part.of("r", byte[].class), Part.of(null, "ff", Float[].class, true), Part.of("m", SeqBeans.Mio[].class));
    static final MessagePlan PLAN = new PlanCompiler().compile(SHAPE, CompiledPlanSequenceTest.DOC);
    static final BinaryFormat FORMAT = BinaryFormat.of(PLAN, SHAPE.namespace(), SHAPE.localName());
    private static final ParserLimits LIMITS = ParserLimits.builder().maxTextBytes(1 << 16).maxChildElements(1 << 16)
            .maxDepth(16).build();
    private final BinaryReader reader = FORMAT.newReader(LIMITS);
    private final BinaryWriter writer = FORMAT.newWriter();
    /** A differential reader and writer, kept across inputs: they must read and write what the fresh ones do. */
    private final BinaryReader keptReader = FORMAT.newReader(LIMITS, 1 << 20);
    private final BinaryWriter keptWriter = FORMAT.newWriter(1 << 20);

    @FuzzTest(maxDuration = "2m")
    void frames(byte[] input) {
        Object[] values;
        Object[] kept;
        try {
            values = reader.read(input, 0, input.length);
        } catch (BinaryFormatException refused) {
            BinaryFormatException also = null;
            try {
                keptReader.read(input, 0, input.length);
            } catch (BinaryFormatException e) {
                also = e;
            }
            if (also == null || !also.getMessage().equals(refused.getMessage())) {
                throw new AssertionError("fresh reader: " + refused.getMessage() + "\ndifferential reader: " + also);
            }
            return;
        }
        String once = Dump.of(PLAN.root(), values);
        String keptOnce = Dump.of(PLAN.root(), keptReader.read(input, 0, input.length));
        if (!once.equals(keptOnce)) {
            throw new AssertionError("fresh reader " + once + "\ndifferential reader " + keptOnce);
        }
        boolean described = Frame.carriesDescriptor(input, 0, input.length);
        writer.write(values, described);
        keptWriter.write(values, described);
        if (!java.util.Arrays.equals(writer.buffer(), 0, writer.length(), keptWriter.buffer(), 0, keptWriter.length())) {
            throw new AssertionError("the differential writer wrote other bytes than the fresh writer for " + once);
        }
        String twice = Dump.of(PLAN.root(), reader.read(writer.buffer(), 0, writer.length()));
        if (!once.equals(twice)) {
            throw new AssertionError("decoded " + once + "\nre-encoded and decoded " + twice);
        }
    }

    @FuzzTest(maxDuration = "2m")
    void descriptors(byte[] input) {
        Descriptor d;
        try {
            d = Descriptor.parse(input, 0, input.length);
        } catch (BinaryFormatException refused) {
            return;
        }
        Descriptor again = Descriptor.parse(d.bytes(), 0, d.length());
        if (!again.equals(d) || d.difference(again) != null || again.id() != d.id() || d.toString().isEmpty()) {
            throw new AssertionError("descriptor " + d + " read again as " + again);
        }
        FORMAT.descriptor().difference(d); // names a difference or none, never throws
    }
}
