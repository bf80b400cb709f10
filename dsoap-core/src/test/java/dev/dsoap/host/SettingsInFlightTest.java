package dev.dsoap.host;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The host-wide bound on bytes of messages in flight, {@code dsoap.maxInFlightBytes}. */
class SettingsInFlightTest {
    @Test
    void defaultsToTheHostWideMessageLimitPlusOneMebibyte() {
        assertEquals((64L << 20) + (1 << 20), Settings.maxInFlight(Map.<String, String>of()::get, "bus b"));
        assertEquals((10L << 20) + (1 << 20), Settings.maxInFlight(Map.of(Settings.MAX_MESSAGE, "10m")::get, "bus b"));
        assertEquals(1L << 30, Settings.maxInFlight(Map.of(Settings.MAX_IN_FLIGHT, "1g")::get, "bus b"));
        assertEquals(0, Settings.maxInFlight(Map.of(Settings.MAX_IN_FLIGHT, "0")::get, "bus b"));
    }

    @Test
    void aMalformedValueNamesTheSettingAndWhere() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Settings.maxInFlight(Map.of(Settings.MAX_IN_FLIGHT, "lots")::get, "bus b"));
        assertTrue(e.getMessage().contains("dsoap.maxInFlightBytes = 'lots' on bus b"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Settings.maxInFlight(Map.of(Settings.MAX_IN_FLIGHT, "-1")::get, "bus b"));
        assertTrue(e.getMessage().contains("dsoap.maxInFlightBytes"), e.getMessage());
    }
}
