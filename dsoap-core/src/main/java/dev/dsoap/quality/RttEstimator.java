package dev.dsoap.quality;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A smoothed round-trip time, as SOAP-binQ estimates it (after TCP's smoothed RTT): every measured sample
 * {@code M} updates the estimate {@code R = a * R + (1 - a) * M}, with {@code a = 0.875} by default; the first
 * sample sets {@code R = M}. The unit is the caller's (the handler feeds milliseconds on the client, and
 * microseconds in its statistics). Thread-safe and lock-free: concurrent samples are each applied once.
 */
public final class RttEstimator {
    /** The smoothing factor SOAP-binQ (and most estimators) use. */
    public static final double ALPHA = 0.875;

    /** Weight of the old estimate, in [0, 1). */
    private final double alpha;
    /** The estimate's bits; NaN until the first sample. */
    private final AtomicLong bits = new AtomicLong(Double.doubleToRawLongBits(Double.NaN));

    public RttEstimator() {
        this(ALPHA);
    }

    public RttEstimator(double alpha) {
        if (!(alpha >= 0 && alpha < 1)) {
            throw new IllegalArgumentException("smoothing factor " + alpha + ": expected 0 <= a < 1");
        }
        this.alpha = alpha;
    }

    /**
     * Applies one sample and returns the new estimate.
     *
     * @throws IllegalArgumentException when {@code sample} is negative, NaN or infinite
     */
    public double update(double sample) {
        if (!(sample >= 0) || sample == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("round-trip sample " + sample + ": expected a finite value >= 0");
        }
        while (true) {
            long old = bits.get();
            double r = Double.longBitsToDouble(old);
            double next = Double.isNaN(r) ? sample : alpha * r + (1 - alpha) * sample;
            if (bits.compareAndSet(old, Double.doubleToRawLongBits(next))) {
                return next;
            }
        }
    }

    /** The current estimate, or NaN before the first sample. */
    public double estimate() {
        return Double.longBitsToDouble(bits.get());
    }
}
