package dev.dsoap.host;

import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.serialize.Stuffing;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SettingsTest {
    @Test
    void defaultsWhenNothingIsSet() {
        Settings s = Settings.read(name -> null, null);
        assertTrue(s.serialize());
        assertTrue(s.deserialize());
        assertEquals(64, s.states());
        assertEquals("X-Dsoap-Client", s.clientIdHeader());
        assertEquals(Settings.defaultBudget(Runtime.getRuntime().maxMemory()), Settings.budget(name -> null, null));
        assertEquals(600_000_000_000L, Settings.idleNanos(name -> null, null));
        assertTrue(Settings.jmx(name -> null, null));
    }

    @Test
    void theDefaultBudgetIsATenthOfTheMaximumHeapWithinBounds() {
        long mib = 1L << 20;
        assertTrue(Settings.defaultBudget(512 * mib) <= 64_000_000, "-Xmx512m: " + Settings.defaultBudget(512 * mib));
        assertEquals(512 * mib / 10, Settings.defaultBudget(512 * mib));
        assertEquals(4 * mib, Settings.defaultBudget(16 * mib), "at least 4 MiB");
        assertEquals(256 * mib, Settings.defaultBudget(4096 * mib), "at most 256 MiB");
        assertEquals(256 * mib, Settings.defaultBudget(Long.MAX_VALUE), "no heap limit");
        assertEquals(1L << 30, Settings.budget(Map.of(Settings.MEMORY_BUDGET, "1g")::get, null), "a set value wins");
    }

    /** This JVM's default in a JVM of its own started with {@code -Xmx512m} and the default collector. */
    @Test
    void theDefaultBudgetOfAJvmWithXmx512m() throws Exception {
        String javaBin = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(javaBin, "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                DefaultBudget.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the JVM did not end");
        assertEquals(0, p.exitValue(), out);
        String[] f = out.split(" ");
        System.out.println("SettingsTest: -Xmx512m: Runtime.maxMemory() " + f[0] + " bytes, default memory budget " + f[1] + " bytes");
        assertEquals(Settings.defaultBudget(Long.parseLong(f[0])), Long.parseLong(f[1]), out);
        assertTrue(Long.parseLong(f[1]) <= 64_000_000, out);
    }

    /** Prints the maximum heap and the default memory budget of the JVM it runs in. */
    static final class DefaultBudget {
        public static void main(String[] args) {
            System.out.println(Runtime.getRuntime().maxMemory() + " " + Settings.budget(name -> null, null));
        }
    }

    @Test
    void theIdleTimeoutIsInMillisecondsAndZeroMeansNever() {
        assertEquals(1_500_000_000L, Settings.idleNanos(Map.of(Settings.IDLE_TIMEOUT, " 1500 ")::get, null));
        assertEquals(250_000L, Settings.idleNanos(Map.of(Settings.IDLE_TIMEOUT, "0.25")::get, null));
        assertEquals(0, Settings.idleNanos(Map.of(Settings.IDLE_TIMEOUT, "0")::get, null));
        for (String bad : new String[] {"-1", "10m", "1e3", "", "forever"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Settings.idleNanos(Map.of(Settings.IDLE_TIMEOUT, bad)::get, "bus b"), bad);
            assertTrue(e.getMessage().contains("dsoap.idleTimeout = '" + bad + "' on bus b: expected a number from 0.0 to"),
                    e.getMessage());
        }
    }

    @Test
    void valuesAreReadWithSuffixesCaseAndSpaces() {
        Map<String, String> v = Map.of(Settings.SERIALIZE, " off ", Settings.STATES, "8", Settings.CHUNK_SIZE, "64k",
                Settings.STUFFING, "type_max", Settings.CHECKPOINTS, "FULL", Settings.MAX_MESSAGE, "2m",
                Settings.MEMORY_BUDGET, "1g", Settings.JMX, "no");
        Settings s = Settings.read(v::get, "operation echo");
        assertFalse(s.serialize());
        assertEquals(8, s.states());
        assertEquals(64 << 10, s.serializer().chunkSize());
        assertEquals(Stuffing.TYPE_MAX, s.serializer().stuffing());
        assertEquals(CheckpointStrategy.FULL, s.deserializer().checkpoints());
        assertEquals(8, s.deserializer().states());
        assertEquals(2 << 20, s.deserializer().limits().maxMessageBytes());
        assertEquals(1L << 30, Settings.budget(v::get, null));
        assertFalse(Settings.jmx(v::get, null));
    }

    @Test
    void theClientIdHeaderIsAHeaderNameOrNone() {
        assertEquals("X-Client", Settings.read(Map.of(Settings.CLIENT_ID_HEADER, " X-Client ")::get, null).clientIdHeader());
        assertNull(Settings.read(Map.of(Settings.CLIENT_ID_HEADER, "none")::get, null).clientIdHeader());
        assertNull(Settings.read(Map.of(Settings.CLIENT_ID_HEADER, "")::get, null).clientIdHeader());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Settings.read(Map.of(Settings.CLIENT_ID_HEADER, "X Client:")::get, "operation echo"));
        assertTrue(e.getMessage().contains("dsoap.clientIdHeader = 'X Client:' on operation echo: expected an HTTP header name, or none"),
                e.getMessage());
    }

    @Test
    void malformedValuesNameTheSettingAndWhere() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Settings.read(Map.of(Settings.STATES, "2000")::get, "operation echo"));
        assertTrue(e.getMessage().contains("dsoap.states = '2000' on operation echo: expected a size from 1 to 1024"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Settings.read(Map.of(Settings.ADAPTIVE, "maybe")::get, null));
        assertTrue(e.getMessage().contains("dsoap.adaptive = 'maybe': expected true or false"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Settings.read(Map.of(Settings.CHECKPOINTS, "some")::get, null));
        assertTrue(e.getMessage().contains("one of [FULL, DIFFERENTIAL, LIGHTWEIGHT]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Settings.budget(Map.of(Settings.MEMORY_BUDGET, "12x")::get, null));
        assertTrue(e.getMessage().contains("a size such as 65536, 64k or 256m"), e.getMessage());
        for (String bad : new String[] {"0", "1.5", "-0.1", "NaN", "1e-3", "0x1p-2", "", "0.25d"}) {
            e = assertThrows(IllegalArgumentException.class,
                    () -> Settings.read(Map.of(Settings.MAX_STATE_SHARE, bad)::get, "bus b"), bad);
            assertTrue(e.getMessage().contains("dsoap.maxStateShare = '" + bad + "' on bus b: expected a number above 0.0 to 1.0"),
                    e.getMessage());
        }
        e = assertThrows(IllegalArgumentException.class, () -> Settings.read(Map.of(Settings.MAX_PADDING_SHARE, "17")::get, null));
        assertTrue(e.getMessage().contains("expected a number from 0.0 to 16.0"), e.getMessage());
    }

    @Test
    void theShrinkSettingsReachBothDirections() {
        Settings d = Settings.read(name -> null, null);
        assertEquals(256, d.serializer().maxFieldPadding());
        assertEquals(0.5, d.serializer().maxPaddingShare());
        assertEquals(0.25, d.serializer().maxStateShare());
        assertEquals(0.25, d.deserializer().maxStateShare());
        Settings s = Settings.read(Map.of(Settings.MAX_FIELD_PADDING, "1k", Settings.MAX_PADDING_SHARE, " 0 ",
                Settings.MAX_STATE_SHARE, ".05")::get, null);
        assertEquals(1024, s.serializer().maxFieldPadding());
        assertEquals(0.0, s.serializer().maxPaddingShare());
        assertEquals(0.05, s.serializer().maxStateShare());
        assertEquals(0.05, s.deserializer().maxStateShare());
    }
}
