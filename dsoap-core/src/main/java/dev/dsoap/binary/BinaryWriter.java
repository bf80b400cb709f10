package dev.dsoap.binary;

import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.UnsupportedValueException;
import dev.dsoap.tracked.TrackedDoubleArray;
import dev.dsoap.xml.XmlText;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * Writes binary messages of one {@link BinaryFormat} into a buffer it keeps between messages, fixed-width values
 * in this machine's byte order (flagged in the header). Refuses what the XML form refuses: a character XML 1.0
 * cannot carry ({@link dev.dsoap.xml.IllegalXmlCharacterException}), a struct of another class than planned
 * ({@link UnsupportedValueException}).
 *
 * <p>Not thread-safe: one per thread or per template. Writing allocates nothing but the buffer's growth and the
 * digits of big numbers.
 */
public final class BinaryWriter {
    private static final ByteOrder ORDER = ByteOrder.nativeOrder();
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ORDER);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ORDER);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ORDER);
    private static final VarHandle FLOAT = MethodHandles.byteArrayViewVarHandle(float[].class, ORDER);
    private static final VarHandle DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ORDER);
    /** A buffer over this size is let go by {@link #trim()}. */
    static final int KEPT_BUFFER = 64 << 10;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private final BinaryFormat format;
    private final int flags;
    private byte[] buf = new byte[256];
    private int pos;
    /** Length of the last message written, 0 after a failure. */
    private int length;

    BinaryWriter(BinaryFormat format) {
        this.format = format;
        this.flags = ORDER == ByteOrder.LITTLE_ENDIAN ? Frame.LITTLE_ENDIAN : 0;
    }

    public BinaryFormat format() {
        return format;
    }

    /**
     * Writes the message of {@code parts} (the operation's values in plan order).
     *
     * @param withDescriptor whether the message carries its format descriptor (the first message to a peer)
     * @return the message's length in bytes ({@link #buffer()}{@code [0, length)})
     * @throws dev.dsoap.xml.IllegalXmlCharacterException if a string holds a character XML 1.0 cannot carry
     * @throws UnsupportedValueException if a value is not what the plan describes
     */
    public int write(Object[] parts, boolean withDescriptor) {
        length = 0;
        Descriptor d = format.descriptor();
        pos = 0;
        ensure(Frame.HEADER + (withDescriptor ? 5 + d.length() : 0));
        Frame.writeHeader(buf, 0, flags | (withDescriptor ? Frame.DESCRIPTOR : 0), d.id());
        pos = Frame.HEADER;
        if (withDescriptor) {
            varint(d.length());
            d.writeTo(buf, pos);
            pos += d.length();
        }
        struct(format.root, parts);
        length = pos;
        return length;
    }

    /** The buffer holding the last message at {@code [0, length)}; valid until the next write. Do not modify. */
    public byte[] buffer() {
        return buf;
    }

    /** Length of the last message written. */
    public int length() {
        return length;
    }

    /** A copy of the last message. */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, length);
    }

    public void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, length);
    }

    /** Bytes this writer holds between messages. */
    public long retainedBytes() {
        return 16L + buf.length;
    }

    /** Lets go of a buffer grown past 64 KiB by a large message (the last message is then gone). */
    public void trim() {
        if (buf.length > KEPT_BUFFER) {
            buf = new byte[256];
            length = 0;
        }
    }

    // ------------------------------------------------------------------------------------------ values

    private void struct(Slot s, Object v) {
        if (v.getClass() != s.structClass) {
            throw new UnsupportedValueException(s.path + ": runtime class " + v.getClass().getName()
                    + " is not the planned " + s.structClass.getName());
        }
        int bitmap = pos;
        int nb = (s.nullables + 7) >>> 3;
        ensure(nb);
        for (int i = 0; i < nb; i++) {
            buf[pos++] = 0;
        }
        int bit = 0;
        for (Slot m : s.members) {
            if (m.nullable) {
                if (member(m, v)) {
                    buf[bitmap + (bit >>> 3)] |= (byte) (1 << (bit & 7));
                }
                bit++;
            } else {
                member(m, v);
            }
        }
    }

    /** Writes member {@code m} of {@code owner}; returns whether it is present. */
    private boolean member(Slot m, Object owner) {
        switch (m.kind) {
            case Slot.LEAF: {
                if (m.primitive) {
                    primitive(m, owner);
                    return true;
                }
                Object x = m.accessor.get(owner);
                if (x == null) {
                    return false;
                }
                leaf(m, x);
                return true;
            }
            case Slot.STRUCT: {
                Object x = m.accessor.get(owner);
                if (x == null) {
                    return false;
                }
                struct(m, x);
                return true;
            }
            default:
                return array(m, m.accessor.get(owner));
        }
    }

    private void primitive(Slot m, Object owner) {
        ensure(8);
        switch (m.type) {
            case BOOLEAN -> buf[pos] = (byte) (m.accessor.getBoolean(owner) ? 1 : 0);
            case BYTE -> buf[pos] = (byte) m.accessor.getInt(owner);
            case SHORT -> SHORT.set(buf, pos, (short) m.accessor.getInt(owner));
            case INT -> INT.set(buf, pos, m.accessor.getInt(owner));
            case LONG -> LONG.set(buf, pos, m.accessor.getLong(owner));
            case FLOAT -> FLOAT.set(buf, pos, m.accessor.getFloat(owner));
            case DOUBLE -> DOUBLE.set(buf, pos, m.accessor.getDouble(owner));
            default -> throw new IllegalStateException(m.path + ": no primitive " + m.type);
        }
        pos += m.width;
    }

    /** Writes a non-null leaf value (boxed for primitive types). */
    private void leaf(Slot m, Object x) {
        ScalarType t = m.type;
        switch (t) {
            case BOOLEAN -> {
                ensure(1);
                buf[pos++] = (byte) ((Boolean) x ? 1 : 0);
            }
            case BYTE -> {
                ensure(1);
                buf[pos++] = ((Number) x).byteValue();
            }
            case SHORT -> {
                ensure(2);
                SHORT.set(buf, pos, ((Number) x).shortValue());
                pos += 2;
            }
            case INT -> {
                ensure(4);
                INT.set(buf, pos, ((Number) x).intValue());
                pos += 4;
            }
            case LONG -> {
                ensure(8);
                LONG.set(buf, pos, ((Number) x).longValue());
                pos += 8;
            }
            case FLOAT -> {
                ensure(4);
                FLOAT.set(buf, pos, ((Number) x).floatValue());
                pos += 4;
            }
            case DOUBLE -> {
                ensure(8);
                DOUBLE.set(buf, pos, ((Number) x).doubleValue());
                pos += 8;
            }
            case STRING -> string((String) x);
            case ENUM -> {
                ensure(5);
                varint(((Enum<?>) x).ordinal());
            }
            case DECIMAL -> {
                BigDecimal d = (BigDecimal) x;
                if (d.scale() < 0) {
                    d = d.setScale(0); // XML's plain notation reads back with scale 0
                }
                ensure(5);
                varint(d.scale());
                bytes(d.unscaledValue().toByteArray());
            }
            case INTEGER -> bytes(((BigInteger) x).toByteArray());
            case BASE64 -> bytes((byte[]) x);
        }
    }

    private void string(String s) {
        int n = XmlText.utf8Length(s);
        ensure(5 + n);
        varint(n);
        pos = XmlText.writeUtf8(s, buf, pos);
    }

    private void bytes(byte[] b) {
        ensure(5 + b.length);
        varint(b.length);
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
    }

    /**
     * Writes array {@code v} as the XML form would read it back: returns {@code false} (null) for what reads back as
     * null, else writes the count and items.
     */
    private boolean array(Slot m, Object v) {
        boolean emptyNull = format.emptyArraysNull;
        if (v == null) {
            if (m.nil || emptyNull) {
                return false;
            }
            ensure(1);
            buf[pos++] = 0; // no elements: read back as an empty container
            return true;
        }
        if (m.block) {
            int n = v instanceof TrackedDoubleArray t ? t.length() : java.lang.reflect.Array.getLength(v);
            if (n == 0 && emptyNull) {
                return false;
            }
            block(m, v, n);
            return true;
        }
        Slot it = m.item;
        int n = v instanceof List<?> l ? l.size() : ((Object[]) v).length;
        if (it.nil) {
            if (n == 0 && emptyNull || n == 1 && m.nil && item(v, 0) == null) {
                return false; // one nil item is how XML writes a null container
            }
            ensure(5);
            varint(n);
            int bitmap = pos;
            int nb = (n + 7) >>> 3;
            ensure(nb);
            Arrays.fill(buf, pos, pos + nb, (byte) 0);
            pos += nb;
            for (int i = 0; i < n; i++) {
                Object x = item(v, i);
                if (x != null) {
                    buf[bitmap + (i >>> 3)] |= (byte) (1 << (i & 7));
                    value(it, x);
                }
            }
            return true;
        }
        int k = 0;
        for (int i = 0; i < n; i++) {
            k += item(v, i) == null ? 0 : 1; // a null item that is not nillable is left out, as in XML
        }
        if (k == 0 && emptyNull) {
            return false;
        }
        ensure(5);
        varint(k);
        for (int i = 0; i < n; i++) {
            Object x = item(v, i);
            if (x != null) {
                value(it, x);
            }
        }
        return true;
    }

    private void value(Slot it, Object x) {
        if (it.kind == Slot.STRUCT) {
            struct(it, x);
        } else {
            leaf(it, x);
        }
    }

    private static Object item(Object v, int i) {
        return v instanceof List<?> l ? l.get(i) : ((Object[]) v)[i];
    }

    private void block(Slot m, Object v, int n) {
        long bytes = (long) n * m.item.width;
        if (bytes > MAX_ARRAY - pos - 5) {
            throw new UnsupportedValueException(m.path + ": " + n + " items do not fit in one message");
        }
        ensure(5 + (int) bytes);
        varint(n);
        byte[] b = buf;
        int p = pos;
        if (v instanceof double[] a) {
            for (int i = 0; i < n; i++, p += 8) {
                DOUBLE.set(b, p, a[i]);
            }
        } else if (v instanceof TrackedDoubleArray t) {
            double[] a = t.values();
            for (int i = 0; i < n; i++, p += 8) {
                DOUBLE.set(b, p, a[i]);
            }
        } else if (v instanceof int[] a) {
            for (int i = 0; i < n; i++, p += 4) {
                INT.set(b, p, a[i]);
            }
        } else if (v instanceof long[] a) {
            for (int i = 0; i < n; i++, p += 8) {
                LONG.set(b, p, a[i]);
            }
        } else if (v instanceof float[] a) {
            for (int i = 0; i < n; i++, p += 4) {
                FLOAT.set(b, p, a[i]);
            }
        } else if (v instanceof short[] a) {
            for (int i = 0; i < n; i++, p += 2) {
                SHORT.set(b, p, a[i]);
            }
        } else if (v instanceof byte[] a) {
            System.arraycopy(a, 0, b, p, n);
            p += n;
        } else if (v instanceof boolean[] a) {
            for (int i = 0; i < n; i++) {
                b[p++] = (byte) (a[i] ? 1 : 0);
            }
        } else {
            throw new UnsupportedValueException(m.path + ": " + v.getClass().getName() + " is not a primitive array");
        }
        pos = p;
    }

    // ------------------------------------------------------------------------------------------ bytes

    private void varint(int v) {
        while ((v & ~0x7F) != 0) {
            buf[pos++] = (byte) (v & 0x7F | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
    }

    private void ensure(int n) {
        if (n > buf.length - pos) {
            long want = Math.max((long) pos + n, Math.min((long) buf.length * 2, MAX_ARRAY));
            if (want > MAX_ARRAY) {
                throw new UnsupportedValueException("a binary message over " + MAX_ARRAY + " bytes");
            }
            buf = Arrays.copyOf(buf, (int) want);
        }
    }
}
