package dev.dsoap.template;

import java.util.function.LongSupplier;

/** Budgets for tests in other packages: one that sweeps by a test's clock, with no timer. */
public final class Budgets {
    private Budgets() {
    }

    /** A budget of {@code limitBytes} whose {@link MemoryBudget#sweep()} reads {@code clock} (nanoseconds). */
    public static MemoryBudget withClock(long limitBytes, long idleNanos, LongSupplier clock) {
        return new MemoryBudget(limitBytes, idleNanos, "test", clock);
    }
}
