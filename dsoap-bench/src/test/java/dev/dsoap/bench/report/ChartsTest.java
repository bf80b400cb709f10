package dev.dsoap.bench.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ChartsTest {
    @Test
    void numbersAreShortAndPlain() {
        assertEquals("0.0337", Charts.number(0.033682348314914685));
        assertEquals("0.00001", Charts.number(1e-5));
        assertEquals("4.76", Charts.number(4.7600001));
        assertEquals("516", Charts.number(515.7249774444444));
        assertEquals("1000", Charts.number(1000));
        assertEquals("100K", Charts.number(100_000));
        assertEquals("3.62M", Charts.number(3_622_466));
        assertEquals("0", Charts.number(0));
        assertEquals("-2.5", Charts.number(-2.5));
    }

    @Test
    void ratiosAndCounts() {
        assertEquals("544x", Targets.ratio(544.4));
        assertEquals("4.6x", Targets.ratio(4.6));
        assertEquals("0.91x", Targets.ratio(1 / 1.1));
        assertEquals("n/a", Targets.ratio(Double.NaN));
        assertEquals("100K", Labels.count("100000"));
        assertEquals("1K", Labels.count("1000"));
        assertEquals("1500", Labels.count("1500"));
        assertEquals("Fast Infoset", Labels.method("baselineFastInfoset"));
    }
}
