package dev.dsoap.axis2;

import dev.dsoap.binding.BeanSchema;
import org.apache.axis2.databinding.ADBBean;

import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The schema facts of ADB beans on the client side, where a wsdl2java stub's service carries no schema: they
 * are read from what the beans' own generated {@code serialize} writes. A probe instance with a distinct
 * sample in every property is serialized once; each property whose sample comes back as an attribute of the
 * element is an attribute, the others are its child elements in order (ADB writes a sequence in property
 * order). Each nullable property is then probed once more set to null: ADB writing {@code xsi:nil} makes it
 * nillable, ADB refusing makes it not. A class whose output does not line up with its properties is left
 * undescribed, so it gets no plan and its messages keep ADB's path.
 *
 * <p>Immutable once built; thread-safe.
 */
final class ProbedSchema implements BeanSchema {
    private static final String PROBE_NS = "urn:dsoap:probe";
    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();
    private static final XMLInputFactory INPUT = XMLInputFactory.newFactory();

    static {
        INPUT.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        INPUT.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
    }

    private final Map<Class<?>, Map<String, Element>> byClass = new HashMap<>();
    /** Classes being probed, against recursive types. */
    private final List<Class<?>> probing = new ArrayList<>();
    private int counter;

    private ProbedSchema() {
    }

    /** Describes {@code bean} and every ADB bean class below it that can be described. */
    static ProbedSchema of(Class<?> bean) {
        ProbedSchema s = new ProbedSchema();
        s.describe(bean);
        return s;
    }

    @Override
    public Element element(Class<?> bean, String javaName) {
        Map<String, Element> m = byClass.get(bean);
        return m == null ? null : m.get(javaName);
    }

    private void describe(Class<?> c) {
        if (byClass.containsKey(c) || probing.contains(c) || !ADBBean.class.isAssignableFrom(c)) {
            return;
        }
        probing.add(c);
        try {
            List<Field> fields = fields(c);
            for (Field f : fields) {
                Class<?> t = f.getType().isArray() ? f.getType().getComponentType() : f.getType();
                describe(t);
            }
            Map<String, Element> m = probe(c, fields);
            if (m != null) {
                byClass.put(c, m);
            }
        } finally {
            probing.remove(c);
        }
    }

    /** The property fields of {@code c}, its ADB superclasses' first (ADB writes an extension's base first). */
    private static List<Field> fields(Class<?> c) {
        List<Class<?>> levels = new ArrayList<>();
        for (Class<?> k = c; k != null && ADBBean.class.isAssignableFrom(k); k = k.getSuperclass()) {
            levels.add(0, k);
        }
        List<Field> out = new ArrayList<>();
        for (Class<?> k : levels) {
            for (Field f : BeanSchema.adbFields(k)) {
                f.setAccessible(true);
                out.add(f);
            }
        }
        return out;
    }

    /** Each property's element or attribute, or {@code null} when the output does not line up. */
    private Map<String, Element> probe(Class<?> c, List<Field> fields) {
        Object[] samples = new Object[fields.size()];
        Object bean = sample(c, fields, samples);
        Written full = bean == null ? null : write(bean);
        if (full == null) {
            return null;
        }
        boolean[] attribute = new boolean[fields.size()];
        int elements = 0;
        for (int i = 0; i < fields.size(); i++) {
            attribute[i] = full.attributeFor(samples[i]) != null;
            if (!attribute[i]) {
                elements++;
            }
        }
        if (elements != full.children.size()) {
            return null;
        }
        Map<String, Element> m = new HashMap<>();
        int child = 0;
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            String javaName = f.getName().substring("local".length());
            if (attribute[i]) {
                QName a = full.attributeFor(samples[i]);
                m.put(javaName, new Element(a.getLocalPart(), a.getNamespaceURI(), true, false));
                continue;
            }
            QName e = full.children.get(child);
            m.put(javaName, new Element(e.getLocalPart(), e.getNamespaceURI(), false, nillable(bean, f, samples[i], child, full.children.size())));
            child++;
        }
        return m;
    }

    /** Whether ADB writes {@code xsi:nil} for a null value (of the property, or of an item of an object array). */
    private static boolean nillable(Object bean, Field f, Object sample, int child, int children) {
        Class<?> t = f.getType();
        if (t.isPrimitive() || (t.isArray() && t.getComponentType().isPrimitive())) {
            return false;
        }
        try {
            f.set(bean, t.isArray() ? Array.newInstance(t.getComponentType(), 1) : null);
            Written w = write(bean);
            return w != null && w.children.size() == children && w.nil.get(child);
        } catch (IllegalAccessException e) {
            return false;
        } finally {
            try {
                f.set(bean, sample);
            } catch (IllegalAccessException ignored) {
                // set above with the same access
            }
        }
    }

    /** A probe instance of {@code c} with a distinct sample in every property (recorded in {@code samples}), or null. */
    private Object sample(Class<?> c, List<Field> fields, Object[] samples) {
        Object bean;
        try {
            bean = c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            Object v = sampleOf(f.getType());
            if (v == null) {
                return null;
            }
            samples[i] = v;
            try {
                f.set(bean, v);
                Field tracker = tracker(f);
                if (tracker != null) {
                    tracker.set(bean, true);
                }
            } catch (IllegalAccessException | RuntimeException e) {
                return null;
            }
        }
        return bean;
    }

    private static Field tracker(Field f) {
        try {
            Field t = f.getDeclaringClass().getDeclaredField(f.getName() + "Tracker");
            if (t.getType() != boolean.class || Modifier.isStatic(t.getModifiers())) {
                return null;
            }
            t.setAccessible(true);
            return t;
        } catch (NoSuchFieldException e) {
            return null;
        }
    }

    /** A sample of type {@code t}, distinct from every other sample of this probe; null when there is none. */
    private Object sampleOf(Class<?> t) {
        int k = 1000 + counter++;
        if (t.isArray()) {
            Object item = sampleOf(t.getComponentType());
            if (item == null) {
                return null;
            }
            Object a = Array.newInstance(t.getComponentType(), 1);
            Array.set(a, 0, item);
            return a;
        }
        if (t == int.class || t == Integer.class) {
            return k;
        } else if (t == long.class || t == Long.class) {
            return (long) k;
        } else if (t == short.class || t == Short.class) {
            return (short) k;
        } else if (t == byte.class || t == Byte.class) {
            return (byte) (k % 100);
        } else if (t == double.class || t == Double.class) {
            return (double) k;
        } else if (t == float.class || t == Float.class) {
            return (float) k;
        } else if (t == boolean.class || t == Boolean.class) {
            return Boolean.TRUE;
        } else if (t == String.class) {
            return "p" + k;
        } else if (t == BigDecimal.class) {
            return BigDecimal.valueOf(k);
        } else if (t == BigInteger.class) {
            return BigInteger.valueOf(k);
        } else if (ADBBean.class.isAssignableFrom(t) && !probing.contains(t)) {
            List<Field> fields = fields(t);
            return sample(t, fields, new Object[fields.size()]);
        }
        return null;
    }

    /** What the bean's serializer wrote: the root's attributes and its child elements, or null when it refused. */
    private static Written write(Object bean) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            XMLStreamWriter w = OUTPUT.createXMLStreamWriter(bytes, "UTF-8");
            ((ADBBean) bean).serialize(new QName(PROBE_NS, "probe", "probe"), w);
            w.flush();
            w.close();
        } catch (XMLStreamException | RuntimeException e) {
            return null;
        }
        try {
            return Written.read(bytes.toByteArray());
        } catch (XMLStreamException e) {
            return null;
        }
    }

    /** The probe element as written. */
    private static final class Written {
        final List<QName> attributes = new ArrayList<>();
        final List<String> values = new ArrayList<>();
        final List<QName> children = new ArrayList<>();
        final List<Boolean> nil = new ArrayList<>();

        static Written read(byte[] xml) throws XMLStreamException {
            Written w = new Written();
            XMLStreamReader r = INPUT.createXMLStreamReader(new ByteArrayInputStream(xml));
            try {
                int depth = 0;
                while (r.hasNext()) {
                    int e = r.next();
                    if (e == XMLStreamConstants.START_ELEMENT) {
                        depth++;
                        if (depth == 1) {
                            for (int i = 0; i < r.getAttributeCount(); i++) {
                                String ns = r.getAttributeNamespace(i);
                                if (!XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI.equals(ns)) {
                                    w.attributes.add(new QName(ns == null ? "" : ns, r.getAttributeLocalName(i)));
                                    w.values.add(r.getAttributeValue(i));
                                }
                            }
                        } else if (depth == 2) {
                            String ns = r.getNamespaceURI();
                            w.children.add(new QName(ns == null ? "" : ns, r.getLocalName()));
                            String nil = r.getAttributeValue(XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI, "nil");
                            w.nil.add("true".equals(nil) || "1".equals(nil));
                        }
                    } else if (e == XMLStreamConstants.END_ELEMENT) {
                        depth--;
                    }
                }
            } finally {
                r.close();
            }
            return w;
        }

        /** The attribute whose value is {@code sample} as ADB writes it, or null. */
        QName attributeFor(Object sample) {
            if (sample == null || sample.getClass().isArray() || sample instanceof ADBBean) {
                return null;
            }
            for (int i = 0; i < values.size(); i++) {
                if (same(sample, values.get(i))) {
                    return attributes.get(i);
                }
            }
            return null;
        }

        private static boolean same(Object sample, String written) {
            if (sample instanceof String s) {
                return s.equals(written);
            }
            if (sample instanceof Boolean) {
                return false; // never told apart from another boolean: booleans are taken as elements
            }
            try {
                return new BigDecimal(written.trim()).compareTo(new BigDecimal(sample.toString())) == 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
    }
}
