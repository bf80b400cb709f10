package dev.dsoap.binding;

import java.nio.charset.StandardCharsets;

/**
 * One node of a compiled {@link MessagePlan}: a leaf value, a struct, or a repeated element. Nodes hold
 * the literal bytes around their values (already UTF-8 and namespace-prefixed for the plan's
 * {@link WireConvention}) and the {@link Accessor} that reads their value from the parent's value.
 *
 * <p>Immutable, thread-safe; shared by every serializer and deserializer of the plan.
 */
public abstract sealed class PlanNode permits ScalarNode, StructNode, ArrayNode {
    /** Path of the node for error messages and statistics, e.g. {@code "echoResponse/return[]/a"}. */
    private final String path;
    /** Reads this node's value from its parent's value; unused for array items (read by index). */
    private final Accessor accessor;
    /** Bytes written for a {@code null} value ({@code <x xsi:nil="true"/>}); {@code null}: omit the node. */
    private final byte[] nil;
    /** Writes this node's value into its parent's value; {@code null} when it cannot be written back. */
    private final Mutator mutator;

    PlanNode(String path, Accessor accessor, byte[] nil) {
        this(path, accessor, nil, null);
    }

    PlanNode(String path, Accessor accessor, byte[] nil, Mutator mutator) {
        this.path = path;
        this.accessor = accessor;
        this.nil = nil;
        this.mutator = mutator;
    }

    public final String path() {
        return path;
    }

    public final Accessor accessor() {
        return accessor;
    }

    /**
     * Writes this node's value into its parent's value (for deserialization), or {@code null} when it
     * cannot: a read-only property, an array item (stored by index), the plan's root.
     */
    public final Mutator mutator() {
        return mutator;
    }

    /** Bytes written for a {@code null} value, or {@code null} when a null value omits the node. */
    public final byte[] nil() {
        return nil;
    }

    /** Whether the value can be {@code null} (primitives cannot). */
    public abstract boolean nullable();

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + path + ")";
    }

    static String text(byte[] bytes) {
        return bytes == null ? "null" : new String(bytes, StandardCharsets.UTF_8);
    }
}
