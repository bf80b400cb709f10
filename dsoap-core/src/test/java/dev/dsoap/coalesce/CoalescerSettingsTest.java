package dev.dsoap.coalesce;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class CoalescerSettingsTest {
    @Test
    void defaults() {
        CoalescerSettings s = CoalescerSettings.defaults();
        assertFalse(s.enabled(), "never on unless configured");
        assertEquals(64, s.maxWaiters());
        assertEquals(10_000_000_000L, s.waitTimeoutNanos());
        assertEquals(0, s.lingerNanos());
    }

    @Test
    void builds() {
        CoalescerSettings s = CoalescerSettings.builder().enabled(true).maxWaiters(3).waitTimeoutNanos(5_000_000)
                .lingerNanos(2_000_000).build();
        assertTrue(s.enabled());
        assertEquals(3, s.maxWaiters());
        assertEquals(5_000_000, s.waitTimeoutNanos());
        assertEquals(2_000_000, s.lingerNanos());
        assertTrue(s.toString().contains("maxWaiters=3"), s.toString());
    }

    @Test
    void refusesBadValuesNamingThem() {
        CoalescerSettings.Builder b = CoalescerSettings.builder();
        assertEquals("coalescing maxWaiters 0 must be >= 1",
                assertThrows(IllegalArgumentException.class, () -> b.maxWaiters(0)).getMessage());
        assertEquals("coalescing waitTimeout 0 ns must be > 0",
                assertThrows(IllegalArgumentException.class, () -> b.waitTimeoutNanos(0)).getMessage());
        assertEquals("coalescing waitTimeout -5 ns must be > 0",
                assertThrows(IllegalArgumentException.class, () -> b.waitTimeoutNanos(-5)).getMessage());
        assertEquals("coalescing linger -1 ns must be within 0 and 1000000000 ns",
                assertThrows(IllegalArgumentException.class, () -> b.lingerNanos(-1)).getMessage());
        assertEquals("coalescing linger 1000000001 ns must be within 0 and 1000000000 ns",
                assertThrows(IllegalArgumentException.class, () -> b.lingerNanos(1_000_000_001L)).getMessage());
        b.waitTimeoutNanos(1_000).lingerNanos(2_000);
        assertEquals("coalescing linger 2000 ns exceeds the wait timeout 1000 ns: every waiter would time out",
                assertThrows(IllegalArgumentException.class, b::build).getMessage());
    }
}
