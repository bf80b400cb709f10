package dev.dsoap.bench.serialize;

import dev.dsoap.bench.deserialize.DdsMessages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TypeValuesTest {

    /** Whether item {@code i} of {@code a} and {@code b} are the same (for base64: the 8-byte word). */
    private static boolean sameItem(ItemType t, Object a, Object b, int i) {
        return switch (t) {
            case DOUBLES -> Double.doubleToRawLongBits(((double[]) a)[i]) == Double.doubleToRawLongBits(((double[]) b)[i]);
            case INTS -> ((int[]) a)[i] == ((int[]) b)[i];
            case STRINGS -> ((String[]) a)[i].equals(((String[]) b)[i]);
            case BASE64 -> Arrays.equals((byte[]) a, 8 * i, 8 * i + 8, (byte[]) b, 8 * i, 8 * i + 8);
        };
    }

    @ParameterizedTest
    @EnumSource(ItemType.class)
    void neighboursDifferInExactlyTheChangedItemsTheLastFromTheFirstToo(ItemType t) {
        for (int percent : new int[] {0, 25, 50, 100}) {
            TypeValues v = TypeValues.generate(t, 1000, percent, 4);
            int[] changed = v.changedIndices();
            assertEquals(DdsMessages.changedCount(1000, percent), changed.length);
            assertEquals(t.items(v.values(0)), 1000);
            boolean[] isChanged = new boolean[1000];
            for (int i : changed) {
                isChanged[i] = true;
            }
            for (int n = 0; n < v.count(); n++) {
                Object a = v.values(n);
                Object b = v.values((n + 1) % v.count());
                for (int i = 0; i < 1000; i++) {
                    assertEquals(!isChanged[i], sameItem(t, a, b, i), t + " " + percent + " % array " + n + " item " + i);
                }
            }
            assertEquals(percent == 0, v.identical());
        }
    }

    @ParameterizedTest
    @EnumSource(ItemType.class)
    void theSameArgumentsGiveTheSameValuesAndTheFirstArrayDoesNotDependOnThePercentage(ItemType t) {
        TypeValues a = TypeValues.generate(t, 500, 25, 4);
        TypeValues b = TypeValues.generate(t, 500, 25, 4);
        TypeValues c = TypeValues.generate(t, 500, 100, 4);
        for (int n = 0; n < 4; n++) {
            assertNull(t.difference(a.values(n), b.values(n)));
        }
        assertNull(t.difference(a.values(0), c.values(0)));
        assertNotNull(t.difference(a.values(1), c.values(1)));
    }

    @Test
    void wordsAreFourToTwentyFourCodePointsMostlyAsciiWithEveryKindOfSprinkle() {
        TypeValues v = TypeValues.generate(ItemType.STRINGS, 20_000, 100, 2);
        String[] a = (String[]) v.values(0);
        String[] b = (String[]) v.values(1);
        int ascii = 0;
        int chars = 0;
        int escaped = 0;
        int lengthChanged = 0;
        boolean[] seen = new boolean[6];
        for (int i = 0; i < a.length; i++) {
            String s = a[i];
            int cps = s.codePointCount(0, s.length());
            assertTrue(cps >= TypeValues.MIN_WORD && cps <= TypeValues.MAX_WORD, s);
            boolean hasEscape = false;
            for (int k = 0; k < s.length(); ) {
                int cp = s.codePointAt(k);
                k += Character.charCount(cp);
                chars++;
                if (cp < 0x80) {
                    ascii++;
                }
                int kind = "&<>\"'".indexOf(cp) >= 0 ? 0 : cp == 0xE9 ? 1 : cp == 0xFC ? 2 : cp == 0x4E2D ? 3
                        : cp == 0x1F600 ? 4 : 5;
                seen[kind] = true;
                hasEscape |= kind == 0;
            }
            escaped += hasEscape ? 1 : 0;
            assertFalse(s.equals(b[i]), "a changed item gets a different string");
            lengthChanged += s.length() != b[i].length() ? 1 : 0;
        }
        for (boolean k : seen) {
            assertTrue(k, Arrays.toString(seen));
        }
        assertTrue(ascii > 0.95 * chars, ascii + " of " + chars);
        assertTrue(escaped > 0.1 * a.length && escaped < 0.3 * a.length, escaped + " of " + a.length);
        assertTrue(lengthChanged > 0.9 * a.length && lengthChanged < a.length, lengthChanged + " of " + a.length);
    }

    @Test
    void base64IsEightBytesPerItem() {
        assertEquals(8000, ((byte[]) TypeValues.generate(ItemType.BASE64, 1000, 25, 2).values(1)).length);
        assertEquals(0, ((byte[]) TypeValues.generate(ItemType.BASE64, 0, 25, 2).values(1)).length);
    }

    @Test
    void differenceComparesDoublesByTheirBitsAndNamesTheItem() {
        assertNull(ItemType.DOUBLES.difference(new double[] {Double.NaN, 1}, new double[] {Double.NaN, 1}));
        assertEquals("item 0: 0.0 (bits 0), expected -0.0 (bits 8000000000000000)",
                ItemType.DOUBLES.difference(new double[] {-0.0}, new double[] {0.0}));
        assertEquals("item count 1, expected 2", ItemType.INTS.difference(new int[] {1, 2}, new int[] {1}));
        assertEquals("byte 1: 3, expected 2", ItemType.BASE64.difference(new byte[] {1, 2}, new byte[] {1, 3}));
        assertEquals("item 0: null, expected \"\" (0 chars)",
                ItemType.STRINGS.difference(new String[] {""}, new String[] {null}));
        assertEquals("expected a String[], got null", ItemType.STRINGS.difference(new String[] {""}, null));
        assertEquals("expected a byte[], got int[]", ItemType.BASE64.difference(new byte[0], new int[0]));
    }

    @Test
    void corruptedCopiesDifferInTheOneItemAndLeaveTheOriginalAlone() {
        for (ItemType t : ItemType.values()) {
            TypeValues v = TypeRings.edges(t);
            TypeValues bad = TypeRings.corrupted(v, 1, 0);
            assertNull(t.difference(v.values(0), bad.values(0)), t.param);
            assertNotNull(t.difference(v.values(1), bad.values(1)), t.param);
            assertNull(t.difference(TypeRings.edges(t).values(1), v.values(1)), t.param);
        }
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> TypeValues.generate(ItemType.INTS, 10, 101, 4));
        assertThrows(IllegalArgumentException.class, () -> TypeValues.generate(ItemType.INTS, 10, 25, 1));
        assertThrows(IllegalArgumentException.class, () -> TypeValues.of(ItemType.INTS, new int[0]));
        assertThrows(IllegalArgumentException.class, () -> TypeValues.of(ItemType.INTS, new int[0], new long[0]));
        assertThrows(IllegalArgumentException.class, () -> ItemType.of("longs"));
        assertArrayEquals(new int[0], TypeValues.of(ItemType.INTS, new int[0], new int[0]).changedIndices());
    }
}
