package dev.dsoap.metrics;

import dev.dsoap.template.MemoryBudget;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The meters of one memory budget (an Axis2 configuration's or a CXF bus's): one line per meter. Not thread-safe
 * (called under the {@link Binding}'s lock).
 */
final class BudgetMeters {
    private final MeterRegistry registry;
    private final Tags tags;
    private final MemoryBudget budget;
    private final List<Meter> meters = new ArrayList<>();

    private BudgetMeters(MeterRegistry registry, Tags tags, MemoryBudget budget) {
        this.registry = registry;
        this.tags = tags;
        this.budget = budget;
    }

    /** Registers the meters of {@code budget} tagged {@code tags}; returns them. */
    static List<Meter> register(MeterRegistry registry, Tags tags, MemoryBudget budget) {
        BudgetMeters m = new BudgetMeters(registry, tags, budget);
        m.gauge("dsoap.memory.used", BaseUnits.BYTES, "bytes now charged to the memory budget", MemoryBudget::usedBytes);
        m.gauge("dsoap.memory.limit", BaseUnits.BYTES, "the memory budget's cap (dsoap.memoryBudget)", MemoryBudget::limitBytes);
        m.gauge("dsoap.memory.holders", "holders", "templates and kept messages now charged to the budget", MemoryBudget::holders);
        m.counter("dsoap.memory.evictions", "holders", "holders evicted, least recently used first, to stay under the budget", MemoryBudget::evictions);
        m.counter("dsoap.memory.idle.drops", "holders", "holders dropped because they went unused for longer than dsoap.idleTimeout", MemoryBudget::idleDrops);
        m.counter("dsoap.memory.refusals", "charges", "charges refused because one holder alone exceeded the budget", MemoryBudget::refusals);
        m.gauge("dsoap.memory.inflight", BaseUnits.BYTES, "bytes of messages being read, part of the used bytes", MemoryBudget::inFlightBytes);
        m.gauge("dsoap.memory.inflight.peak", BaseUnits.BYTES, "the most bytes of messages being read at once so far", MemoryBudget::inFlightPeakBytes);
        m.gauge("dsoap.memory.inflight.limit", BaseUnits.BYTES, "the bound on bytes of messages being read at once (dsoap.maxInFlightBytes)",
                MemoryBudget::inFlightLimitBytes);
        m.counter("dsoap.memory.inflight.refusals", "messages", "messages that found the bound on bytes in flight full and went the host's way",
                MemoryBudget::inFlightRefusals);
        return m.meters;
    }

    private void gauge(String name, String unit, String description, ToDoubleFunction<MemoryBudget> value) {
        meters.add(Gauge.builder(name, budget, value).tags(tags).baseUnit(unit).description(description)
                .strongReference(true).register(registry));
    }

    private void counter(String name, String unit, String description, ToDoubleFunction<MemoryBudget> value) {
        meters.add(FunctionCounter.builder(name, budget, value).tags(tags).baseUnit(unit).description(description)
                .register(registry));
    }
}
