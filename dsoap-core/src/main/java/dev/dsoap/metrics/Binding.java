package dev.dsoap.metrics;

import dev.dsoap.host.LiveStats;
import dev.dsoap.host.OperationStats;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToDoubleFunction;

/**
 * The meters of one {@link DsoapMetrics} in one registry, following {@link LiveStats}: an operation's meters are
 * added with its first publication under their tags and removed with its last withdrawal; a budget's with it.
 * Called by {@link LiveStats} under its lock; thread-safe.
 */
final class Binding implements LiveStats.Listener {
    private final MeterRegistry registry;
    private final Tags common;
    /** Operations by their tags; guarded by this. */
    private final Map<Tags, Group> operations = new HashMap<>();
    /** The meters of each budget; guarded by this. */
    private final Map<LiveStats.Budget, List<Meter>> budgets = new HashMap<>();
    /** Stops the calls from {@link LiveStats}; guarded by this. */
    private AutoCloseable listening;
    private boolean closed;

    /** The live operations that share one set of tags, and the meters that read their sum. */
    static final class Group {
        /** The operations' counters; read by the registry's threads. */
        final List<OperationStats> members = new CopyOnWriteArrayList<>();
        final List<Meter> meters = new ArrayList<>();

        /** The sum of {@code value} over the members. */
        double sum(ToDoubleFunction<OperationStats> value) {
            double s = 0;
            for (OperationStats m : members) {
                s += value.applyAsDouble(m);
            }
            return s;
        }
    }

    Binding(MeterRegistry registry, Tags common) {
        this.registry = registry;
        this.common = common;
    }

    /** Keeps the handle that stops the calls from {@link LiveStats} (or uses it now, if already closed). */
    void listening(AutoCloseable handle) {
        synchronized (this) {
            if (!closed) {
                listening = handle;
                return;
            }
        }
        stop(handle);
    }

    @Override
    public synchronized void added(LiveStats.Operation op) {
        if (closed) {
            return;
        }
        Tags tags = common.and("host", op.hostTag(), "side", op.side(), "service", op.stats().getService(),
                "operation", op.stats().getOperation());
        Group g = operations.get(tags);
        if (g == null) {
            g = new Group();
            operations.put(tags, g);
            OperationMeters.register(registry, tags, g, op.stats());
        }
        if (!g.members.contains(op.stats())) {
            g.members.add(op.stats());
        }
    }

    @Override
    public synchronized void removed(LiveStats.Operation op) {
        Tags tags = common.and("host", op.hostTag(), "side", op.side(), "service", op.stats().getService(),
                "operation", op.stats().getOperation());
        Group g = operations.get(tags);
        if (g != null && g.members.remove(op.stats()) && g.members.isEmpty()) {
            operations.remove(tags);
            remove(g.meters);
        }
    }

    @Override
    public synchronized void added(LiveStats.Budget b) {
        if (!closed && !budgets.containsKey(b)) {
            budgets.put(b, BudgetMeters.register(registry, common.and("host", b.hostTag(), "context", b.context()),
                    b.budget()));
        }
    }

    @Override
    public synchronized void removed(LiveStats.Budget b) {
        List<Meter> meters = budgets.remove(b);
        if (meters != null) {
            remove(meters);
        }
    }

    /**
     * Stops following {@link LiveStats} and removes every meter added. The handle is closed without this object's
     * lock: {@link LiveStats} calls this object under its own lock.
     */
    void close() {
        AutoCloseable handle;
        synchronized (this) {
            closed = true;
            handle = listening;
            listening = null;
        }
        if (handle != null) {
            stop(handle);
        }
        synchronized (this) {
            for (Group g : operations.values()) {
                remove(g.meters);
            }
            operations.clear();
            for (List<Meter> meters : budgets.values()) {
                remove(meters);
            }
            budgets.clear();
        }
    }

    private void remove(List<Meter> meters) {
        for (Meter m : meters) {
            registry.remove(m);
        }
        meters.clear();
    }

    private static void stop(AutoCloseable handle) {
        try {
            handle.close();
        } catch (Exception e) {
            throw new IllegalStateException("dsoap metrics: could not stop listening: " + e, e);
        }
    }
}
