package dev.dsoap.coalesce;

import dev.dsoap.template.MemoryBudget;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One request in flight, led by the thread that runs its work, with the identical requests waiting for its outcome.
 * Its outcome is the leader's response, a {@link Failure}, {@link #CANCELLED} when the leader was cancelled (its
 * waiters then carry on without it), or {@link #NOT_SHARED} (its waiters are processed on their own). As a budget holder it is charged with its key's bytes while it is in the table;
 * evicted, it leaves the table (no one joins it any more) and still completes for those already waiting.
 *
 * <p>Thread-safe. Equal to itself only (the table finds flights by {@link Key}).
 */
final class Flight implements MemoryBudget.Holder {
    /** The outcome of a flight whose leader was cancelled. */
    static final Object CANCELLED = new Object() {
        @Override
        public String toString() {
            return "CANCELLED";
        }
    };

    /**
     * The outcome of a flight whose leader's answer is not to be shared (the host did not write all of it): its
     * waiters are each processed on their own, at once.
     */
    static final Object NOT_SHARED = new Object() {
        @Override
        public String toString() {
            return "NOT_SHARED";
        }
    };

    private static final AtomicIntegerFieldUpdater<Flight> WAITERS =
            AtomicIntegerFieldUpdater.newUpdater(Flight.class, "waiters");

    /** The leader's request. */
    final Key key;
    /** The leader's thread: woken from its linger when the waiters fill up. */
    final Thread leader;
    /** Completed once, by the leader, after the flight left the table. */
    final CompletableFuture<Object> outcome = new CompletableFuture<>();
    /** The table the flight is in, while it is. */
    private final ConcurrentMap<Key, Flight> table;
    /** Requests waiting for the outcome now. */
    private volatile int waiters;
    /** Whether the leader is in its linger window. */
    volatile boolean lingering;

    /** A flight led by the calling thread. */
    Flight(Key key, ConcurrentMap<Key, Flight> table) {
        this.key = key;
        this.table = table;
        this.leader = Thread.currentThread();
    }

    /** Adds a waiter; @return the waiters now, this one included */
    int join() {
        return WAITERS.incrementAndGet(this);
    }

    /** Takes back a waiter that stopped waiting. */
    void leave() {
        WAITERS.decrementAndGet(this);
    }

    /** Requests waiting for the outcome now. */
    int waiters() {
        return waiters;
    }

    /** Takes the flight out of the table (if it is still there): identical requests no longer join it. */
    void close() {
        table.remove(key, this);
    }

    /** The budget wants the bytes back: no one joins any more; those waiting still get the outcome. */
    @Override
    public void evict() {
        close();
    }

    @Override
    public String toString() {
        return "Flight{" + key + ", " + waiters + " waiting" + (outcome.isDone() ? ", done" : "") + "}";
    }

    /** A leader's failure, handed to its waiters as it is. */
    static final class Failure {
        /** What the leader's work threw. */
        final Throwable cause;

        Failure(Throwable cause) {
            this.cause = cause;
        }
    }
}
