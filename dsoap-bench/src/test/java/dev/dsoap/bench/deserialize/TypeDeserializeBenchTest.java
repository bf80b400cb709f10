package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.serialize.ItemType;
import dev.dsoap.bench.serialize.TypeRings;
import dev.dsoap.bench.serialize.TypeValues;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The deserialization-by-type benchmark outside JMH: its setup's checks pass for every type and percentage at small
 * sizes and for edge values, every method returns the values of the request it read, and the checks fail when a
 * value is wrong.
 */
class TypeDeserializeBenchTest {

    private static TypeDeserializeBench bench(String type, int size, int percent) throws Exception {
        TypeDeserializeBench b = new TypeDeserializeBench();
        b.type = type;
        b.size = size;
        b.percent = percent;
        b.setup();
        return b;
    }

    @FunctionalInterface
    private interface Method {
        Object read() throws Exception;
    }

    /**
     * Calls {@code m} for two turns of the ring (the methods share the ring's position, which is back at the start
     * after whole turns), checking each result against the ring's next array.
     */
    private static void readsTheRing(TypeValues v, String name, Method m) throws Exception {
        for (int i = 0; i < 2 * v.count(); i++) {
            Object got = m.read();
            if (got instanceof Object[] parts && !(got instanceof String[])) {
                got = parts[0];
            }
            int n = i % v.count();
            assertNull(v.type().difference(v.values(n), got), v + " " + name + ", call " + i);
        }
    }

    private static void everyMethodReads(TypeValues v) throws Exception {
        TypeDeserializeBench b = new TypeDeserializeBench();
        b.setup(v);
        readsTheRing(v, "baselineWoodstox", b::baselineWoodstox);
        readsTheRing(v, "baselineAxis2", b::baselineAxis2);
        readsTheRing(v, "dsoapPlain", b::dsoapPlain);
        readsTheRing(v, "dsoapDds", b::dsoapDds);
        b.tearDown();
    }

    @ParameterizedTest
    @MethodSource("dev.dsoap.bench.serialize.TypeRings#grid")
    void everyMethodReturnsTheValuesOfEveryRequest(String type, int size, int percent) throws Exception {
        everyMethodReads(TypeValues.generate(ItemType.of(type), size, percent, TypeDeserializeBench.RING));
        // and the benchmark's own setup accepts the same ring
        bench(type, size, percent).tearDown();
    }

    @ParameterizedTest
    @EnumSource(ItemType.class)
    void edgeValuesAreReadBackByEveryMethod(ItemType t) throws Exception {
        everyMethodReads(TypeRings.edges(t));
    }

    @ParameterizedTest
    @EnumSource(ItemType.class)
    void aWrongExpectedValueFailsTheCheck(ItemType t) throws Exception {
        TypeDeserializeBench b = bench(t.param, 50, 25);
        TypeValues sent = TypeValues.generate(t, 50, 25, TypeDeserializeBench.RING);
        int changed = sent.changedIndices()[0];
        for (int[] at : new int[][] {{0, 0}, {3, t == ItemType.BASE64 ? 8 * changed + 7 : changed}}) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> b.verify(TypeRings.corrupted(sent, at[0], at[1])), t + " " + at[0] + "/" + at[1]);
            assertTrue(e.getMessage().contains("read request " + at[0] + " wrongly"), e.getMessage());
        }
        assertDoesNotThrow(() -> b.verify(sent));
        TypeDeserializeBench edges = new TypeDeserializeBench();
        edges.setup(TypeRings.edges(t));
        int n = t == ItemType.BASE64 ? 1 : 0;
        assertThrows(IllegalStateException.class, () -> edges.verify(TypeRings.corrupted(TypeRings.edges(t), n, 0)));
    }

    /**
     * A request whose bytes no longer carry the values sent (one character of its first item changed, still valid)
     * fails the check: every method reads the changed value, DDS included although it has read the request before.
     */
    @ParameterizedTest
    @EnumSource(ItemType.class)
    void aChangedRequestFailsTheCheck(ItemType t) throws Exception {
        TypeValues sent = TypeValues.generate(t, 50, 25, TypeDeserializeBench.RING);
        TypeDeserializeBench b = new TypeDeserializeBench();
        b.setup(sent);
        byte[] m = b.message(2);
        String text = new String(m, StandardCharsets.ISO_8859_1);
        if (t == ItemType.INTS) {
            // the last digit, towards zero (or 0 to 1), so the int stays in range
            int at = text.indexOf("</arg0>") - 1;
            m[at] = (byte) (m[at] == '0' ? '1' : m[at] - 1);
        } else {
            // the first letter or digit: a double's leading digit, a string's first letter, the first base64 digit
            int at = text.indexOf("<arg0>") + "<arg0>".length();
            while (!Character.isLetterOrDigit(m[at])) {
                at++;
            }
            byte c = m[at];
            m[at] = (byte) (c == '9' ? '8' : c == 'z' ? 'y' : c == 'Z' ? 'Y' : c + 1);
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.verify(sent));
        assertTrue(e.getMessage().contains("read request 2 wrongly"), e.getMessage());
    }

    @Test
    void woodstoxRefusesABase64RequestWithoutExactlyOneItem() {
        WoodstoxReader r = new WoodstoxReader();
        String head = "<?xml version='1.0' encoding='UTF-8'?><s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<s:Body><ns:echo xmlns:ns=\"http://example.org/bench\">";
        String tail = "</ns:echo></s:Body></s:Envelope>";
        byte[] none = (head + tail).getBytes(StandardCharsets.UTF_8);
        byte[] two = (head + "<arg0>AQ==</arg0><arg0>AQ==</arg0>" + tail).getBytes(StandardCharsets.UTF_8);
        byte[] one = (head + "<arg0>AQID</arg0>" + tail).getBytes(StandardCharsets.UTF_8);
        assertThrows(IllegalArgumentException.class, () -> r.readBase64(none));
        assertThrows(IllegalArgumentException.class, () -> r.readBase64(two));
        assertDoesNotThrow(() -> assertNull(ItemType.BASE64.difference(new byte[] {1, 2, 3}, r.readBase64(one))));
        byte[] word = (head + "<arg0>12</arg0><arg0>x1</arg0>" + tail).getBytes(StandardCharsets.UTF_8);
        assertThrows(IllegalArgumentException.class, () -> r.readInts(word));
    }
}
