package dev.dsoap.bench.echo;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A server's CPU time and the calls completed over one measured JMH iteration: opened at the iteration's
 * setup, closed at its teardown by one thread, when no call is in flight. Thread-safe.
 */
public final class CpuWindow {
    /** Names the server in errors. */
    private final Object server;
    /** Reads the server's request threads' CPU time. */
    private final Supplier<ThreadCpu.Reading> cpu;
    /** Calls completed, in all phases. */
    private final AtomicLong completed = new AtomicLong();
    /** Wall-clock time of the calls {@link #completedSince} counted, ns, in all phases. */
    private final AtomicLong callNanos = new AtomicLong();
    /** CPU time and {@link #completed} at the window's start; {@code startCpu} is null while closed. Guarded by {@code this}. */
    private ThreadCpu.Reading startCpu;
    private long startCompleted;
    private long startCallNanos;

    public CpuWindow(Object server, Supplier<ThreadCpu.Reading> cpu) {
        this.server = server;
        this.cpu = cpu;
    }

    /** Counts one completed call. */
    public void completed() {
        completed.incrementAndGet();
    }

    /** Counts one completed call that started at {@code startNanos} ({@link System#nanoTime()}), with its wall-clock time. */
    public void completedSince(long startNanos) {
        callNanos.addAndGet(System.nanoTime() - startNanos);
        completed.incrementAndGet();
    }

    public synchronized void open() {
        startCpu = cpu.get();
        startCompleted = completed.get();
        startCallNanos = callNanos.get();
    }

    /**
     * Waits, for at most a minute (the closing thread may have failed), until the window is closed: JMH may run
     * a trial teardown on another thread before the closing thread has run its iteration teardown, and the
     * server must still be up for that.
     */
    public synchronized void awaitClosed() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        for (long left = TimeUnit.MINUTES.toNanos(1); startCpu != null && left > 0; left = deadline - System.nanoTime()) {
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /**
     * Server CPU time (ns), calls completed and their wall-clock time (ns, 0 unless counted by {@link #completedSince})
     * since {@link #open()}.
     *
     * @throws IllegalStateException if calls completed but no server CPU time was found (the server's threads
     *                               are not named as its CPU reading expects)
     */
    public synchronized long[] close() {
        try {
            long nanos = cpu.get().since(startCpu);
            long calls = completed.get() - startCompleted;
            if (calls > 0 && nanos <= 0) {
                throw new IllegalStateException(calls + " calls to " + server + " took no CPU time on its request threads");
            }
            return new long[]{nanos, calls, callNanos.get() - startCallNanos};
        } finally {
            startCpu = null;
            notifyAll();
        }
    }
}
