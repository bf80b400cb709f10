package dev.dsoap.quality;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RttEstimatorTest {
    @Test
    void followsTheFormulaOnFixedSamples() {
        RttEstimator e = new RttEstimator();
        assertTrue(Double.isNaN(e.estimate()));
        // R = 0.875 R + 0.125 M, the first sample sets R; all values exact in binary
        assertEquals(100.0, e.update(100));
        assertEquals(112.5, e.update(200));      // 87.5 + 25
        assertEquals(104.6875, e.update(50));    // 98.4375 + 6.25
        assertEquals(97.8515625, e.update(50));  // 91.6015625 + 6.25
        assertEquals(85.6201171875, e.update(0)); // 0.875 * 97.8515625
        assertEquals(85.6201171875, e.estimate());
    }

    @Test
    void followsTheFormulaOnAGeneratedSequence() {
        long seed = 20240611L;
        Random random = new Random(seed);
        RttEstimator e = new RttEstimator();
        double r = Double.NaN;
        for (int i = 0; i < 1000; i++) {
            double m = random.nextDouble() * 500;
            r = Double.isNaN(r) ? m : 0.875 * r + (1 - 0.875) * m;
            assertEquals(r, e.update(m), "seed " + seed + ", sample " + i);
        }
    }

    @Test
    void convergesToAConstantSample() {
        RttEstimator e = new RttEstimator();
        e.update(1000);
        for (int i = 0; i < 200; i++) {
            e.update(8);
        }
        // the first sample's weight after n more is 0.875^n: 992 * 0.875^200 = 2.5e-9
        assertEquals(8.0, e.estimate(), 1e-8);
        assertTrue(e.estimate() > 8.0);
    }

    @Test
    void refusesBadSamplesAndFactors() {
        RttEstimator e = new RttEstimator();
        assertThrows(IllegalArgumentException.class, () -> e.update(-1));
        assertThrows(IllegalArgumentException.class, () -> e.update(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> e.update(Double.POSITIVE_INFINITY));
        assertTrue(Double.isNaN(e.estimate()), "refused samples leave the estimate as it was");
        assertThrows(IllegalArgumentException.class, () -> new RttEstimator(1.0));
        assertThrows(IllegalArgumentException.class, () -> new RttEstimator(-0.1));
    }
}
