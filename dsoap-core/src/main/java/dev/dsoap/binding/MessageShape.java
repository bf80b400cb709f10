package dev.dsoap.binding;

import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What goes in a message's {@code Body}, independent of the wire convention: either a <em>wrapped</em>
 * document/literal operation element (its QName and its ordered parts, each an element name and a Java
 * type), or a single <em>bare</em> element. Together with a {@link WireConvention} it is the key of a
 * compiled {@link MessagePlan} (see {@link PlanCache}).
 *
 * <p>Immutable, thread-safe; equal when they describe the same body ({@link Type}s compare with
 * {@code equals}). Holds its types strongly: see {@link PlanCache} about class loaders.
 */
public final class MessageShape {
    /** Namespace of the wrapper (or bare) element, {@code ""} for none. */
    private final String namespace;
    /** Local name of the wrapper (or bare) element. */
    private final String localName;
    /** The parts in argument-array order; exactly one when bare. */
    private final List<Part> parts;
    /** Whether the single part is the body element itself (no wrapper). */
    private final boolean bare;
    /** Whether the body element holds a bare array's items ({@link #bareArray()}). */
    private final boolean array;

    private MessageShape(String namespace, String localName, List<Part> parts, boolean bare) {
        this(namespace, localName, parts, bare, false);
    }

    private MessageShape(String namespace, String localName, List<Part> parts, boolean bare, boolean array) {
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.localName = Objects.requireNonNull(localName, "localName");
        this.parts = List.copyOf(parts);
        this.bare = bare;
        this.array = array;
    }

    /**
     * A wrapped operation message: {@code <wrapper>} holding one element per part, in order; the
     * operation's values are an {@code Object[]} with one entry per part.
     *
     * @param namespace the wrapper element's namespace, e.g. {@code http://example.org/svc} ({@code ""}: none)
     * @param localName the wrapper element's local name, e.g. {@code echoResponse}
     */
    public static MessageShape wrapped(String namespace, String localName, List<Part> parts) {
        return new MessageShape(namespace, localName, parts, false);
    }

    /** As {@link #wrapped(String, String, List)}. */
    public static MessageShape wrapped(String namespace, String localName, Part... parts) {
        return wrapped(namespace, localName, Arrays.asList(parts));
    }

    /**
     * A bare (unwrapped) message whose body element is a JAXB {@code @XmlRootElement} class; its name and
     * namespace come from the annotation (defaults as JAXB: the decapitalized class name, the package's
     * {@code @XmlSchema} namespace). The values are an {@code Object[]} holding the one element value.
     *
     * @throws UnsupportedTypeException if {@code rootElementClass} has no {@code @XmlRootElement}
     */
    public static MessageShape bare(Class<?> rootElementClass) {
        JaxbNames.RootName name = JaxbNames.rootElement(rootElementClass);
        return bare(name.namespace(), name.localName(), rootElementClass);
    }

    /** A bare message whose body element has the given QName and holds a value of {@code type}. */
    public static MessageShape bare(String namespace, String localName, Type type) {
        return bare(namespace, localName, type, false);
    }

    /**
     * As {@link #bare(String, String, Type)}; a {@code nillable} body element stands for a {@code null} value
     * as {@code xsi:nil} (as JAX-WS runtimes write a null bare parameter), otherwise the body is left empty.
     */
    public static MessageShape bare(String namespace, String localName, Type type, boolean nillable) {
        return new MessageShape(namespace, localName, List.of(new Part(namespace, localName, type, nillable)), true);
    }

    /**
     * The body of a JAX-WS document/literal bare operation's one part as JAXB spells it: for a Java array (not
     * {@code byte[]}, which is base64 text) the body element holding one unqualified, nillable {@code item} element per
     * item, as JAXB's array types ({@code http://jaxb.dev.java.net/array}) have it, the values an {@code Object[]} holding
     * the array ({@link #bareArray()}; no items read as {@code null}); else {@link #bare(String, String, Type, boolean)}.
     * A null array is the body element with {@code xsi:nil}: dsoap's readers refuse it (the host reads it), and a host
     * must not give one to a writer of this shape.
     */
    public static MessageShape bareBody(String namespace, String localName, Type type, boolean nillable) {
        if (type instanceof Class<?> c && c.isArray() && c != byte[].class) {
            return new MessageShape(namespace, localName, List.of(new Part("", "item", c, true)), false, true);
        }
        return bare(namespace, localName, type, nillable);
    }

    public String namespace() {
        return namespace;
    }

    public String localName() {
        return localName;
    }

    public List<Part> parts() {
        return parts;
    }

    public boolean bare() {
        return bare;
    }

    /** Whether this is a bare array's body ({@link #bareBody}): its element holds the items, and a null is not its. */
    public boolean bareArray() {
        return array;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MessageShape s && bare == s.bare && array == s.array && namespace.equals(s.namespace)
                && localName.equals(s.localName) && parts.equals(s.parts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(namespace, localName, parts, bare, array);
    }

    @Override
    public String toString() {
        return (bare ? "bare " : array ? "bare array " : "wrapped ") + "{" + namespace + "}" + localName + parts;
    }

    /**
     * One part of an operation: an element name and the Java type of its value. Immutable, thread-safe.
     */
    public static final class Part {
        /** Namespace of the part element; {@code null}: as the convention says ({@code partsQualified}). */
        private final String namespace;
        /** Local name of the part element, e.g. {@code return} or {@code args0}. */
        private final String name;
        /** Java type of the value, e.g. {@code double[].class} or a {@code List<Double>} parameterized type. */
        private final Type type;
        /** Whether a {@code null} value is written as {@code xsi:nil} even when the convention omits nulls. */
        private final boolean nillable;

        private Part(String namespace, String name, Type type, boolean nillable) {
            this.namespace = namespace;
            this.name = Objects.requireNonNull(name, "name");
            this.type = Objects.requireNonNull(type, "type");
            this.nillable = nillable;
        }

        /** A part whose element is qualified or not as the convention says. */
        public static Part of(String name, Type type) {
            return new Part(null, name, type, false);
        }

        /**
         * A part with an explicit element namespace ({@code ""}: unqualified; {@code null}: as the
         * convention says) and nillability (as {@code @XmlElement(nillable = true)}).
         */
        public static Part of(String namespace, String name, Type type, boolean nillable) {
            return new Part(namespace, name, type, nillable);
        }

        /** The explicit namespace, or {@code null} when the convention decides. */
        public String namespace() {
            return namespace;
        }

        public String name() {
            return name;
        }

        public Type type() {
            return type;
        }

        public boolean nillable() {
            return nillable;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Part p && Objects.equals(namespace, p.namespace) && name.equals(p.name)
                    && type.equals(p.type) && nillable == p.nillable;
        }

        @Override
        public int hashCode() {
            return Objects.hash(namespace, name, type, nillable);
        }

        @Override
        public String toString() {
            return (namespace == null ? "" : "{" + namespace + "}") + name + ":" + type.getTypeName()
                    + (nillable ? " nillable" : "");
        }
    }
}
