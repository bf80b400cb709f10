package dev.dsoap.serialize;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.numbers.XsdFormat;
import dev.dsoap.tracked.TrackedDoubleArray;
import dev.dsoap.xml.Base64Text;
import dev.dsoap.xml.XmlText;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The value side of a serializer's walks: the leaf value being handled (read from the Java objects as raw
 * bits or a reference), its lexical form in bytes, the copies a template keeps of it for later comparison
 * and their estimated size, and the tracked arrays the message met. Shared by the fresh walk
 * ({@link FreshWalk}) and the differential walk ({@link DifferentialSerializer}) of one serializer; the
 * fields are read and written directly by both, so the per-value loops stay one field access away.
 *
 * <p>Not thread-safe: one per serializer.
 */
final class Values {
    /** Raw bits of the primitive value being handled (a double's raw long bits, a boolean as 0/1). */
    long bits;
    /** The object value being handled (string, enum, decimal, byte[]), or null for a primitive or a null. */
    Object ref;
    /** Whether the value being handled is null. */
    boolean isNull;
    /** The most bytes {@link #bytes} keeps between messages. */
    static final int BYTES_FLOOR = 64 * 1024;

    /** The lexical form written by {@link #format}: bytes {@code [0, returned length)}. */
    byte[] bytes = new byte[64];
    /** The most bytes {@link #ensure} was asked for since the last {@link #trim()}. */
    private int peak;
    /** Estimated heap bytes of the objects a template keeps behind its leaves (see {@link #keep}). */
    long keptBytes;

    /** Tracked arrays the message wrote: told they were consumed once it succeeds. */
    private TrackedDoubleArray[] met = new TrackedDoubleArray[4];
    private int metCount;

    // ---------------------------------------------------------------- reading

    /** Reads property {@code st} of {@code owner} into {@link #bits}/{@link #ref}/{@link #isNull}. */
    void readProp(Step st, Object owner) {
        if (st.kind == Step.PRIMITIVE) {
            isNull = false;
            ref = null;
            var a = st.node.accessor();
            bits = switch (st.type) {
                case DOUBLE -> Double.doubleToRawLongBits(a.getDouble(owner));
                case FLOAT -> Float.floatToRawIntBits(a.getFloat(owner));
                case LONG -> a.getLong(owner);
                case BOOLEAN -> a.getBoolean(owner) ? 1 : 0;
                default -> a.getInt(owner);
            };
        } else {
            fromObject(st, st.node.accessor().get(owner));
        }
    }

    /** Reads item {@code i} of array {@code v} of {@code arr} into {@link #bits}/{@link #ref}/{@link #isNull}. */
    void readItem(Step arr, Object v, int i) {
        switch (arr.primitiveArray) {
            case Step.P_NONE -> fromObject(arr.item, objectItem(arr, v, i));
            case Step.P_DOUBLE -> primitive(Double.doubleToRawLongBits(v instanceof TrackedDoubleArray a
                    ? a.values()[i] : ((double[]) v)[i]));
            case Step.P_INT -> primitive(((int[]) v)[i]);
            case Step.P_LONG -> primitive(((long[]) v)[i]);
            case Step.P_FLOAT -> primitive(Float.floatToRawIntBits(((float[]) v)[i]));
            case Step.P_SHORT -> primitive(((short[]) v)[i]);
            case Step.P_BYTE -> primitive(((byte[]) v)[i]);
            default -> primitive(((boolean[]) v)[i] ? 1 : 0);
        }
    }

    private void primitive(long b) {
        bits = b;
        ref = null;
        isNull = false;
    }

    private void fromObject(Step st, Object o) {
        ref = null;
        bits = 0;
        isNull = o == null;
        if (o == null) {
            return;
        }
        switch (st.type) {
            case DOUBLE -> bits = Double.doubleToRawLongBits((Double) o);
            case FLOAT -> bits = Float.floatToRawIntBits((Float) o);
            case LONG -> bits = (Long) o;
            case INT -> bits = (Integer) o;
            case SHORT -> bits = (Short) o;
            case BYTE -> bits = (Byte) o;
            case BOOLEAN -> bits = ((Boolean) o) ? 1 : 0;
            default -> ref = o;
        }
    }

    /** Item {@code i} of an object array or list {@code v} of {@code arr}. */
    static Object objectItem(Step arr, Object v, int i) {
        return arr.array.container() == ArrayNode.Container.LIST ? ((List<?>) v).get(i) : ((Object[]) v)[i];
    }

    // ---------------------------------------------------------------- keeping

    /**
     * The object to keep behind a leaf for later comparison (a copy where the caller may mutate it), counted
     * in {@link #keptBytes}; null for a primitive.
     */
    Object keep(Step st) {
        if (!st.type.isObject() || ref == null) {
            return null;
        }
        Object k = st.type == ScalarType.BASE64 ? ((byte[]) ref).clone() : ref;
        keptBytes += refSize(k);
        return k;
    }

    /** Estimated heap bytes of a kept object. */
    static long refSize(Object o) {
        return dev.dsoap.template.HeapBytes.of(o);
    }

    /** Records a tracked array the message writes. */
    void meet(TrackedDoubleArray a) {
        if (metCount == met.length) {
            met = Arrays.copyOf(met, metCount * 2);
        }
        met[metCount++] = a;
    }

    /** The message succeeded: tells every tracked array it met that {@code stream} has seen its state. */
    void consumeMet(Object stream) {
        for (int i = 0; i < metCount; i++) {
            met[i].consumed(stream);
            met[i] = null;
        }
        metCount = 0;
    }

    /** Forgets the tracked arrays met so far without telling them anything. */
    void forgetMet() {
        Arrays.fill(met, 0, metCount, null);
        metCount = 0;
    }

    // ---------------------------------------------------------------- formatting

    /** Formats the value in {@link #bits}/{@link #ref} into {@link #bytes}; returns its length. */
    int format(Step st) {
        ensure(32);
        switch (st.type) {
            case DOUBLE:
                return XsdFormat.writeDouble(Double.longBitsToDouble(bits), bytes, 0);
            case FLOAT:
                return XsdFormat.writeFloat(Float.intBitsToFloat((int) bits), bytes, 0);
            case INT:
                return XsdFormat.writeInt((int) bits, bytes, 0);
            case LONG:
                return XsdFormat.writeLong(bits, bytes, 0);
            case SHORT:
                return XsdFormat.writeShort((short) bits, bytes, 0);
            case BYTE:
                return XsdFormat.writeByte((byte) bits, bytes, 0);
            case BOOLEAN:
                return XsdFormat.writeBoolean(bits != 0, bytes, 0);
            default:
                return formatObject(st);
        }
    }

    private int formatObject(Step st) {
        Object o = ref;
        switch (st.type) {
            case STRING: {
                CharSequence s = (CharSequence) o;
                ensure(XmlText.encodedLength(s, st.attribute));
                return XmlText.write(s, st.attribute, bytes, 0);
            }
            case ENUM: {
                String s = st.scalar.enumLexical(((Enum<?>) o).ordinal());
                ensure(XmlText.encodedLength(s, st.attribute));
                return XmlText.write(s, st.attribute, bytes, 0);
            }
            case DECIMAL:
                return ascii(((BigDecimal) o).toPlainString());
            case INTEGER:
                return ascii(((BigInteger) o).toString());
            case BASE64: {
                byte[] b = (byte[]) o;
                ensure(Base64Text.encodedLength(b.length));
                return Base64Text.write(b, 0, b.length, bytes, 0);
            }
            default:
                throw new IllegalStateException("unhandled type " + st.type + " at " + st.node.path());
        }
    }

    private int ascii(String s) {
        ensure(s.length());
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, bytes, 0, b.length);
        return b.length;
    }

    /** Makes {@link #bytes} hold at least {@code n} bytes (its content is not kept). */
    void ensure(int n) {
        if (n > peak) {
            peak = n;
            if (n > bytes.length) {
                bytes = new byte[Math.max(n, bytes.length * 2)];
            }
        }
    }

    /**
     * After a message: the value buffer is needed again only by the next message, so one longer than
     * {@value #BYTES_FLOOR} bytes (a huge value's) is replaced by one of that size, and a past huge value does not
     * stay pinned; a shorter one is kept so that ordinary messages allocate nothing.
     */
    void trim() {
        ref = null;
        if (bytes.length > BYTES_FLOOR) {
            bytes = new byte[Math.max(64, Math.min(peak, BYTES_FLOOR))];
        }
        peak = 0;
        if (met.length > 64 && met.length > 2 * metCount) {
            met = new TrackedDoubleArray[4];
        }
    }

    /** Heap bytes of this object's own arrays, by capacity (the kept values are {@link #keptBytes}). */
    long retainedBytes() {
        return HeapSize.of(bytes) + HeapSize.of(met);
    }
}
