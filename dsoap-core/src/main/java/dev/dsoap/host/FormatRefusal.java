package dev.dsoap.host;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryFormatException;
import dev.dsoap.binary.Descriptor;
import dev.dsoap.binary.Frame;

/**
 * Why a binary request whose format no operation here reads is refused, as both hosts say it: when the message
 * carries its descriptor and an operation here reads the same body element, the refusal is
 * {@link BinaryRefusal#FORMAT_MISMATCH} naming the first difference between the two formats; otherwise
 * {@link BinaryRefusal#UNKNOWN_FORMAT}. Either is answered 415 (the sender resends the call as XML).
 *
 * @param reason the counted reason
 * @param detail what the fault and the log say
 */
public record FormatRefusal(BinaryRefusal reason, String detail) {
    /**
     * The refusal of the binary message {@code b[0, len)}, whose format id {@code id} is none of {@code known}.
     *
     * @param known the formats the operations here read
     * @throws BinaryFormatException when the message's descriptor cannot be read (offsets from the message's start)
     */
    public static FormatRefusal of(byte[] b, int len, long id, Iterable<BinaryFormat> known) {
        Descriptor theirs = Frame.descriptor(b, 0, len);
        if (theirs == null) {
            return new FormatRefusal(BinaryRefusal.UNKNOWN_FORMAT, "no operation reads binary format " + Descriptor.hex(id)
                    + ", and the message carries no descriptor");
        }
        for (BinaryFormat f : known) {
            Descriptor mine = f.descriptor();
            if (mine.namespace().equals(theirs.namespace()) && mine.localName().equals(theirs.localName())) {
                String d = mine.difference(theirs);
                return new FormatRefusal(BinaryRefusal.FORMAT_MISMATCH, "format " + theirs.idHex() + " is not {"
                        + mine.namespace() + "}" + mine.localName() + "'s " + mine.idHex()
                        + (d == null ? " (a descriptor not in canonical form)" : ": " + d));
            }
        }
        return new FormatRefusal(BinaryRefusal.UNKNOWN_FORMAT, "no operation reads binary format " + theirs.idHex()
                + " (body element {" + theirs.namespace() + "}" + theirs.localName() + ")");
    }
}
