package dev.dsoap.quality;

/**
 * A round-trip time estimate as TCP keeps one (RFC 6298): a smoothed RTT ({@code SRTT}, gain 1/8) and its mean
 * deviation ({@code RTTVAR}, gain 1/4), the first sample {@code R} setting {@code SRTT = R} and
 * {@code RTTVAR = R / 2}; beside them a fast average (gain 1/2) that follows a link that gets worse within a call
 * or two, and a slow average (gain 1/64) that remembers a congested past longer. The
 * {@linkplain #pessimistic() pessimistic} estimate is the larger of the fast and the slow average: it rises as soon
 * as round trips do, and a short lull in a slow period does not look like recovery. Samples of retried calls are dropped (Karn's rule): their time
 * cannot be told apart from the first attempt's. The unit is the caller's.
 *
 * <p>Thread-safe (synchronized; a few arithmetic operations per sample).
 */
public final class SmoothedRtt {
    static final double ALPHA = 1.0 / 8;
    static final double BETA = 1.0 / 4;
    static final double SLOW = 1.0 / 64;
    static final double FAST = 1.0 / 2;

    private double srtt = Double.NaN;
    private double rttvar = Double.NaN;
    private double slow = Double.NaN;
    private double fast = Double.NaN;
    private long samples;
    private long dropped;

    /**
     * Applies one measured round trip.
     *
     * @param rtt     the measured time, finite and >= 0
     * @param retried whether the call was sent more than once (the sample is then dropped)
     * @return whether the sample was applied
     * @throws IllegalArgumentException when {@code rtt} is negative, NaN or infinite
     */
    public synchronized boolean sample(double rtt, boolean retried) {
        if (!(rtt >= 0) || rtt == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("round-trip sample " + rtt + ": expected a finite value >= 0");
        }
        if (retried) {
            dropped++;
            return false;
        }
        if (samples++ == 0) {
            srtt = rtt;
            rttvar = rtt / 2;
            slow = rtt;
            fast = rtt;
        } else {
            rttvar = (1 - BETA) * rttvar + BETA * Math.abs(srtt - rtt);
            srtt = (1 - ALPHA) * srtt + ALPHA * rtt;
            slow = (1 - SLOW) * slow + SLOW * rtt;
            fast = (1 - FAST) * fast + FAST * rtt;
        }
        return true;
    }

    /** The smoothed RTT, NaN before the first sample. */
    public synchronized double srtt() {
        return srtt;
    }

    /** The RTT's mean deviation, NaN before the first sample. */
    public synchronized double rttvar() {
        return rttvar;
    }

    /** The slow average, NaN before the first sample. */
    public synchronized double slow() {
        return slow;
    }

    /** The fast average, NaN before the first sample. */
    public synchronized double fast() {
        return fast;
    }

    /** The larger of the fast and the slow average, NaN before the first sample. */
    public synchronized double pessimistic() {
        return Math.max(fast, slow);
    }

    /** Samples applied. */
    public synchronized long samples() {
        return samples;
    }

    /** Samples dropped because their call was retried. */
    public synchronized long dropped() {
        return dropped;
    }

    @Override
    public synchronized String toString() {
        return "SmoothedRtt[srtt " + srtt + ", rttvar " + rttvar + ", fast " + fast + ", slow " + slow + ", samples " + samples
                + ", dropped " + dropped + "]";
    }
}
