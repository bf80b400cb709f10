package dev.dsoap.binding;

/**
 * A value the plan cannot carry faithfully, found while serializing: e.g. a subclass of the planned bean
 * class, whose extra properties a plan of the declared type would drop, or a value the convention's bean style refuses (see
 * {@link WireConvention.BeanStyle#ADB}). Hosts fall back to their own
 * serialization when they see it; the stream's template has been discarded.
 */
public final class UnsupportedValueException extends RuntimeException {
    public UnsupportedValueException(String message) {
        super(message);
    }
}
