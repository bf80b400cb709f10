package dev.dsoap.host;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryFormatException;
import dev.dsoap.binary.BinaryWriter;
import dev.dsoap.binary.Descriptor;
import dev.dsoap.binary.Frame;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A binary request of a format no operation reads: named as a mismatch with its first difference when it describes
 * itself and an operation reads its body element; unknown otherwise; a broken descriptor is reported with offsets from
 * the message's start, as every other error is.
 */
class FormatRefusalTest {
    private static final String NS = "urn:dsoap:refusal";

    private static BinaryFormat format(Class<?> values) {
        MessageShape shape = MessageShape.wrapped(NS, "numbers", Part.of("d", values), Part.of("n", int.class));
        return BinaryFormat.of(new PlanCompiler().compile(shape, WireConvention.documentLiteralWrapped()), NS, "numbers");
    }

    private static byte[] message(BinaryFormat f, Object d, boolean descriptor) {
        BinaryWriter w = f.newWriter();
        w.write(new Object[] {d, 3}, descriptor);
        return w.toByteArray();
    }

    @Test
    void aDescribedFormatOfAKnownElementIsAMismatchNamingTheFirstDifference() {
        BinaryFormat mine = format(double[].class);
        BinaryFormat theirs = format(Double[].class); // travels item by item: layout 2 instead of 1
        byte[] m = message(theirs, new Double[] {1.5}, true);
        FormatRefusal r = FormatRefusal.of(m, m.length, theirs.id(), List.of(mine));
        assertEquals(BinaryRefusal.FORMAT_MISMATCH, r.reason());
        assertTrue(r.detail().endsWith("numbers/d: layout 1, is 2"), r.detail());
        assertTrue(r.detail().contains(theirs.descriptor().idHex()) && r.detail().contains(mine.descriptor().idHex()), r.detail());
    }

    @Test
    void withoutDescriptorOrOfAnotherElementTheFormatIsUnknown() {
        BinaryFormat mine = format(double[].class);
        BinaryFormat theirs = format(Double[].class);
        byte[] bare = message(theirs, new Double[] {1.5}, false);
        FormatRefusal r = FormatRefusal.of(bare, bare.length, theirs.id(), List.of(mine));
        assertEquals(BinaryRefusal.UNKNOWN_FORMAT, r.reason());
        assertTrue(r.detail().contains(theirs.descriptor().idHex()) && r.detail().contains("no descriptor"), r.detail());
        byte[] described = message(theirs, new Double[] {1.5}, true);
        FormatRefusal none = FormatRefusal.of(described, described.length, theirs.id(), List.of());
        assertEquals(BinaryRefusal.UNKNOWN_FORMAT, none.reason());
        assertTrue(none.detail().contains("{" + NS + "}numbers"), none.detail());
    }

    @Test
    void aBrokenDescriptorIsReportedAtItsPlaceInTheMessage() {
        BinaryFormat theirs = format(Double[].class);
        byte[] m = message(theirs, new Double[] {1.5}, true);
        Descriptor d = theirs.descriptor();
        int start = indexOf(m, d.bytes());
        assertTrue(start >= Frame.HEADER, "the descriptor follows the header");
        m[start + 4] = 9; // the descriptor's version
        BinaryFormatException inDescriptor = assertThrows(BinaryFormatException.class,
                () -> Descriptor.parse(m, start, d.length()));
        BinaryFormatException inMessage = assertThrows(BinaryFormatException.class,
                () -> FormatRefusal.of(m, m.length, theirs.id(), List.of()));
        assertEquals(inDescriptor.kind(), inMessage.kind());
        assertEquals(inDescriptor.offset() + start, inMessage.offset(), inMessage.getMessage());
        assertTrue(inMessage.getMessage().contains("at byte " + inMessage.offset()), inMessage.getMessage());
    }

    private static int indexOf(byte[] in, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= in.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (in[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
