package dev.dsoap.binary;

/**
 * The header of a binary message: {@code 0x89 'D' 'S' 'B'}, version 1, flags, the format id (8 bytes, big-endian),
 * then, when flagged, the format descriptor (a varint length and its bytes), then the body. The first byte can
 * never start an XML document (in any encoding dsoap or the hosts read), so a binary message is never mistaken for
 * XML nor XML for binary.
 *
 * <p>Flags: {@link #LITTLE_ENDIAN} (the body's fixed-width values are in little-endian order, otherwise big-endian:
 * the sender writes its own order and the receiver makes right), {@link #DESCRIPTOR}. Other bits must be 0.
 *
 * <p>Stateless, thread-safe.
 */
public final class Frame {
    /** Bytes before the descriptor or body. */
    public static final int HEADER = 14;
    /** The version this code writes and reads. */
    public static final int VERSION = 1;
    /** Flag: the body's fixed-width values are little-endian. */
    public static final int LITTLE_ENDIAN = 1;
    /** Flag: the format descriptor follows the header. */
    public static final int DESCRIPTOR = 2;
    static final byte[] MAGIC = {(byte) 0x89, 'D', 'S', 'B'};

    private Frame() {
    }

    /** Whether {@code b[off, off+len)} starts with a binary message's magic bytes. */
    public static boolean isBinary(byte[] b, int off, int len) {
        if (len < MAGIC.length) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (b[off + i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The format id of the binary message in {@code b[off, off+len)}.
     *
     * @throws BinaryFormatException if it is not a binary message of this version
     */
    public static long formatId(byte[] b, int off, int len) {
        check(b, off, len);
        return id(b, off);
    }

    /** Whether the binary message in {@code b[off, off+len)} carries its format descriptor. */
    public static boolean carriesDescriptor(byte[] b, int off, int len) {
        check(b, off, len);
        return (b[off + 5] & DESCRIPTOR) != 0;
    }

    /**
     * The format descriptor the binary message in {@code b[off, off+len)} carries, or {@code null} when it carries
     * none.
     *
     * @throws BinaryFormatException if the header or the descriptor cannot be read, or the descriptor is not the one
     *                               the message's format id names
     */
    public static Descriptor descriptor(byte[] b, int off, int len) {
        if ((check(b, off, len) & DESCRIPTOR) == 0) {
            return null;
        }
        int p = off + HEADER;
        int end = off + len;
        long v = varint(b, p, end);
        if (v < 0) {
            throw varintError(v, p - off, null);
        }
        int n = (int) (v >>> 32);
        p = (int) v;
        if (n > end - p) {
            throw new BinaryFormatException(BinaryFormatException.Kind.TRUNCATED, p - off, null,
                    "descriptor of " + n + " bytes, " + (end - p) + " left");
        }
        Descriptor d;
        try {
            d = Descriptor.parse(b, p, n);
        } catch (BinaryFormatException e) {
            throw e.from(p - off); // offsets from the message's start
        }
        if (d.id() != id(b, off)) {
            throw new BinaryFormatException(BinaryFormatException.Kind.FORMAT_MISMATCH, p - off, null,
                    "the descriptor's id is " + d.idHex() + ", not the " + Descriptor.hex(id(b, off)) + " the message names");
        }
        return d;
    }

    /** {@link #varint} found the input ending inside the number. */
    static final long VARINT_TRUNCATED = -1;
    /** {@link #varint} found a number over 31 bits or not in its shortest form. */
    static final long VARINT_MALFORMED = -2;

    /**
     * Reads the unsigned LEB128 number of at most 31 bits, in its shortest form, at {@code b[p]} (before {@code end}).
     *
     * @return the number in the high 32 bits and the position after it in the low 32 bits; or
     *         {@link #VARINT_TRUNCATED} or {@link #VARINT_MALFORMED}
     */
    static long varint(byte[] b, int p, int end) {
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            if (p >= end) {
                return VARINT_TRUNCATED;
            }
            int x = b[p++];
            if (shift == 28 && (x & 0xF8) != 0 || shift > 0 && x == 0) {
                return VARINT_MALFORMED;
            }
            v |= (x & 0x7F) << shift;
            if (x >= 0) {
                return (long) v << 32 | p;
            }
        }
    }

    /** The error for {@link #varint}'s {@code code} read at {@code offset}. */
    static BinaryFormatException varintError(long code, long offset, String path) {
        return code == VARINT_TRUNCATED
                ? new BinaryFormatException(BinaryFormatException.Kind.TRUNCATED, offset, path, "the input ends inside a length")
                : new BinaryFormatException(BinaryFormatException.Kind.MALFORMED, offset, path,
                "a length over 31 bits or not in its shortest form");
    }

    /** Checks magic, version and flags; returns the flags. */
    static int check(byte[] b, int off, int len) {
        if (!isBinary(b, off, len)) {
            throw new BinaryFormatException(BinaryFormatException.Kind.NOT_BINARY, 0, null, "not a dsoap binary message");
        }
        if (len < HEADER) {
            throw new BinaryFormatException(BinaryFormatException.Kind.TRUNCATED, len, null,
                    "header of " + HEADER + " bytes cut short");
        }
        int version = b[off + 4] & 0xFF;
        if (version != VERSION) {
            throw new BinaryFormatException(BinaryFormatException.Kind.VERSION, 4, null,
                    "version " + version + " (this reader knows " + VERSION + ")");
        }
        int flags = b[off + 5] & 0xFF;
        if ((flags & ~(LITTLE_ENDIAN | DESCRIPTOR)) != 0) {
            throw new BinaryFormatException(BinaryFormatException.Kind.VERSION, 5, null, "unknown flags " + flags);
        }
        return flags;
    }

    static long id(byte[] b, int off) {
        long id = 0;
        for (int i = 6; i < HEADER; i++) {
            id = id << 8 | b[off + i] & 0xFF;
        }
        return id;
    }

    static void writeHeader(byte[] b, int off, int flags, long id) {
        System.arraycopy(MAGIC, 0, b, off, MAGIC.length);
        b[off + 4] = VERSION;
        b[off + 5] = (byte) flags;
        for (int i = HEADER - 1; i >= 6; i--) {
            b[off + i] = (byte) id;
            id >>>= 8;
        }
    }
}
