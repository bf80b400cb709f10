package dev.dsoap.bench.serialize;

import dev.dsoap.bench.deserialize.DdsMessages;

import java.util.Arrays;
import java.util.Random;

/**
 * The values of the serialization-only and deserialization-only workloads: a ring of {@code count} arrays of
 * {@code size} items of one {@link ItemType}, each differing from the one before it (the last from the first
 * too, as the benchmarks cycle through the ring) in exactly the same {@link #changedIndices() changed items},
 * {@link DdsMessages#changedIndices round(percent % of size)} of them, in one run at the centre of each of
 * {@value #PARTITIONS} partitions (as the end-to-end benchmarks' {@code EchoValues}). Every other item has the
 * same value in every array; {@code percent = 0} gives identical arrays.
 *
 * <p><b>Values.</b>
 * <ul>
 *   <li>doubles: the deserialization experiments' hard doubles ({@link DdsMessages#hardDouble}: random finite bit
 *       patterns whose shortest form takes 23 or 24 bytes); a changed item gets another one, differing in its bits;</li>
 *   <li>ints: random over the whole {@code int} range (10 bytes on average); a changed item gets a different one;</li>
 *   <li>strings: "words" of 4 to 24 code points (uniformly), each code point drawn independently: with probability
 *       3/200 one of the five characters XML escapes ({@code & < > " '}), 3/200 {@code é} or {@code ü} (two UTF-8
 *       bytes), 2/200 {@code 中} (three), 1/200 U+1F600 (a surrogate pair, four bytes), otherwise an ASCII letter
 *       ({@code a-z A-Z}); about one word in five holds an escaped character and about one in five a non-ASCII one.
 *       A changed item gets a new word with a new length drawn the same way, different from the old word (so about
 *       95 % of the changed items also change their length);</li>
 *   <li>base64: one {@code byte[]} of {@code 8 * size} random bytes, sent as a single xsd:base64Binary element (the
 *       raw payload of {@code size} doubles); item {@code i} is the 8-byte word {@code [8i, 8i + 8)}, and a changed
 *       word gets 8 new random bytes, different as a whole from the old ones.</li>
 * </ul>
 *
 * <p><b>Determinism.</b> One {@code java.util.Random} seeded with {@link #SEED} draws the first array's values in
 * index order, then each following array's new values in index order. The first array depends only on the type
 * and size, not on the percentage.
 *
 * <p>Immutable after construction and thread-safe; {@link #values} hands out the stored arrays, which callers must
 * not modify.
 */
public final class TypeValues {
    /** Seed of every ring's values. */
    public static final long SEED = 0x7e5_0006L;
    /** Partitions the changed items are spread over (one run each). */
    public static final int PARTITIONS = 100;
    /** Shortest word, in code points. */
    public static final int MIN_WORD = 4;
    /** Longest word, in code points. */
    public static final int MAX_WORD = 24;
    /** The characters XML escapes, sprinkled into the words. */
    private static final String ESCAPED = "&<>\"'";
    /** Code points of two UTF-8 bytes sprinkled in: é, ü. */
    private static final int[] TWO_BYTES = {0xE9, 0xFC};
    /** A code point of three UTF-8 bytes sprinkled in: 中. */
    private static final int THREE_BYTES = 0x4E2D;
    /** A code point outside the BMP (a surrogate pair in Java, four UTF-8 bytes): U+1F600. */
    private static final int FOUR_BYTES = 0x1F600;
    /** The ordinary characters of a word. */
    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

    /** The item type. */
    private final ItemType type;
    /** Items per array (8-byte words for base64). */
    private final int size;
    /** Percentage of the items that change from one array to the next, or -1 for a ring given value by value. */
    private final int percent;
    /** The changed items' indices, ascending (empty for a ring given value by value). */
    private final int[] changed;
    /** The arrays: {@code double[]}, {@code int[]}, {@code String[]} or {@code byte[]}. */
    private final Object[] arrays;

    private TypeValues(ItemType type, int size, int percent, int[] changed, Object[] arrays) {
        this.type = type;
        this.size = size;
        this.percent = percent;
        this.changed = changed;
        this.arrays = arrays;
    }

    /**
     * A ring of {@code count} arrays of {@code size} items of {@code type}, neighbours differing in {@code percent} %
     * of the items (see the class comment).
     *
     * @throws IllegalArgumentException unless {@code size >= 0}, {@code 0 <= percent <= 100}, {@code count >= 2}
     */
    public static TypeValues generate(ItemType type, int size, int percent, int count) {
        if (size < 0 || percent < 0 || percent > 100 || count < 2 || (type == ItemType.BASE64 && size > Integer.MAX_VALUE / 8)) {
            throw new IllegalArgumentException("size " + size + ", percent " + percent + ", count " + count
                    + ": need 0 <= size (at most 2^28 for base64), 0 <= percent <= 100, count >= 2");
        }
        int[] changed = DdsMessages.changedIndices(size, percent, PARTITIONS);
        Random r = new Random(SEED);
        Object[] arrays = new Object[count];
        arrays[0] = base(type, size, r);
        for (int n = 1; n < count; n++) {
            // the last array must also differ from the first in every changed item: the ring wraps around
            Object also = n == count - 1 ? arrays[0] : arrays[n - 1];
            arrays[n] = next(type, arrays[n - 1], also, changed, r);
        }
        return new TypeValues(type, size, percent, changed, arrays);
    }

    /**
     * A ring of the given arrays, as they are (not copied), for checks with chosen values: empty strings, base64 of
     * any length. {@link #percent()} is then -1 and {@link #changedIndices()} empty.
     *
     * @throws IllegalArgumentException if an array is not of {@code type}'s array class, or fewer than two are given
     */
    public static TypeValues of(ItemType type, Object... arrays) {
        if (arrays.length < 2) {
            throw new IllegalArgumentException("a ring needs at least two arrays, got " + arrays.length);
        }
        for (Object a : arrays) {
            if (a == null || a.getClass() != type.arrayType) {
                throw new IllegalArgumentException("expected " + type.arrayType.getSimpleName() + " arrays, got "
                        + (a == null ? "null" : a.getClass().getSimpleName()));
            }
        }
        return new TypeValues(type, type.items(arrays[0]), -1, new int[0], arrays.clone());
    }

    private static Object base(ItemType type, int n, Random r) {
        return switch (type) {
            case DOUBLES -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = DdsMessages.hardDouble(r);
                }
                yield a;
            }
            case INTS -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextInt();
                }
                yield a;
            }
            case STRINGS -> {
                String[] a = new String[n];
                for (int i = 0; i < n; i++) {
                    a[i] = word(r);
                }
                yield a;
            }
            case BASE64 -> {
                byte[] a = new byte[n * ItemType.WORD];
                r.nextBytes(a);
                yield a;
            }
        };
    }

    /** A copy of {@code prev} whose {@code changed} items differ from both {@code prev}'s and {@code also}'s. */
    private static Object next(ItemType type, Object prev, Object also, int[] changed, Random r) {
        switch (type) {
            case DOUBLES -> {
                double[] a = ((double[]) prev).clone();
                double[] b = (double[]) also;
                for (int i : changed) {
                    double v;
                    do {
                        v = DdsMessages.hardDouble(r);
                    } while (sameBits(v, a[i]) || sameBits(v, b[i]));
                    a[i] = v;
                }
                return a;
            }
            case INTS -> {
                int[] a = ((int[]) prev).clone();
                int[] b = (int[]) also;
                for (int i : changed) {
                    int v;
                    do {
                        v = r.nextInt();
                    } while (v == a[i] || v == b[i]);
                    a[i] = v;
                }
                return a;
            }
            case STRINGS -> {
                String[] a = ((String[]) prev).clone();
                String[] b = (String[]) also;
                for (int i : changed) {
                    String v;
                    do {
                        v = word(r);
                    } while (v.equals(a[i]) || v.equals(b[i]));
                    a[i] = v;
                }
                return a;
            }
            default -> {
                byte[] a = ((byte[]) prev).clone();
                byte[] b = (byte[]) also;
                byte[] w = new byte[ItemType.WORD];
                for (int i : changed) {
                    int off = i * ItemType.WORD;
                    do {
                        r.nextBytes(w);
                    } while (Arrays.equals(w, 0, w.length, a, off, off + w.length)
                            || Arrays.equals(w, 0, w.length, b, off, off + w.length));
                    System.arraycopy(w, 0, a, off, w.length);
                }
                return a;
            }
        }
    }

    private static boolean sameBits(double x, double y) {
        return Double.doubleToRawLongBits(x) == Double.doubleToRawLongBits(y);
    }

    /** A word as the class comment describes: 4 to 24 code points, mostly ASCII letters. */
    static String word(Random r) {
        int n = MIN_WORD + r.nextInt(MAX_WORD - MIN_WORD + 1);
        StringBuilder b = new StringBuilder(n + 4);
        for (int i = 0; i < n; i++) {
            int k = r.nextInt(200);
            if (k < 3) {
                b.append(ESCAPED.charAt(r.nextInt(ESCAPED.length())));
            } else if (k < 6) {
                b.appendCodePoint(TWO_BYTES[r.nextInt(TWO_BYTES.length)]);
            } else if (k < 8) {
                b.appendCodePoint(THREE_BYTES);
            } else if (k < 9) {
                b.appendCodePoint(FOUR_BYTES);
            } else {
                b.append(LETTERS.charAt(r.nextInt(LETTERS.length())));
            }
        }
        return b.toString();
    }

    public ItemType type() {
        return type;
    }

    /** Items per array (8-byte words for base64). */
    public int size() {
        return size;
    }

    /** Percentage of the items that change from one array to the next; -1 for a ring given value by value. */
    public int percent() {
        return percent;
    }

    /** Arrays in the ring. */
    public int count() {
        return arrays.length;
    }

    /** Array {@code n} of the ring ({@code double[]}, {@code int[]}, {@code String[]} or {@code byte[]}); do not modify. */
    public Object values(int n) {
        return arrays[n];
    }

    /** The indices of the items that change between neighbours, ascending (a copy). */
    public int[] changedIndices() {
        return changed.clone();
    }

    /** Whether every array of the ring equals the first (as {@link ItemType#difference} compares). */
    public boolean identical() {
        for (Object a : arrays) {
            if (type.difference(arrays[0], a) != null) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "TypeValues(" + type.param + ", size " + size + (percent >= 0 ? ", " + percent + " %" : ", given")
                + ", " + arrays.length + " arrays)";
    }
}
