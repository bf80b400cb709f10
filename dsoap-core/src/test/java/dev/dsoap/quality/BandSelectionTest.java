package dev.dsoap.quality;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Switching on the RTT estimate's band: fast when round trips rise, cautious when they fall, never within the
 * dwell time, and steadier on noise than SOAP-binQ's plain average with its history rule.
 */
class BandSelectionTest {
    private static final QualityFile FILE = QualityFile.parse("0 100 - full\n100 inf - small\n", "test");
    private static final long MS = 1_000_000L;

    private long now;

    private BandSelection selection(long dwellMs) {
        return new BandSelection(FILE, 0.5, 2, dwellMs * MS, () -> now);
    }

    @Test
    void degradesFastAndRecoversCautiously() {
        BandSelection s = selection(0);
        SmoothedRtt rtt = new SmoothedRtt();
        assertNull(s.select(rtt, null), "no sample, no choice");
        for (int i = 0; i < 20; i++) {
            rtt.sample(40 + i % 3, false);
            assertEquals("full", s.select(rtt, null));
        }
        int calls = 0;
        while ("full".equals(s.select(rtt, null)) && calls < 100) {
            rtt.sample(400, false);
            calls++;
        }
        assertTrue(calls <= 6, "took " + calls + " slow round trips to degrade: " + rtt);
        int back = 0;
        while ("small".equals(s.select(rtt, null)) && back < 1000) {
            rtt.sample(40, false);
            back++;
        }
        assertTrue(back > calls, "recovered (" + back + " samples) no more cautiously than it degraded (" + calls + ")");
        assertTrue(back < 1000, "never recovered: " + rtt);
        assertEquals(2, s.switches());
    }

    @Test
    void noSwitchWithinTheDwellTime() {
        BandSelection s = selection(500);
        SmoothedRtt rtt = new SmoothedRtt();
        rtt.sample(40, false);
        assertEquals("full", s.select(rtt, null));
        for (int i = 0; i < 50; i++) {
            now += 5 * MS;
            rtt.sample(900, false);
            s.select(rtt, null);
        }
        assertEquals("full", s.current(), "switched 250 ms after the first choice");
        now += 300 * MS;
        rtt.sample(900, false);
        assertEquals("small", s.select(rtt, null));
    }

    @Test
    void steadierOnNoiseThanThePlainAverage() {
        long seed = 0x5EED_0020L;
        Random r = new Random(seed);
        BandSelection band = selection(0);
        SmoothedRtt rtt = new SmoothedRtt();
        PaperSelection plain = new PaperSelection(FILE, 0.1, 3); // SOAP-binQ's history rule
        RttEstimator ewma = new RttEstimator();
        AtomicInteger plainSwitches = new AtomicInteger();
        for (int i = 0; i < 5000; i++) {
            double sample = Math.max(0, 95 + 25 * r.nextGaussian()); // jitter around the boundary
            rtt.sample(sample, false);
            band.select(rtt, null);
            plain.select(ewma.update(sample), plainSwitches::incrementAndGet);
        }
        System.out.printf("noise around the boundary: band %d switches, plain average %d%n", band.switches(), plainSwitches.get());
        assertTrue(band.switches() > 0, "seed " + seed + ": the band never followed the noise's slow swings");
        assertTrue(band.switches() * 4 < plainSwitches.get(), "seed " + seed + ": band " + band.switches()
                + " switches, plain average " + plainSwitches.get());
    }

    @Test
    void refusesBadSettings() {
        assertThrows(IllegalArgumentException.class, () -> new BandSelection(FILE, -1, 2, 0, System::nanoTime));
        assertThrows(IllegalArgumentException.class, () -> new BandSelection(FILE, 1, Double.NaN, 0, System::nanoTime));
        assertThrows(IllegalArgumentException.class, () -> new BandSelection(FILE, 1, 2, -1, System::nanoTime));
    }
}
