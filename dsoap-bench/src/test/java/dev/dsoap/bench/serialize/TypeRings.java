package dev.dsoap.bench.serialize;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.params.provider.Arguments;

/**
 * Rings of chosen values for the type benchmarks' tests: the edge values of each type, and copies of a ring with one
 * value wrong.
 */
public final class TypeRings {
    private TypeRings() {
    }

    /** Every type with every percentage the benchmarks run, at a few small sizes (base64: 0 to 800 bytes). */
    public static Stream<Arguments> grid() {
        List<Arguments> out = new ArrayList<>();
        for (ItemType t : ItemType.values()) {
            for (int percent : new int[] {0, 25, 50, 100}) {
                for (int size : new int[] {1, 2, 3, 100}) {
                    out.add(Arguments.of(t.param, size, percent));
                }
            }
        }
        return out.stream();
    }

    /**
     * A ring of edge values of {@code type}, neighbours differing in value, count and (for strings and base64)
     * length: strings with every escaped character, non-ASCII and supplementary characters, empty and
     * whitespace-only strings, CR, LF and tab, {@code ]]>}; base64 of 0 to 8 bytes (lengths 0, 1 and 2 mod 3)
     * and 1000; doubles at the edges of the range and signed zeros; ints at the edges.
     */
    public static TypeValues edges(ItemType type) {
        return switch (type) {
            case DOUBLES -> TypeValues.of(type,
                    new double[] {-0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL,
                            1e-300, 0.1, 1.0, -123456.789, 2.2250738585072014E-308},
                    new double[] {0.0, -0.0, 1.0, 0.1, Double.MAX_VALUE},
                    new double[] {-2.2250738585072014E-308, 4.9E-324, 1e23, 9007199254740993.0, -1.0, 0.3});
            case INTS -> TypeValues.of(type,
                    new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1},
                    new int[] {0, Integer.MIN_VALUE, 7},
                    new int[] {-1_000_000_000, 999_999_999, Integer.MAX_VALUE, -7, 10, 100});
            case STRINGS -> TypeValues.of(type,
                    new String[] {"", "&<>\"'", "é ü 中", "\uD83D\uDE00", "a]]>b", "  spaced  ", "tab\there",
                            "line\nbreak", "cr\rhere", "x"},
                    new String[] {"&amp;", "", "\uD83D\uDE00\uD83D\uDE00x", "中", "]]>", " ", "é", "<tag/>", "\r\n",
                            "a longer string than the one before it, much longer"},
                    new String[] {"", "", "\"quoted\" 'single'"},
                    new String[] {"only one"});
            case BASE64 -> TypeValues.of(type, new byte[0], new byte[] {0}, new byte[] {-1, 0x7f}, new byte[] {1, 2, 3},
                    new byte[] {1, 2, 3, 4}, new byte[] {-128, 0, 127, 64, 32}, bytes(8, 1), new byte[0], bytes(1000, 2),
                    bytes(1000, 3));
        };
    }

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /**
     * A copy of {@code v} (arrays copied) in which item {@code item} of array {@code n} is wrong: a double with its
     * lowest bit flipped, an int plus one, a string with its last character changed (or {@code "x"} for an empty
     * one), a byte with its lowest bit flipped.
     */
    public static TypeValues corrupted(TypeValues v, int n, int item) {
        Object[] arrays = new Object[v.count()];
        for (int k = 0; k < arrays.length; k++) {
            arrays[k] = copy(v.values(k));
        }
        Object a = arrays[n];
        switch (v.type()) {
            case DOUBLES -> {
                double[] d = (double[]) a;
                d[item] = Double.longBitsToDouble(Double.doubleToRawLongBits(d[item]) ^ 1);
            }
            case INTS -> ((int[]) a)[item]++;
            case STRINGS -> {
                String[] s = (String[]) a;
                String old = s[item];
                s[item] = old.isEmpty() ? "x"
                        : old.substring(0, old.offsetByCodePoints(old.length(), -1)) + (old.endsWith("y") ? "z" : "y");
            }
            case BASE64 -> ((byte[]) a)[item] ^= 1;
        }
        return TypeValues.of(v.type(), arrays);
    }

    private static Object copy(Object a) {
        if (a instanceof double[] d) {
            return d.clone();
        }
        if (a instanceof int[] i) {
            return i.clone();
        }
        if (a instanceof String[] s) {
            return s.clone();
        }
        return ((byte[]) a).clone();
    }
}
