package dev.dsoap.binding;

/**
 * A repeated element: each item of an array or {@link java.util.List} written by {@link #item()}
 * (whose accessor is not used: items are read by index). Document/literal style, so there is no
 * wrapper element; an empty array writes nothing.
 *
 * <p>Immutable, thread-safe.
 */
public final class ArrayNode extends PlanNode {
    /** How the items are held. */
    public enum Container {
        /** {@code double[]}, {@code int[]}, ...: items never null. */
        PRIMITIVE_ARRAY,
        /** {@code Double[]}, {@code String[]}, {@code Bean[]}, ... */
        OBJECT_ARRAY,
        /** {@link java.util.List} (random access expected; other lists are copied first). */
        LIST
    }

    /** How the items are held. */
    private final Container container;
    /** The Java class of the container, e.g. {@code double[].class} or {@code List.class}. */
    private final Class<?> javaType;
    /** How each item is written. */
    private final PlanNode item;

    public ArrayNode(String path, Accessor accessor, byte[] nil, Container container, Class<?> javaType, PlanNode item) {
        this(path, accessor, nil, container, javaType, item, null);
    }

    /**
     * As the constructor without {@code mutator}, plus the {@link #mutator()} used by deserialization (which
     * builds the container from {@link #javaType()} and the item's Java type: an array, or an
     * {@link java.util.ArrayList} for {@link Container#LIST}).
     */
    public ArrayNode(String path, Accessor accessor, byte[] nil, Container container, Class<?> javaType, PlanNode item,
                     Mutator mutator) {
        super(path, accessor, nil, mutator);
        if (container == Container.PRIMITIVE_ARRAY && (!(item instanceof ScalarNode s) || !s.primitive())) {
            throw new IllegalArgumentException(path + ": a primitive array needs a primitive scalar item");
        }
        if (item instanceof ArrayNode) {
            throw new IllegalArgumentException(path + ": arrays of arrays have no document/literal form here");
        }
        this.container = container;
        this.javaType = javaType;
        this.item = item;
    }

    public Container container() {
        return container;
    }

    public Class<?> javaType() {
        return javaType;
    }

    public PlanNode item() {
        return item;
    }

    @Override
    public boolean nullable() {
        return true;
    }

    @Override
    public String toString() {
        return "Array(" + path() + " " + container + " of " + item + ")";
    }
}
