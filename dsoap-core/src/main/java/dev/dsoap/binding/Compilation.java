package dev.dsoap.binding;

import dev.dsoap.tracked.TrackedDoubleArray;

import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One run of {@link PlanCompiler}: walks a {@link MessageShape}'s types depth-first, building plan nodes
 * bottom-up with their literal bytes. Not thread-safe: one per {@code compile} call.
 */
final class Compilation {
    /** Deepest struct nesting accepted (guards against generic types that grow without repeating). */
    static final int MAX_DEPTH = 64;
    private static final byte[] EMPTY = new byte[0];

    /** The convention the bytes follow. */
    private final WireConvention conv;
    /** Prefixes of this message's namespaces. */
    private final Namespaces ns;
    /** Struct types being expanded, innermost first: a repeat means a recursive type. */
    private final ArrayDeque<Type> expanding = new ArrayDeque<>();

    Compilation(WireConvention conv) {
        this.conv = conv;
        this.ns = new Namespaces(conv);
    }

    /** Where a value goes: its element (or part) and how it is read from and written to its owner. */
    private record Slot(String path, String namespace, String local, boolean nillable, Accessor accessor,
                        Mutator mutator, boolean top) {
    }

    MessagePlan compile(MessageShape shape) {
        StructNode root = shape.bare() ? bare(shape) : wrapped(shape);
        return new MessagePlan(prolog(), root, epilog(), conv);
    }

    private StructNode wrapped(MessageShape shape) {
        String local = XmlNames.checkNcName(shape.localName(), "wrapper element of " + shape);
        String wrapperNs = shape.namespace();
        if (!wrapperNs.isEmpty()) {
            ns.bind(wrapperNs, conv.wrapperPrefix(), conv + " wrapper prefix");
        }
        String tag = ns.qualify(wrapperNs, local);
        List<PlanNode> children = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<MessageShape.Part> parts = shape.parts();
        for (int i = 0; i < parts.size(); i++) {
            MessageShape.Part part = parts.get(i);
            String name = XmlNames.checkNcName(part.name(), local + " part " + i);
            String partNs = part.namespace() != null ? part.namespace() : conv.partsQualified() ? wrapperNs : "";
            if (!names.add("{" + partNs + "}" + name)) {
                throw new IllegalArgumentException(local + ": two parts named '" + name + "'");
            }
            children.add(node(new Slot(local + "/" + name, partNs, name, part.nillable(), Accessor.part(i),
                    Mutators.part(i, Types.raw(part.type())), false), part.type()));
        }
        return new StructNode(local, Accessors.IDENTITY, null, false, Object[].class,
                utf8("<" + tag + ns.declarations()), List.of(), utf8(">"), children, utf8("</" + tag + ">"),
                null, Mutators.parts(parts.size()));
    }

    private StructNode bare(MessageShape shape) {
        String local = XmlNames.checkNcName(shape.localName(), "body element of " + shape);
        MessageShape.Part part = shape.parts().get(0);
        Class<?> raw = Types.raw(part.type());
        if (raw != null && ((raw.isArray() && raw != byte[].class) || Collection.class.isAssignableFrom(raw))) {
            throw new UnsupportedTypeException(local, part.type().getTypeName(),
                    "a bare body holds one element, not a repeated one");
        }
        if (!shape.namespace().isEmpty()) {
            ns.bind(shape.namespace(), conv.wrapperPrefix(), conv + " wrapper prefix");
        }
        PlanNode child = node(new Slot(local, shape.namespace(), local, part.nillable(), Accessor.part(0),
                Mutators.part(0, raw), true), part.type());
        return new StructNode("", Accessors.IDENTITY, null, false, Object[].class, EMPTY, List.of(), EMPTY,
                List.of(child), EMPTY, null, Mutators.parts(1));
    }

    private byte[] prolog() {
        String env = conv.envelopePrefix();
        StringBuilder b = new StringBuilder(200);
        if (conv.xmlDeclaration()) {
            b.append("<?xml version='1.0' encoding='UTF-8'?>");
        }
        b.append('<').append(env).append(":Envelope xmlns:").append(env).append("=\"")
                .append(conv.soapVersion().envelopeNamespace()).append("\" xmlns:xsi=\"").append(XmlNames.XSI).append('"');
        if (conv.xsiType()) {
            b.append(" xmlns:xsd=\"").append(XmlNames.XSD).append('"');
        }
        return utf8(b.append("><").append(env).append(":Body>").toString());
    }

    private byte[] epilog() {
        String env = conv.envelopePrefix();
        return utf8("</" + env + ":Body></" + env + ":Envelope>");
    }

    // ---------------------------------------------------------------------------------------------- nodes

    private PlanNode node(Slot slot, Type type) {
        if (type instanceof TypeVariable<?>) {
            throw unsupported(slot, type, "type variable " + type.getTypeName() + " is not bound to a type here");
        }
        Class<?> raw = Types.raw(type);
        if (raw == null) {
            throw unsupported(slot, type, "only concrete types have a plan");
        }
        ScalarType scalar = type instanceof Class<?> c ? scalarType(c) : null;
        if (scalar != null) {
            return scalar(slot, scalar, raw);
        }
        if (raw == TrackedDoubleArray.class) {
            return array(slot, type, double.class, ArrayNode.Container.PRIMITIVE_ARRAY, raw);
        }
        if (raw.isArray()) {
            Type item = Types.resolve(type instanceof Class<?> c ? c.getComponentType()
                    : ((java.lang.reflect.GenericArrayType) type).getGenericComponentType(), Map.of());
            ArrayNode.Container container = raw.getComponentType().isPrimitive()
                    ? ArrayNode.Container.PRIMITIVE_ARRAY : ArrayNode.Container.OBJECT_ARRAY;
            return array(slot, type, item, container, raw);
        }
        if (Map.class.isAssignableFrom(raw)) {
            throw unsupported(slot, type, "maps have no document/literal form here");
        }
        if (List.class.isAssignableFrom(raw)) {
            Type item = listItem(type);
            item = item == null ? null : Types.resolve(item, Map.of());
            if (item == null || item instanceof TypeVariable<?>) {
                throw unsupported(slot, type, "a raw List: its item type is unknown");
            }
            return array(slot, type, item, ArrayNode.Container.LIST, raw);
        }
        if (Iterable.class.isAssignableFrom(raw) || Iterator.class.isAssignableFrom(raw)) {
            throw unsupported(slot, type, "of collections only java.util.List keeps an order to write");
        }
        return struct(slot, type, raw);
    }

    /** The scalar type of a Java class, or {@code null} if it is not a leaf value. */
    static ScalarType scalarType(Class<?> c) {
        if (c == double.class || c == Double.class) {
            return ScalarType.DOUBLE;
        }
        if (c == int.class || c == Integer.class) {
            return ScalarType.INT;
        }
        if (c == long.class || c == Long.class) {
            return ScalarType.LONG;
        }
        if (c == String.class) {
            return ScalarType.STRING;
        }
        if (c == boolean.class || c == Boolean.class) {
            return ScalarType.BOOLEAN;
        }
        if (c == float.class || c == Float.class) {
            return ScalarType.FLOAT;
        }
        if (c == short.class || c == Short.class) {
            return ScalarType.SHORT;
        }
        if (c == byte.class || c == Byte.class) {
            return ScalarType.BYTE;
        }
        if (c == byte[].class) {
            return ScalarType.BASE64;
        }
        if (c == BigDecimal.class) {
            return ScalarType.DECIMAL;
        }
        if (c == BigInteger.class) {
            return ScalarType.INTEGER;
        }
        if (c.isEnum()) {
            return ScalarType.ENUM;
        }
        return null;
    }

    private ScalarNode scalar(Slot slot, ScalarType type, Class<?> c) {
        String tag = ns.qualify(slot.namespace(), slot.local());
        String decl = slot.top() ? ns.declarations() : "";
        String xsiType = conv.xsiType() ? " xsi:type=\"xsd:" + type.xsdName() + "\"" : "";
        boolean primitive = c.isPrimitive();
        byte[] nil = primitive ? null : nil(slot, tag, decl);
        String[] lexical = type == ScalarType.ENUM ? JaxbNames.enumLexical(c, conv) : null;
        return new ScalarNode(slot.path(), slot.accessor(), nil, type, primitive, false,
                utf8("<" + tag + decl + xsiType + ">"), utf8("</" + tag + ">"), c, lexical, slot.mutator());
    }

    private ArrayNode array(Slot slot, Type type, Type item, ArrayNode.Container container, Class<?> javaType) {
        Class<?> itemRaw = Types.raw(item);
        if (itemRaw != null && ((itemRaw.isArray() && itemRaw != byte[].class) || Collection.class.isAssignableFrom(itemRaw))) {
            throw unsupported(slot, type, "arrays of arrays have no document/literal form here");
        }
        PlanNode itemNode = node(new Slot(slot.path() + "[]", slot.namespace(), slot.local(), slot.nillable(),
                Accessors.ITEM, null, false), item);
        // a null container: JAXB writes nothing (even when nillable), Axis2 one nil element
        byte[] nil = conv.nullStyle() == WireConvention.NullStyle.NIL
                ? nilBytes(ns.qualify(slot.namespace(), slot.local()), "") : null;
        return new ArrayNode(slot.path(), slot.accessor(), nil, container, javaType, itemNode, slot.mutator());
    }

    private StructNode struct(Slot slot, Type type, Class<?> raw) {
        checkBean(slot, type, raw);
        if (expanding.contains(type)) {
            StringBuilder chain = new StringBuilder();
            for (Iterator<Type> it = expanding.descendingIterator(); it.hasNext(); ) {
                chain.append(it.next().getTypeName()).append(" -> ");
            }
            throw unsupported(slot, type, "recursive type: " + chain + type.getTypeName());
        }
        if (expanding.size() >= MAX_DEPTH) {
            throw unsupported(slot, type, "structs nested deeper than " + MAX_DEPTH);
        }
        Supplier<Object> factory = Mutators.factory(raw, slot.path());
        expanding.push(type);
        try {
            String tag = ns.qualify(slot.namespace(), slot.local());
            String typeAttr = "";
            if (conv.structXsiType()) {
                String typeName = JaxbNames.typeName(raw, conv);
                if (typeName != null) {
                    typeAttr = " xsi:type=\"" + ns.qualify(JaxbNames.typeNamespace(raw, conv), typeName) + "\"";
                }
            }
            Map<TypeVariable<?>, Type> bindings = new HashMap<>();
            if (type instanceof ParameterizedType p) {
                Types.bind(p, bindings);
            }
            List<ScalarNode> attributes = new ArrayList<>();
            List<PlanNode> children = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (Property p : BeanModel.properties(raw, bindings, conv, slot.path())) {
                String path = slot.path() + (p.attribute ? "/@" : "/") + p.xmlName;
                XmlNames.checkNcName(p.xmlName, path);
                if (p.type instanceof Class<?> c && c.isPrimitive() && scalarType(c) == null) {
                    throw new UnsupportedTypeException(path, c.getName(), c.getName() + " has no XML Schema mapping here");
                }
                if (!names.add((p.attribute ? "@{" : "{") + p.namespace + "}" + p.xmlName)) {
                    throw unsupported(slot, type, "two " + (p.attribute ? "attributes" : "elements") + " named '" + p.xmlName + "'");
                }
                Accessor accessor = p.field != null ? Accessors.field(p.field, path) : Accessors.getter(p.getter, path);
                Mutator mutator = p.field != null ? Mutators.field(p.field) : p.setter != null ? Mutators.setter(p.setter) : null;
                Type nodeType = p.type;
                Class<?> propertyClass = Types.raw(p.type);
                if (conv.beanStyle() == WireConvention.BeanStyle.ADB) {
                    AdbMembers.check(p, path);
                    accessor = AdbMembers.accessor(p, accessor, path);
                    mutator = AdbMembers.mutator(p, mutator);
                    nodeType = AdbMembers.nodeType(p);
                } else if (conv.beanStyle() == WireConvention.BeanStyle.AXIS2 && propertyClass != null && propertyClass.isArray()
                        && propertyClass != byte[].class) {
                    mutator = Mutators.noItemsIsNull(mutator); // BeanUtil leaves such a property null
                }
                if (p.attribute) {
                    attributes.add(attribute(path, p, nodeType, accessor, mutator));
                } else {
                    children.add(node(new Slot(path, p.namespace, p.xmlName, p.nillable, accessor, mutator, false), nodeType));
                }
            }
            String decl = slot.top() ? ns.declarations() : "";
            return new StructNode(slot.path(), slot.accessor(), nil(slot, tag, decl), true, raw,
                    utf8("<" + tag + decl + typeAttr), attributes, utf8(">"), children, utf8("</" + tag + ">"),
                    slot.mutator(), factory);
        } finally {
            expanding.pop();
        }
    }

    private ScalarNode attribute(String path, Property p, Type javaType, Accessor accessor, Mutator mutator) {
        ScalarType type = javaType instanceof Class<?> c ? scalarType(c) : null;
        if (type == null) {
            throw new UnsupportedTypeException(path, javaType.getTypeName(), "an attribute holds a single simple value");
        }
        Class<?> c = (Class<?>) javaType;
        String[] lexical = type == ScalarType.ENUM ? JaxbNames.enumLexical(c, conv) : null;
        return new ScalarNode(path, accessor, null, type, c.isPrimitive(), true,
                utf8(" " + ns.qualify(p.namespace, p.xmlName) + "=\""), utf8("\""), c, lexical, mutator);
    }

    /** Rejects classes that are not instantiable, introspectable application beans. */
    private void checkBean(Slot slot, Type type, Class<?> raw) {
        String reason = null;
        if (raw.isPrimitive() || raw == Character.class) {
            reason = raw.getSimpleName() + " has no XML Schema mapping here";
        } else if (raw == Object.class) {
            reason = "the value's type is unknown at plan time";
        } else if (raw.isInterface()) {
            reason = "an interface has no properties to write";
        } else if (BeanModel.isPlatform(raw)) {
            reason = "no mapping for this platform type";
        } else if (raw.isRecord()) {
            reason = "records are not JavaBeans";
        } else if (Modifier.isAbstract(raw.getModifiers())) {
            reason = "an abstract class cannot be instantiated";
        } else if (raw.isAnonymousClass() || raw.isLocalClass()
                || (raw.isMemberClass() && !Modifier.isStatic(raw.getModifiers()))) {
            reason = "only top-level and static nested classes are beans";
        }
        if (reason != null) {
            throw unsupported(slot, type, reason);
        }
    }

    /** The item type of a {@link List} type, or {@code null} when it is raw. */
    private static Type listItem(Type type) {
        Class<?> raw = Types.raw(type);
        if (raw == List.class) {
            return type instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : null;
        }
        Map<TypeVariable<?>, Type> bindings = new HashMap<>();
        if (type instanceof ParameterizedType p) {
            Types.bind(p, bindings);
        }
        List<Type> supers = new ArrayList<>(Arrays.asList(raw.getGenericInterfaces()));
        if (raw.getGenericSuperclass() != null) {
            supers.add(raw.getGenericSuperclass());
        }
        for (Type s : supers) {
            Class<?> sr = Types.raw(s);
            if (sr != null && List.class.isAssignableFrom(sr)) {
                Type item = listItem(Types.resolve(s, bindings));
                if (item != null) {
                    return item;
                }
            }
        }
        return null;
    }

    /** Nil bytes for a nullable element: {@code xsi:nil} when nillable (or the convention's style), else omit. */
    private byte[] nil(Slot slot, String tag, String decl) {
        return slot.nillable() || conv.nullStyle() == WireConvention.NullStyle.NIL ? nilBytes(tag, decl) : null;
    }

    private static byte[] nilBytes(String tag, String decl) {
        return utf8("<" + tag + decl + " xsi:nil=\"true\"/>");
    }

    private static UnsupportedTypeException unsupported(Slot slot, Type type, String reason) {
        return new UnsupportedTypeException(slot.path(), type.getTypeName(), reason);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
