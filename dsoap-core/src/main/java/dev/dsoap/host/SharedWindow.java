package dev.dsoap.host;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.sharing.SharingConfig;
import dev.dsoap.sharing.SharingPolicy;
import dev.dsoap.sharing.WindowWriter;
import dev.dsoap.template.MemoryBudget;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The response side of one operation when its responses are shared across a window ({@link Settings#SHARE}): the
 * responses written within {@link Settings#shareWindowNanos()} of a window's first one form the window. At each new
 * window the {@link SharingPolicy} says how its responses are written: each on its client's template
 * ({@link SharingPolicy.Mode#TEMPLATES}, the carrier's differential serialization) or through one
 * {@link WindowWriter} that copies the chunks they share ({@link SharingPolicy.Mode#WINDOW}). Both ways are timed on
 * the real writes (nanoseconds per byte written, summed over the window, in the writing thread's CPU time) and the
 * sums given to the policy when the window ends, so the policy keeps using the faster, probing the other now and
 * then.
 *
 * <p>One thread at a time writes through the window writer; a response that finds it busy is written on its
 * template (counted as {@code busy}), so sharing never makes a writer wait. What the window keeps is charged to the
 * memory budget while it is open; it is dropped when the next window begins or when the budget evicts it.
 *
 * <p>Thread-safe.
 */
final class SharedWindow {
    /** The writing thread's CPU time: what both ways cost, untouched by other threads taking the core meanwhile. */
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    private static final boolean CPU_TIME = THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();

    /** Window length, nanoseconds. */
    private final long windowNanos;
    private final WindowWriter writer;
    private final MessagePlan plan;
    private final SharingPolicy policy;
    /** Whether the window's state is charged to a memory budget. */
    private final boolean budgeted;
    /** Held while the window writer writes, and while a window ends and the next begins. */
    private final ReentrantLock lock = new ReentrantLock();

    /** When the open window began ({@link System#nanoTime()}); guarded by {@link #lock}. */
    private long openedAt;
    /** Whether a window is open; guarded by {@link #lock}. */
    private boolean open;
    /** The open window's mode, read without the lock by template writers. */
    private volatile SharingPolicy.Mode mode = SharingPolicy.Mode.TEMPLATES;
    /** The open window's window-writer time and bytes; guarded by {@link #lock}. */
    private long windowWriterNanos;
    private long windowWriterBytes;
    /** The open window's template time and bytes (template writes run outside the lock). */
    private final AtomicLong templateNanos = new AtomicLong();
    private final AtomicLong templateBytes = new AtomicLong();

    private final LongAdder sharedResponses = new LongAdder();
    private final LongAdder templateResponses = new LongAdder();
    private final LongAdder busy = new LongAdder();

    /**
     * @throws IllegalArgumentException if {@code plan} is not of one {@code double[]} part (the reason)
     */
    SharedWindow(MessagePlan plan, SharingConfig config, long windowNanos, MemoryBudget budget) {
        this.writer = new WindowWriter(plan, config, budget);
        this.plan = plan;
        this.policy = new SharingPolicy();
        this.budgeted = budget != null;
        this.windowNanos = windowNanos;
    }

    /**
     * Writes {@code values} through the window writer when the open window is written that way and the writer is
     * free; begins a new window first when the open one is over.
     *
     * @return the written response, or {@code null} when it goes on its template ({@link #templateWritten} then)
     */
    Reply write(double[] values, OperationStats stats) {
        if (!lock.tryLock()) {
            busy.increment();
            return null;
        }
        try {
            long now = System.nanoTime();
            if (!open || now - openedAt >= windowNanos) {
                roll(now);
            }
            if (mode != SharingPolicy.Mode.WINDOW) {
                return null;
            }
            long start = cpuNanos();
            byte[] message = writer.toByteArray(values);
            windowWriterNanos += cpuNanos() - start;
            windowWriterBytes += message.length;
            sharedResponses.increment();
            return new Reply(message, stats, plan);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The current thread's CPU time in nanoseconds ({@link System#nanoTime()} where the JVM does not measure it):
     * the clock both ways are timed with.
     */
    static long cpuNanos() {
        return CPU_TIME ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** Records a response written on its template in {@code nanos} ({@link #cpuNanos()}), of {@code bytes}. */
    void templateWritten(long nanos, long bytes) {
        templateResponses.increment();
        templateNanos.addAndGet(nanos);
        templateBytes.addAndGet(bytes);
    }

    /** Ends the open window (its costs to the policy, its state dropped) and begins the next. Holds {@link #lock}. */
    private void roll(long now) {
        if (open) {
            policy.record(SharingPolicy.Mode.WINDOW, windowWriterNanos, windowWriterBytes);
            policy.record(SharingPolicy.Mode.TEMPLATES, templateNanos.getAndSet(0), templateBytes.getAndSet(0));
            writer.close(); // nothing when the window was written on templates
        }
        windowWriterNanos = 0;
        windowWriterBytes = 0;
        mode = policy.next();
        if (mode == SharingPolicy.Mode.WINDOW) {
            writer.open();
        }
        openedAt = now;
        open = true;
    }

    /** Bytes the open window holds: as charged to the budget, or as the writer counts them when there is none. */
    long retainedBytes() {
        if (budgeted) {
            return writer.chargedBytes();
        }
        lock.lock();
        try {
            return writer.isOpen() ? writer.retainedBytes() : 0;
        } finally {
            lock.unlock();
        }
    }

    /** The counters, for JMX. */
    Map<String, Long> counters() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("windows", policy.uses(SharingPolicy.Mode.WINDOW) + policy.uses(SharingPolicy.Mode.TEMPLATES));
        m.put("windowsShared", policy.uses(SharingPolicy.Mode.WINDOW));
        m.put("windowsTemplates", policy.uses(SharingPolicy.Mode.TEMPLATES));
        m.put("probes", policy.probes());
        m.put("switches", policy.switches());
        m.put("sharedNow", policy.current() == SharingPolicy.Mode.WINDOW ? 1L : 0L);
        m.put("responsesShared", sharedResponses.sum());
        m.put("responsesTemplates", templateResponses.sum());
        m.put("busy", busy.sum());
        lock.lock();
        try {
            m.put("chunksCopied", writer.chunksCopied());
            m.put("chunksFormatted", writer.chunksFormatted());
            m.put("bytesCopied", writer.bytesCopied());
            m.put("budgetDrops", writer.budgetDrops());
            m.put("retainedBytes", budgeted ? writer.chargedBytes() : writer.isOpen() ? writer.retainedBytes() : 0);
        } finally {
            lock.unlock();
        }
        m.put("templatePicosPerByte", picos(policy.nanosPerByte(SharingPolicy.Mode.TEMPLATES)));
        m.put("sharedPicosPerByte", picos(policy.nanosPerByte(SharingPolicy.Mode.WINDOW)));
        return m;
    }

    private static long picos(double nanosPerByte) {
        return Double.isNaN(nanosPerByte) ? -1 : Math.round(nanosPerByte * 1000);
    }
}
