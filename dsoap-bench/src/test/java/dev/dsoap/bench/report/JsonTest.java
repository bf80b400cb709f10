package dev.dsoap.bench.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonTest {
    @Test
    void readsEveryKindOfValue() {
        Object v = Json.parse(" {\"a\": [1, -2.5e3, true, false, null], \"b\": {\"c\": \"x\\\"\\\\\\/\\n\\u00e9\"}, \"d\": {}, \"e\": []} ");
        Map<?, ?> m = (Map<?, ?>) v;
        assertEquals(List.of("a", "b", "d", "e"), List.copyOf(m.keySet()), "member order kept");
        List<?> a = (List<?>) m.get("a");
        assertEquals(1.0, a.get(0));
        assertEquals(-2500.0, a.get(1));
        assertEquals(Boolean.TRUE, a.get(2));
        assertEquals(Boolean.FALSE, a.get(3));
        assertNull(a.get(4));
        assertEquals("x\"\\/\n\u00e9", ((Map<?, ?>) m.get("b")).get("c"));
        assertTrue(((Map<?, ?>) m.get("d")).isEmpty());
        assertTrue(((List<?>) m.get("e")).isEmpty());
    }

    @Test
    void failsWithTheOffset() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": }"));
        assertEquals("JSON: expected a value at offset 6, found '}'", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.parse("[1, 2"));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("[1] x"));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("\"\\q\""));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("\"\\u12\""));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("tru"));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("1.2.3"));
    }
}
