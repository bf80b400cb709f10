package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.template.MemoryBudget;
import dev.dsoap.template.Standing;

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
    /** The affinity each serializer was last borrowed with. */
    private final java.util.IdentityHashMap<DifferentialSerializer, Long> affinities = new java.util.IdentityHashMap<>();
    /** Ages the templates' standing; guarded by this. */
    private final Standing standing;

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
        this.standing = new Standing(max);
    }

    /** An idle keeping serializer, or a new one while fewer than {@code max} exist, or {@code null}. */
    public DifferentialSerializer borrow() {
        return borrow(0);
    }

    /**
     * As {@link #borrow()}, preferring the idle serializer last borrowed with the same {@code affinity} (a
     * caller's name for a peer or message family, e.g. the kept state that read the request this message
     * answers): its template holds that peer's last message. A message with another affinity, or with
     * affinity 0, gets a template of its own while fewer than {@code max} exist (affinity 0 shares the templates
     * of other messages without one: the one returned last); when the pool is full it takes over only a template
     * whose sender no longer writes on it ({@link Standing}: at least once in the last few borrows per template),
     * else it gets {@code null} and is written without a kept template: more senders than templates lose only
     * the excess, instead of taking turns in each other's templates.
     */
    public synchronized DifferentialSerializer borrow(long affinity) {
        if (standing.tick()) {
            for (DifferentialSerializer s : all) {
                s.hits = Standing.halved(s.hits);
            }
        }
        DifferentialSerializer s = null;
        for (DifferentialSerializer c : idle) {
            if (affinities.getOrDefault(c, 0L) == affinity) {
                s = c;
                break;
            }
        }
        if (s != null) {
            idle.remove(s);
            s.hits = Standing.paid(s.hits);
            return s;
        }
        if (all.size() < max) {
            s = new DifferentialSerializer(plan, config, stats, budget);
            s.onEvicted = this::reclaim;
            all.add(s);
        } else {
            for (DifferentialSerializer c : idle) { // least recently returned first
                if (c.hits == 0) {
                    s = c;
                }
            }
            if (s == null) {
                return null;
            }
            idle.remove(s);
            s.hits = Standing.START;
        }
        affinities.put(s, affinity);
        return s;
    }

    /** A serializer for one message when every kept one is busy; it keeps nothing and is not returned. */
    public DifferentialSerializer transientSerializer() {
        return new DifferentialSerializer(plan, config, stats, null);
    }

    /** Gives back a serializer from {@link #borrow()}; others are ignored. */
    public synchronized void release(DifferentialSerializer s) {
        if (all.contains(s)) {
            s.returned();
            s.dropIfEvicted();
            idle.addFirst(s);
        }
    }

    /** Drops the templates the budget evicted from idle serializers (lent ones drop theirs when given back). */
    private synchronized void reclaim() {
        for (DifferentialSerializer s : idle) {
            s.dropIfEvicted();
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
