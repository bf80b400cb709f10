package dev.dsoap.binding;

/**
 * Reads one property of an owner object: a bean getter or field, or one part of an operation's
 * argument array. The typed getters exist so primitive values are read without boxing; each is only
 * called when the plan node says the property has that primitive type: {@link ScalarType#BOOLEAN} uses
 * {@link #getBoolean}, {@code BYTE}, {@code SHORT} and {@code INT} use {@link #getInt}, {@code LONG}
 * {@link #getLong}, {@code FLOAT} {@link #getFloat}, {@code DOUBLE} {@link #getDouble}. The accessors
 * {@link PlanCompiler} builds for bean properties override exactly those, so they never box.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface Accessor {

    /** The property value, boxed for primitives; {@code null} when absent. */
    Object get(Object owner);

    default boolean getBoolean(Object owner) {
        return (Boolean) get(owner);
    }

    default int getInt(Object owner) {
        return ((Number) get(owner)).intValue();
    }

    default long getLong(Object owner) {
        return ((Number) get(owner)).longValue();
    }

    default float getFloat(Object owner) {
        return ((Number) get(owner)).floatValue();
    }

    default double getDouble(Object owner) {
        return ((Number) get(owner)).doubleValue();
    }

    /** Reads element {@code index} of an {@code Object[]} owner: used for operation parts. */
    static Accessor part(int index) {
        return new PartAccessor(index);
    }
}
