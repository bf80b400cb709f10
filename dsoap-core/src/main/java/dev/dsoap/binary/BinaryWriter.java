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
 * <p>A <em>differential</em> writer ({@link BinaryFormat#newWriter(long)}) keeps its last message: a string or big
 * number equal to the one at the same place of the last message is copied from it instead of being encoded again, and
 * a {@link TrackedDoubleArray} written last time at the same place with the same length has only its changed items
 * written, over the last message's block (its dirty bits say which; the writer becomes the array's consumer).
 * Every other fixed-width value is written at its place, as fresh writing does: comparing first would read as many
 * bytes as writing them.
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
    /** The most bytes a differential writer keeps between messages, or 0 for a fresh writer. */
    private final long keep;
    /** The last message's strings and big numbers, or {@code null} for a fresh writer. */
    private final KeptValues kept;
    private byte[] buf = new byte[256];
    private int pos;
    /** Length of the last message written, 0 after a failure. */
    private int length;
    /** The tracked arrays of the last message by ordinal, with where their count starts and their length. */
    private TrackedDoubleArray[] lastTracked = NO_TRACKED;
    private int[] lastTrackedAt = NO_INTS;
    private int lastTrackedCount;
    /** The same for the message being written. */
    private TrackedDoubleArray[] tracked = NO_TRACKED;
    private int[] trackedAt = NO_INTS;
    private int trackedCount;
    /** Bytes of the last message left as the message before wrote them. */
    private long patched;

    private static final TrackedDoubleArray[] NO_TRACKED = {};
    private static final int[] NO_INTS = {};

    BinaryWriter(BinaryFormat format, long keep) {
        this.format = format;
        this.flags = ORDER == ByteOrder.LITTLE_ENDIAN ? Frame.LITTLE_ENDIAN : 0;
        this.keep = keep;
        this.kept = keep > 0 ? new KeptValues(keep) : null;
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
        patched = 0;
        if (kept != null) {
            kept.begin();
            trackedCount = 0;
        }
        try {
            ensure(Frame.HEADER + (withDescriptor ? 5 + d.length() : 0));
            Frame.writeHeader(buf, 0, flags | (withDescriptor ? Frame.DESCRIPTOR : 0), d.id());
            pos = Frame.HEADER;
            if (withDescriptor) {
                varint(d.length());
                d.writeTo(buf, pos);
                pos += d.length();
            }
            struct(format.root, parts);
        } catch (RuntimeException | Error e) {
            if (kept != null) {
                kept.abandon(); // the strings kept stay valid; the buffer no longer holds the last message
                Arrays.fill(tracked, 0, trackedCount, null);
                trackedCount = 0;
                Arrays.fill(lastTracked, 0, lastTrackedCount, null);
                lastTrackedCount = 0;
            }
            throw e;
        }
        if (kept != null) {
            kept.commit();
            for (int i = 0; i < trackedCount; i++) {
                tracked[i].consumed(this);
            }
            TrackedDoubleArray[] t = lastTracked;
            int[] at = lastTrackedAt;
            Arrays.fill(t, 0, lastTrackedCount, null);
            lastTracked = tracked;
            lastTrackedAt = trackedAt;
            lastTrackedCount = trackedCount;
            tracked = t;
            trackedAt = at;
            trackedCount = 0;
        }
        length = pos;
        return length;
    }

    /**
     * Bytes of the last message not encoded again: strings and big numbers copied from the message before, and the
     * unchanged items of tracked arrays left in place. Always 0 for a fresh writer.
     */
    public long reusedBytes() {
        return kept == null ? 0 : kept.reused() + patched;
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
        return 16L + buf.length + (kept == null ? 0 : kept.retainedBytes() + 12L * (tracked.length + lastTracked.length));
    }

    /**
     * Lets go of a buffer grown by a large message: past 64 KiB, a fresh writer lets go of it (and of the last
     * message); a differential writer lets go of everything past what it keeps, and otherwise cuts a buffer more than
     * twice its last message back to that message (at least 64 KiB), so what a big message grew shrinks back after
     * the next smaller one.
     */
    public void trim() {
        if (buf.length > Math.max(KEPT_BUFFER, keep)) {
            forget();
        } else if (buf.length > KEPT_BUFFER && buf.length > 2L * length) {
            buf = Arrays.copyOf(buf, Math.max(KEPT_BUFFER, length));
        }
    }

    /** Lets go of the last message and everything kept with it. */
    public void forget() {
        buf = new byte[256];
        length = 0;
        if (kept != null) {
            kept.clear();
            tracked = lastTracked = NO_TRACKED;
            trackedAt = lastTrackedAt = NO_INTS;
            trackedCount = lastTrackedCount = 0;
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
            case STRING -> {
                if (!reuse(x)) {
                    int start = pos;
                    string((String) x);
                    keep(x, start);
                }
            }
            case ENUM -> {
                ensure(5);
                varint(((Enum<?>) x).ordinal());
            }
            case DECIMAL -> {
                if (!reuse(x)) {
                    int start = pos;
                    BigDecimal d = (BigDecimal) x;
                    if (d.scale() < 0) {
                        d = d.setScale(0); // XML's plain notation reads back with scale 0
                    }
                    ensure(5);
                    varint(d.scale());
                    bytes(d.unscaledValue().toByteArray());
                    keep(x, start);
                }
            }
            case INTEGER -> {
                if (!reuse(x)) {
                    int start = pos;
                    bytes(((BigInteger) x).toByteArray());
                    keep(x, start);
                }
            }
            case BASE64 -> bytes((byte[]) x);
        }
    }

    /** Copies the encoding of {@code x} from the last message when it holds an equal value at this place. */
    private boolean reuse(Object x) {
        if (kept == null) {
            return false;
        }
        int k = kept.sameValue(x);
        if (k < 0) {
            return false;
        }
        int start = pos;
        ensure(kept.lastLength(k));
        pos += kept.copyLast(k, buf, pos);
        kept.add(x, buf, start, pos - start);
        return true;
    }

    private void keep(Object x, int start) {
        if (kept != null) {
            kept.add(x, buf, start, pos - start);
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
            write(a, n, b, p);
            p += 8 * n;
        } else if (v instanceof TrackedDoubleArray t) {
            if (kept == null) {
                write(t.values(), n, b, p);
            } else {
                tracked(t, n);
                return;
            }
            p += 8 * n;
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

    private static void write(double[] a, int n, byte[] b, int p) {
        for (int i = 0; i < n; i++, p += 8) {
            DOUBLE.set(b, p, a[i]);
        }
    }

    /**
     * Writes tracked array {@code t} of {@code n} items, its count already written: only its changed items when the
     * last message holds it at this place with this length and its dirty bits are this writer's.
     */
    private void tracked(TrackedDoubleArray t, int n) {
        int k = trackedCount;
        int at = pos - varintLength(n);
        byte[] b = buf;
        double[] a = t.values();
        if (k < lastTrackedCount && lastTracked[k] == t && lastTrackedAt[k] == at && t.trackedFor(this)) {
            int changed = 0;
            for (int i = t.nextDirty(0); i >= 0; i = t.nextDirty(i + 1)) {
                DOUBLE.set(b, pos + 8 * i, a[i]);
                changed++;
            }
            patched += 8L * (n - changed);
        } else {
            write(a, n, b, pos);
        }
        pos += 8 * n; // the array is consumed once the whole message is written (it may appear twice)
        if (k == tracked.length) {
            tracked = Arrays.copyOf(tracked, Math.max(4, k * 2));
            trackedAt = Arrays.copyOf(trackedAt, tracked.length);
        }
        tracked[k] = t;
        trackedAt[k] = at;
        trackedCount = k + 1;
    }

    private static int varintLength(int v) {
        return v < 1 << 7 ? 1 : v < 1 << 14 ? 2 : v < 1 << 21 ? 3 : v < 1 << 28 ? 4 : 5;
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
