package dev.dsoap.host;

/**
 * What a carrier learns of requests whose first part element is none of its forms' (Axis2's
 * {@code RPCServiceClient} writing a primitive array as one {@code <argN>}): when two in a row fail the shape,
 * the next {@value #INITIAL_BACKOFF} such requests go the host's way without a read being tried, then one is
 * tried again; while the tries keep failing the pause grows fourfold, up to {@value #MAX_BACKOFF} requests, and one
 * that is read resets it (as {@code DdsStream}'s adaptive bypass does for messages that keep differing). A try costs
 * what dsoap's read and check cost on top of the host's parse (the host then parses dsoap's copy, not its stream),
 * some two to three requests' worth of server CPU; a skipped request costs its first bytes' look. Over the first
 * hundred such requests 5 are tried (1, 2, 7, 24, 89), then the 346th and the 1,371st, then one in 4,097: a pause of
 * 256 left the tries about 1 % of the server's CPU on such requests (a sampling profile of Axis2 fed 10,000
 * primitive doubles a request), against the 3 % a request dsoap leaves to its host may cost at most.
 *
 * <p>Only requests of that spelling are affected: a request whose first part element is one of the forms' is
 * always read, so a sender of such requests cannot keep another sender's requests from dsoap's path. Fixed size;
 * thread-safe.
 */
final class ShapeBypass {
    static final int INITIAL_BACKOFF = 4;
    static final int MAX_BACKOFF = 4096;

    /** Failures in a row since the last read or pause. */
    private int failures;
    /** Requests still to pass without a read. */
    private int left;
    /** The next pause, in requests. */
    private int backoff = INITIAL_BACKOFF;

    /** Whether requests are being left to the host now (without counting one down). */
    synchronized boolean skipping() {
        return left > 0;
    }

    /** Whether this request goes the host's way untried (counted down). */
    synchronized boolean skip() {
        if (left == 0) {
            return false;
        }
        left--;
        return true;
    }

    /** A tried request failed the shape. */
    synchronized void failed() {
        if (++failures >= 2) {
            left = backoff;
            backoff = Math.min(backoff * 4, MAX_BACKOFF);
            failures = 1; // a try after the pause that fails too starts the next one
        }
    }

    /** A tried request was read. */
    synchronized void read() {
        failures = 0;
        left = 0;
        backoff = INITIAL_BACKOFF;
    }
}
