package dev.dsoap.template;

/**
 * What a kept state (a read state, a template) earns its place with when more senders than kept states call one
 * operation: a count of the messages it served its own sender well, from 1 when a sender starts it to {@link #MAX},
 * halved every {@value #AGEING} borrows per kept state. A state at 0 no longer pays its sender, and another sender's
 * message may take it over; one above keeps it, so more senders than states lose only the excess. A sender that calls
 * at least once in that many messages of the operation keeps its state; one that has gone away gives it up after a few
 * such periods.
 *
 * <p>An instance is the ageing clock of one pool of kept states; not thread-safe (its owner calls it under its lock).
 * The counts live in the states themselves, as plain ints guarded by the same lock.
 */
public final class Standing {
    /** A state's count when a sender starts it or takes it over. */
    public static final int START = 1;
    /** The highest count. */
    public static final int MAX = 15;
    /** Borrows per kept state between two halvings. */
    public static final int AGEING = 8;

    private final long period;
    private long borrows;

    /** @param states the kept states of the pool ({@code dsoap.states}, >= 1) */
    public Standing(int states) {
        this.period = (long) AGEING * Math.max(1, states);
    }

    /** Counts one borrow; {@code true} when every state's count is to be halved ({@link #halved}) now. */
    public boolean tick() {
        return ++borrows % period == 0;
    }

    /** The count after a message its state served its sender well. */
    public static int paid(int count) {
        return Math.min(count + 1, MAX);
    }

    /** The count after a poorly served message, or ageing. */
    public static int halved(int count) {
        return count >> 1;
    }
}
