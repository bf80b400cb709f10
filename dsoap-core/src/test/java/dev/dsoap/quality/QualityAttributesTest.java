package dev.dsoap.quality;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QualityAttributesTest {
    @Test
    void updatesReadsAndRemoves() {
        QualityAttributes a = new QualityAttributes();
        assertTrue(Double.isNaN(a.get("resolution")));
        a.update("resolution", 640);
        a.update("a.b-c_d", -1.5);
        a.update("resolution", 320);
        assertEquals(320.0, a.get("resolution"));
        assertEquals(List.of("a.b-c_d", "resolution"), List.copyOf(a.asMap().keySet()), "sorted by name");
        Map<String, Double> before = a.asMap();
        a.remove("resolution");
        a.remove("never-set");
        assertEquals(Map.of("a.b-c_d", -1.5), a.asMap());
        assertEquals(2, before.size(), "a snapshot does not change");
        assertThrows(UnsupportedOperationException.class, () -> before.put("x", 1.0));
    }

    @Test
    void refusesMalformedNamesValuesAndTooMany() {
        QualityAttributes a = new QualityAttributes();
        for (String bad : new String[] {null, "", "1st", "a b", "a\"", "é", "x".repeat(65)}) {
            assertThrows(IllegalArgumentException.class, () -> a.update(bad, 1), String.valueOf(bad));
        }
        assertThrows(IllegalArgumentException.class, () -> a.update("x", Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> a.update("x", Double.NEGATIVE_INFINITY));
        for (int i = 0; i < QualityAttributes.MAX_ATTRIBUTES; i++) {
            a.update("a" + i, i);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.update("one-more", 1));
        assertTrue(e.getMessage().contains("at most 16"), e.getMessage());
        a.update("a0", 42);
        assertEquals(42.0, a.get("a0"), "an existing attribute can still change");
    }
}
