package dev.dsoap.binding;

/**
 * What a schema says about the properties of generated bean classes that the classes themselves do not
 * record: element names, namespaces, whether a property is an attribute and whether it is nillable. A
 * host builds one from its service's schema for {@link WireConvention.BeanStyle#ADB}.
 *
 * <p>Implementations must be immutable and thread-safe. Conventions compare their schemas by identity.
 */
@FunctionalInterface
public interface BeanSchema {

    /**
     * The schema particle behind property {@code javaName} (the {@code X} of field {@code localX}) of
     * {@code bean}, or {@code null} when the schema does not describe it (the bean then has no plan).
     */
    Element element(Class<?> bean, String javaName);

    /**
     * One element or attribute of a bean's type.
     *
     * @param name      local name
     * @param namespace namespace, {@code ""} when unqualified
     * @param attribute whether it is an attribute
     * @param nillable  whether a null value is written as {@code xsi:nil}
     */
    record Element(String name, String namespace, boolean attribute, boolean nillable) {
        public Element {
            java.util.Objects.requireNonNull(name, "name");
            java.util.Objects.requireNonNull(namespace, "namespace");
        }
    }
}
