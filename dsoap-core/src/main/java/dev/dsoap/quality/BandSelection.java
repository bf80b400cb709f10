package dev.dsoap.quality;

import java.util.function.LongSupplier;

/**
 * The message type chosen for one peer and operation from a {@link QualityFile} and a {@link SmoothedRtt}: the
 * current type is kept while the estimate's band, {@code pessimistic() - k * rttvar()} to
 * {@code pessimistic() + k * rttvar()}, still reaches its interval; the type of the interval holding the estimate
 * is taken once the whole band has left it: with {@code kRise} when the attribute rose (a small k reacts fast),
 * with {@code kFall} when it fell (a large k waits until the drop is clear), and never sooner than
 * {@code minDwellNanos} after the last switch. For round-trip time this degrades quickly and recovers
 * cautiously, without oscillating on noise. The first estimate chooses at once.
 *
 * <p>Thread-safe (synchronized).
 */
public final class BandSelection {
    private final QualityFile file;
    private final double kRise;
    private final double kFall;
    private final long minDwellNanos;
    private final LongSupplier clock;
    private int current = -1;
    private long since;
    private long switches;

    /**
     * @param kRise         deviations the band spans when the attribute rises, >= 0 (e.g. 0.5)
     * @param kFall         deviations the band spans when the attribute falls, >= 0 (e.g. 2)
     * @param minDwellNanos the least time between two switches, >= 0
     * @param clock         nanoseconds, monotonic ({@code System::nanoTime})
     */
    public BandSelection(QualityFile file, double kRise, double kFall, long minDwellNanos, LongSupplier clock) {
        if (!(kRise >= 0) || !(kFall >= 0) || minDwellNanos < 0 || Double.isInfinite(kRise) || Double.isInfinite(kFall)) {
            throw new IllegalArgumentException("kRise " + kRise + ", kFall " + kFall + ", minDwell " + minDwellNanos
                    + " ns: expected finite values >= 0");
        }
        this.file = java.util.Objects.requireNonNull(file, "file");
        this.kRise = kRise;
        this.kFall = kFall;
        this.minDwellNanos = minDwellNanos;
        this.clock = java.util.Objects.requireNonNull(clock, "clock");
    }

    /**
     * Chooses from the estimate as it is now and returns the type chosen ({@code null} while none is: no sample yet,
     * or the estimate lies outside every interval before the first choice).
     *
     * @param onSwitch told of each change of type (not of the first choice), or {@code null}
     */
    public synchronized String select(SmoothedRtt rtt, Runnable onSwitch) {
        return select(rtt.pessimistic(), rtt.rttvar(), onSwitch);
    }

    /**
     * Chooses from an estimate of the attribute and its deviation (0 for a value without one: a plain average, or
     * a value the application sets), as {@link #select(SmoothedRtt, Runnable)} does.
     */
    public synchronized String select(double est, double dev, Runnable onSwitch) {
        if (Double.isNaN(est)) {
            return current();
        }
        int target = file.interval(est);
        long now = clock.getAsLong();
        if (current < 0) {
            if (target >= 0) {
                current = target;
                since = now;
            }
            return current();
        }
        if (target < 0 || target == current || now - since < minDwellNanos) {
            return current();
        }
        if (!(dev >= 0)) {
            dev = 0;
        }
        boolean rose = est >= file.high(current);
        double band = (rose ? kRise : kFall) * dev;
        boolean left = rose ? est - band >= file.high(current) : est + band < file.low(current);
        if (left) {
            current = target;
            since = now;
            switches++;
            if (onSwitch != null) {
                onSwitch.run();
            }
        }
        return current();
    }

    /** The type now chosen, or {@code null}. */
    public synchronized String current() {
        return current < 0 ? null : file.type(current);
    }

    /** Switches so far (the first choice not counted). */
    public synchronized long switches() {
        return switches;
    }
}
