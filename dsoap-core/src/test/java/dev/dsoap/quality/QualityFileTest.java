package dev.dsoap.quality;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QualityFileTest {
    private static final String FILE = """
            # rtt in milliseconds -> message type
            attribute  = rtt
            dwell      = 250

            0    50   - full
            50   200  - half
            200  inf  - quarter
            """;

    @Test
    void parsesIntervalsAndSettings() {
        QualityFile f = QualityFile.parse(FILE, "test");
        assertEquals("rtt", f.attribute);
        assertEquals(250, f.dwellMillis);
        assertEquals(3, f.size());
        assertEquals(0, f.interval(0));
        assertEquals(0, f.interval(49.999));
        assertEquals(1, f.interval(50));
        assertEquals(2, f.interval(200));
        assertEquals(2, f.interval(1e300));
        assertEquals(-1, f.interval(-1));
        assertEquals(-1, f.interval(Double.NaN));
        assertEquals("half", f.type(1));
        assertTrue(f.knows("quarter"));
        assertFalse(f.knows("eighth"));
    }

    @Test
    void defaultsAndOpenBounds() {
        QualityFile f = QualityFile.parse("-inf 0 - low\n0 10 - mid\n10 +inf - high\n", "open");
        assertEquals(QualityFile.DEFAULT_ATTRIBUTE, f.attribute);
        assertEquals(QualityFile.DEFAULT_DWELL_MILLIS, f.dwellMillis);
        assertEquals(0, f.interval(-1e308));
        assertEquals(1, f.interval(5));
        assertEquals(2, f.interval(10));
    }

    @Test
    void malformedFilesNameTheLine() {
        assertError("0 50 - a\n40 60 - b\n", "line 2", "overlapping");
        assertError("50 50 - a\n", "line 1", "empty");
        assertError("0 50 - a\n50 60 - a\n", "line 2", "already on line 1");
        assertError("speed = 3\n0 1 - a\n", "line 1", "unknown setting");
        assertError("0 fifty - a\n", "line 1", "not a number");
        assertError("0 50 a\n", "line 1", "LOW HIGH - TYPE");
        assertError("hysteresis = 0.1\n0 1 - a\n", "line 1", "k-rise, k-fall and dwell");
        assertError("history = 2\n0 1 - a\n", "line 1", "k-rise, k-fall and dwell");
        assertError("attribute = 9x\n0 1 - a\n", "line 1", "attribute name");
        assertError("# nothing\n", "no 'LOW HIGH - VARIANT' line", "no interval");
        assertError("0 1 - " + "t".repeat(65) + "\n", "line 1", "too long a type");
    }

    private static void assertError(String text, String expected, String what) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QualityFile.parse(text, "bad"),
                what);
        assertTrue(e.getMessage().contains(expected), what + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith("quality file bad"), e.getMessage());
    }

    @Test
    void loadsFromTheClassPath() {
        QualityFile f = QualityFile.load("/dev/dsoap/quality/test-quality.txt", null);
        assertEquals(3, f.size());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QualityFile.load("dev/dsoap/missing.txt", getClass().getClassLoader()));
        assertTrue(e.getMessage().contains("not found"), e.getMessage());
    }

    @Test
    void thePapersHistoryRuleFollowsHysteresisAndHistory() {
        PaperSelection s = new PaperSelection(QualityFile.parse(FILE, "test"), 0.1, 2);
        assertNull(s.select(Double.NaN, null), "no sample yet: no type");
        assertNull(s.select(-5, null), "outside every interval: no type");
        // value -> expected type; bounds 50 and 200 widen to [45, 55) and [180, 220) with hysteresis 0.1
        double[] values = {10, 52, 60, 40, 60, 70, 48, 44, 30, 250, 190, 210, 240, 100, 100, 300, -1, 5, 5};
        String[] types = {"full", "full", "full", "full", "full", "half", "half", "half", "full", "full", "full",
            "full", "quarter", "quarter", "half", "half", "half", "half", "full"};
        for (int i = 0; i < values.length; i++) {
            assertEquals(types[i], s.select(values[i], null), "sample " + i + " = " + values[i]);
        }
        assertEquals("full", s.current());
    }

    @Test
    void historyPreventsOscillationAroundABound() {
        // alternating just beyond both sides of the 50 ms bound: the larger message makes the RTT rise, the
        // smaller one makes it fall; SOAP-binQ's history keeps one type instead of flapping
        List<Double> samples = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            samples.add(i % 2 == 0 ? 40.0 : 60.0);
        }
        assertEquals(0, switches(0.1, 2, samples));
        assertEquals(39, switches(0, 1, samples), "without history every sample switches");
    }

    private static int switches(double hysteresis, int history, List<Double> samples) {
        PaperSelection s = new PaperSelection(QualityFile.parse(FILE, "osc"), hysteresis, history);
        String last = null;
        int n = 0;
        for (double v : samples) {
            String t = s.select(v, null);
            if (last != null && !last.equals(t)) {
                n++;
            }
            last = t;
        }
        return n;
    }
}
