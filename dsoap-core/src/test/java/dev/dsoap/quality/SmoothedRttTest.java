package dev.dsoap.quality;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RFC 6298's smoothed RTT and deviation, the slow average beside them, and Karn's rule. */
class SmoothedRttTest {
    @Test
    void followsRfc6298() {
        SmoothedRtt r = new SmoothedRtt();
        assertTrue(Double.isNaN(r.srtt()) && Double.isNaN(r.pessimistic()));
        assertTrue(r.sample(100, false));
        assertEquals(100, r.srtt());
        assertEquals(50, r.rttvar());
        assertTrue(r.sample(200, false));
        // RTTVAR = 3/4 * 50 + 1/4 * |100 - 200| = 62.5; SRTT = 7/8 * 100 + 1/8 * 200 = 112.5
        assertEquals(62.5, r.rttvar(), 1e-12);
        assertEquals(112.5, r.srtt(), 1e-12);
        assertEquals(100 + (200 - 100) / 64.0, r.slow(), 1e-12);
        assertEquals(150, r.fast(), 1e-12, "the fast average: 1/2 * 100 + 1/2 * 200");
        assertEquals(150, r.pessimistic(), 1e-12, "the larger of the fast and the slow average");
        for (int i = 0; i < 40; i++) {
            r.sample(20, false);
        }
        assertTrue(r.srtt() < 25, r.toString());
        assertTrue(r.pessimistic() == r.slow() && r.slow() > 50, "the slow average remembers the slow past: " + r);
    }

    @Test
    void retriedCallsAreNotSampled() {
        SmoothedRtt r = new SmoothedRtt();
        r.sample(10, false);
        assertFalse(r.sample(5000, true));
        assertEquals(10, r.srtt());
        assertEquals(1, r.samples());
        assertEquals(1, r.dropped());
    }

    @Test
    void refusesImpossibleSamples() {
        SmoothedRtt r = new SmoothedRtt();
        for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> r.sample(bad, false), Double.toString(bad));
        }
        assertEquals(0, r.samples());
    }
}
