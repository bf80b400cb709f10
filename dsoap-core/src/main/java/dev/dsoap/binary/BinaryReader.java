package dev.dsoap.binary;

import dev.dsoap.binary.BinaryFormatException.Kind;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.tracked.TrackedDoubleArray;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads binary messages of one {@link BinaryFormat} into fresh values (no two messages share a mutable value),
 * making right whatever byte order the sender wrote. Reads only its own format: a message naming another format is
 * refused as {@link Kind#FORMAT_MISMATCH} (the difference named, when the message carries its descriptor) or
 * {@link Kind#UNKNOWN_FORMAT}. Every length and count is checked against the bytes left and the configured limits
 * before anything is allocated for it; a refused message leaves nothing behind.
 *
 * <p>A <em>differential</em> reader ({@link BinaryFormat#newReader(ParserLimits, long)}) keeps the strings and big
 * numbers of its last message with their bytes: a value whose bytes equal those of the value at the same place of the
 * last message is that value (they are immutable), taken without checking and decoding its bytes again. Blocks of
 * primitives are always copied out into fresh arrays, without parsing. A refused message leaves what was kept as it
 * was.
 *
 * <p>Not thread-safe: one per thread. Holds no reference to a message after {@link #read} returns.
 */
public final class BinaryReader {
    private static final VarHandle SHORT_LE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle SHORT_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle FLOAT_LE = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle FLOAT_BE = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle DOUBLE_LE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLE_BE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);

    private final BinaryFormat format;
    private final ParserLimits limits;
    private byte[] b;
    private int base;
    private int p;
    private int end;
    private boolean little;
    /** The path of the value being read, for errors. */
    private String path;

    /** The last message's strings and big numbers, or {@code null} for a fresh reader. */
    private final KeptValues kept;

    BinaryReader(BinaryFormat format, ParserLimits limits, long keep) {
        this.format = format;
        this.limits = limits;
        this.kept = keep > 0 ? new KeptValues(keep) : null;
    }

    /** Bytes of the last message taken as values of the message before without decoding; 0 for a fresh reader. */
    public long reusedBytes() {
        return kept == null ? 0 : kept.reused();
    }

    /** Bytes this reader keeps between messages. */
    public long retainedBytes() {
        return 64L + (kept == null ? 0 : kept.retainedBytes());
    }

    /** Lets go of everything kept from the last message. */
    public void forget() {
        if (kept != null) {
            kept.clear();
        }
    }

    public BinaryFormat format() {
        return format;
    }

    /**
     * Reads the binary message {@code in[off, off+len)}.
     *
     * @return the operation's values in plan order
     * @throws BinaryFormatException naming what is wrong and where
     */
    public Object[] read(byte[] in, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, in.length);
        if (len > limits.maxMessageBytes()) {
            throw new BinaryFormatException(Kind.LIMIT, 0, null,
                    "message of " + len + " bytes, over the limit of " + limits.maxMessageBytes());
        }
        int flags = Frame.check(in, off, len);
        long id = Frame.id(in, off);
        this.b = in;
        this.base = off;
        this.end = off + len;
        this.p = off + Frame.HEADER;
        this.path = null;
        if (kept != null) {
            kept.begin();
        }
        boolean done = false;
        try {
            Descriptor mine = format.descriptor();
            if ((flags & Frame.DESCRIPTOR) != 0) {
                int n = varint();
                need(n);
                if (id != mine.id() || !mine.sameBytes(b, p, n)) {
                    throw mismatch(id, n);
                }
                p += n;
            } else if (id != mine.id()) {
                throw error(Kind.UNKNOWN_FORMAT, "format " + Descriptor.hex(id) + " is not this operation's "
                        + mine.idHex() + " and the message does not describe it");
            }
            little = (flags & Frame.LITTLE_ENDIAN) != 0;
            Object[] parts = (Object[]) struct(format.root, 2);
            if (p != end) {
                path = null;
                throw error(Kind.TRAILING, (end - p) + " bytes after the last value");
            }
            done = true;
            return parts;
        } finally {
            this.b = null;
            if (kept != null) {
                if (done) {
                    kept.commit();
                } else {
                    kept.abandon();
                }
            }
        }
    }

    /** The error for a message whose descriptor (at {@code p}, {@code n} bytes) is not this format's. */
    private BinaryFormatException mismatch(long id, int n) {
        Descriptor theirs;
        try {
            theirs = Descriptor.parse(b, p, n);
        } catch (BinaryFormatException e) {
            return e.from(p - base); // offsets from the message's start
        }
        if (theirs.id() != id) {
            return error(Kind.FORMAT_MISMATCH, "the descriptor's id is " + theirs.idHex() + ", not the "
                    + Descriptor.hex(id) + " the message names");
        }
        String d = format.descriptor().difference(theirs);
        return error(Kind.FORMAT_MISMATCH, "format " + theirs.idHex() + " is not this operation's "
                + format.descriptor().idHex() + (d == null ? " (a descriptor not in canonical form)" : ": " + d));
    }

    // ------------------------------------------------------------------------------------------ values

    private Object struct(Slot s, int depth) {
        path = s.path;
        if (depth + 1 > limits.maxDepth()) {
            throw error(Kind.LIMIT, "nesting deeper than " + limits.maxDepth());
        }
        int nb = (s.nullables + 7) >>> 3;
        need(nb);
        int bitmap = p;
        p += nb;
        checkPadding(bitmap, s.nullables);
        Object v = s.factory.get();
        int bit = 0;
        for (Slot m : s.members) {
            if (m.nullable) {
                boolean present = (b[bitmap + (bit >>> 3)] >> (bit & 7) & 1) != 0;
                bit++;
                if (!present) {
                    // a null array without nil is written in XML as no elements, which reads back as empty
                    boolean empty = m.kind == Slot.ARRAY && !m.nil && !format.emptyArraysNull;
                    m.mutator.set(v, empty ? empty(m) : null);
                    continue;
                }
            }
            switch (m.kind) {
                case Slot.LEAF -> {
                    if (m.primitive) {
                        primitive(m, v);
                    } else {
                        m.mutator.set(v, leaf(m));
                    }
                }
                case Slot.STRUCT -> m.mutator.set(v, struct(m, depth + 1));
                default -> m.mutator.set(v, array(m, depth + 1));
            }
        }
        return v;
    }

    private void primitive(Slot m, Object owner) {
        path = m.path;
        need(m.width);
        switch (m.type) {
            case BOOLEAN -> m.mutator.setBoolean(owner, bool());
            case BYTE -> m.mutator.setInt(owner, b[p++]);
            case SHORT -> m.mutator.setInt(owner, i16());
            case INT -> m.mutator.setInt(owner, i32());
            case LONG -> m.mutator.setLong(owner, i64());
            case FLOAT -> m.mutator.setFloat(owner, f32());
            case DOUBLE -> m.mutator.setDouble(owner, f64());
            default -> throw new IllegalStateException(m.path + ": no primitive " + m.type);
        }
    }

    private Object leaf(Slot m) {
        path = m.path;
        switch (m.type) {
            case BOOLEAN:
                need(1);
                return bool();
            case BYTE:
                need(1);
                return b[p++];
            case SHORT:
                need(2);
                return i16();
            case INT:
                need(4);
                return i32();
            case LONG:
                need(8);
                return i64();
            case FLOAT:
                need(4);
                return f32();
            case DOUBLE:
                need(8);
                return f64();
            case STRING: {
                int n = length(limits.maxTextBytes(), "string");
                if (kept != null) {
                    Object same = kept.sameBytes(b, p, n);
                    if (same instanceof String) {
                        kept.reused(n);
                        kept.add(same, b, p, n);
                        p += n;
                        return same;
                    }
                }
                int bad = Utf8.firstBad(b, p, n);
                if (bad >= 0) {
                    p = bad;
                    throw error(Kind.MALFORMED, "malformed UTF-8 or a character XML 1.0 does not allow");
                }
                String s = new String(b, p, n, StandardCharsets.UTF_8);
                if (kept != null) {
                    kept.add(s, b, p, n);
                }
                p += n;
                return s;
            }
            case ENUM: {
                int start = p;
                int ordinal = varint();
                if (ordinal >= m.constants.length) {
                    p = start;
                    throw error(Kind.MALFORMED, "enum ordinal " + ordinal + " of " + m.constants.length + " constants");
                }
                return m.constants[ordinal];
            }
            case DECIMAL: {
                int start = p;
                int scale = varint();
                if (scale > limits.maxTextBytes()) {
                    p = start;
                    throw error(Kind.LIMIT, "decimal scale " + scale + ", over the text limit of " + limits.maxTextBytes());
                }
                return number(start, scale);
            }
            case INTEGER:
                return number(p, -1);
            default: {
                int n = length(base64Limit(), "byte array");
                byte[] v = Arrays.copyOfRange(b, p, p + n);
                p += n;
                return v;
            }
        }
    }

    /** The longest byte array whose base64 text is within the text limit. */
    private int base64Limit() {
        return (int) Math.min(Integer.MAX_VALUE, limits.maxTextBytes() / 4L * 3);
    }

    /**
     * Reads the digits of a big number whose encoding starts at {@code start}: a {@link BigDecimal} of {@code scale},
     * or a {@link BigInteger} when the scale is negative.
     */
    private Object number(int start, int scale) {
        int n = length(limits.maxTextBytes(), "number");
        if (n == 0) {
            throw error(Kind.MALFORMED, "a number of no digits");
        }
        int span = p + n - start;
        if (kept != null) {
            Object same = kept.sameBytes(b, start, span);
            if (same != null && same.getClass() == (scale < 0 ? BigInteger.class : BigDecimal.class)) {
                kept.reused(span);
                kept.add(same, b, start, span);
                p += n;
                return same;
            }
        }
        BigInteger digits = new BigInteger(b, p, n);
        Object v = scale < 0 ? digits : new BigDecimal(digits, scale);
        if (kept != null) {
            kept.add(v, b, start, span);
        }
        p += n;
        return v;
    }

    /** Reads a length, checked against {@code limit} and the bytes left. */
    private int length(int limit, String what) {
        int start = p;
        int n = varint();
        if (n > limit) {
            p = start;
            throw error(Kind.LIMIT, what + " of " + n + " bytes, over the limit of " + limit);
        }
        need(n);
        return n;
    }

    private Object array(Slot m, int depth) {
        path = m.path;
        int start = p;
        int n = varint();
        if (n > limits.maxChildElements()) {
            p = start;
            throw error(Kind.LIMIT, n + " items, over the limit of " + limits.maxChildElements());
        }
        if (n == 0 && format.emptyArraysNull) {
            return null;
        }
        Slot it = m.item;
        if (m.block) {
            need((long) n * it.width);
            return block(m, n);
        }
        int bitmap = -1;
        int present = n;
        if (m.itemBitmap) {
            int nb = (n + 7) >>> 3;
            need(nb);
            bitmap = p;
            p += nb;
            checkPadding(bitmap, n);
            present = 0;
            for (int i = 0; i < nb; i++) {
                present += Integer.bitCount(b[bitmap + i] & 0xFF);
            }
        }
        need((long) present * it.minBytes);
        if (n == 1 && present == 0 && m.nil) {
            return null; // one nil item reads as a null container in XML
        }
        boolean list = m.container == dev.dsoap.binding.ArrayNode.Container.LIST;
        List<Object> items = list ? new ArrayList<>(n) : null;
        Object[] array = list ? null : (Object[]) Array.newInstance(m.arrayClass.getComponentType(), n);
        for (int i = 0; i < n; i++) {
            Object x = null;
            if (bitmap < 0 || (b[bitmap + (i >>> 3)] >> (i & 7) & 1) != 0) {
                x = it.kind == Slot.STRUCT ? struct(it, depth) : leaf(it);
            }
            if (list) {
                items.add(x);
            } else {
                array[i] = x;
            }
        }
        path = m.path;
        return list ? items : array;
    }

    /** An empty container of array {@code m}. */
    private static Object empty(Slot m) {
        if (m.arrayClass == TrackedDoubleArray.class) {
            return new TrackedDoubleArray(0);
        }
        if (m.container == dev.dsoap.binding.ArrayNode.Container.LIST) {
            return new ArrayList<>();
        }
        return Array.newInstance(m.arrayClass.getComponentType(), 0);
    }

    private Object block(Slot m, int n) {
        Class<?> c = m.arrayClass;
        byte[] in = b;
        int q = p;
        Object out;
        if (c == double[].class || c == TrackedDoubleArray.class) {
            double[] a = new double[n];
            if (little) {
                for (int i = 0; i < n; i++, q += 8) {
                    a[i] = (double) DOUBLE_LE.get(in, q);
                }
            } else {
                for (int i = 0; i < n; i++, q += 8) {
                    a[i] = (double) DOUBLE_BE.get(in, q);
                }
            }
            out = c == double[].class ? a : new TrackedDoubleArray(a);
        } else if (c == int[].class) {
            int[] a = new int[n];
            for (int i = 0; i < n; i++, q += 4) {
                a[i] = little ? (int) INT_LE.get(in, q) : (int) INT_BE.get(in, q);
            }
            out = a;
        } else if (c == long[].class) {
            long[] a = new long[n];
            for (int i = 0; i < n; i++, q += 8) {
                a[i] = little ? (long) LONG_LE.get(in, q) : (long) LONG_BE.get(in, q);
            }
            out = a;
        } else if (c == float[].class) {
            float[] a = new float[n];
            for (int i = 0; i < n; i++, q += 4) {
                a[i] = little ? (float) FLOAT_LE.get(in, q) : (float) FLOAT_BE.get(in, q);
            }
            out = a;
        } else if (c == short[].class) {
            short[] a = new short[n];
            for (int i = 0; i < n; i++, q += 2) {
                a[i] = little ? (short) SHORT_LE.get(in, q) : (short) SHORT_BE.get(in, q);
            }
            out = a;
        } else if (c == byte[].class) {
            out = Arrays.copyOfRange(in, q, q + n);
            q += n;
        } else if (c == boolean[].class) {
            boolean[] a = new boolean[n];
            for (int i = 0; i < n; i++, q++) {
                int v = in[q];
                if ((v & ~1) != 0) {
                    p = q;
                    throw error(Kind.MALFORMED, "boolean " + v + " (0 or 1)");
                }
                a[i] = v != 0;
            }
            out = a;
        } else {
            throw new IllegalStateException(m.path + ": " + c.getName());
        }
        p = q;
        return out;
    }

    // ------------------------------------------------------------------------------------------ bytes

    private boolean bool() {
        int v = b[p];
        if ((v & ~1) != 0) {
            throw error(Kind.MALFORMED, "boolean " + v + " (0 or 1)");
        }
        p++;
        return v != 0;
    }

    private short i16() {
        short v = little ? (short) SHORT_LE.get(b, p) : (short) SHORT_BE.get(b, p);
        p += 2;
        return v;
    }

    private int i32() {
        int v = little ? (int) INT_LE.get(b, p) : (int) INT_BE.get(b, p);
        p += 4;
        return v;
    }

    private long i64() {
        long v = little ? (long) LONG_LE.get(b, p) : (long) LONG_BE.get(b, p);
        p += 8;
        return v;
    }

    private float f32() {
        float v = little ? (float) FLOAT_LE.get(b, p) : (float) FLOAT_BE.get(b, p);
        p += 4;
        return v;
    }

    private double f64() {
        double v = little ? (double) DOUBLE_LE.get(b, p) : (double) DOUBLE_BE.get(b, p);
        p += 8;
        return v;
    }

    /** An unsigned LEB128 of at most 31 bits in its shortest form. */
    private int varint() {
        long v = Frame.varint(b, p, end);
        if (v < 0) {
            throw Frame.varintError(v, p - base, path);
        }
        p = (int) v;
        return (int) (v >>> 32);
    }

    private void need(long n) {
        if (n > end - p) {
            throw error(Kind.TRUNCATED, n + " bytes needed, " + (end - p) + " left");
        }
    }

    /** The bits of a bitmap after its {@code bits} used ones must be 0. */
    private void checkPadding(int bitmap, int bits) {
        if ((bits & 7) != 0 && (b[bitmap + (bits >>> 3)] & 0xFF) >>> (bits & 7) != 0) {
            p = bitmap + (bits >>> 3);
            throw error(Kind.MALFORMED, "bits set past the end of a bitmap");
        }
    }

    private BinaryFormatException error(Kind kind, String what) {
        return new BinaryFormatException(kind, p - base, path, what);
    }
}
