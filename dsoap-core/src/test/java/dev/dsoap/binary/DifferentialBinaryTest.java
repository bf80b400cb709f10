package dev.dsoap.binary;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.CompiledPlanSequenceTest;
import dev.dsoap.serialize.CompiledPlanSequenceTest.Shape;
import dev.dsoap.serialize.ValueGen;
import dev.dsoap.tracked.TrackedDoubleArray;
import dev.dsoap.xml.IllegalXmlCharacterException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Differential binary writers and readers against fresh ones on the same long generated sequences (every edge value
 * {@link ValueGen} reaches, tracked arrays changed, resized and replaced): a differential writer writes exactly the
 * bytes a fresh writer writes, and a differential reader reads exactly the values a fresh reader reads, message after
 * message, also after a message that fails.
 */
class DifferentialBinaryTest {
    private static final List<WireConvention> CONVENTIONS = List.of(CompiledPlanSequenceTest.DOC,
            CompiledPlanSequenceTest.AXIS2, BinaryRoundTripTest.EMPTY_NULL);
    private static final int MESSAGES = Integer.getInteger("dsoap.seq.messages", 200);
    private static final int[] PCT = {0, 0, 1, 10, 30, 100};
    private static final long KEEP = 1 << 20;

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
    void differentialIsFresh(Shape shape, WireConvention conv) {
        MessagePlan plan = new PlanCompiler().compile(shape.shape(), conv);
        BinaryFormat format = BinaryFormat.of(plan, shape.shape().namespace(), shape.shape().localName());
        long seed = 0xD1FF_0000L + 31L * CompiledPlanSequenceTest.SHAPES.indexOf(shape) + CONVENTIONS.indexOf(conv);
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, shape.maxLength());
        BinaryWriter fresh = format.newWriter();
        BinaryWriter diff = format.newWriter(KEEP);
        BinaryReader freshReader = format.newReader(ParserLimits.defaults());
        BinaryReader diffReader = format.newReader(ParserLimits.defaults(), KEEP);
        Object[] parts = gen.first(plan.root());
        long reusedWritten = 0;
        long reusedRead = 0;
        for (int msg = 0; msg < MESSAGES; msg++) {
            if (msg > 0) {
                gen.next(plan.root(), parts, PCT[r.nextInt(PCT.length)]);
            }
            String where = "seed " + seed + " message " + msg + " " + shape + " " + conv;
            boolean described = r.nextInt(8) == 0;
            fresh.write(parts, described);
            byte[] want = fresh.toByteArray();
            diff.write(parts, described);
            byte[] got = diff.toByteArray();
            assertArrayEquals(want, got, where + ": differential writer");
            reusedWritten += diff.reusedBytes();
            assertEquals(Dump.of(plan.root(), freshReader.read(want, 0, want.length)),
                    Dump.of(plan.root(), diffReader.read(got, 0, got.length)), where + ": differential reader");
            reusedRead += diffReader.reusedBytes();
            if (msg % 50 == 49) {
                diff.forget();
                diffReader.forget();
            }
        }
        if (shape.toString().startsWith("texts") || shape.toString().startsWith("mixed")) {
            assertTrue(reusedRead > 0, "seed " + seed + ": no string was taken from a last message");
            assertTrue(reusedWritten > 0, "seed " + seed + ": no string was copied from a last message");
        }
    }

    // ------------------------------------------------------------------------------------------ one shape

    private static final MessageShape SHAPE = MessageShape.wrapped("urn:t", "m", Part.of("s", String.class),
            Part.of("t", TrackedDoubleArray.class), Part.of("d", BigDecimal.class), Part.of("i", BigInteger.class),
            Part.of("u", TrackedDoubleArray.class), Part.of("x", String.class));
    private static final MessagePlan PLAN = new PlanCompiler().compile(SHAPE, CompiledPlanSequenceTest.DOC);
    private static final BinaryFormat FORMAT = BinaryFormat.of(PLAN, "urn:t", "m");

    private static byte[] fresh(Object[] parts) {
        BinaryWriter w = FORMAT.newWriter();
        w.write(parts, false);
        return w.toByteArray();
    }

    private static byte[] write(BinaryWriter w, Object[] parts) {
        w.write(parts, false);
        return w.toByteArray();
    }

    @Test
    void trackedArraysArePatchedInPlace() {
        TrackedDoubleArray t = new TrackedDoubleArray(new double[]{1, 2, 3, 4, 5, 6, 7, 8});
        TrackedDoubleArray u = new TrackedDoubleArray(new double[]{-0.0, Double.NaN});
        Object[] parts = {"a", t, BigDecimal.ONE, BigInteger.TEN, u, "é\uD83D\uDE00"};
        BinaryWriter w = FORMAT.newWriter(KEEP);
        assertArrayEquals(fresh(parts), write(w, parts));
        assertEquals(0, w.reusedBytes());
        t.set(3, Double.MIN_VALUE);
        u.set(1, Double.NEGATIVE_INFINITY);
        assertArrayEquals(fresh(parts), write(w, parts));
        assertEquals(7 * 8 + 8 + 2 + 3 + 2 + 7, w.reusedBytes(),
                "unchanged items left in place (7 of t, 1 of u) and every string and number copied");
        t.resize(9);
        t.set(8, Double.MAX_VALUE);
        assertArrayEquals(fresh(parts), write(w, parts));
        parts[1] = new TrackedDoubleArray(t.toArray()); // another array at the same place: written whole
        ((TrackedDoubleArray) parts[1]).set(0, 42);
        assertArrayEquals(fresh(parts), write(w, parts));
    }

    @Test
    void oneTrackedArrayTwiceInAMessage() {
        TrackedDoubleArray t = new TrackedDoubleArray(new double[]{1, 2, 3});
        Object[] parts = {"s", t, null, null, t, "x"};
        BinaryWriter w = FORMAT.newWriter(KEEP);
        write(w, parts);
        t.set(1, 20);
        assertArrayEquals(fresh(parts), write(w, parts), "both places of the array patched");
        t.set(2, 30);
        assertArrayEquals(fresh(parts), write(w, parts));
    }

    @Test
    void aStringThatLengthensShiftsWhatFollows() {
        TrackedDoubleArray t = new TrackedDoubleArray(new double[]{1, 2, 3});
        Object[] parts = {"short", t, null, null, null, "z"};
        BinaryWriter w = FORMAT.newWriter(KEEP);
        write(w, parts);
        parts[0] = "much longer than before";
        t.set(0, 7);
        assertArrayEquals(fresh(parts), write(w, parts), "the array moved: written whole");
        t.set(2, 9);
        assertArrayEquals(fresh(parts), write(w, parts));
    }

    @Test
    void aFailedWriteLeavesAValidWriter() {
        TrackedDoubleArray t = new TrackedDoubleArray(new double[]{1, 2, 3});
        Object[] parts = {"ok", t, null, null, null, "fine"};
        BinaryWriter w = FORMAT.newWriter(KEEP);
        write(w, parts);
        t.set(0, 5);
        Object[] bad = {"ok", t, null, null, null, "bad \u0001"};
        assertThrows(IllegalXmlCharacterException.class, () -> w.write(bad, false));
        t.set(1, 6);
        assertArrayEquals(fresh(parts), write(w, parts), "after a failure: changes before it are written too");
    }

    private static Object[] read(BinaryReader reader, Object... parts) {
        byte[] m = fresh(parts);
        return reader.read(m, 0, m.length);
    }

    @Test
    void readerTakesUnchangedValuesAndKeepsTypes() {
        BinaryReader reader = FORMAT.newReader(ParserLimits.defaults(), KEEP);
        Object[] first = read(reader, "same", null, new BigDecimal("1.50"), BigInteger.TWO, null, "x");
        Object[] again = read(reader, "same", null, new BigDecimal("1.50"), BigInteger.TWO, null, "y");
        assertSame(first[0], again[0], "an unchanged string is the last message's");
        assertSame(first[2], again[2]);
        assertSame(first[3], again[3]);
        assertEquals("y", again[5]);
        assertEquals(4 + 4 + 2, reader.reusedBytes(), "the string's 4 bytes, the decimal's 4 and the integer's 2");

        // the same bytes at the same place, another type: a string of a tab and nine letters, then a big integer of
        // those nine bytes after its length 9 (a tab)
        read(reader, "\tABCDEFGHI", null, null, null, null, null);
        Object[] other = read(reader, null, null, null, new BigInteger("ABCDEFGHI".getBytes(java.nio.charset.StandardCharsets.US_ASCII)), null, null);
        assertEquals(new BigInteger("ABCDEFGHI".getBytes(java.nio.charset.StandardCharsets.US_ASCII)), other[3]);
        assertEquals(0, reader.reusedBytes());
    }

    @Test
    void aRefusedMessageLeavesTheKeptValues() {
        BinaryReader reader = FORMAT.newReader(ParserLimits.defaults(), KEEP);
        byte[] good = fresh(new Object[]{"keep me", null, null, null, null, "and me"});
        Object[] first = reader.read(good, 0, good.length);
        byte[] truncated = Arrays.copyOf(good, good.length - 2);
        assertThrows(BinaryFormatException.class, () -> reader.read(truncated, 0, truncated.length));
        Object[] again = reader.read(good, 0, good.length);
        assertSame(first[0], again[0]);
        assertSame(first[5], again[5]);
    }

    @Test
    void keptBytesAreBoundedAndLetGo() {
        BinaryReader reader = FORMAT.newReader(ParserLimits.defaults(), 64);
        BinaryWriter w = FORMAT.newWriter(64);
        String big = "x".repeat(1000);
        Object[] parts = {big, null, null, null, null, big};
        byte[] m = write(w, parts);
        assertArrayEquals(fresh(parts), write(w, parts));
        assertEquals(0, w.reusedBytes(), "values over what is kept are not kept");
        reader.read(m, 0, m.length);
        reader.read(m, 0, m.length);
        assertEquals(0, reader.reusedBytes());
        assertTrue(reader.retainedBytes() < 1000, "reader keeps " + reader.retainedBytes());

        BinaryWriter roomy = FORMAT.newWriter(KEEP);
        write(roomy, parts);
        long held = roomy.retainedBytes();
        assertTrue(held > 2000, "writer keeps the message and its strings: " + held);
        roomy.forget();
        assertTrue(roomy.retainedBytes() < 1000, "forgotten: " + roomy.retainedBytes());
        assertArrayEquals(fresh(parts), write(roomy, parts));
    }

    @Test
    void whatABigMessageGrewShrinksBack() {
        BinaryReader reader = FORMAT.newReader(ParserLimits.defaults(), KEEP);
        BinaryWriter w = FORMAT.newWriter(KEEP);
        String big = "y".repeat(300_000);
        TrackedDoubleArray t = new TrackedDoubleArray(new double[100_000]);
        Object[] large = {big, t, null, null, null, big + "z"};
        Object[] small = {"s", new TrackedDoubleArray(new double[]{1}), null, null, null, "t"};
        for (Object[] parts : new Object[][] {large, small, small, small}) {
            byte[] m = write(w, parts);
            reader.read(m, 0, m.length);
            w.trim();
        }
        assertTrue(w.retainedBytes() < 200 << 10, "writer after small messages: " + w.retainedBytes());
        assertTrue(reader.retainedBytes() < 16 << 10, "reader after small messages: " + reader.retainedBytes());
    }
}
