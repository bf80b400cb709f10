package dev.dsoap.axis2;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import dev.dsoap.template.MemoryBudget;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The differential serializers of one operation, SOAP version and direction. A message borrows one for
 * the time it takes to write it, so concurrent senders never share a template; the one returned last is
 * lent first (its template most likely resembles the next message). Beyond {@code max} concurrent
 * messages, a serializer that keeps nothing is lent.
 *
 * <p>Thread-safe.
 */
final class TemplatePool {
    private final MessagePlan plan;
    private final SerializerConfig config;
    private final SerializerStats stats;
    private final MemoryBudget budget;
    private final int max;
    private final ArrayDeque<DifferentialSerializer> idle = new ArrayDeque<>();
    private final List<DifferentialSerializer> all = new ArrayList<>();

    TemplatePool(MessagePlan plan, SerializerConfig config, SerializerStats stats, MemoryBudget budget, int max) {
        this.plan = plan;
        this.config = config;
        this.stats = stats;
        this.budget = budget;
        this.max = max;
    }

    MessagePlan plan() {
        return plan;
    }

    synchronized DifferentialSerializer borrow() {
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

    /** A serializer for one message when every kept one is busy: it is dropped afterwards. */
    DifferentialSerializer transientSerializer() {
        return new DifferentialSerializer(plan, config, stats, null);
    }

    synchronized void release(DifferentialSerializer s) {
        if (all.contains(s)) {
            idle.addFirst(s);
        }
    }

    /** Template bytes kept by this pool's serializers. */
    synchronized long retainedBytes() {
        long n = 0;
        for (DifferentialSerializer s : all) {
            n += s.retainedBytes();
        }
        return n;
    }
}
