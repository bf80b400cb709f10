package dev.dsoap.binary;

import dev.dsoap.binary.BinaryFormatException.Kind;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.UnsupportedValueException;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.CompiledPlanSequenceTest;
import dev.dsoap.serialize.SeqBeans;
import dev.dsoap.xml.IllegalXmlCharacterException;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** The frame, byte by byte: layout, byte orders, formats, and every way a message can be wrong. */
class BinaryFrameTest {
    static final String NS = "urn:dsoap:bin";
    static final MessageShape NUMBERS = MessageShape.wrapped(NS, "numbers", Part.of("d", double[].class),
            Part.of("i", int[].class), Part.of("x", long.class), Part.of("s", String.class));
    static final MessagePlan PLAN = new PlanCompiler().compile(NUMBERS, CompiledPlanSequenceTest.DOC);
    static final BinaryFormat FORMAT = BinaryFormat.of(PLAN, NS, "numbers");

    private static Object[] read(byte[] frame) {
        return FORMAT.newReader(ParserLimits.defaults()).read(frame, 0, frame.length);
    }

    private static BinaryFormatException refused(byte[] frame, ParserLimits limits) {
        return assertThrows(BinaryFormatException.class, () -> FORMAT.newReader(limits).read(frame, 0, frame.length));
    }

    /** The layout written out by hand, big-endian (the receiver makes right) and little-endian. */
    @Test
    void layoutInEitherByteOrder() {
        for (ByteOrder order : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
            ByteBuffer b = ByteBuffer.allocate(200).order(order);
            b.put(new byte[] {(byte) 0x89, 'D', 'S', 'B', 1, (byte) (order == ByteOrder.LITTLE_ENDIAN ? 1 : 0)});
            b.order(ByteOrder.BIG_ENDIAN).putLong(FORMAT.id()).order(order);
            b.put((byte) 0b111); // d, i and s present
            b.put((byte) 3).putDouble(-0.0).putDouble(Double.NaN).putDouble(Double.MIN_VALUE);
            b.put((byte) 2).putInt(Integer.MIN_VALUE).putInt(7);
            b.putLong(Long.MAX_VALUE);
            byte[] s = "a&<\t\r\uD83D\uDE00".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            b.put((byte) s.length).put(s);
            Object[] v = read(Arrays.copyOf(b.array(), b.position()));
            assertEquals(Arrays.toString(new double[] {-0.0, Double.NaN, Double.MIN_VALUE}), Arrays.toString((double[]) v[0]), order.toString());
            assertArrayEquals(new int[] {Integer.MIN_VALUE, 7}, (int[]) v[1]);
            assertEquals(Long.MAX_VALUE, v[2]);
            assertEquals("a&<\t\r\uD83D\uDE00", v[3]);
        }
    }

    @Test
    void writerAndDescriptor() {
        BinaryWriter w = FORMAT.newWriter();
        Object[] parts = {new double[] {1.5}, null, 9L, null};
        int plain = w.write(parts, false);
        assertEquals(Frame.HEADER + 1 + 1 + 8 + 1 + 8, plain); // bitmap, d, i (no elements), x
        assertFalse(Frame.carriesDescriptor(w.buffer(), 0, plain));
        assertEquals(FORMAT.id(), Frame.formatId(w.buffer(), 0, plain));
        int described = w.write(parts, true);
        assertTrue(Frame.carriesDescriptor(w.buffer(), 0, described));
        assertEquals(plain + FORMAT.descriptor().length() + 1, described); // a descriptor under 128 bytes: 1-byte length
        Object[] v = read(w.toByteArray());
        assertArrayEquals(new double[] {1.5}, (double[]) v[0]);
        assertArrayEquals(new int[0], (int[]) v[1], "a null array without nil reads back empty, as XML's zero elements");
        assertNull(v[3]);
    }

    /** The same strings as XML: illegal characters refused; a struct of another class refused. */
    @Test
    void refusesWhatXmlRefuses() {
        BinaryWriter w = FORMAT.newWriter();
        assertThrows(IllegalXmlCharacterException.class, () -> w.write(new Object[] {null, null, 0L, "a\u0001"}, false));
        assertThrows(IllegalXmlCharacterException.class, () -> w.write(new Object[] {null, null, 0L, "\uD800x"}, false));
        assertThrows(IllegalXmlCharacterException.class, () -> w.write(new Object[] {null, null, 0L, "\uFFFE"}, false));
        MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped(NS, "m", Part.of("m", SeqBeans.Mio.class)),
                CompiledPlanSequenceTest.DOC);
        BinaryWriter mw = BinaryFormat.of(plan, NS, "m").newWriter();
        assertThrows(UnsupportedValueException.class, () -> mw.write(new Object[] {new SeqBeans.MioPlus()}, false));
        assertEquals(0, mw.length());
    }

    @Test
    void formats() {
        BinaryFormat again = BinaryFormat.of(new PlanCompiler().compile(NUMBERS, CompiledPlanSequenceTest.DOC), NS, "numbers");
        assertEquals(FORMAT.id(), again.id(), "the id depends on the format alone");
        BinaryFormat otherConvention = BinaryFormat.of(new PlanCompiler().compile(NUMBERS, CompiledPlanSequenceTest.SOAP12), NS, "numbers");
        assertEquals(FORMAT.id(), otherConvention.id(), "prefixes and the SOAP version are not part of the format");
        MessageShape lists = MessageShape.wrapped(NS, "numbers", Part.of("d", Double[].class), Part.of("i", int[].class),
                Part.of("x", long.class), Part.of("s", String.class));
        BinaryFormat boxed = BinaryFormat.of(new PlanCompiler().compile(lists, CompiledPlanSequenceTest.DOC), NS, "numbers");
        assertNotEquals(FORMAT.id(), boxed.id(), "Double[] travels item by item");
        String diff = FORMAT.descriptor().difference(boxed.descriptor());
        assertEquals("numbers/d: layout 1, is 2", diff);

        Descriptor parsed = Descriptor.parse(FORMAT.descriptor().bytes(), 0, FORMAT.descriptor().length());
        assertEquals(FORMAT.descriptor(), parsed);
        assertEquals(FORMAT.id(), parsed.id());
        assertNull(FORMAT.descriptor().difference(parsed));
        assertTrue(parsed.toString().contains("array d optional block"), parsed.toString());
        assertEquals(16, FORMAT.descriptor().idHex().length());
    }

    @Test
    void otherFormatsAreNamedNeverGuessed() {
        MessageShape renamed = MessageShape.wrapped(NS, "numbers", Part.of("d", double[].class),
                Part.of("j", int[].class), Part.of("x", long.class), Part.of("s", String.class));
        BinaryWriter other = BinaryFormat.of(new PlanCompiler().compile(renamed, CompiledPlanSequenceTest.DOC), NS, "numbers").newWriter();
        Object[] parts = {new double[] {1}, new int[] {2}, 3L, "x"};
        other.write(parts, false);
        BinaryFormatException e = refused(other.toByteArray(), ParserLimits.defaults());
        assertEquals(Kind.UNKNOWN_FORMAT, e.kind(), e.getMessage());
        other.write(parts, true);
        e = refused(other.toByteArray(), ParserLimits.defaults());
        assertEquals(Kind.FORMAT_MISMATCH, e.kind());
        assertTrue(e.getMessage().contains("numbers/i: named 'i', is 'j'"), e.getMessage());

        // a descriptor that is not the one its id names
        BinaryWriter w = FORMAT.newWriter();
        int n = w.write(parts, true);
        byte[] lying = w.toByteArray();
        lying[Frame.HEADER + 1 + 20] ^= 1;
        e = refused(lying, ParserLimits.defaults());
        assertTrue(e.kind() == Kind.FORMAT_MISMATCH || e.kind() == Kind.MALFORMED, e.getMessage());
        assertEquals(n, lying.length);
    }

    @Test
    void limits() {
        BinaryWriter w = FORMAT.newWriter();
        w.write(new Object[] {new double[1000], new int[] {1}, 0L, "x".repeat(300)}, false);
        byte[] frame = w.toByteArray();
        assertEquals(Kind.LIMIT, refused(frame, ParserLimits.builder().maxChildElements(999).build()).kind());
        assertEquals(Kind.LIMIT, refused(frame, ParserLimits.builder().maxTextBytes(299).build()).kind());
        assertEquals(Kind.LIMIT, refused(frame, ParserLimits.builder().maxMessageBytes(frame.length - 1).build()).kind());
        assertEquals(Kind.LIMIT, refused(frame, ParserLimits.builder().maxDepth(2).build()).kind());
        read(frame);
    }

    /** Counts and lengths announced beyond the bytes present are refused before anything is allocated for them. */
    @Test
    void liesAboutLengths() {
        byte[] head = Arrays.copyOf(FORMAT.newWriter().toByteArray(), 0);
        BinaryWriter w = FORMAT.newWriter();
        w.write(new Object[] {null, null, 0L, null}, false);
        head = Arrays.copyOf(w.buffer(), Frame.HEADER);
        // bitmap: d present; count 2^31-1 in 5 bytes; nothing after
        byte[] lie = concat(head, new byte[] {1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07});
        BinaryFormatException e = refused(lie, ParserLimits.builder().maxChildElements(Integer.MAX_VALUE).build());
        assertEquals(Kind.TRUNCATED, e.kind(), e.getMessage());
        assertEquals("numbers/d", e.path());
        // a string of 2^31-1 bytes
        lie = concat(head, new byte[] {4, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07});
        assertEquals(Kind.LIMIT, refused(lie, ParserLimits.defaults()).kind());
        assertEquals(Kind.TRUNCATED, refused(lie, ParserLimits.builder().maxTextBytes(Integer.MAX_VALUE).build()).kind());
        // overlong and oversized varints, set padding bits, trailing bytes
        assertEquals(Kind.MALFORMED, refused(concat(head, new byte[] {1, (byte) 0x80, 0}), ParserLimits.defaults()).kind());
        assertEquals(Kind.MALFORMED, refused(concat(head, new byte[] {1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x08}),
                ParserLimits.defaults()).kind());
        assertEquals(Kind.MALFORMED, refused(concat(head, new byte[] {(byte) 0x80, 0, 0, 0, 0, 0, 0, 0, 0}), ParserLimits.defaults()).kind());
        assertEquals(Kind.TRAILING, refused(concat(w.toByteArray(), new byte[] {0}), ParserLimits.defaults()).kind());
        // not binary, other version, unknown flags, a header cut short
        assertEquals(Kind.NOT_BINARY, refused("<soap:Envelope/>".getBytes(), ParserLimits.defaults()).kind());
        byte[] v2 = w.toByteArray();
        v2[4] = 2;
        assertEquals(Kind.VERSION, refused(v2, ParserLimits.defaults()).kind());
        byte[] flags = w.toByteArray();
        flags[5] |= 4;
        assertEquals(Kind.VERSION, refused(flags, ParserLimits.defaults()).kind());
        assertEquals(Kind.TRUNCATED, refused(Arrays.copyOf(w.toByteArray(), 9), ParserLimits.defaults()).kind());
    }

    /** Every prefix of a message and every single-byte change: values or a {@link BinaryFormatException}, nothing else. */
    @Test
    void everyCutAndFlip() {
        long seed = 0xC0FFEE;
        Random r = new Random(seed);
        BinaryWriter w = FORMAT.newWriter();
        w.write(new Object[] {new double[] {1, 2, 3}, new int[] {4, 5}, 6L, "sé\uD83D\uDE00"}, true);
        byte[] frame = w.toByteArray();
        BinaryReader reader = FORMAT.newReader(ParserLimits.defaults());
        for (int cut = 0; cut < frame.length; cut++) {
            final int n = cut;
            assertThrows(BinaryFormatException.class, () -> reader.read(frame, 0, n), "cut at " + cut);
        }
        for (int i = 0; i < 5000; i++) {
            byte[] m = frame.clone();
            int at = r.nextInt(m.length);
            m[at] = (byte) r.nextInt(256);
            try {
                reader.read(m, 0, m.length);
            } catch (BinaryFormatException expected) {
                // named and refused
            } catch (RuntimeException e) {
                fail("seed " + seed + " change " + i + " at " + at + ": " + e, e);
            }
        }
        assertArrayEquals(new double[] {1, 2, 3}, (double[]) reader.read(frame, 0, frame.length)[0], "the reader still reads");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
