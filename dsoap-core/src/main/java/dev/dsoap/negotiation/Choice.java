package dev.dsoap.negotiation;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A client's choice between XML and binary for one endpoint (and peer): whether to ask for binary answers and
 * whether to send binary requests, learned from the endpoint's answers. In {@link BinaryMode#PERFORMANCE} the
 * first binary answer switches requests to binary; a refusal (HTTP 415, an unknown-format answer, a frame that
 * does not decode) switches them back to XML and stops asking for a number of calls that doubles with each
 * refusal in a row ({@value #FIRST_BACKOFF} up to {@value #MAX_BACKOFF}), after which the client asks again: a
 * refusal is never permanent, and an endpoint that stops answering binary costs at most one refused call per
 * back-off. A binary answer after a back-off resets it.
 *
 * <p>Thread-safe and lock-free: concurrent calls each read and update the choice atomically.
 */
public final class Choice {
    /** Calls without asking after the first refusal. */
    static final int FIRST_BACKOFF = 16;
    /** The longest back-off, in calls. */
    static final int MAX_BACKOFF = 4096;

    /** Why binary was refused. */
    public enum Refusal {
        /** HTTP 415: the endpoint does not take the binary media type. */
        UNSUPPORTED_MEDIA_TYPE,
        /** The endpoint does not know the request's format (and the resent descriptor did not help). */
        UNKNOWN_FORMAT,
        /** A binary answer or request could not be decoded. */
        DECODE_ERROR
    }

    private final BinaryMode mode;
    /**
     * The state, packed: bit 0 sends binary requests; bits 1-31 the calls left in the current back-off; bits 32-62
     * the next back-off's length.
     */
    private final AtomicLong state = new AtomicLong(pack(false, 0, FIRST_BACKOFF));
    private final AtomicLong refusals = new AtomicLong();
    private final AtomicLong switches = new AtomicLong();

    public Choice(BinaryMode mode) {
        this.mode = java.util.Objects.requireNonNull(mode, "mode");
    }

    private static long pack(boolean binary, int wait, int backoff) {
        return (long) backoff << 32 | (long) wait << 1 | (binary ? 1 : 0);
    }

    public BinaryMode mode() {
        return mode;
    }

    /** Whether the next request asks for a binary answer; counts one call of a back-off. */
    public boolean ask() {
        if (mode == BinaryMode.OFF) {
            return false;
        }
        while (true) {
            long s = state.get();
            int wait = (int) (s >>> 1) & 0x7FFF_FFFF;
            if (wait == 0) {
                return true;
            }
            if (state.compareAndSet(s, pack((s & 1) != 0, wait - 1, (int) (s >>> 32)))) {
                return false;
            }
        }
    }

    /** Whether the next request is sent binary. */
    public boolean sendBinary() {
        return mode == BinaryMode.PERFORMANCE && (state.get() & 1) != 0;
    }

    /** The endpoint answered binary: in performance mode, requests go binary from now on. */
    public void answeredBinary() {
        if (mode == BinaryMode.OFF) {
            return;
        }
        boolean binary = mode == BinaryMode.PERFORMANCE;
        while (true) {
            long s = state.get();
            long next = pack(binary, 0, FIRST_BACKOFF);
            if (s == next || state.compareAndSet(s, next)) {
                if (binary && (s & 1) == 0) {
                    switches.incrementAndGet();
                }
                return;
            }
        }
    }

    /** Binary was refused: back to XML requests, and no asking for the current back-off, which then doubles. */
    public void refused(Refusal why) {
        java.util.Objects.requireNonNull(why, "why");
        refusals.incrementAndGet();
        while (true) {
            long s = state.get();
            int backoff = (int) (s >>> 32);
            if (state.compareAndSet(s, pack(false, backoff, Math.min(MAX_BACKOFF, backoff * 2)))) {
                return;
            }
        }
    }

    /** Refusals seen so far. */
    public long refusals() {
        return refusals.get();
    }

    /** Times requests switched from XML to binary. */
    public long switchesToBinary() {
        return switches.get();
    }

    @Override
    public String toString() {
        long s = state.get();
        return "Choice[" + mode + ", " + (sendBinary() ? "binary" : "xml") + " requests, wait " + ((s >>> 1) & 0x7FFF_FFFF)
                + ", next back-off " + (s >>> 32) + ", refusals " + refusals() + "]";
    }
}
