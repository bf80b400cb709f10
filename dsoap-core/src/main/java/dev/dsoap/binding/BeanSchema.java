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
     * The property fields of one ADB class level ({@code localX}, without ADB's {@code localXTracker}
     * flags), in declaration order, which is the schema's order. The {@code X} of each is the name
     * {@link #element} is asked about. A host walking its schema beside the beans uses this to find them.
     */
    static java.util.List<java.lang.reflect.Field> adbFields(Class<?> level) {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (java.lang.reflect.Field f : level.getDeclaredFields()) {
            names.add(f.getName());
        }
        java.util.List<java.lang.reflect.Field> out = new java.util.ArrayList<>();
        for (java.lang.reflect.Field f : level.getDeclaredFields()) {
            String n = f.getName();
            boolean tracker = f.getType() == boolean.class && n.endsWith("Tracker")
                    && names.contains(n.substring(0, n.length() - "Tracker".length()));
            if (!java.lang.reflect.Modifier.isStatic(f.getModifiers()) && !f.isSynthetic() && n.startsWith("local")
                    && n.length() > "local".length() && !tracker) {
                out.add(f);
            }
        }
        return out;
    }

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
