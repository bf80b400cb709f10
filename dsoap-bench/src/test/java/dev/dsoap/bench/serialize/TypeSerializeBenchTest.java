package dev.dsoap.bench.serialize;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The serialization-by-type benchmark outside JMH: its setup's checks pass for every type and percentage at small
 * sizes and for edge values, every method runs, and the checks fail when a value read back is wrong.
 */
class TypeSerializeBenchTest {

    private static TypeSerializeBench bench(String type, int size, int percent) throws Exception {
        TypeSerializeBench b = new TypeSerializeBench();
        b.type = type;
        b.size = size;
        b.percent = percent;
        b.setup();
        return b;
    }

    @ParameterizedTest
    @MethodSource("dev.dsoap.bench.serialize.TypeRings#grid")
    void everyMethodWritesAMessageAfterTheSetupChecks(String type, int size, int percent) throws Exception {
        TypeSerializeBench b = bench(type, size, percent);
        int turns = 2 * TypeSerializeBench.RING + 1;
        long woodstox = 0;
        long axis2 = 0;
        long first = 0;
        long kept = 0;
        for (int i = 0; i < turns; i++) {
            woodstox += b.baselineWoodstox();
        }
        for (int i = 0; i < turns; i++) {
            axis2 += b.baselineAxis2();
        }
        for (int i = 0; i < turns; i++) {
            first += b.dsoapFirstSend();
        }
        // consecutive messages: at 0 % each must be a content match, which the method itself checks
        for (int i = 0; i < turns; i++) {
            kept += b.dsoapDifferential();
        }
        b.tearDown();
        assertTrue(woodstox > 0 && axis2 > 0 && first > 0 && kept >= first, woodstox + " " + axis2 + " " + first + " " + kept);
    }

    @ParameterizedTest
    @EnumSource(ItemType.class)
    void edgeValuesPassTheChecks(ItemType t) throws Exception {
        TypeSerializeBench b = new TypeSerializeBench();
        b.setup(TypeRings.edges(t));
        for (int i = 0; i < 3 * TypeRings.edges(t).count(); i++) {
            assertTrue(b.dsoapDifferential() > 0);
        }
        assertDoesNotThrow(() -> b.verify(TypeRings.edges(t)));
    }

    @ParameterizedTest
    @EnumSource(ItemType.class)
    void aWrongValueFailsTheCheck(ItemType t) throws Exception {
        TypeSerializeBench b = bench(t.param, 50, 25);
        TypeValues sent = TypeValues.generate(t, 50, 25, TypeSerializeBench.RING);
        // the value of an unchanged item in the first message, and of a changed item in a later one
        int changed = sent.changedIndices()[0];
        for (int[] at : new int[][] {{0, 0}, {2, t == ItemType.BASE64 ? 8 * changed + 7 : changed}}) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> b.verify(TypeRings.corrupted(sent, at[0], at[1])), t + " " + at[0] + "/" + at[1]);
            assertTrue(e.getMessage().contains("message " + at[0]), e.getMessage());
            assertTrue(e.getMessage().contains("read back wrongly"), e.getMessage());
        }
        assertDoesNotThrow(() -> b.verify(sent));
    }

    @ParameterizedTest
    @EnumSource(ItemType.class)
    void aWrongEdgeValueFailsTheCheck(ItemType t) throws Exception {
        TypeSerializeBench b = new TypeSerializeBench();
        b.setup(TypeRings.edges(t));
        // item 0 of message 0 is the first edge: -0.0, MIN_VALUE, "" or the first of one byte
        int n = t == ItemType.BASE64 ? 1 : 0;
        assertThrows(IllegalStateException.class, () -> b.verify(TypeRings.corrupted(TypeRings.edges(t), n, 0)));
    }

    @Test
    void theByteCheckNamesTheFirstDifference() {
        byte[] want = "<a>1</a><a>2</a>".getBytes(StandardCharsets.UTF_8);
        TypeSerializeBench.requireSameBytes("same", want, want.clone());
        byte[] got = want.clone();
        got[10] = '3';
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> TypeSerializeBench.requireSameBytes("who", want, got));
        assertTrue(e.getMessage().startsWith("who wrote 16 bytes, expected 16, first difference at byte 10"), e.getMessage());
        assertThrows(IllegalStateException.class,
                () -> TypeSerializeBench.requireSameBytes("shorter", want, java.util.Arrays.copyOf(want, 15)));
    }

    @Test
    void onlySpacesAfterAClosingTagAreTakenForPadding() {
        String m = "<?xml version='1.0'?><e><v> a b </v>   <v>x</v> <w attr=\"1 \">  </w></e>  ";
        assertEquals("<?xml version='1.0'?><e><v> a b </v><v>x</v><w attr=\"1 \">  </w></e>",
                new String(TypeSerializeBench.withoutPadding(m.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8));
        byte[] plain = "<e><v>1</v></e>".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(plain, TypeSerializeBench.withoutPadding(plain));
    }
}
