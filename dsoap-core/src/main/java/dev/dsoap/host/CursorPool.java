package dev.dsoap.host;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * A capped pool of reusable cursors (scanners, readers) of one owner, in place of a {@link ThreadLocal}: the cursors
 * are held by the pool, and so by its owner, never by the threads that use them. A host's threads outlive the
 * owner (a servlet container's workers after the application is undeployed, a shared executor after an endpoint
 * stops), and a thread-local value of a dsoap class on such a thread would keep the application's class loader
 * reachable; a pooled cursor goes with its owner.
 *
 * <p>{@link #take()} returns a kept cursor, or a new one when none is free; {@link #give(Object)} keeps it again
 * while there is room (at most {@code capacity} cursors are kept, the rest are dropped). A cursor given back must
 * be in no use any more. Thread-safe and lock-free; no allocation once warm unless more threads than
 * {@code capacity} use cursors at the same moment.
 *
 * @param <T> the cursor type
 */
public final class CursorPool<T> {
    /** The kept cursors, {@code null} where a slot is free. */
    private final AtomicReferenceArray<T> slots;
    /** Makes a cursor when none is kept. */
    private final Supplier<? extends T> factory;

    /**
     * @param capacity how many cursors are kept at most, 1 or more
     * @param factory  makes a cursor when none is kept
     */
    public CursorPool(int capacity, Supplier<? extends T> factory) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity + ": must be 1 or more");
        }
        this.slots = new AtomicReferenceArray<>(capacity);
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    /** As {@link #CursorPool(int, Supplier)} with room for four cursors per available processor. */
    public CursorPool(Supplier<? extends T> factory) {
        this(4 * Runtime.getRuntime().availableProcessors(), factory);
    }

    /** A kept cursor, or a new one; the caller has it alone until it {@linkplain #give(Object) gives} it back. */
    public T take() {
        int n = slots.length();
        int start = start(n);
        for (int i = 0; i < n; i++) {
            int at = (start + i) % n;
            T t = slots.get(at);
            if (t != null && slots.compareAndSet(at, t, null)) {
                return t;
            }
        }
        return factory.get();
    }

    /** Keeps {@code cursor} for a later {@link #take()} while there is room; drops it otherwise. */
    public void give(T cursor) {
        if (cursor == null) {
            return;
        }
        int n = slots.length();
        int start = start(n);
        for (int i = 0; i < n; i++) {
            int at = (start + i) % n;
            if (slots.get(at) == null && slots.compareAndSet(at, null, cursor)) {
                return;
            }
        }
    }

    /** How many cursors are kept now (for tests; racy under concurrent use). */
    int kept() {
        int k = 0;
        for (int i = 0; i < slots.length(); i++) {
            if (slots.get(i) != null) {
                k++;
            }
        }
        return k;
    }

    /** The slot a thread starts at: threads spread over the slots, so they seldom contend for one. */
    private static int start(int n) {
        return (System.identityHashCode(Thread.currentThread()) & Integer.MAX_VALUE) % n;
    }
}
