package dev.dsoap.binding;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiled plans by (shape, convention): each key is compiled at most once and every caller gets the
 * same {@link MessagePlan} instance. A shape that cannot be compiled is remembered too: later calls
 * throw a new {@link UnsupportedTypeException} (caused by the first) without compiling again.
 *
 * <p>Keys hold their Java types, and so their class loaders, strongly: keep one cache per deployed
 * service (or per client proxy) and drop it, or {@link #clear()} it, when that is undeployed. The cache
 * is not bounded: it holds one entry per operation message of what it serves.
 *
 * <p>Thread-safe.
 */
public final class PlanCache {
    /** Compiles on a miss. */
    private final PlanCompiler compiler = new PlanCompiler();
    /** {@link MessagePlan} or {@link UnsupportedTypeException} by key. */
    private final ConcurrentHashMap<Key, Object> plans = new ConcurrentHashMap<>();

    /**
     * The cache key. Its equals and hashCode are written out: a record's generated ones are bootstrapped through
     * JDK-wide method handles that keep the last component type they were adapted to (on Java 17), which would keep
     * this class loader reachable after the application stops.
     */
    private record Key(MessageShape shape, WireConvention convention) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && shape.equals(k.shape) && convention.equals(k.convention);
        }

        @Override
        public int hashCode() {
            return 31 * shape.hashCode() + convention.hashCode();
        }
    }

    public PlanCache() {
    }

    /**
     * The plan for {@code shape} under {@code convention}, compiled on first use.
     *
     * @throws UnsupportedTypeException if the shape cannot be compiled (now or on an earlier call)
     * @throws IllegalArgumentException as {@link PlanCompiler#compile} (not remembered)
     */
    public MessagePlan get(MessageShape shape, WireConvention convention) {
        Key key = new Key(Objects.requireNonNull(shape, "shape"), Objects.requireNonNull(convention, "convention"));
        Object v = plans.get(key);
        if (v == null) {
            v = plans.computeIfAbsent(key, this::compile);
        }
        if (v instanceof MessagePlan plan) {
            return plan;
        }
        throw new UnsupportedTypeException((UnsupportedTypeException) v);
    }

    /** How many keys are cached (failures included). */
    public int size() {
        return plans.size();
    }

    /** Forgets every plan and failure. */
    public void clear() {
        plans.clear();
    }

    private Object compile(Key key) {
        try {
            return compiler.compile(key.shape(), key.convention());
        } catch (UnsupportedTypeException e) {
            return e;
        }
    }
}
