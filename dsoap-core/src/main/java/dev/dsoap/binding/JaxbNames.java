package dev.dsoap.binding;

import jakarta.xml.bind.annotation.XmlAccessOrder;
import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorOrder;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlEnumValue;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlRootElement;
import jakarta.xml.bind.annotation.XmlSchema;
import jakarta.xml.bind.annotation.XmlType;

/**
 * Reads the class- and package-level JAXB annotations (only the annotations: there is no JAXB runtime)
 * and applies the {@link WireConvention}'s namespace rules to them. Stateless.
 */
final class JaxbNames {
    /** JAXB's "not given" value of annotation string members. */
    static final String DEFAULT = "##default";

    private JaxbNames() {
    }

    /** The QName of a body element. */
    record RootName(String namespace, String localName) {
    }

    /** The element name {@code @XmlRootElement} gives {@code c}, with JAXB's defaults. */
    static RootName rootElement(Class<?> c) {
        XmlRootElement root = c.getAnnotation(XmlRootElement.class);
        if (root == null) {
            throw new UnsupportedTypeException(c.getSimpleName(), c.getName(),
                    "a bare body element needs @XmlRootElement or an explicit element name");
        }
        String name = DEFAULT.equals(root.name()) ? XmlNames.jaxbDefaultName(c.getSimpleName()) : root.name();
        String ns = DEFAULT.equals(root.namespace()) ? schemaNamespace(c) : root.namespace();
        return new RootName(ns, name);
    }

    /** The package's {@code @XmlSchema}, or {@code null}. */
    static XmlSchema schema(Class<?> c) {
        Package p = c.getPackage();
        return p == null ? null : p.getAnnotation(XmlSchema.class);
    }

    /** The package's {@code @XmlSchema} namespace, {@code ""} without one. */
    static String schemaNamespace(Class<?> c) {
        XmlSchema s = schema(c);
        return s == null ? "" : s.namespace();
    }

    /**
     * The namespace of {@code c}'s schema type: {@code @XmlType(namespace)}, else the package's
     * {@code @XmlSchema} namespace (JAXB style only), else the derived package namespace when the
     * convention asks for one, else {@code ""}.
     */
    static String typeNamespace(Class<?> c, WireConvention conv) {
        if (conv.beanStyle() == WireConvention.BeanStyle.JAXB) {
            XmlType t = c.getAnnotation(XmlType.class);
            if (t != null && !DEFAULT.equals(t.namespace())) {
                return t.namespace();
            }
            String ns = schemaNamespace(c);
            if (!ns.isEmpty()) {
                return ns;
            }
        }
        return conv.packageNamespaces() ? XmlNames.packageNamespace(c, conv.packageNamespaceSuffix()) : "";
    }

    /**
     * The local name of {@code c}'s schema type for {@code xsi:type}: {@code @XmlType(name)} or the JAXB
     * default name (JAXB style), the simple class name (Axis2 style); {@code null} for an anonymous type.
     */
    static String typeName(Class<?> c, WireConvention conv) {
        if (conv.beanStyle() == WireConvention.BeanStyle.AXIS2) {
            return c.getSimpleName();
        }
        XmlType t = c.getAnnotation(XmlType.class);
        if (t != null && !DEFAULT.equals(t.name())) {
            return t.name().isEmpty() ? null : t.name();
        }
        return XmlNames.jaxbDefaultName(c.getSimpleName());
    }

    /** Whether the package says {@code elementFormDefault = QUALIFIED}. */
    static boolean elementsQualified(Class<?> c) {
        XmlSchema s = schema(c);
        return s != null && s.elementFormDefault() == XmlNsForm.QUALIFIED;
    }

    /** Whether the package says {@code attributeFormDefault = QUALIFIED}. */
    static boolean attributesQualified(Class<?> c) {
        XmlSchema s = schema(c);
        return s != null && s.attributeFormDefault() == XmlNsForm.QUALIFIED;
    }

    /** {@code @XmlAccessorType} of the class (inherited) or package, default {@code PUBLIC_MEMBER}. */
    static XmlAccessType accessType(Class<?> c) {
        XmlAccessorType a = c.getAnnotation(XmlAccessorType.class);
        if (a == null && c.getPackage() != null) {
            a = c.getPackage().getAnnotation(XmlAccessorType.class);
        }
        return a == null ? XmlAccessType.PUBLIC_MEMBER : a.value();
    }

    /** Whether {@code @XmlAccessorOrder(ALPHABETICAL)} applies to the class (inherited) or its package. */
    static boolean alphabetical(Class<?> c) {
        XmlAccessorOrder o = c.getAnnotation(XmlAccessorOrder.class);
        if (o == null && c.getPackage() != null) {
            o = c.getPackage().getAnnotation(XmlAccessorOrder.class);
        }
        return o != null && o.value() == XmlAccessOrder.ALPHABETICAL;
    }

    /**
     * The lexical forms of an enum's constants by ordinal: {@code @XmlEnumValue} or {@code name()} (JAXB),
     * {@code toString()} (Axis2).
     */
    static String[] enumLexical(Class<?> e, WireConvention conv) {
        Object[] constants = e.getEnumConstants();
        String[] lexical = new String[constants.length];
        for (int i = 0; i < constants.length; i++) {
            Enum<?> constant = (Enum<?>) constants[i];
            if (conv.beanStyle() == WireConvention.BeanStyle.AXIS2) {
                lexical[i] = String.valueOf(constant);
                continue;
            }
            XmlEnumValue v;
            try {
                v = e.getDeclaredField(constant.name()).getAnnotation(XmlEnumValue.class);
            } catch (NoSuchFieldException impossible) {
                throw new IllegalStateException(e.getName() + "." + constant.name() + " has no field", impossible);
            }
            lexical[i] = v == null ? constant.name() : v.value();
        }
        return lexical;
    }
}
