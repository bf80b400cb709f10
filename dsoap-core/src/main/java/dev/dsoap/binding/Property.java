package dev.dsoap.binding;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Type;

/**
 * One bean property as {@link BeanModel} found it: its XML name and form, its resolved Java type, and
 * the members that read and write it. Immutable.
 */
final class Property {
    /** The Java property name (field name or decapitalized accessor suffix), as {@code propOrder} names it. */
    final String javaName;
    /** Local name of the element or attribute. */
    final String xmlName;
    /** Namespace of the element or attribute, {@code ""} for unqualified. */
    final String namespace;
    /** Whether the property is an attribute of the bean's element. */
    final boolean attribute;
    /** Whether {@code null} is written as {@code xsi:nil} ({@code @XmlElement(nillable = true)}). */
    final boolean nillable;
    /** The Java type, with the bean's type variables substituted. */
    final Type type;
    /** The field read (and written), or {@code null} for an accessor property. */
    final Field field;
    /** The getter, or {@code null} for a field property. */
    final Method getter;
    /** The setter, or {@code null} (field property, or read-only). */
    final Method setter;
    /** ADB's {@code isXSpecified()} for an optional property ({@link WireConvention.BeanStyle#ADB}), or {@code null}. */
    final Method specified;

    Property(String javaName, String xmlName, String namespace, boolean attribute, boolean nillable, Type type,
             Field field, Method getter, Method setter) {
        this(javaName, xmlName, namespace, attribute, nillable, type, field, getter, setter, null);
    }

    Property(String javaName, String xmlName, String namespace, boolean attribute, boolean nillable, Type type,
             Field field, Method getter, Method setter, Method specified) {
        this.javaName = javaName;
        this.xmlName = xmlName;
        this.namespace = namespace;
        this.attribute = attribute;
        this.nillable = nillable;
        this.type = type;
        this.field = field;
        this.getter = getter;
        this.setter = setter;
        this.specified = specified;
    }

    @Override
    public String toString() {
        return (attribute ? "@" : "") + xmlName + "(" + javaName + ": " + type.getTypeName() + ")";
    }
}
