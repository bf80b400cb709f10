package dev.dsoap.host;

import dev.dsoap.template.MemoryBudget;

/**
 * {@link BudgetStatsMXBean} read from a {@link MemoryBudget} when asked. A host's module bean extends it with
 * attributes of its own. Thread-safe (the budget is).
 */
public class BudgetStats implements BudgetStatsMXBean {
    private final MemoryBudget budget;

    /** @param budget the host configuration's budget */
    public BudgetStats(MemoryBudget budget) {
        this.budget = java.util.Objects.requireNonNull(budget, "budget");
    }

    @Override
    public final long getMemoryBudgetBytes() {
        return budget.limitBytes();
    }

    @Override
    public final long getMemoryUsedBytes() {
        return budget.usedBytes();
    }

    @Override
    public final long getMemorySpareBytes() {
        return budget.spareBytes();
    }

    @Override
    public final long getEvictions() {
        return budget.evictions();
    }

    @Override
    public final long getIdleDrops() {
        return budget.idleDrops();
    }

    @Override
    public final long getIdleTimeoutMillis() {
        return budget.idleNanos() / 1_000_000;
    }

    @Override
    public final long getInFlightBytes() {
        return budget.inFlightBytes();
    }

    @Override
    public final long getInFlightPeakBytes() {
        return budget.inFlightPeakBytes();
    }

    @Override
    public final long getInFlightLimitBytes() {
        return budget.inFlightLimitBytes();
    }

    @Override
    public final long getInFlightRefusals() {
        return budget.inFlightRefusals();
    }
}
