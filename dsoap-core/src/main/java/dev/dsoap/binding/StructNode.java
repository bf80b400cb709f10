package dev.dsoap.binding;

import java.util.List;
import java.util.function.Supplier;

/**
 * A struct written as {@code openStart + attributes + openEnd + children + close}, e.g.
 * {@code <ns:mio} {@code  id="7"} {@code >} ... {@code </ns:mio>}. The plan's root is a struct over
 * the operation's {@code Object[]} parts whose bytes are the wrapper element (or empty, for bare parts).
 *
 * <p>Immutable, thread-safe.
 */
public final class StructNode extends PlanNode {
    /** The Java class of the value ({@code Object[].class} for the parts root). */
    private final Class<?> javaType;
    /** Start tag up to the attributes, e.g. {@code <ns:mio} (with namespace declarations). */
    private final byte[] openStart;
    /** Attribute leaves, written inside the start tag in this order. */
    private final List<ScalarNode> attributes;
    /** End of the start tag, {@code >}. */
    private final byte[] openEnd;
    /** Element children in document order. */
    private final List<PlanNode> children;
    /** End tag, e.g. {@code </ns:mio>}. */
    private final byte[] close;
    /** Whether the value may be null (false for the parts root). */
    private final boolean nullable;
    /** Creates an empty value to deserialize into; {@code null} when unknown. */
    private final Supplier<Object> factory;

    public StructNode(String path, Accessor accessor, byte[] nil, boolean nullable, Class<?> javaType,
                      byte[] openStart, List<ScalarNode> attributes, byte[] openEnd,
                      List<PlanNode> children, byte[] close) {
        this(path, accessor, nil, nullable, javaType, openStart, attributes, openEnd, children, close, null, null);
    }

    /**
     * As the constructor without them, plus what deserialization needs: the {@link #mutator()} storing this
     * struct into its parent and the {@link #factory()} creating an empty one whose children's mutators
     * then fill it in.
     */
    public StructNode(String path, Accessor accessor, byte[] nil, boolean nullable, Class<?> javaType,
                      byte[] openStart, List<ScalarNode> attributes, byte[] openEnd,
                      List<PlanNode> children, byte[] close, Mutator mutator, Supplier<Object> factory) {
        super(path, accessor, nil, mutator);
        for (ScalarNode a : attributes) {
            if (!a.attribute()) {
                throw new IllegalArgumentException(path + ": " + a.path() + " is not an attribute");
            }
        }
        this.nullable = nullable;
        this.javaType = javaType;
        this.openStart = openStart.clone();
        this.attributes = List.copyOf(attributes);
        this.openEnd = openEnd.clone();
        this.children = List.copyOf(children);
        this.close = close.clone();
        this.factory = factory;
    }

    /**
     * Creates an empty value (a bean from its no-arg constructor, or a new {@code Object[]} of the parts
     * for the root) for deserialization to fill in through the children's mutators; {@code null} when
     * unknown. Thread-safe; each call returns a new instance.
     */
    public Supplier<Object> factory() {
        return factory;
    }

    public Class<?> javaType() {
        return javaType;
    }

    /** Do not modify. */
    public byte[] openStart() {
        return openStart;
    }

    public List<ScalarNode> attributes() {
        return attributes;
    }

    /** Do not modify. */
    public byte[] openEnd() {
        return openEnd;
    }

    public List<PlanNode> children() {
        return children;
    }

    /** Do not modify. */
    public byte[] close() {
        return close;
    }

    @Override
    public boolean nullable() {
        return nullable;
    }

    @Override
    public String toString() {
        return "Struct(" + path() + " " + text(openStart) + " " + attributes.size() + " attrs, "
                + children.size() + " children)";
    }
}
