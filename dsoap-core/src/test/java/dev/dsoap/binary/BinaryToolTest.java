package dev.dsoap.binary;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.CompiledPlanSequenceTest;
import dev.dsoap.serialize.CompiledPlanSequenceTest.Shape;
import dev.dsoap.serialize.ValueGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The converter command reads binary messages by their descriptor alone: the XML it prints reads, with the plan of
 * the same format, to the values the message holds, over generated sequences of every shape; it describes messages
 * and descriptors, and names what it cannot read.
 */
class BinaryToolTest {
    @Test
    void theXmlOfADescribedMessageHoldsItsValues() {
        for (Shape shape : CompiledPlanSequenceTest.SHAPES) {
            MessagePlan plan = new PlanCompiler().compile(shape.shape(), CompiledPlanSequenceTest.DOC);
            BinaryFormat format = BinaryFormat.of(plan, shape.shape().namespace(), shape.shape().localName());
            BinaryWriter w = format.newWriter();
            BinaryReader reader = format.newReader(ParserLimits.defaults());
            PlanDeserializer xmlReader = new PlanDeserializer(plan, ParserLimits.defaults());
            long seed = 0x700L + CompiledPlanSequenceTest.SHAPES.indexOf(shape);
            Random r = new Random(seed);
            ValueGen gen = new ValueGen(r, shape.maxLength());
            Object[] parts = gen.first(plan.root());
            for (int msg = 0; msg < 60; msg++) {
                if (msg > 0) {
                    gen.next(plan.root(), parts, 30);
                }
                w.write(parts, true);
                byte[] frame = w.toByteArray();
                String xml = BinaryTool.xml(frame, null);
                byte[] x = xml.getBytes(StandardCharsets.UTF_8);
                assertEquals(Dump.of(plan.root(), reader.read(frame, 0, frame.length)),
                        Dump.of(plan.root(), xmlReader.deserialize(x, 0, x.length)), "seed " + seed + " message " + msg + " " + shape + "\n" + xml);
            }
        }
    }

    @Test
    void commands(@TempDir Path dir) throws Exception {
        BinaryWriter w = BinaryFrameTest.FORMAT.newWriter();
        w.write(new Object[] {new double[] {1.5, Double.NaN}, null, 7L, "a<b"}, true);
        Path described = Files.write(dir.resolve("described.bin"), w.toByteArray());
        w.write(new Object[] {new double[] {-0.0}, new int[] {3}, 8L, null}, false);
        Path bare = Files.write(dir.resolve("bare.bin"), w.toByteArray());
        Path descriptor = Files.write(dir.resolve("format.dsfd"), BinaryFrameTest.FORMAT.descriptor().bytes());

        String[] got = run("describe", described.toString());
        assertEquals("0", got[0], got[2]);
        assertTrue(got[1].startsWith("binary message, version 1, ") && got[1].contains("format " + BinaryFrameTest.FORMAT.descriptor().idHex())
                && got[1].contains("array d optional block"), got[1]);
        assertTrue(run("describe", descriptor.toString())[1].contains("x : long"));

        got = run("xml", described.toString());
        assertEquals("0", got[0], got[2]);
        assertTrue(got[1].contains("<ns:numbers xmlns:ns=\"urn:dsoap:bin\"><d>1.5</d><d>NaN</d><x>7</x><s>a&lt;b</s></ns:numbers>"), got[1]);
        got = run("xml", bare.toString());
        assertEquals("1", got[0]);
        assertTrue(got[2].contains("carries no descriptor"), got[2]);
        got = run("xml", bare.toString(), descriptor.toString());
        assertEquals("0", got[0], got[2]);
        assertTrue(got[1].contains("<d>-0.0</d><i>3</i><x>8</x>"), got[1]);

        byte[] cut = Arrays.copyOf(Files.readAllBytes(described), 30);
        got = run("xml", Files.write(dir.resolve("cut.bin"), cut).toString());
        assertEquals("1", got[0]);
        assertTrue(got[2].contains("binary message: ") && got[2].contains("at byte"), got[2]);
        assertEquals("2", run("convert", described.toString())[0]);
    }

    private static String[] run(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = BinaryTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(status), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }
}
