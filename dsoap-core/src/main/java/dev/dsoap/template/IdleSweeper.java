package dev.dsoap.template;

import java.lang.ref.WeakReference;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The timer of the open {@link MemoryBudget}s: one daemon thread, {@code dsoap-idle}, that calls each budget's
 * {@link MemoryBudget#sweep()} every quarter of its idle timeout (at least every 10 ms, at most every minute). The
 * thread exists only while a budget is open: it is made by the first {@link #start} and ends with the last
 * {@link Task#stop()}, so that a host that closes its budgets (an Axis2 configuration terminated, a CXF bus shut
 * down, a web application undeployed) leaves no thread behind. A task holds its budget weakly: a budget collected
 * without being closed stops its task.
 *
 * <p>Thread-safe.
 */
final class IdleSweeper {
    /** The name of the timer's thread. */
    static final String THREAD = "dsoap-idle";
    private static final long MIN_PERIOD = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long MAX_PERIOD = TimeUnit.MINUTES.toNanos(1);

    /** The timer while a task runs, else {@code null}; guarded by the class. */
    private static ScheduledThreadPoolExecutor timer;
    /** Tasks started and not stopped; guarded by the class. */
    private static int open;

    private IdleSweeper() {
    }

    /** Sweeps {@code budget} every quarter of {@code idleNanos} (> 0) until the task is stopped. */
    static Task start(MemoryBudget budget, long idleNanos) {
        long period = Math.max(MIN_PERIOD, Math.min(MAX_PERIOD, idleNanos / 4));
        Task t = new Task(budget);
        synchronized (IdleSweeper.class) {
            if (timer == null) {
                ClassLoader loader = IdleSweeper.class.getClassLoader();
                timer = new ScheduledThreadPoolExecutor(1, r -> {
                    Thread th = new Thread(r, THREAD);
                    th.setDaemon(true);
                    th.setContextClassLoader(loader); // not the loader of whichever thread opened the first budget
                    return th;
                });
                timer.setRemoveOnCancelPolicy(true);
            }
            open++;
            t.future = timer.scheduleWithFixedDelay(t, period, period, TimeUnit.NANOSECONDS);
        }
        return t;
    }

    /** Whether the timer runs (some budget is open). */
    static synchronized boolean running() {
        return timer != null;
    }

    /** One budget's periodic sweep. */
    static final class Task implements Runnable {
        private final WeakReference<MemoryBudget> budget;
        /** The scheduled run; guarded by {@link IdleSweeper}'s class lock; {@code null} once stopped. */
        private ScheduledFuture<?> future;

        private Task(MemoryBudget budget) {
            this.budget = new WeakReference<>(budget);
        }

        @Override
        public void run() {
            MemoryBudget b = budget.get();
            if (b == null) {
                stop();
                return;
            }
            try {
                b.sweep();
            } catch (RuntimeException e) { // a holder's evict() failed: keep sweeping, the next run retries the rest
                System.getLogger(MemoryBudget.class.getName()).log(System.Logger.Level.WARNING,
                        "dsoap: idle sweep failed", e);
            }
        }

        /** Stops the sweeps; the last task stopped ends the timer's thread. Idempotent. */
        void stop() {
            synchronized (IdleSweeper.class) {
                if (future == null) {
                    return;
                }
                future.cancel(false);
                future = null;
                if (--open == 0) {
                    timer.shutdownNow();
                    timer = null;
                }
            }
        }
    }
}
