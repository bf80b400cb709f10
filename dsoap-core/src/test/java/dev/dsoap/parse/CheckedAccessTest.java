package dev.dsoap.parse;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scanner's public methods that take an index or a saved state check it: an attribute index outside the
 * current tag's attributes, a state vector that {@link XmlScanner#saveState} could not have written, or a
 * position outside the input fail loudly and leave the scanner as it was; a good state round-trips.
 */
class CheckedAccessTest {
    private static final byte[] DOC = ("<e:Envelope xmlns:e='urn:e'><e:Body><a x='1' y='2'><b xmlns='urn:b'><c>7</c>"
            + "</b></a></e:Body></e:Envelope>").getBytes(StandardCharsets.UTF_8);

    private static XmlScanner at(String local) {
        return at(new XmlScanner(ParserLimits.defaults()), local);
    }

    /** {@code sc} reset to {@link #DOC} and just past the start tag of {@code local}. */
    private static XmlScanner at(XmlScanner sc, String local) {
        sc.reset(DOC, 0, DOC.length, true);
        while (sc.next() != XmlScanner.START_ELEMENT || !sc.localName().equals(local)) {
            assertTrue(sc.event() != XmlScanner.END_DOCUMENT, local);
        }
        return sc;
    }

    @Test
    void attributeIndicesAreChecked() {
        XmlScanner sc = at("a");
        assertEquals(2, sc.attributeCount());
        assertEquals(sc.nameSymbol("y"), sc.attributeLocalId(1));
        assertEquals(0, sc.attributeUriId(1));
        assertEquals("2", new String(sc.attributeArray(1), sc.attributeOffset(1), sc.attributeLength(1),
                StandardCharsets.UTF_8));
        for (int i : new int[]{-1, 2}) {
            assertThrows(IndexOutOfBoundsException.class, () -> sc.attributeLocalId(i));
            assertThrows(IndexOutOfBoundsException.class, () -> sc.attributeUriId(i));
            assertThrows(IndexOutOfBoundsException.class, () -> sc.attributeArray(i));
            assertThrows(IndexOutOfBoundsException.class, () -> sc.attributeOffset(i));
            assertThrows(IndexOutOfBoundsException.class, () -> sc.attributeLength(i));
        }
        sc.next();
        assertEquals("b", sc.localName());
        assertThrows(IndexOutOfBoundsException.class, () -> sc.attributeUriId(0));
    }

    @Test
    void savedStateRoundTripsAndBadStatesAreRefused() {
        XmlScanner sc = at("c");
        int[] state = new int[sc.stateLength()];
        assertThrows(IndexOutOfBoundsException.class, () -> sc.saveState(new int[state.length - 1], 0));
        sc.saveState(state, 0);
        int position = sc.position();
        assertTrue(sc.stateEquals(state, 0, state.length));
        assertThrows(IndexOutOfBoundsException.class, () -> sc.stateEquals(state, 1, state.length));

        // a state is only meaningful to the scanner whose symbols it holds: the same one, at another point
        XmlScanner other = at(sc, "a");
        int[] before = new int[other.stateLength()];
        other.saveState(before, 0);
        int[] cut = Arrays.copyOf(state, state.length - 1);
        int[] badId = state.clone();
        badId[0] = 1 << 20;
        int[] badDecls = state.clone();
        badDecls[3] = 1000;
        for (int[] bad : new int[][]{cut, badId, badDecls}) {
            assertThrows(IllegalArgumentException.class, () -> other.restoreState(bad, 0, bad.length, position));
            assertTrue(other.stateEquals(before, 0, before.length), "unchanged after a refused state");
        }
        assertThrows(IndexOutOfBoundsException.class, () -> other.restoreState(state, 0, state.length, -1));
        assertThrows(IndexOutOfBoundsException.class,
                () -> other.restoreState(state, 0, state.length, DOC.length + 1));
        assertThrows(IndexOutOfBoundsException.class, () -> other.restoreState(state, 1, state.length, position));
        assertTrue(other.stateEquals(before, 0, before.length));

        other.restoreState(state, 0, state.length, position);
        assertTrue(other.stateEquals(state, 0, state.length));
        assertTrue(other.readLeafText());
        assertEquals("7", new String(other.textArray(), other.textOffset(), other.textLength(), StandardCharsets.UTF_8));
        assertEquals(XmlScanner.END_ELEMENT, other.nextTag());
        assertEquals("b", other.localName());
        assertEquals("urn:b", other.namespaceURI());
        int[] after = new int[other.stateLength()];
        other.saveState(after, 0);
        assertFalse(Arrays.equals(after, state));
        XmlScanner stranger = at("a");
        assertThrows(IllegalArgumentException.class, () -> stranger.restoreState(state, 0, state.length, position),
                "the ids of c and urn:b were never interned by this scanner");
        assertArrayEquals(Arrays.copyOf(state, after.length), after, "a state inside the same ancestors shares a prefix");
    }
}
