package dev.dsoap.binding;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.function.BiConsumer;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * Builds what deserialization needs to create and fill beans: {@link Mutator}s for setters and fields,
 * and factories for no-arg constructors (see {@link Handles} for how). {@code int}, {@code long},
 * {@code double} and reference setters become metafactory lambdas where possible; {@code boolean},
 * {@code byte}, {@code short} and {@code float} ones (which no {@code java.util.function} interface takes
 * unboxed) and fields use exactly-typed method handles. Stateless; the results are immutable and
 * thread-safe.
 */
final class Mutators {

    private Mutators() {
    }

    /**
     * Stores an array read with no items as {@code null}, as Axis2's {@code BeanUtil} and ADB read a bean's
     * array property that has no elements.
     */
    static Mutator noItemsIsNull(Mutator base) {
        return base == null ? null : new NoItemsIsNull(base);
    }

    /** Writes through setter {@code m}, or {@code null} if it is inaccessible. */
    static Mutator setter(Method m) {
        Class<?> owner = m.getDeclaringClass();
        MethodHandles.Lookup lookup = Handles.privateLookup(owner);
        MethodHandle mh;
        try {
            mh = Handles.lookupFor(lookup).unreflect(m);
        } catch (IllegalAccessException e) {
            return null;
        }
        return build(mh, m.getParameterTypes()[0], Handles.lambdaCaller(owner, m, lookup), m.getName() + "(..)");
    }

    /** Writes field {@code f}, or {@code null} if it is final or inaccessible. */
    static Mutator field(Field f) {
        Class<?> owner = f.getDeclaringClass();
        if (Modifier.isFinal(f.getModifiers())) {
            return null;
        }
        MethodHandle mh;
        try {
            mh = Handles.lookupFor(Handles.privateLookup(owner)).unreflectSetter(f);
        } catch (IllegalAccessException e) {
            return null;
        }
        return build(mh, f.getType(), null, "field " + f.getName());
    }

    /**
     * Stores part {@code index} of an operation's {@code Object[]} arguments, whose declared type is
     * {@code type} ({@code null} when not a class): {@code byte} and {@code short} parts given to
     * {@link Mutator#setInt} are stored as {@link Byte} and {@link Short}, as a call through reflection needs.
     */
    static Mutator part(int index, Class<?> type) {
        return new PartMutator(index, type);
    }

    /**
     * Creates beans of class {@code c} through its no-arg constructor (any visibility).
     *
     * @throws UnsupportedTypeException if there is none, or it cannot be reached
     */
    @SuppressWarnings("unchecked")
    static Supplier<Object> factory(Class<?> c, String path) {
        Constructor<?> ctor;
        try {
            ctor = c.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            throw new UnsupportedTypeException(path, c.getName(), "a bean needs a no-arg constructor");
        }
        MethodHandles.Lookup lookup = Handles.privateLookup(c);
        MethodHandle mh;
        try {
            mh = Handles.lookupFor(lookup).unreflectConstructor(ctor);
        } catch (IllegalAccessException e) {
            throw new UnsupportedTypeException(path, c.getName(), "its no-arg constructor is not accessible: " + e.getMessage());
        }
        Supplier<Object> s = (Supplier<Object>) Handles.lambda(Handles.lambdaCaller(c, ctor, lookup), Supplier.class, "get",
                MethodType.methodType(Object.class), mh, MethodType.methodType(c));
        if (s == null) {
            MethodHandle h = mh.asType(MethodType.methodType(Object.class));
            s = () -> {
                try {
                    return (Object) h.invokeExact();
                } catch (Throwable t) {
                    throw Handles.rethrow(t);
                }
            };
        }
        return s;
    }

    /** A factory of {@code Object[size]}: the root of a plan. */
    static Supplier<Object> parts(int size) {
        return () -> new Object[size];
    }

    @SuppressWarnings("unchecked")
    private static Mutator build(MethodHandle mh, Class<?> type, MethodHandles.Lookup caller, String label) {
        Class<?> receiver = mh.type().parameterType(0);
        if (type == int.class) {
            ObjIntConsumer<Object> c = (ObjIntConsumer<Object>) Handles.lambda(caller, ObjIntConsumer.class, "accept",
                    MethodType.methodType(void.class, Object.class, int.class), mh,
                    MethodType.methodType(void.class, receiver, int.class));
            return new IntSetter(c != null ? c : intHandle(mh), type, label);
        }
        if (type == boolean.class || type == byte.class || type == short.class) {
            return new IntSetter(intHandle(mh), type, label);
        }
        if (type == long.class) {
            ObjLongConsumer<Object> c = (ObjLongConsumer<Object>) Handles.lambda(caller, ObjLongConsumer.class, "accept",
                    MethodType.methodType(void.class, Object.class, long.class), mh,
                    MethodType.methodType(void.class, receiver, long.class));
            if (c == null) {
                MethodHandle h = MethodHandles.explicitCastArguments(mh.asType(mh.type().changeReturnType(void.class)),
                        MethodType.methodType(void.class, Object.class, long.class));
                c = (o, v) -> {
                    try {
                        h.invokeExact(o, v);
                    } catch (Throwable t) {
                        throw Handles.rethrow(t);
                    }
                };
            }
            return new LongSetter(c, label);
        }
        if (type == double.class) {
            ObjDoubleConsumer<Object> c = (ObjDoubleConsumer<Object>) Handles.lambda(caller, ObjDoubleConsumer.class,
                    "accept", MethodType.methodType(void.class, Object.class, double.class), mh,
                    MethodType.methodType(void.class, receiver, double.class));
            return new DoubleSetter(c != null ? c : doubleHandle(mh), false, label);
        }
        if (type == float.class) {
            return new DoubleSetter(doubleHandle(mh), true, label);
        }
        if (type.isPrimitive()) {
            throw new IllegalArgumentException(label + ": no mutator for " + type);
        }
        BiConsumer<Object, Object> c = (BiConsumer<Object, Object>) Handles.lambda(caller, BiConsumer.class, "accept",
                MethodType.methodType(void.class, Object.class, Object.class), mh,
                MethodType.methodType(void.class, receiver, type));
        if (c == null) {
            MethodHandle h = mh.asType(MethodType.methodType(void.class, Object.class, Object.class));
            c = (o, v) -> {
                try {
                    h.invokeExact(o, v);
                } catch (Throwable t) {
                    throw Handles.rethrow(t);
                }
            };
        }
        return new ObjectSetter(c, label);
    }

    /** {@code (Object, int)void} over a setter of an int-like type (narrowing; booleans take bit 0). */
    private static ObjIntConsumer<Object> intHandle(MethodHandle mh) {
        MethodHandle h = MethodHandles.explicitCastArguments(mh.asType(mh.type().changeReturnType(void.class)),
                MethodType.methodType(void.class, Object.class, int.class));
        return (o, v) -> {
            try {
                h.invokeExact(o, v);
            } catch (Throwable t) {
                throw Handles.rethrow(t);
            }
        };
    }

    /** {@code (Object, double)void} over a {@code float} or {@code double} setter. */
    private static ObjDoubleConsumer<Object> doubleHandle(MethodHandle mh) {
        MethodHandle h = MethodHandles.explicitCastArguments(mh.asType(mh.type().changeReturnType(void.class)),
                MethodType.methodType(void.class, Object.class, double.class));
        return (o, v) -> {
            try {
                h.invokeExact(o, v);
            } catch (Throwable t) {
                throw Handles.rethrow(t);
            }
        };
    }

    /** A {@code boolean}, {@code byte}, {@code short} or {@code int} property. */
    private static final class IntSetter implements Mutator {
        /** Stores the value (narrowed by the consumer; booleans as 0/1). */
        private final ObjIntConsumer<Object> write;
        /** The property's primitive type. */
        private final Class<?> type;
        /** The member written, for {@code toString}. */
        private final String label;

        IntSetter(ObjIntConsumer<Object> write, Class<?> type, String label) {
            this.write = write;
            this.type = type;
            this.label = label;
        }

        @Override
        public void set(Object owner, Object value) {
            write.accept(owner, type == boolean.class ? ((Boolean) value ? 1 : 0) : ((Number) value).intValue());
        }

        @Override
        public void setBoolean(Object owner, boolean value) {
            write.accept(owner, value ? 1 : 0);
        }

        @Override
        public void setInt(Object owner, int value) {
            write.accept(owner, value);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A {@code long} property. */
    private static final class LongSetter implements Mutator {
        /** Stores the value. */
        private final ObjLongConsumer<Object> write;
        /** The member written, for {@code toString}. */
        private final String label;

        LongSetter(ObjLongConsumer<Object> write, String label) {
            this.write = write;
            this.label = label;
        }

        @Override
        public void set(Object owner, Object value) {
            write.accept(owner, ((Number) value).longValue());
        }

        @Override
        public void setLong(Object owner, long value) {
            write.accept(owner, value);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A {@code float} or {@code double} property. */
    private static final class DoubleSetter implements Mutator {
        /** Stores the value (narrowed to float by the consumer for float properties). */
        private final ObjDoubleConsumer<Object> write;
        /** Whether the property is a {@code float}. */
        private final boolean isFloat;
        /** The member written, for {@code toString}. */
        private final String label;

        DoubleSetter(ObjDoubleConsumer<Object> write, boolean isFloat, String label) {
            this.write = write;
            this.isFloat = isFloat;
            this.label = label;
        }

        @Override
        public void set(Object owner, Object value) {
            write.accept(owner, isFloat ? ((Number) value).floatValue() : ((Number) value).doubleValue());
        }

        @Override
        public void setFloat(Object owner, float value) {
            write.accept(owner, value);
        }

        @Override
        public void setDouble(Object owner, double value) {
            write.accept(owner, value);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A reference-typed property. */
    private static final class ObjectSetter implements Mutator {
        /** Stores the value. */
        private final BiConsumer<Object, Object> write;
        /** The member written, for {@code toString}. */
        private final String label;

        ObjectSetter(BiConsumer<Object, Object> write, String label) {
            this.write = write;
            this.label = label;
        }

        @Override
        public void set(Object owner, Object value) {
            write.accept(owner, value);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** Element {@code index} of an {@code Object[]}: one part of an operation's parameters. */
    private static final class PartMutator implements Mutator {
        /** Position of the part in the argument array. */
        private final int index;
        /** The part's declared class, or {@code null}; narrows {@link #setInt}. */
        private final Class<?> type;

        PartMutator(int index, Class<?> type) {
            this.index = index;
            this.type = type;
        }

        @Override
        public void set(Object owner, Object value) {
            ((Object[]) owner)[index] = value;
        }

        @Override
        public void setInt(Object owner, int value) {
            ((Object[]) owner)[index] = type == short.class || type == Short.class ? (Object) (short) value
                    : type == byte.class || type == Byte.class ? (Object) (byte) value : (Object) value;
        }

        @Override
        public String toString() {
            return "part[" + index + "]";
        }
    }

    /** See {@link #noItemsIsNull(Mutator)}. */
    private record NoItemsIsNull(Mutator base) implements Mutator {
        @Override
        public void set(Object owner, Object value) {
            base.set(owner, value != null && java.lang.reflect.Array.getLength(value) == 0 ? null : value);
        }
    }
}
