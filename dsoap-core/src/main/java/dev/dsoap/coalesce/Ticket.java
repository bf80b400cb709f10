package dev.dsoap.coalesce;

import java.lang.reflect.UndeclaredThrowableException;

/**
 * A request's place in a {@link Coalescer}, from {@link Coalescer#enter}: it {@link #leads()} (the host processes it
 * and then finishes the ticket once: {@link #complete}, {@link #fail}, {@link #decline} or {@link #cancel}), or it {@link #joined()} an
 * identical request and has that request's outcome ({@link #response()}), or neither: the host processes it alone and
 * finishes nothing.
 *
 * <p>A leader's ticket is finished once; later calls are ignored, so a host may cancel in a {@code finally} after
 * completing. Thread-safe: a host may finish it on another thread than the one that entered.
 *
 * @param <R> the response
 */
public final class Ticket<R> {
    static final int LEAD = 0;
    static final int JOINED = 1;
    static final int ALONE = 2;

    private final Coalescer<R> owner;
    final int kind;
    /** The leader's flight, or {@code null}. */
    private final Flight flight;
    /** A joined request's outcome: the response, or a {@link Flight.Failure}. */
    private final Object outcome;
    private boolean finished;

    Ticket(Coalescer<R> owner, int kind, Flight flight, Object outcome) {
        this.owner = owner;
        this.kind = kind;
        this.flight = flight;
        this.outcome = outcome;
    }

    /** Whether this request leads: the host processes it and must finish this ticket. */
    public boolean leads() {
        return kind == LEAD;
    }

    /** Whether this request took an identical request's outcome: {@link #response()} has it. */
    public boolean joined() {
        return kind == JOINED;
    }

    /**
     * A joined request's outcome: the identical request's response (the very object), or its failure thrown as it
     * is.
     *
     * @throws IllegalStateException when this request did not join one
     */
    @SuppressWarnings("unchecked")
    public R response() throws Exception {
        if (kind != JOINED) {
            throw new IllegalStateException("this request did not join an identical one");
        }
        if (outcome instanceof Flight.Failure f) {
            if (f.cause instanceof Exception e) {
                throw e;
            }
            if (f.cause instanceof Error e) {
                throw e;
            }
            throw new UndeclaredThrowableException(f.cause);
        }
        return (R) outcome;
    }

    /**
     * A leader's requests waiting now. Identical requests can still join until the ticket is {@link #sealed() sealed}
     * or finished.
     */
    public int waiters() {
        return flight == null ? 0 : flight.waiters();
    }

    /**
     * Stops identical requests from joining this leader (they lead anew) and returns how many wait for it now: no
     * more will. A host calls it when it starts writing the response, so that it keeps the response's bytes only
     * when someone waits for them.
     */
    public int sealed() {
        if (flight == null) {
            return 0;
        }
        flight.close();
        return flight.waiters();
    }

    /** Finishes a leader's ticket with its response, handed as it is to the requests waiting. */
    public void complete(R response) {
        finish(response);
    }

    /** Finishes a leader's ticket with its failure, handed as it is to the requests waiting (not kept after). */
    public void fail(Throwable cause) {
        finish(new Flight.Failure(java.util.Objects.requireNonNull(cause, "cause")));
    }

    /**
     * Finishes a leader's ticket without an outcome (its client went away, or processing broke off): the requests
     * waiting carry on without it, one of them leading anew.
     */
    public void cancel() {
        finish(Flight.CANCELLED);
    }

    /**
     * Finishes a leader's ticket whose answer is not to be shared: the host did not write all of it (the application
     * or another step set headers, a status or a fault of its own), so it may be this caller's alone. The requests
     * waiting are each processed on their own, at once.
     */
    public void decline() {
        finish(Flight.NOT_SHARED);
    }

    private void finish(Object o) {
        if (kind != LEAD) {
            return;
        }
        synchronized (this) {
            if (finished) {
                return;
            }
            finished = true;
        }
        owner.finish(flight, o);
    }

    @Override
    public String toString() {
        return "Ticket{" + (kind == LEAD ? "leads " + flight : kind == JOINED ? "joined" : "alone") + "}";
    }
}
