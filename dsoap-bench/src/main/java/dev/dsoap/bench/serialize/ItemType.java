package dev.dsoap.bench.serialize;

import java.util.Arrays;

/**
 * The item types of the serialization-only and deserialization-only workloads ({@link TypeSerializeBench},
 * {@code deserialize.TypeDeserializeBench}), by the benchmarks' {@code type} parameter, with the Java array that
 * carries a message's values and the comparison the benchmarks' setups use to check what was read back.
 *
 * <p>Immutable, thread-safe.
 */
public enum ItemType {
    /** {@code double[]}, one xsd:double element per item. */
    DOUBLES("doubles", double[].class),
    /** {@code int[]}, one xsd:int element per item. */
    INTS("ints", int[].class),
    /** {@code String[]}, one xsd:string element per item. */
    STRINGS("strings", String[].class),
    /**
     * {@code byte[]}, one xsd:base64Binary element for the whole array; an "item" is one 8-byte word, so
     * {@code size} items are {@code 8 * size} bytes, the raw payload of {@code size} doubles.
     */
    BASE64("base64", byte[].class);

    /** Bytes of one base64 "item". */
    public static final int WORD = 8;

    /** The parameter value naming this type. */
    public final String param;
    /** The array class a message's values are held in. */
    public final Class<?> arrayType;

    ItemType(String param, Class<?> arrayType) {
        this.param = param;
        this.arrayType = arrayType;
    }

    /** The type a parameter value names: {@code doubles}, {@code ints}, {@code strings} or {@code base64}. */
    public static ItemType of(String param) {
        for (ItemType t : values()) {
            if (t.param.equals(param)) {
                return t;
            }
        }
        throw new IllegalArgumentException("type doubles|ints|strings|base64, not " + param);
    }

    /** Items in {@code array}: its length, or for {@link #BASE64} its length in 8-byte words, rounded up. */
    public int items(Object array) {
        return this == BASE64 ? (((byte[]) array).length + WORD - 1) / WORD : java.lang.reflect.Array.getLength(array);
    }

    /**
     * Where {@code got} first differs from {@code want}, or null when they are equal: doubles by their raw bits
     * (so {@code -0.0} differs from {@code 0.0} and every NaN payload counts), strings with {@code equals}, bytes
     * one by one. A {@code got} of another class, or null, differs.
     */
    public String difference(Object want, Object got) {
        if (got == null || got.getClass() != arrayType) {
            return "expected a " + arrayType.getSimpleName() + ", got " + (got == null ? "null" : got.getClass().getSimpleName());
        }
        int wantLength = java.lang.reflect.Array.getLength(want);
        int gotLength = java.lang.reflect.Array.getLength(got);
        int i = switch (this) {
            case DOUBLES -> {
                double[] a = (double[]) want;
                double[] b = (double[]) got;
                int n = Math.min(a.length, b.length);
                int k = 0;
                while (k < n && Double.doubleToRawLongBits(a[k]) == Double.doubleToRawLongBits(b[k])) {
                    k++;
                }
                yield k;
            }
            case INTS -> mismatch(Arrays.mismatch((int[]) want, (int[]) got), wantLength, gotLength);
            case STRINGS -> mismatch(Arrays.mismatch((String[]) want, (String[]) got), wantLength, gotLength);
            case BASE64 -> mismatch(Arrays.mismatch((byte[]) want, (byte[]) got), wantLength, gotLength);
        };
        if (i == wantLength && wantLength == gotLength) {
            return null;
        }
        if (i >= Math.min(wantLength, gotLength)) {
            return (this == BASE64 ? "byte" : "item") + " count " + gotLength + ", expected " + wantLength;
        }
        return (this == BASE64 ? "byte " : "item ") + i + ": " + show(got, i) + ", expected " + show(want, i);
    }

    private static int mismatch(int m, int wantLength, int gotLength) {
        return m < 0 ? Math.min(wantLength, gotLength) : m;
    }

    private String show(Object array, int i) {
        return switch (this) {
            case DOUBLES -> {
                double v = ((double[]) array)[i];
                yield v + " (bits " + Long.toHexString(Double.doubleToRawLongBits(v)) + ")";
            }
            case INTS -> String.valueOf(((int[]) array)[i]);
            case STRINGS -> {
                String s = ((String[]) array)[i];
                yield s == null ? "null" : "\"" + s + "\" (" + s.length() + " chars)";
            }
            case BASE64 -> String.valueOf(((byte[]) array)[i]);
        };
    }
}
