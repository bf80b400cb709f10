package dev.dsoap.jaxws;

import dev.dsoap.host.CursorPool;
import jakarta.xml.bind.annotation.adapters.XmlAdapter;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;

/**
 * The {@code XmlAdapter} of a part ({@code @XmlJavaTypeAdapter} on a parameter, the method, or for the part's type
 * in the service interface's package), called as CXF's JAXB calls it: dsoap reads and writes the adapter's value
 * type, and {@link #unmarshal} / {@link #marshal} turn that into the bound type the service method sees. As there,
 * neither is called for a null (absent or nil) value.
 *
 * <p>Thread-safe: each thread calls its own adapter instance (JAXB makes one per marshaller, so an adapter is
 * never called by two threads at once there either).
 */
final class Adapter {
    /** The adapter class, for messages. */
    private final Class<?> adapterClass;
    /** The type dsoap binds: the adapter's value type. */
    final Type valueType;
    /** The instances (pooled, not thread-local: the host's threads keep nothing of the application). */
    private final CursorPool<XmlAdapter<Object, Object>> instances;

    private Adapter(Class<? extends XmlAdapter<?, ?>> adapterClass, Type valueType) {
        this.adapterClass = adapterClass;
        this.valueType = valueType;
        this.instances = new CursorPool<>(() -> create(adapterClass));
    }

    /**
     * The adapter {@code a} names.
     *
     * @throws IllegalArgumentException if its value type is not a concrete class dsoap can bind, or it cannot be
     *                                  instantiated as JAXB would (a public or accessible no-argument constructor)
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Adapter of(XmlJavaTypeAdapter a) {
        Class<? extends XmlAdapter> c = a.value();
        Type value = valueType(c);
        if (!(value instanceof Class<?>) && !(value instanceof ParameterizedType)) {
            throw new IllegalArgumentException("the value type of " + c.getName() + " is not a concrete type: " + value);
        }
        create(c);
        return new Adapter((Class<? extends XmlAdapter<?, ?>>) (Class) c, value);
    }

    /** The bound value for a value read ({@code null} stays {@code null}, as JAXB leaves an absent or nil value). */
    Object unmarshal(Object v) throws Exception {
        if (v == null) {
            return null;
        }
        XmlAdapter<Object, Object> a = instances.take();
        try {
            return a.unmarshal(v);
        } finally {
            instances.give(a);
        }
    }

    /** The value to write for a bound value ({@code null} stays {@code null}: CXF's JAXB leaves a null part out without asking the adapter). */
    Object marshal(Object v) throws Exception {
        if (v == null) {
            return null;
        }
        XmlAdapter<Object, Object> a = instances.take();
        try {
            return a.marshal(v);
        } finally {
            instances.give(a);
        }
    }

    @Override
    public String toString() {
        return adapterClass.getName();
    }

    /** {@code ValueType} of {@code XmlAdapter<ValueType, BoundType>} as {@code c} fixes it. */
    private static Type valueType(Class<?> c) {
        Type t = c.getGenericSuperclass();
        while (t != null) {
            if (t instanceof ParameterizedType p && p.getRawType() == XmlAdapter.class) {
                Type v = p.getActualTypeArguments()[0];
                if (v instanceof TypeVariable<?>) {
                    throw new IllegalArgumentException(c.getName() + " leaves its value type open");
                }
                return v;
            }
            Class<?> raw = t instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) t;
            t = raw.getGenericSuperclass();
        }
        throw new IllegalArgumentException(c.getName() + " is not an XmlAdapter");
    }

    @SuppressWarnings("unchecked")
    private static XmlAdapter<Object, Object> create(Class<?> c) {
        try {
            var ctor = c.getDeclaredConstructor();
            ctor.setAccessible(true);
            return (XmlAdapter<Object, Object>) ctor.newInstance();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("cannot instantiate " + c.getName() + ": " + e, e);
        }
    }
}
