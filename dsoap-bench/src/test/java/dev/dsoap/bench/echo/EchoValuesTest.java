package dev.dsoap.bench.echo;

import dev.dsoap.bench.deserialize.DdsMessages;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The strings shape of the end-to-end echo values (the other shapes are checked in axis2.EchoServersTest). */
class EchoValuesTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 25, 50, 100})
    void consecutiveStringArraysDifferInExactlyTheChangedItems(int percent) {
        int size = 1000;
        EchoValues values = new EchoValues(Shape.STRINGS, size, percent);
        int changed = DdsMessages.changedCount(size, percent);
        String[] prev = (String[]) values.values(0);
        Set<List<String>> seen = new HashSet<>();
        seen.add(List.of(prev));
        for (long n = 1; n < 500; n++) {
            String[] cur = (String[]) values.values(n);
            assertEquals(changed, differing(prev, cur), "arrays " + (n - 1) + " and " + n + " at " + percent + " %");
            assertTrue(percent == 0 || seen.add(List.of(cur)), "array " + n + " repeats an earlier one");
            prev = cur;
        }
        assertArrayEquals((String[]) values.values(77), (String[]) new EchoValues(Shape.STRINGS, size, percent).values(77),
                "the same arguments give the same strings");
    }

    @Test
    void stringsAreWordsWithASprinklingOfEdgeTextAndSomeChangeLength() {
        EchoValues values = new EchoValues(Shape.STRINGS, 10_000, 100);
        Set<String> edges = new HashSet<>();
        int withEdge = 0;
        int strings = 0;
        int lengthChanged = 0;
        String[] prev = null;
        for (long n = 0; n < 40; n++) {
            String[] a = (String[]) values.values(n);
            for (int i = 0; i < a.length; i++) {
                String s = a[i];
                String edge = null;
                for (String e : EchoValues.EDGES) {
                    if (s.contains(e) && (edge == null || e.length() > edge.length())) {
                        edge = e;
                    }
                }
                String letters = edge == null ? s : s.replace(edge, "");
                assertTrue(letters.length() >= EchoValues.MIN_LETTERS && letters.length() <= EchoValues.MAX_LETTERS
                        && letters.chars().allMatch(Character::isLetter), EchoValues.quote(s));
                assertFalse(Character.isWhitespace(s.charAt(0)) || Character.isWhitespace(s.charAt(s.length() - 1)));
                if (edge != null) {
                    edges.add(edge);
                    withEdge++;
                }
                strings++;
                if (prev != null && !prev[i].equals(s) && prev[i].length() != s.length()) {
                    lengthChanged++;
                }
            }
            prev = a;
        }
        assertEquals(Set.copyOf(EchoValues.EDGES), edges);
        double share = (double) withEdge / strings;
        assertTrue(share > 0.15 && share < 0.25, "share of strings with an edge text: " + share);
        double changedLength = (double) lengthChanged / (39.0 * 10_000);
        assertTrue(changedLength > 0.2 && changedLength < 0.8, "share of changes with a new length: " + changedLength);
    }

    @Test
    void theFirstBaseValuesHoldEveryEdge() {
        EchoValues values = new EchoValues(Shape.STRINGS, EchoValues.EDGE_STRIDE * EchoValues.EDGES.size(), 25);
        for (String e : EchoValues.EDGES) {
            boolean found = false;
            for (int i = 0; i < values.size(); i++) {
                found |= values.baseString(i).contains(e);
            }
            assertTrue(found, e);
        }
    }

    @Test
    void differenceComparesStringsCharForChar() {
        String[] a = {"abcd", "x\ud83d\ude00y", "&amp;"};
        assertNull(EchoValues.difference(a, a.clone()));
        String[] b = a.clone();
        b[1] = "x\ud83d\ude01y";
        assertEquals("item 1: \"x\\ud83d\\ude00y\" vs \"x\\ud83d\\ude01y\"", EchoValues.difference(a, b));
        b = a.clone();
        b[2] = "&";
        assertTrue(EchoValues.difference(a, b).startsWith("item 2: "));
        b = a.clone();
        b[0] = null;
        assertEquals("item 0: \"abcd\" vs null", EchoValues.difference(a, b));
        assertEquals("3 items sent, 2 echoed", EchoValues.difference(a, Arrays.copyOf(a, 2)));
    }

    private static int differing(String[] a, String[] b) {
        int d = 0;
        for (int i = 0; i < a.length; i++) {
            d += a[i].equals(b[i]) ? 0 : 1;
        }
        return d;
    }

    /**
     * Values of every width: consecutive arrays differ in exactly the changed items, each changed item takes another
     * printed width than in the array before, and the values span widths, edge values included.
     */
    @Test
    void mixedValuesChangeWidthFromEachArrayToTheNext() {
        EchoValues v = new EchoValues(Shape.DOUBLES, 2000, 10, 0x51DEL, DdsMessages.Pattern.SCATTERED,
                DdsMessages.Widths.MIXED);
        Set<Integer> widths = new HashSet<>();
        boolean edge = false;
        for (double d : (double[]) v.values(0)) {
            widths.add(dev.dsoap.bench.serialize.Values.width(d));
            edge |= !Double.isFinite(d);
        }
        assertTrue(widths.size() >= 12 && edge, "widths " + widths + ", an edge value: " + edge);
        for (long n = 1; n < 20; n++) {
            double[] a = (double[]) v.values(n - 1);
            double[] b = (double[]) v.values(n);
            int changed = 0;
            for (int i = 0; i < a.length; i++) {
                if (Double.doubleToRawLongBits(a[i]) != Double.doubleToRawLongBits(b[i])) {
                    changed++;
                    assertTrue(dev.dsoap.bench.serialize.Values.width(a[i]) != dev.dsoap.bench.serialize.Values.width(b[i]),
                            "array " + n + " item " + i + " keeps its width: " + a[i] + " -> " + b[i]);
                }
            }
            assertEquals(200, changed, "array " + n);
        }
    }
}
