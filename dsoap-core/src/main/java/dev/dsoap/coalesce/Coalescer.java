package dev.dsoap.coalesce;

import dev.dsoap.template.MemoryBudget;

import java.lang.reflect.UndeclaredThrowableException;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Coalesces identical concurrent requests of one operation: while a request is being processed (its <em>leader</em>
 * runs the work), a request with the same caller identity and a byte-identical body waits for the leader's outcome
 * and gets the very same response object, or the very same failure, instead of running the work again. Only requests
 * in flight are coalesced: when the leader finishes its request is forgotten, and the next identical request leads
 * anew. Nothing is cached, failures included.
 *
 * <p><b>Identical.</b> Two requests are identical when their identities are equal and their bodies are equal byte for
 * byte. A hash over the body finds candidates; the bytes decide. The identity is an opaque string the host computes
 * from what it knows of the caller (HTTP {@code Authorization}, the authenticated principal, the TLS client
 * certificate); {@code null} and {@code ""} both mean anonymous, and anonymous requests share only with anonymous
 * ones. The table holds the identity while the leader runs: hosts should not pass credentials as they are
 * ({@link Callers} digests them).
 *
 * <p><b>Bytes.</b> The body is not copied. The caller owns its buffer and must not change or reuse it until
 * {@link #call} returns: a leader's body is what later requests are compared with while it is in flight, and a
 * waiter's body is read while it looks for its leader. Nothing refers to the buffer after the call returns.
 *
 * <p><b>Waiters.</b> At most {@link CoalescerSettings#maxWaiters()} requests wait for one leader; one more runs the
 * work itself ({@link #overflow()}). A waiter waits at most {@link CoalescerSettings#waitTimeoutNanos()}, woken by
 * the leader's completion, then runs the work itself ({@link #timeouts()}). A waiter whose own thread is interrupted
 * stops waiting and throws {@link InterruptedException} ({@link #abandoned()}).
 *
 * <p><b>Cancelled leaders.</b> A leader is cancelled when its thread is interrupted during its linger, or when its
 * work throws {@link CancellationException} (how a host says that the leader's client went away) or
 * {@link InterruptedException}, or throws anything while the leader's thread is interrupted. The leader's call throws
 * that exception; its waiters do not see it. They look for a leader again: the first of them leads a new flight (it
 * is <em>promoted</em>, and runs the work at once without lingering) and the others wait for it, each within its own
 * timeout, counted from when it first waited. So a cancelled leader costs its waiters one more run of the work, not
 * one run each.
 *
 * <p><b>Linger.</b> With {@link CoalescerSettings#lingerNanos()} above 0, a new leader waits that long before running
 * the work, so that more identical requests can join it (the paper collected requests for 2 ms). It stops waiting as
 * soon as {@code maxWaiters} requests wait, since no more could join. It parks; it does not spin.
 *
 * <p><b>Memory.</b> Each leader's key (its body's length plus 160 bytes for the table's entry) is charged to
 * the memory budget, if one is given, while the leader is in flight, and released when it finishes. When the budget
 * refuses (the key alone is larger than the budget), the request runs without taking waiters
 * ({@link #uncoalesced()}); when the budget evicts a flight, the flight stops taking waiters and still answers those
 * it has. The table is empty when no request is in flight.
 *
 * <p><b>Answers not to share.</b> A leader whose answer may be its caller's alone (the host finishes it with
 * {@link Ticket#decline}) lets its waiters go: each runs the work itself at once ({@link #notShared()}).
 *
 * <p><b>Counters.</b> Every call ends in exactly one of {@link #leaders()}, {@link #joined()}, {@link #timeouts()},
 * {@link #overflow()}, {@link #uncoalesced()}, {@link #notShared()} or {@link #abandoned()}, so that their sum is
 * {@link #calls()} once no call is under way. The work ran {@code leaders + timeouts + overflow + uncoalesced +
 * notShared} times.
 *
 * <p>Thread-safe: one per operation, called by any number of threads.
 *
 * @param <R> the response, shared as it is by the leader and its waiters: it must not change once the work returns
 *            (e.g. the response's bytes, HTTP status and content type, which every caller writes to its own client)
 */
public final class Coalescer<R> {
    /**
     * Bytes charged for a flight beyond its body: the flight (40), its key (32), its future (24) and the table's node
     * (32), rounded up; the body itself is the leader's buffer, not a copy.
     */
    static final int FLIGHT_BYTES = 160;

    /** The work a request needs done, supplied by the host; it runs on the calling thread. */
    @FunctionalInterface
    public interface Work<R> {
        /**
         * @return the response
         * @throws CancellationException when the request was cancelled (e.g. its client went away)
         * @throws Exception             any failure, handed as it is to the requests waiting for this one
         */
        R run() throws Exception;
    }

    private final CoalescerSettings settings;
    /** {@link CoalescerSettings#maxWaiters()}. */
    private final int maxWaiters;
    /** {@link CoalescerSettings#waitTimeoutNanos()}. */
    private final long waitTimeout;
    /** {@link CoalescerSettings#lingerNanos()}. */
    private final long linger;
    /** Bytes of a response, for {@link #bytesFannedOut()}. */
    private final ToLongFunction<? super R> responseBytes;
    /** Charged with the keys in flight, or {@code null}. */
    private final MemoryBudget budget;
    private final KeyHash hash;
    private final Probe probe;
    /** The flights, by their leader's key. */
    private final ConcurrentHashMap<Key, Flight> table = new ConcurrentHashMap<>();
    /** Makes a flight led by the calling thread. */
    private final Function<Key, Flight> start = k -> new Flight(k, table);

    private final LongAdder calls = new LongAdder();
    private final LongAdder leaders = new LongAdder();
    private final LongAdder joined = new LongAdder();
    private final LongAdder timeouts = new LongAdder();
    private final LongAdder overflow = new LongAdder();
    private final LongAdder uncoalesced = new LongAdder();
    private final LongAdder abandoned = new LongAdder();
    private final LongAdder notShared = new LongAdder();
    private final LongAdder errorsShared = new LongAdder();
    private final LongAdder leaderCancellations = new LongAdder();
    private final LongAdder bytesFannedOut = new LongAdder();
    /** Requests waiting for an identical one now. */
    private final LongAdder waiting = new LongAdder();

    /**
     * @param settings      the limits ({@link CoalescerSettings#enabled()} is not read: this coalesces what it is given)
     * @param responseBytes the size of a response in bytes, for {@link #bytesFannedOut()}; called once per waiter
     *                      that gets a response, never with {@code null}
     * @param budget        charged with the keys in flight, or {@code null}
     */
    public Coalescer(CoalescerSettings settings, ToLongFunction<? super R> responseBytes, MemoryBudget budget) {
        this(settings, responseBytes, budget, KeyHash.seeded(ThreadLocalRandom.current().nextLong()), Probe.NONE);
    }

    /** With the hash and the probe given, for tests. */
    Coalescer(CoalescerSettings settings, ToLongFunction<? super R> responseBytes, MemoryBudget budget, KeyHash hash,
              Probe probe) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.maxWaiters = settings.maxWaiters();
        this.waitTimeout = settings.waitTimeoutNanos();
        this.linger = settings.lingerNanos();
        this.responseBytes = Objects.requireNonNull(responseBytes, "responseBytes");
        this.budget = budget;
        this.hash = Objects.requireNonNull(hash, "hash");
        this.probe = Objects.requireNonNull(probe, "probe");
    }

    /**
     * Runs {@code work} for a request, or waits for an identical request in flight and takes its outcome.
     *
     * @param body     the request's body as the host read it; not copied, and must not change until this returns
     * @param offset   where the body starts in {@code body}
     * @param length   the body's length in bytes
     * @param identity the caller's identity (opaque; equal strings are the same caller), {@code null} or {@code ""}
     *                 when anonymous
     * @param work     produces the response; runs on the calling thread, or not at all when an identical request's
     *                 outcome is taken. It must not call this coalescer with an identical request: that one would
     *                 wait for it until its timeout
     * @return the response: this call's own, or the very object the identical request's work returned
     * @throws Exception                 what this call's work threw, or the very exception the identical request's
     *                                   work threw; {@link InterruptedException} when this thread was interrupted
     *                                   while it waited or lingered
     * @throws IndexOutOfBoundsException when {@code offset} and {@code length} are outside {@code body}
     */
    public R call(byte[] body, int offset, int length, String identity, Work<? extends R> work) throws Exception {
        Objects.requireNonNull(work, "work");
        Ticket<R> t = enter(body, offset, length, identity);
        if (t.kind == Ticket.JOINED) {
            return t.response();
        }
        if (t.kind == Ticket.ALONE) {
            return work.run();
        }
        try {
            R r = work.run();
            t.complete(r);
            return r;
        } catch (Throwable x) {
            if (x instanceof CancellationException || x instanceof InterruptedException
                    || Thread.currentThread().isInterrupted()) {
                t.cancel();
            } else {
                t.fail(x);
            }
            throw x;
        }
    }

    /**
     * Enters a request, for hosts whose work is not one call (the rest of a handler chain): the ticket says whether
     * this request {@link Ticket#leads() leads} (the host processes it and then finishes the ticket with exactly one of
     * {@link Ticket#complete}, {@link Ticket#fail} or {@link Ticket#cancel}, also when processing broke off), took an
     * identical request's outcome ({@link Ticket#joined()}, {@link Ticket#response()}), or must be processed alone
     * (neither: it waited past its timeout, or too many wait). Blocks while this request waits or lingers. The
     * body's buffer must not change until a leader's ticket is finished, or until this returns otherwise.
     *
     * @throws InterruptedException when this thread was interrupted while it waited or lingered (nothing to finish)
     */
    public Ticket<R> enter(byte[] body, int offset, int length, String identity) throws InterruptedException {
        Objects.checkFromIndexSize(offset, length, body.length);
        calls.increment();
        String who = identity == null ? "" : identity;
        Key key = new Key(body, offset, length, who, hash.hash(body, offset, length, who));
        boolean promoted = false;
        boolean waited = false;
        long waitStart = 0;
        for (;;) {
            Flight f = table.computeIfAbsent(key, start);
            if (f.key == key) {
                return lead(f, promoted);
            }
            int n = f.join();
            if (n > maxWaiters) {
                f.leave();
                overflow.increment();
                return new Ticket<>(this, Ticket.ALONE, null, null);
            }
            if (n == maxWaiters && f.lingering) {
                LockSupport.unpark(f.leader);
            }
            probe.waiting();
            long now = System.nanoTime();
            if (!waited) {
                waited = true;
                waitStart = now; // a promoted waiter's timeout still counts from here
            }
            Object o;
            waiting.increment();
            try {
                o = f.outcome.get(waitTimeout - (now - waitStart), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                f.leave();
                timeouts.increment();
                return new Ticket<>(this, Ticket.ALONE, null, null);
            } catch (InterruptedException e) {
                f.leave();
                abandoned.increment();
                throw e;
            } catch (ExecutionException e) {
                throw new IllegalStateException("a flight's outcome is never exceptional", e);
            } finally {
                waiting.decrement();
            }
            if (o == Flight.CANCELLED) {
                f.leave();
                promoted = true;
                continue;
            }
            if (o == Flight.NOT_SHARED) {
                f.leave();
                notShared.increment();
                return new Ticket<>(this, Ticket.ALONE, null, null);
            }
            joined.increment();
            if (o instanceof Flight.Failure) {
                errorsShared.increment();
            } else if (o != null) {
                @SuppressWarnings("unchecked")
                R r = (R) o;
                bytesFannedOut.add(responseBytes.applyAsLong(r));
            }
            return new Ticket<>(this, Ticket.JOINED, null, o);
        }
    }

    /** Leads {@code f}: charges it and lingers unless {@code promoted}. */
    private Ticket<R> lead(Flight f, boolean promoted) throws InterruptedException {
        long bytes = FLIGHT_BYTES + (long) f.key.length;
        boolean charged = budget == null || budget.charge(f, bytes);
        if (charged) {
            leaders.increment();
        } else {
            f.close(); // those who joined meanwhile still get the outcome
            uncoalesced.increment();
        }
        Ticket<R> t = new Ticket<>(this, Ticket.LEAD, f, null);
        probe.leading();
        if (charged && !promoted && linger > 0) {
            try {
                linger(f);
            } catch (InterruptedException e) {
                t.cancel();
                throw e;
            }
        }
        return t;
    }

    /** Ends a leader's flight with {@code outcome}: no one joins it any more, its waiters get the outcome. */
    void finish(Flight f, Object outcome) {
        if (outcome == Flight.CANCELLED) {
            leaderCancellations.increment();
        }
        f.close();
        if (budget != null) {
            budget.release(f);
        }
        f.outcome.complete(outcome);
    }

    /** Waits up to the linger window, or until the waiters fill up. */
    private void linger(Flight f) throws InterruptedException {
        long end = System.nanoTime() + linger;
        f.lingering = true;
        try {
            for (long left = linger; left > 0 && f.waiters() < maxWaiters; left = end - System.nanoTime()) {
                LockSupport.parkNanos(f, left);
                if (Thread.interrupted()) {
                    throw new InterruptedException("interrupted while lingering for identical requests, "
                            + f.waiters() + " waiting");
                }
            }
        } finally {
            f.lingering = false;
        }
    }

    /** The settings this coalescer was made with. */
    public CoalescerSettings settings() {
        return settings;
    }

    /** Calls so far. */
    public long calls() {
        return calls.sum();
    }

    /** Calls that led a flight (ran the work, or were cancelled), promoted waiters included. */
    public long leaders() {
        return leaders.sum();
    }

    /** Calls that took an identical request's outcome: its response, or its failure ({@link #errorsShared()}). */
    public long joined() {
        return joined.sum();
    }

    /** Calls that waited their whole timeout for an identical request, then ran the work themselves. */
    public long timeouts() {
        return timeouts.sum();
    }

    /** Calls that found an identical request with {@code maxWaiters} waiting already, and ran the work themselves. */
    public long overflow() {
        return overflow.sum();
    }

    /** Calls that ran the work without taking waiters because the memory budget refused their key. */
    public long uncoalesced() {
        return uncoalesced.sum();
    }

    /** Calls that stopped waiting because their own thread was interrupted (they threw InterruptedException). */
    public long abandoned() {
        return abandoned.sum();
    }

    /**
     * Calls that waited for an identical request whose answer was not to be shared ({@link Ticket#decline}), then
     * ran the work themselves.
     */
    public long notShared() {
        return notShared.sum();
    }

    /** Of {@link #joined()}, the calls that took an identical request's failure. */
    public long errorsShared() {
        return errorsShared.sum();
    }

    /** Leaders cancelled (interrupted, or their work threw a cancellation): their waiters carried on without them. */
    public long leaderCancellations() {
        return leaderCancellations.sum();
    }

    /** Response bytes handed to waiters: bytes the work did not have to produce again. */
    public long bytesFannedOut() {
        return bytesFannedOut.sum();
    }

    /** Requests waiting for an identical one now. */
    public long waiting() {
        return waiting.sum();
    }

    /** Requests in flight now that identical requests can join (keys in the table). */
    public int inFlight() {
        return table.size();
    }

    @Override
    public String toString() {
        return "Coalescer{calls=" + calls() + ", leaders=" + leaders() + ", joined=" + joined() + ", timeouts="
                + timeouts() + ", overflow=" + overflow() + ", uncoalesced=" + uncoalesced() + ", abandoned="
                + abandoned() + ", notShared=" + notShared() + ", errorsShared=" + errorsShared() + ", leaderCancellations=" + leaderCancellations()
                + ", bytesFannedOut=" + bytesFannedOut() + ", inFlight=" + inFlight() + "}";
    }
}
