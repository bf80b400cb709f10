package dev.dsoap.axis2;

import dev.dsoap.binding.BeanSchema;
import org.apache.axis2.description.AxisService;
import org.apache.ws.commons.schema.XmlSchema;
import org.apache.ws.commons.schema.XmlSchemaAttribute;
import org.apache.ws.commons.schema.XmlSchemaAttributeOrGroupRef;
import org.apache.ws.commons.schema.XmlSchemaComplexContentExtension;
import org.apache.ws.commons.schema.XmlSchemaComplexType;
import org.apache.ws.commons.schema.XmlSchemaElement;
import org.apache.ws.commons.schema.XmlSchemaParticle;
import org.apache.ws.commons.schema.XmlSchemaSequence;
import org.apache.ws.commons.schema.XmlSchemaSequenceMember;
import org.apache.ws.commons.schema.XmlSchemaType;

import javax.xml.namespace.QName;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The schema facts of a service's ADB beans, found by walking the service's schema and the bean classes
 * side by side from an operation's element: each {@code localX} field is matched to the particle whose
 * name ADB turned into {@code X}, and must come in the particle's order. Only sequences of elements (and
 * attributes) are described; choices, {@code xs:all}, wildcards and group references leave the bean
 * without a plan. Immutable once built; thread-safe.
 */
final class AdbSchema implements BeanSchema {
    private final Map<Class<?>, Map<String, Element>> byClass = new HashMap<>();
    private final AxisService service;
    private final Set<Class<?>> walking = new HashSet<>();

    private AdbSchema(AxisService service) {
        this.service = service;
    }

    /**
     * Describes {@code bean}, the class of element {@code element}, and every bean below it.
     *
     * @throws IllegalArgumentException naming what does not match
     */
    static AdbSchema of(AxisService service, QName element, Class<?> bean) {
        AdbSchema s = new AdbSchema(service);
        XmlSchemaElement e = s.element(element);
        if (e == null) {
            throw new IllegalArgumentException("the service's schema has no element " + element);
        }
        s.bind(bean, s.typeOf(e), element.getLocalPart());
        return s;
    }

    @Override
    public Element element(Class<?> bean, String javaName) {
        Map<String, Element> m = byClass.get(bean);
        return m == null ? null : m.get(javaName);
    }

    private XmlSchemaElement element(QName name) {
        for (XmlSchema schema : service.getSchema()) {
            XmlSchemaElement e = schema.getParent() != null ? schema.getParent().getElementByQName(name) : schema.getElementByName(name);
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    private XmlSchemaType type(QName name) {
        for (XmlSchema schema : service.getSchema()) {
            XmlSchemaType t = schema.getParent() != null ? schema.getParent().getTypeByQName(name) : schema.getTypeByName(name);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    private XmlSchemaType typeOf(XmlSchemaElement e) {
        XmlSchemaElement target = e.isRef() ? e.getRef().getTarget() : e;
        if (target == null) {
            return null;
        }
        if (target.getSchemaType() != null) {
            return target.getSchemaType();
        }
        return target.getSchemaTypeName() == null ? null : type(target.getSchemaTypeName());
    }

    /** One element or attribute of a complex type, in document order. */
    private record Item(QName wireName, boolean attribute, boolean nillable, XmlSchemaType type) {
    }

    private void bind(Class<?> bean, XmlSchemaType type, String path) {
        if (byClass.containsKey(bean) || !walking.add(bean)) {
            return;
        }
        if (!(type instanceof XmlSchemaComplexType ct)) {
            throw new IllegalArgumentException(path + ": " + bean.getName() + " is not bound to a complex type");
        }
        List<Item> items = new ArrayList<>();
        collect(ct, items, path);
        Map<String, Item> byName = new HashMap<>();
        for (Item i : items) {
            if (byName.put(normal(i.wireName.getLocalPart()), i) != null) {
                throw new IllegalArgumentException(path + ": two particles named like " + i.wireName.getLocalPart());
            }
        }
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> k = bean; k != null && k != Object.class; k = k.getSuperclass()) {
            chain.add(0, k);
        }
        int lastElement = -1;
        for (Class<?> k : chain) {
            Map<String, Element> props = new HashMap<>();
            for (Field f : BeanSchema.adbFields(k)) {
                String n = f.getName();
                String x = n.substring("local".length());
                Item i = byName.get(normal(x));
                if (i == null) {
                    throw new IllegalArgumentException(path + ": ADB field " + k.getSimpleName() + "." + n
                            + " matches no element or attribute of the schema");
                }
                if (!i.attribute) {
                    int at = items.indexOf(i);
                    if (at < lastElement) {
                        throw new IllegalArgumentException(path + ": ADB field " + n + " is out of the schema's element order");
                    }
                    lastElement = at;
                }
                props.put(x, new Element(i.wireName.getLocalPart(), i.wireName.getNamespaceURI(), i.attribute, i.nillable));
                if (i.type instanceof XmlSchemaComplexType) {
                    Class<?> t = f.getType().isArray() ? f.getType().getComponentType() : f.getType();
                    bind(t, i.type, path + "/" + i.wireName.getLocalPart());
                }
            }
            byClass.put(k, props);
        }
        walking.remove(bean);
    }

    private void collect(XmlSchemaComplexType ct, List<Item> items, String path) {
        XmlSchemaParticle particle = ct.getParticle();
        List<XmlSchemaAttributeOrGroupRef> attributes = ct.getAttributes();
        if (ct.getContentModel() != null) {
            if (!(ct.getContentModel().getContent() instanceof XmlSchemaComplexContentExtension ext)) {
                throw new IllegalArgumentException(path + ": content model " + ct.getContentModel().getClass().getSimpleName()
                        + " is not described");
            }
            XmlSchemaType base = type(ext.getBaseTypeName());
            if (base instanceof XmlSchemaComplexType b) {
                collect(b, items, path);
            } else if (base != null) {
                throw new IllegalArgumentException(path + ": extension of simple type " + ext.getBaseTypeName());
            }
            particle = ext.getParticle();
            attributes = ext.getAttributes();
        }
        if (particle != null) {
            if (!(particle instanceof XmlSchemaSequence seq)) {
                throw new IllegalArgumentException(path + ": " + particle.getClass().getSimpleName() + " is not described (only sequences)");
            }
            for (XmlSchemaSequenceMember m : seq.getItems()) {
                if (!(m instanceof XmlSchemaElement e)) {
                    throw new IllegalArgumentException(path + ": " + m.getClass().getSimpleName() + " in a sequence is not described");
                }
                XmlSchemaElement target = e.isRef() ? e.getRef().getTarget() : e;
                if (target == null) {
                    throw new IllegalArgumentException(path + ": unresolved element reference " + e.getRef().getTargetQName());
                }
                items.add(new Item(e.isRef() ? target.getQName() : e.getWireName(), false, target.isNillable(), typeOf(e)));
            }
        }
        for (XmlSchemaAttributeOrGroupRef a : attributes) {
            if (!(a instanceof XmlSchemaAttribute attr)) {
                throw new IllegalArgumentException(path + ": attribute groups are not described");
            }
            XmlSchemaAttribute target = attr.isRef() ? attr.getRef().getTarget() : attr;
            items.add(new Item(attr.isRef() ? target.getQName() : attr.getWireName(), true, false, null));
        }
    }

    /** A name as ADB's Java naming leaves it comparable: letters and digits, lower case. */
    private static String normal(String name) {
        StringBuilder b = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                b.append(Character.toLowerCase(c));
            }
        }
        return b.toString();
    }
}
