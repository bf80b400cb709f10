package dev.dsoap.sharing;

import java.util.function.LongSupplier;

/**
 * Chooses, per operation, how the next window of responses is written: each client's differential template alone
 * ({@link Mode#TEMPLATES}), or a {@link WindowWriter} sharing chunks across the window ({@link Mode#WINDOW}). It
 * learns from real writes: the caller times each window (here with {@link #start()} and {@link #finish}, or with its
 * own clock through {@link #record}) and the policy keeps a moving average (EWMA) of nanoseconds per byte written for
 * each mode. Now and then a window is written the other way, to keep that estimate current: {@code probeEvery}
 * windows after a switch, then twice as many windows after each probe that did not lead to a switch, up to 64 times
 * {@code probeEvery}, so a choice that keeps being right costs ever fewer probes. The policy switches when the other
 * mode's estimate is below the current one's by more than the hysteresis.
 *
 * <p>Starts with {@link Mode#TEMPLATES}; the second window is the first probe of {@link Mode#WINDOW}.
 *
 * <p>Thread-safe (one lock, taken twice per window).
 */
public final class SharingPolicy {
    /** How a window is written. */
    public enum Mode {
        /** Every response on its client's differential template (dsoap's DS alone). */
        TEMPLATES,
        /** The window's responses through one {@link WindowWriter}. */
        WINDOW
    }

    /** Windows between a switch and the next probe of the other mode. */
    private final int probeEvery;
    /** The longest gap between probes, in windows. */
    private final int maxGap;
    /** The other mode must be cheaper by more than this share of the current one's cost to switch. */
    private final double hysteresis;
    /** Weight of a new sample in the moving average. */
    private final double alpha;
    /** Nanosecond clock. */
    private final LongSupplier clock;

    /** The mode in use. */
    private Mode current = Mode.TEMPLATES;
    /** Moving average of nanoseconds per byte, by mode ordinal; NaN before the first sample. */
    private final double[] cost = {Double.NaN, Double.NaN};
    /** Windows written each way, by mode ordinal. */
    private final long[] uses = new long[2];
    /** Windows chosen so far. */
    private long windows;
    /** Windows written the other way to measure it. */
    private long probes;
    /** Changes of {@link #current}. */
    private long switches;
    /** Windows from one probe to the next, now. */
    private int gap;
    /** Windows since the last probe. */
    private long sinceProbe;

    /** Probes 16 windows after a switch (then 32, 64, ... up to 1024), 10 % hysteresis, EWMA weight 0.25, {@link System#nanoTime()}. */
    public SharingPolicy() {
        this(16, 0.10, 0.25, System::nanoTime);
    }

    /**
     * @param probeEvery  windows from a switch to the first probe of the other mode, >= 2 (the gap then doubles)
     * @param hysteresis  share, in [0, 1), by which the other mode must be cheaper to switch to it
     * @param alpha       weight of a new sample in the moving average, in (0, 1]
     * @param nanoClock   the clock {@link #start()} and {@link #finish} read, in nanoseconds
     */
    public SharingPolicy(int probeEvery, double hysteresis, double alpha, LongSupplier nanoClock) {
        if (probeEvery < 2) {
            throw new IllegalArgumentException("probeEvery " + probeEvery + " < 2");
        }
        if (!(hysteresis >= 0 && hysteresis < 1)) {
            throw new IllegalArgumentException("hysteresis " + hysteresis + " not in [0, 1)");
        }
        if (!(alpha > 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha " + alpha + " not in (0, 1]");
        }
        this.probeEvery = probeEvery;
        this.maxGap = (int) Math.min(Integer.MAX_VALUE, 64L * probeEvery);
        this.gap = probeEvery;
        this.hysteresis = hysteresis;
        this.alpha = alpha;
        this.clock = nanoClock;
    }

    /** The mode to write the next window with: the current one, or the other one for a probe. Counts it as used. */
    public synchronized Mode next() {
        windows++;
        sinceProbe++;
        Mode m = current;
        Mode other = other(current);
        if (Double.isNaN(cost[other.ordinal()]) ? windows > 1 : sinceProbe >= gap) {
            m = other;
            probes++;
            sinceProbe = 0;
            gap = Math.min(maxGap, gap * 2); // unless this probe leads to a switch, the next comes twice as late
        }
        uses[m.ordinal()]++;
        return m;
    }

    /** The clock's reading, to pass to {@link #finish}. */
    public long start() {
        return clock.getAsLong();
    }

    /** Records a window written with {@code mode}, begun at {@code startNanos} ({@link #start()}), of {@code bytes}. */
    public void finish(Mode mode, long startNanos, long bytes) {
        record(mode, clock.getAsLong() - startNanos, bytes);
    }

    /**
     * Records that a window written with {@code mode} took {@code nanos} for {@code bytes}, and switches the current mode
     * if the other one is now cheaper per byte by more than the hysteresis. Windows of no bytes are ignored.
     */
    public synchronized void record(Mode mode, long nanos, long bytes) {
        if (bytes <= 0 || nanos < 0) {
            return;
        }
        double c = (double) nanos / bytes;
        int i = mode.ordinal();
        cost[i] = Double.isNaN(cost[i]) ? c : cost[i] + alpha * (c - cost[i]);
        double mine = cost[current.ordinal()];
        double theirs = cost[other(current).ordinal()];
        if (!Double.isNaN(mine) && !Double.isNaN(theirs) && theirs < mine * (1 - hysteresis)) {
            current = other(current);
            switches++;
            gap = probeEvery;
            sinceProbe = 0;
        }
    }

    private static Mode other(Mode m) {
        return m == Mode.TEMPLATES ? Mode.WINDOW : Mode.TEMPLATES;
    }

    /** The mode in use (probes aside). */
    public synchronized Mode current() {
        return current;
    }

    /** Times the current mode changed. */
    public synchronized long switches() {
        return switches;
    }

    /** Windows written with {@code mode} (probes included). */
    public synchronized long uses(Mode mode) {
        return uses[mode.ordinal()];
    }

    /** Windows written the other way to measure it. */
    public synchronized long probes() {
        return probes;
    }

    /** The moving average of nanoseconds per byte written with {@code mode}, or NaN before its first window. */
    public synchronized double nanosPerByte(Mode mode) {
        return cost[mode.ordinal()];
    }

    @Override
    public synchronized String toString() {
        return "SharingPolicy(" + current + ", templates " + cost[0] + " ns/B x" + uses[0] + ", window " + cost[1]
                + " ns/B x" + uses[1] + ", " + switches + " switches, " + probes + " probes)";
    }
}
