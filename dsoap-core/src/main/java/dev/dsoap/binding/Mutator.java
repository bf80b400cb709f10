package dev.dsoap.binding;

/**
 * Writes one property of an owner object: a bean setter or field, or one part of an operation's
 * argument array; the write side of {@link Accessor}, for deserialization. The typed setters exist so
 * primitive values are stored without boxing; each is only called when the plan node says the property
 * has that primitive type: {@link ScalarType#BOOLEAN} uses {@link #setBoolean}, {@code BYTE}, {@code SHORT}
 * and {@code INT} use {@link #setInt} (narrowed by the implementation), {@code LONG} {@link #setLong},
 * {@code FLOAT} {@link #setFloat}, {@code DOUBLE} {@link #setDouble}.
 *
 * <p>Implementations are immutable and thread-safe (the owners they write to are not).
 */
public interface Mutator {

    /** Stores {@code value}, boxed for primitives (which must not be {@code null}). */
    void set(Object owner, Object value);

    default void setBoolean(Object owner, boolean value) {
        set(owner, value);
    }

    default void setInt(Object owner, int value) {
        set(owner, value);
    }

    default void setLong(Object owner, long value) {
        set(owner, value);
    }

    default void setFloat(Object owner, float value) {
        set(owner, value);
    }

    default void setDouble(Object owner, double value) {
        set(owner, value);
    }
}
