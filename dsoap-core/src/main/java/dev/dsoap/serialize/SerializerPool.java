package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.template.MemoryBudget;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The differential serializers of one message stream shared by many senders (e.g. one operation's
 * responses on a server). A message borrows a serializer for the time it takes to write it, so concurrent
 * senders never share a template; the one returned last is lent first (its template most likely
 * resembles the next message). At most {@code max} serializers keep templates; when all are lent,
 * {@link #borrow()} returns {@code null} and the caller writes with {@link #transientSerializer()}.
 *
 * <p>Thread-safe.
 */
public final class SerializerPool {
    private final MessagePlan plan;
    private final SerializerConfig config;
    private final SerializerStats stats;
    private final MemoryBudget budget;
    private final int max;
    private final ArrayDeque<DifferentialSerializer> idle = new ArrayDeque<>();
    private final List<DifferentialSerializer> all = new ArrayList<>();

    /**
     * @param budget caps the template bytes of these and other streams sharing it, or {@code null}
     * @param max    serializers that keep templates (>= 1)
     */
    public SerializerPool(MessagePlan plan, SerializerConfig config, SerializerStats stats, MemoryBudget budget, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max " + max);
        }
        this.plan = plan;
        this.config = config;
        this.stats = stats;
        this.budget = budget;
        this.max = max;
    }

    /** An idle keeping serializer, or a new one while fewer than {@code max} exist, or {@code null}. */
    public synchronized DifferentialSerializer borrow() {
        DifferentialSerializer s = idle.pollFirst();
        if (s != null) {
            return s;
        }
        if (all.size() < max) {
            s = new DifferentialSerializer(plan, config, stats, budget);
            all.add(s);
            return s;
        }
        return null;
    }

    /** A serializer for one message when every kept one is busy; it keeps nothing and is not returned. */
    public DifferentialSerializer transientSerializer() {
        return new DifferentialSerializer(plan, config, stats, null);
    }

    /** Gives back a serializer from {@link #borrow()}; others are ignored. */
    public synchronized void release(DifferentialSerializer s) {
        if (all.contains(s)) {
            idle.addFirst(s);
        }
    }

    /** Template bytes kept by this pool's serializers. */
    public synchronized long retainedBytes() {
        long n = 0;
        for (DifferentialSerializer s : all) {
            n += s.retainedBytes();
        }
        return n;
    }
}
