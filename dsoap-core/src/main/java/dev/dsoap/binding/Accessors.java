package dev.dsoap.binding;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * Builds {@link Accessor}s for bean getters and fields (see {@link Handles} for how): one implementation
 * per primitive family, each overriding the typed getter of its family so primitives are never boxed
 * ({@code byte}/{@code short}/{@code int} read through {@link ToIntFunction}, {@code float}/{@code double}
 * through {@link ToDoubleFunction}, {@code boolean} through {@link Predicate}). Stateless; the accessors
 * are immutable and thread-safe.
 */
final class Accessors {
    /** The root's accessor: the value is the parts array itself. */
    static final Accessor IDENTITY = new Identity();
    /** Array items' accessor: items are read by index, never through an accessor. */
    static final Accessor ITEM = new Item();

    private Accessors() {
    }

    /** Reads through getter {@code m}; {@code path} names the property in error messages. */
    static Accessor getter(Method m, String path) {
        Class<?> owner = m.getDeclaringClass();
        MethodHandles.Lookup lookup = Handles.privateLookup(owner);
        MethodHandle mh;
        try {
            mh = Handles.lookupFor(lookup).unreflect(m);
        } catch (IllegalAccessException e) {
            throw new UnsupportedTypeException(path, owner.getName(), "getter " + m.getName() + "() is not accessible: " + e.getMessage());
        }
        return build(mh, m.getReturnType(), Handles.lambdaCaller(owner, m, lookup), m.getName() + "()");
    }

    /** Reads field {@code f}; {@code path} names the property in error messages. */
    static Accessor field(Field f, String path) {
        Class<?> owner = f.getDeclaringClass();
        MethodHandles.Lookup lookup = Handles.privateLookup(owner);
        MethodHandle mh;
        try {
            mh = Handles.lookupFor(lookup).unreflectGetter(f);
        } catch (IllegalAccessException e) {
            throw new UnsupportedTypeException(path, owner.getName(), "field " + f.getName() + " is not accessible: " + e.getMessage());
        }
        return build(mh, f.getType(), null, "field " + f.getName());
    }

    @SuppressWarnings("unchecked")
    private static Accessor build(MethodHandle mh, Class<?> type, MethodHandles.Lookup caller, String label) {
        Class<?> receiver = mh.type().parameterType(0);
        if (type == boolean.class) {
            Predicate<Object> p = (Predicate<Object>) Handles.lambda(caller, Predicate.class, "test",
                    MethodType.methodType(boolean.class, Object.class), mh, MethodType.methodType(boolean.class, receiver));
            if (p == null) {
                MethodHandle h = mh.asType(MethodType.methodType(boolean.class, Object.class));
                p = o -> {
                    try {
                        return (boolean) h.invokeExact(o);
                    } catch (Throwable t) {
                        throw Handles.rethrow(t);
                    }
                };
            }
            return new BooleanGetter(p, label);
        }
        if (type == byte.class || type == short.class || type == int.class) {
            ToIntFunction<Object> f = (ToIntFunction<Object>) Handles.lambda(caller, ToIntFunction.class, "applyAsInt",
                    MethodType.methodType(int.class, Object.class), mh, MethodType.methodType(int.class, receiver));
            if (f == null) {
                MethodHandle h = mh.asType(MethodType.methodType(int.class, Object.class));
                f = o -> {
                    try {
                        return (int) h.invokeExact(o);
                    } catch (Throwable t) {
                        throw Handles.rethrow(t);
                    }
                };
            }
            return new IntGetter(f, type, label);
        }
        if (type == long.class) {
            ToLongFunction<Object> f = (ToLongFunction<Object>) Handles.lambda(caller, ToLongFunction.class, "applyAsLong",
                    MethodType.methodType(long.class, Object.class), mh, MethodType.methodType(long.class, receiver));
            if (f == null) {
                MethodHandle h = mh.asType(MethodType.methodType(long.class, Object.class));
                f = o -> {
                    try {
                        return (long) h.invokeExact(o);
                    } catch (Throwable t) {
                        throw Handles.rethrow(t);
                    }
                };
            }
            return new LongGetter(f, label);
        }
        if (type == float.class || type == double.class) {
            ToDoubleFunction<Object> f = (ToDoubleFunction<Object>) Handles.lambda(caller, ToDoubleFunction.class,
                    "applyAsDouble", MethodType.methodType(double.class, Object.class), mh,
                    MethodType.methodType(double.class, receiver));
            if (f == null) {
                MethodHandle h = mh.asType(MethodType.methodType(double.class, Object.class));
                f = o -> {
                    try {
                        return (double) h.invokeExact(o);
                    } catch (Throwable t) {
                        throw Handles.rethrow(t);
                    }
                };
            }
            return new DoubleGetter(f, type == float.class, label);
        }
        if (type.isPrimitive()) {
            throw new IllegalArgumentException(label + ": no accessor for " + type);
        }
        Function<Object, Object> f = (Function<Object, Object>) Handles.lambda(caller, Function.class, "apply",
                MethodType.methodType(Object.class, Object.class), mh, MethodType.methodType(type, receiver));
        if (f == null) {
            MethodHandle h = mh.asType(MethodType.methodType(Object.class, Object.class));
            f = o -> {
                try {
                    return (Object) h.invokeExact(o);
                } catch (Throwable t) {
                    throw Handles.rethrow(t);
                }
            };
        }
        return new ObjectGetter(f, label);
    }

    /** The owner itself. */
    private static final class Identity implements Accessor {
        @Override
        public Object get(Object owner) {
            return owner;
        }

        @Override
        public String toString() {
            return "identity";
        }
    }

    /** Never called: array items are read by index. */
    private static final class Item implements Accessor {
        @Override
        public Object get(Object owner) {
            throw new UnsupportedOperationException("array items are read by index, not through an accessor");
        }

        @Override
        public String toString() {
            return "item";
        }
    }

    /** A {@code boolean} property. */
    private static final class BooleanGetter implements Accessor {
        /** Reads the property. */
        private final Predicate<Object> read;
        /** The member read, for {@code toString}. */
        private final String label;

        BooleanGetter(Predicate<Object> read, String label) {
            this.read = read;
            this.label = label;
        }

        @Override
        public Object get(Object owner) {
            return read.test(owner);
        }

        @Override
        public boolean getBoolean(Object owner) {
            return read.test(owner);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A {@code byte}, {@code short} or {@code int} property. */
    private static final class IntGetter implements Accessor {
        /** Reads the property, widened to int. */
        private final ToIntFunction<Object> read;
        /** {@code byte.class}, {@code short.class} or {@code int.class}: what {@link #get} boxes to. */
        private final Class<?> type;
        /** The member read, for {@code toString}. */
        private final String label;

        IntGetter(ToIntFunction<Object> read, Class<?> type, String label) {
            this.read = read;
            this.type = type;
            this.label = label;
        }

        @Override
        public Object get(Object owner) {
            int v = read.applyAsInt(owner);
            if (type == byte.class) {
                return (byte) v;
            }
            if (type == short.class) {
                return (short) v;
            }
            return v;
        }

        @Override
        public int getInt(Object owner) {
            return read.applyAsInt(owner);
        }

        @Override
        public long getLong(Object owner) {
            return read.applyAsInt(owner);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A {@code long} property. */
    private static final class LongGetter implements Accessor {
        /** Reads the property. */
        private final ToLongFunction<Object> read;
        /** The member read, for {@code toString}. */
        private final String label;

        LongGetter(ToLongFunction<Object> read, String label) {
            this.read = read;
            this.label = label;
        }

        @Override
        public Object get(Object owner) {
            return read.applyAsLong(owner);
        }

        @Override
        public long getLong(Object owner) {
            return read.applyAsLong(owner);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A {@code float} or {@code double} property. */
    private static final class DoubleGetter implements Accessor {
        /** Reads the property, widened to double (exact for floats). */
        private final ToDoubleFunction<Object> read;
        /** Whether the property is a {@code float} (boxed as {@link Float}). */
        private final boolean isFloat;
        /** The member read, for {@code toString}. */
        private final String label;

        DoubleGetter(ToDoubleFunction<Object> read, boolean isFloat, String label) {
            this.read = read;
            this.isFloat = isFloat;
            this.label = label;
        }

        @Override
        public Object get(Object owner) {
            double v = read.applyAsDouble(owner);
            return isFloat ? (Object) (float) v : (Object) v;
        }

        @Override
        public float getFloat(Object owner) {
            return (float) read.applyAsDouble(owner);
        }

        @Override
        public double getDouble(Object owner) {
            return read.applyAsDouble(owner);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A reference-typed property. */
    private static final class ObjectGetter implements Accessor {
        /** Reads the property. */
        private final Function<Object, Object> read;
        /** The member read, for {@code toString}. */
        private final String label;

        ObjectGetter(Function<Object, Object> read, String label) {
            this.read = read;
            this.label = label;
        }

        @Override
        public Object get(Object owner) {
            return read.apply(owner);
        }

        @Override
        public String toString() {
            return label;
        }
    }
}
