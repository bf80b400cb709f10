package dev.dsoap.binding;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * Generic type plumbing for the compiler: substitutes type variables bound by a parameterized bean
 * (or its generic superclasses) so that, e.g., {@code T value} of a {@code Box<Double>} compiles as a
 * {@code Double}. Stateless.
 */
final class Types {

    private Types() {
    }

    /**
     * {@code type} with the variables in {@code bindings} substituted; a wildcard becomes its single upper
     * bound; unbound variables stay (and are rejected later). Parameterized results are
     * {@link ParameterizedType}s equal to the JDK's for the same type.
     */
    static Type resolve(Type type, Map<TypeVariable<?>, Type> bindings) {
        if (type instanceof Class<?>) {
            return type;
        }
        if (type instanceof TypeVariable<?> v) {
            Type bound = bindings.get(v);
            return bound == null ? v : bound;
        }
        if (type instanceof ParameterizedType p) {
            Type[] args = p.getActualTypeArguments().clone();
            for (int i = 0; i < args.length; i++) {
                args[i] = resolve(args[i], bindings);
            }
            Type owner = p.getOwnerType() == null ? null : resolve(p.getOwnerType(), bindings);
            return new Parameterized((Class<?>) p.getRawType(), owner, args);
        }
        if (type instanceof GenericArrayType g) {
            Type component = resolve(g.getGenericComponentType(), bindings);
            if (component instanceof Class<?> c) {
                return c.arrayType();
            }
            return new GenericArray(component);
        }
        if (type instanceof WildcardType w) {
            Type[] upper = w.getUpperBounds();
            if (w.getLowerBounds().length == 0 && upper.length == 1 && upper[0] != Object.class) {
                return resolve(upper[0], bindings);
            }
            return w;
        }
        return type;
    }

    /** Records the arguments of a parameterized type against its class's type parameters. */
    static void bind(ParameterizedType p, Map<TypeVariable<?>, Type> bindings) {
        TypeVariable<?>[] vars = ((Class<?>) p.getRawType()).getTypeParameters();
        Type[] args = p.getActualTypeArguments();
        for (int i = 0; i < vars.length && i < args.length; i++) {
            bindings.put(vars[i], args[i]);
        }
    }

    /** The class behind a (resolved) type, or {@code null} for variables and wildcards. */
    static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        if (type instanceof GenericArrayType g) {
            Class<?> component = raw(g.getGenericComponentType());
            return component == null ? null : component.arrayType();
        }
        return null;
    }

    /** A resolved parameterized type; equal to (and hashing like) the JDK's implementation. */
    private static final class Parameterized implements ParameterizedType {
        /** The generic class. */
        private final Class<?> raw;
        /** The enclosing type, or {@code null}. */
        private final Type owner;
        /** The resolved arguments. */
        private final Type[] args;

        Parameterized(Class<?> raw, Type owner, Type[] args) {
            this.raw = raw;
            this.owner = owner;
            this.args = args;
        }

        @Override
        public Type[] getActualTypeArguments() {
            return args.clone();
        }

        @Override
        public Type getRawType() {
            return raw;
        }

        @Override
        public Type getOwnerType() {
            return owner;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ParameterizedType p && raw.equals(p.getRawType())
                    && Objects.equals(owner, p.getOwnerType()) && Arrays.equals(args, p.getActualTypeArguments());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(args) ^ Objects.hashCode(owner) ^ raw.hashCode();
        }

        @Override
        public String getTypeName() {
            StringBuilder b = new StringBuilder(raw.getName()).append('<');
            for (int i = 0; i < args.length; i++) {
                b.append(i == 0 ? "" : ", ").append(args[i].getTypeName());
            }
            return b.append('>').toString();
        }

        @Override
        public String toString() {
            return getTypeName();
        }
    }

    /** A resolved array of a parameterized (or still variable) component. */
    private static final class GenericArray implements GenericArrayType {
        /** The component type. */
        private final Type component;

        GenericArray(Type component) {
            this.component = component;
        }

        @Override
        public Type getGenericComponentType() {
            return component;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof GenericArrayType g && component.equals(g.getGenericComponentType());
        }

        @Override
        public int hashCode() {
            return component.hashCode();
        }

        @Override
        public String getTypeName() {
            return component.getTypeName() + "[]";
        }

        @Override
        public String toString() {
            return getTypeName();
        }
    }
}
