package dev.dsoap.binding;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAnyAttribute;
import jakarta.xml.bind.annotation.XmlAnyElement;
import jakarta.xml.bind.annotation.XmlAttachmentRef;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlElementRef;
import jakarta.xml.bind.annotation.XmlElementRefs;
import jakarta.xml.bind.annotation.XmlElementWrapper;
import jakarta.xml.bind.annotation.XmlElements;
import jakarta.xml.bind.annotation.XmlID;
import jakarta.xml.bind.annotation.XmlIDREF;
import jakarta.xml.bind.annotation.XmlList;
import jakarta.xml.bind.annotation.XmlMimeType;
import jakarta.xml.bind.annotation.XmlMixed;
import jakarta.xml.bind.annotation.XmlTransient;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.XmlValue;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapters;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds a bean class's XML properties, in document order, by the rules of the convention's
 * {@link WireConvention.BeanStyle} (documented there), and rejects JAXB member annotations a plan cannot
 * express. Stateless.
 */
final class BeanModel {
    /** Member annotations that change the XML in ways plans do not express. */
    private static final List<Class<? extends Annotation>> UNSUPPORTED = List.of(XmlValue.class,
            XmlElementWrapper.class, XmlElements.class, XmlElementRef.class, XmlElementRefs.class,
            XmlAnyElement.class, XmlAnyAttribute.class, XmlJavaTypeAdapter.class, XmlList.class, XmlMixed.class,
            XmlID.class, XmlIDREF.class, XmlAttachmentRef.class, XmlMimeType.class);

    private BeanModel() {
    }

    /**
     * The XML properties of bean class {@code c}, in document order.
     *
     * @param bindings type variable bindings of {@code c} (from a parameterized use); superclass bindings
     *                 are added
     * @param path     the bean's path, for error messages
     */
    static List<Property> properties(Class<?> c, Map<TypeVariable<?>, Type> bindings, WireConvention conv, String path) {
        List<Class<?>> chain = chain(c, bindings, conv, path);
        List<Property> result = new ArrayList<>();
        Map<String, Property> seen = new HashMap<>();
        if (conv.beanStyle() == WireConvention.BeanStyle.AXIS2) {
            for (Class<?> k : chain) {
                for (Property p : axis2Level(k, bindings, conv)) {
                    if (seen.putIfAbsent(p.javaName, p) == null) {
                        result.add(p);
                    }
                }
            }
            return result;
        }
        if (conv.beanStyle() == WireConvention.BeanStyle.ADB) {
            for (Class<?> k : chain) {
                for (Property p : adbLevel(k, bindings, conv, path)) {
                    if (seen.putIfAbsent(p.javaName, p) != null) {
                        throw new UnsupportedTypeException(path, c.getName(), "two properties named '" + p.javaName + "'");
                    }
                    result.add(p);
                }
            }
            return result;
        }
        checkClass(c, path);
        List<Class<?>> level = new ArrayList<>();
        for (Class<?> k : chain) {
            level.add(k);
            if (k.isAnnotationPresent(XmlTransient.class) && k != c) {
                continue; // folded into the next subclass
            }
            for (Property p : jaxbLevel(level, bindings, conv, path)) {
                if (seen.putIfAbsent(p.javaName, p) != null) {
                    throw new UnsupportedTypeException(path, c.getName(), "two properties named '" + p.javaName + "'");
                }
                result.add(p);
            }
            level.clear();
        }
        return result;
    }

    /** {@code c} and its superclasses, top-most first, with the superclasses' type bindings recorded. */
    private static List<Class<?>> chain(Class<?> c, Map<TypeVariable<?>, Type> bindings, WireConvention conv, String path) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            if (k != c && isPlatform(k)) {
                if (conv.beanStyle() == WireConvention.BeanStyle.AXIS2) {
                    break; // BeanUtil stops at java.* superclasses
                }
                throw new UnsupportedTypeException(path, c.getName(), "its superclass " + k.getName() + " is not a bean");
            }
            chain.add(0, k);
            Type sup = k.getGenericSuperclass();
            if (sup instanceof ParameterizedType p) {
                Types.bind((ParameterizedType) Types.resolve(p, bindings), bindings);
            }
        }
        return chain;
    }

    /** Whether {@code c} belongs to the Java platform (or Jakarta APIs) rather than to an application. */
    static boolean isPlatform(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jakarta.") || n.startsWith("jdk.")
                || n.startsWith("sun.") || n.startsWith("com.sun.");
    }

    private static void checkClass(Class<?> c, String path) {
        if (c.isAnnotationPresent(XmlTransient.class)) {
            throw new UnsupportedTypeException(path, c.getName(), "an @XmlTransient class cannot be bound");
        }
        if (c.isAnnotationPresent(XmlJavaTypeAdapter.class)) {
            throw new UnsupportedTypeException(path, c.getName(), "@XmlJavaTypeAdapter is not supported");
        }
        Package p = c.getPackage();
        if (p != null && (p.isAnnotationPresent(XmlJavaTypeAdapter.class) || p.isAnnotationPresent(XmlJavaTypeAdapters.class))) {
            throw new UnsupportedTypeException(path, c.getName(), "package-level @XmlJavaTypeAdapter is not supported");
        }
    }

    // ---------------------------------------------------------------------------------------------- Axis2

    private static List<Property> axis2Level(Class<?> k, Map<TypeVariable<?>, Type> bindings, WireConvention conv) {
        String ns = conv.fieldsQualified() ? JaxbNames.typeNamespace(k, conv) : "";
        List<Property> level = new ArrayList<>();
        for (Method m : k.getDeclaredMethods()) {
            int mod = m.getModifiers();
            if (!Modifier.isPublic(mod) || Modifier.isStatic(mod) || m.isBridge() || m.isSynthetic()
                    || m.getParameterCount() != 0) {
                continue;
            }
            String suffix = getterSuffix(m, false);
            if (suffix == null) {
                continue;
            }
            String name = XmlNames.decapitalize(suffix);
            Method setter = null;
            for (Method s : k.getMethods()) {
                if (s.getName().equals("set" + suffix) && s.getParameterCount() == 1 && !Modifier.isStatic(s.getModifiers())
                        && s.getParameterTypes()[0] == m.getReturnType()) {
                    setter = s;
                    break;
                }
            }
            level.add(new Property(name, name, ns, false, false, Types.resolve(m.getGenericReturnType(), bindings),
                    null, m, setter));
        }
        level.sort(Comparator.comparing((Property p) -> p.javaName));
        return level;
    }

    // ------------------------------------------------------------------------------------------------ ADB

    private static final String LOCAL = "local";
    private static final String TRACKER = "Tracker";

    /** The {@code localX} fields of ADB class level {@code k}, in declaration order, named by the schema. */
    private static List<Property> adbLevel(Class<?> k, Map<TypeVariable<?>, Type> bindings, WireConvention conv, String path) {
        List<Property> level = new ArrayList<>();
        for (Field f : BeanSchema.adbFields(k)) {
            String n = f.getName();
            String x = n.substring(LOCAL.length());
            String here = path + "/" + x;
            Method getter = publicMethod(k, "get" + x);
            if (getter == null || getter.getReturnType() != f.getType()) {
                throw new UnsupportedTypeException(here, k.getName(), "ADB field " + n + " has no getter get" + x + "()");
            }
            Method setter = publicMethod(k, "set" + x, f.getType());
            Method specified = null;
            if (hasField(k, n + TRACKER)) {
                specified = publicMethod(k, "is" + x + "Specified");
                if (specified == null || specified.getReturnType() != boolean.class) {
                    throw new UnsupportedTypeException(here, k.getName(), "ADB field " + n + " has a tracker but no is" + x + "Specified()");
                }
            }
            BeanSchema.Element e = conv.beanSchema().element(k, x);
            if (e == null) {
                throw new UnsupportedTypeException(here, k.getName(), "the schema describes no element or attribute for ADB property " + x);
            }
            level.add(new Property(x, e.name(), e.namespace(), e.attribute(), e.nillable(),
                    Types.resolve(f.getGenericType(), bindings), null, getter, setter, specified));
        }
        return level;
    }

    private static boolean hasField(Class<?> k, String name) {
        try {
            k.getDeclaredField(name);
            return true;
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    private static Method publicMethod(Class<?> k, String name, Class<?>... params) {
        try {
            Method m = k.getMethod(name, params);
            return Modifier.isStatic(m.getModifiers()) ? null : m;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** {@code X} of getter {@code getX()} or {@code isX()} (boolean; or Boolean when {@code boxedIs}), else null. */
    private static String getterSuffix(Method m, boolean boxedIs) {
        String n = m.getName();
        Class<?> r = m.getReturnType();
        if (n.startsWith("get") && n.length() > 3 && r != void.class) {
            return n.substring(3);
        }
        if (n.startsWith("is") && n.length() > 2 && (r == boolean.class || (boxedIs && r == Boolean.class))) {
            return n.substring(2);
        }
        return null;
    }

    // ----------------------------------------------------------------------------------------------- JAXB

    /** A bound member before its XML form is known. */
    private record Candidate(String javaName, Field field, Method getter, Method setter) {
        AnnotatedElement[] members() {
            return field != null ? new AnnotatedElement[] {field}
                    : setter == null ? new AnnotatedElement[] {getter} : new AnnotatedElement[] {getter, setter};
        }

        <A extends Annotation> A annotation(Class<A> type) {
            for (AnnotatedElement m : members()) {
                A a = m.getAnnotation(type);
                if (a != null) {
                    return a;
                }
            }
            return null;
        }
    }

    /** The properties of one JAXB class level: {@code classes} top-most first, the last one binding them. */
    private static List<Property> jaxbLevel(List<Class<?>> classes, Map<TypeVariable<?>, Type> bindings,
                                            WireConvention conv, String path) {
        Class<?> owner = classes.get(classes.size() - 1);
        XmlAccessType at = JaxbNames.accessType(owner);
        List<Candidate> candidates = new ArrayList<>();
        for (Class<?> k : classes) {
            for (Field f : k.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (Modifier.isStatic(mod) || f.isSynthetic() || f.isAnnotationPresent(XmlTransient.class)) {
                    continue;
                }
                boolean bound = hasJaxbAnnotation(f) || (!Modifier.isTransient(mod)
                        && (at == XmlAccessType.FIELD || (at == XmlAccessType.PUBLIC_MEMBER && Modifier.isPublic(mod))));
                if (bound) {
                    candidates.add(new Candidate(f.getName(), f, null, null));
                }
            }
        }
        Map<String, Method> getters = new LinkedHashMap<>();
        Map<String, List<Method>> setters = new LinkedHashMap<>();
        for (Class<?> k : classes) {
            for (Method m : k.getDeclaredMethods()) {
                if (Modifier.isStatic(m.getModifiers()) || m.isBridge() || m.isSynthetic()) {
                    continue;
                }
                String suffix = m.getParameterCount() == 0 ? getterSuffix(m, true) : null;
                if (suffix != null) {
                    if (!(m.getName().startsWith("is") && getters.containsKey(suffix))) {
                        getters.put(suffix, m);
                    }
                } else if (m.getName().startsWith("set") && m.getName().length() > 3 && m.getParameterCount() == 1) {
                    setters.computeIfAbsent(m.getName().substring(3), x -> new ArrayList<>()).add(m);
                }
            }
        }
        Set<String> keys = new TreeSet<>(getters.keySet());
        keys.addAll(setters.keySet());
        for (String key : keys) {
            Method g = getters.get(key);
            Method s = null;
            for (Method m : setters.getOrDefault(key, List.of())) {
                if (g == null || m.getParameterTypes()[0] == g.getReturnType()) {
                    s = m;
                }
            }
            if ((g != null && g.isAnnotationPresent(XmlTransient.class)) || (s != null && s.isAnnotationPresent(XmlTransient.class))) {
                continue;
            }
            boolean annotated = (g != null && hasJaxbAnnotation(g)) || (s != null && hasJaxbAnnotation(s));
            if (!annotated && (overrides(g, classes.get(0)) || overrides(s, classes.get(0)))) {
                continue; // bound where first declared, as JAXB does
            }
            boolean pair = g != null && s != null;
            boolean bound = annotated || (pair && (at == XmlAccessType.PROPERTY || (at == XmlAccessType.PUBLIC_MEMBER
                    && Modifier.isPublic(g.getModifiers()) && Modifier.isPublic(s.getModifiers()))));
            if (!bound) {
                continue;
            }
            String name = XmlNames.decapitalize(key);
            if (g == null) {
                throw new UnsupportedTypeException(path + "/" + name, owner.getName(),
                        "property '" + name + "' has a setter but no getter to read it");
            }
            candidates.add(new Candidate(name, null, g, s));
        }
        List<Property> elements = new ArrayList<>();
        List<Property> attributes = new ArrayList<>();
        for (Candidate cand : candidates) {
            Property p = jaxbProperty(owner, cand, bindings, conv, path);
            (p.attribute ? attributes : elements).add(p);
        }
        List<Property> ordered = new ArrayList<>(attributes);
        ordered.addAll(order(owner, elements, attributes, path));
        if (JaxbNames.alphabetical(owner) && propOrder(owner) == null) {
            ordered.sort(Comparator.comparing((Property p) -> !p.attribute).thenComparing(p -> p.javaName));
        }
        return ordered;
    }

    /** The element properties in {@code @XmlType(propOrder)} order, or as found when there is none. */
    private static List<Property> order(Class<?> owner, List<Property> elements, List<Property> attributes, String path) {
        String[] propOrder = propOrder(owner);
        if (propOrder == null) {
            return elements;
        }
        Map<String, Property> byName = new LinkedHashMap<>();
        for (Property p : elements) {
            byName.put(p.javaName, p);
        }
        List<Property> ordered = new ArrayList<>();
        for (String name : propOrder) {
            Property p = byName.remove(name);
            if (p != null) {
                ordered.add(p);
            } else if (attributes.stream().noneMatch(a -> a.javaName.equals(name))) {
                throw new UnsupportedTypeException(path, owner.getName(),
                        "@XmlType.propOrder names '" + name + "', which is not a bound property");
            }
        }
        if (!byName.isEmpty()) {
            throw new UnsupportedTypeException(path, owner.getName(),
                    "properties " + byName.keySet() + " are not listed in @XmlType.propOrder");
        }
        return ordered;
    }

    /** {@code @XmlType(propOrder)} when it fixes an order, else {@code null}. */
    private static String[] propOrder(Class<?> owner) {
        XmlType t = owner.getAnnotation(XmlType.class);
        if (t == null || t.propOrder().length == 0 || (t.propOrder().length == 1 && t.propOrder()[0].isEmpty())) {
            return null;
        }
        return t.propOrder();
    }

    private static Property jaxbProperty(Class<?> owner, Candidate cand, Map<TypeVariable<?>, Type> bindings,
                                         WireConvention conv, String path) {
        String here = path + "/" + cand.javaName();
        for (AnnotatedElement m : cand.members()) {
            for (Class<? extends Annotation> a : UNSUPPORTED) {
                if (m.isAnnotationPresent(a)) {
                    throw new UnsupportedTypeException(here, typeOf(cand).getTypeName(), "@" + a.getSimpleName() + " is not supported");
                }
            }
        }
        Type type = Types.resolve(typeOf(cand), bindings);
        XmlAttribute attribute = cand.annotation(XmlAttribute.class);
        if (attribute != null) {
            String name = JaxbNames.DEFAULT.equals(attribute.name()) ? cand.javaName() : attribute.name();
            String ns = !JaxbNames.DEFAULT.equals(attribute.namespace()) ? attribute.namespace()
                    : JaxbNames.attributesQualified(owner) ? JaxbNames.typeNamespace(owner, conv) : "";
            return new Property(cand.javaName(), name, ns, true, false, type, cand.field(), cand.getter(), cand.setter());
        }
        XmlElement element = cand.annotation(XmlElement.class);
        if (element != null && element.type() != XmlElement.DEFAULT.class) {
            throw new UnsupportedTypeException(here, type.getTypeName(), "@XmlElement(type = ...) is not supported");
        }
        String name = element == null || JaxbNames.DEFAULT.equals(element.name()) ? cand.javaName() : element.name();
        String ns = element != null && !JaxbNames.DEFAULT.equals(element.namespace()) ? element.namespace()
                : conv.fieldsQualified() || JaxbNames.elementsQualified(owner) ? JaxbNames.typeNamespace(owner, conv) : "";
        boolean nillable = element != null && element.nillable();
        return new Property(cand.javaName(), name, ns, false, nillable, type, cand.field(), cand.getter(), cand.setter());
    }

    /** Whether {@code m} overrides a method of a class above {@code top}. */
    private static boolean overrides(Method m, Class<?> top) {
        if (m == null || Modifier.isPrivate(m.getModifiers())) {
            return false;
        }
        for (Class<?> c = top.getSuperclass(); c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                Method over = c.getDeclaredMethod(m.getName(), m.getParameterTypes());
                if (!Modifier.isPrivate(over.getModifiers()) && !Modifier.isStatic(over.getModifiers())) {
                    return true;
                }
            } catch (NoSuchMethodException e) {
                // not declared there
            }
        }
        return false;
    }

    private static Type typeOf(Candidate cand) {
        return cand.field() != null ? cand.field().getGenericType() : cand.getter().getGenericReturnType();
    }

    private static boolean hasJaxbAnnotation(AnnotatedElement m) {
        for (Annotation a : m.getAnnotations()) {
            String pkg = a.annotationType().getPackageName();
            if (pkg.equals("jakarta.xml.bind.annotation") || pkg.equals("jakarta.xml.bind.annotation.adapters")) {
                return true;
            }
        }
        return false;
    }
}
