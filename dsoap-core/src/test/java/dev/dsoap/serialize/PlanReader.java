package dev.dsoap.serialize;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.Mutator;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.StructNode;
import dev.dsoap.tracked.TrackedDoubleArray;

import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test oracle: reads a SOAP message back into the operation's {@code Object[]} parts by walking a
 * {@link MessagePlan} alongside a Woodstox pull parser, independently of the serializer's template.
 *
 * <p>Element and attribute names are the plan's tag bytes resolved against the namespace declarations found
 * in the plan's bytes (all of them are declared on the Envelope and the body's top element). Structs are
 * created with {@link StructNode#factory()} and filled through each child's {@link PlanNode#mutator()}
 * (typed setters for primitives); repeated elements become the node's container (primitive array,
 * typed object array, {@link ArrayList}, or {@link TrackedDoubleArray}). {@code xsi:nil="true"} and
 * omitted elements read as {@code null}; leaf text is parsed strictly by its XML Schema lexical space
 * (no surrounding whitespace; {@code INF}/{@code -INF}/{@code NaN}; strict base64; strings exactly).
 * Whitespace between elements is ignored; anything else unexpected fails with an {@link AssertionError}
 * naming the plan path.
 *
 * <p>What the wire cannot tell apart is read one way and compared by {@link #assertEquivalent}: a null
 * repeated element that is omitted reads as an empty container; a null item that is omitted is absent;
 * when a null container is one nil element, one nil element reads as a null container.
 *
 * <p>Thread-safe after construction (each {@link #read} uses its own parser).
 */
final class PlanReader {
    static final String XSI = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI;
    private static final XMLInputFactory FACTORY = new com.ctc.wstx.stax.WstxInputFactory();
    private static final Pattern XMLNS = Pattern.compile("xmlns(?::([^=\\s]+))?=\"([^\"]*)\"");
    private static final Pattern XSI_TYPE = Pattern.compile("xsi:type=\"([^\"]*)\"");
    /** xsd:double / xsd:float lexical space, INF/-INF/NaN handled apart. */
    private static final Pattern FLOATING = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)");
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");

    static {
        FACTORY.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        FACTORY.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        FACTORY.setProperty(XMLInputFactory.IS_COALESCING, true);
        FACTORY.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, true);
    }

    private final MessagePlan plan;
    /** Prefix -> namespace URI, from every declaration in the plan's bytes. */
    private final Map<String, String> prefixes = new HashMap<>();
    /** Element (or attribute) name of each node; array nodes carry their items' name. */
    private final Map<PlanNode, QName> names = new IdentityHashMap<>();
    /** The {@code xsi:type} each present leaf or struct element must carry, if any. */
    private final Map<PlanNode, QName> xsiTypes = new IdentityHashMap<>();
    /** Enum constant by lexical form, per enum leaf. */
    private final Map<PlanNode, Map<String, Object>> enums = new IdentityHashMap<>();
    private final QName envelope;
    private final QName body;

    PlanReader(MessagePlan plan) {
        this.plan = plan;
        scanDeclarations(plan.prolog());
        scanTree(plan.root());
        String env = plan.convention().envelopePrefix();
        String envNs = plan.convention().soapVersion().envelopeNamespace();
        if (!envNs.equals(prefixes.get(env))) {
            throw new IllegalStateException("prolog binds " + env + " to " + prefixes.get(env) + ", not " + envNs);
        }
        this.envelope = new QName(envNs, "Envelope");
        this.body = new QName(envNs, "Body");
        nameTree(plan.root(), true);
    }

    MessagePlan plan() {
        return plan;
    }

    // ------------------------------------------------------------------------------------------- names

    private void scanTree(PlanNode n) {
        scanDeclarations(n.nil());
        if (n instanceof ScalarNode s) {
            scanDeclarations(s.open());
        } else if (n instanceof StructNode s) {
            scanDeclarations(s.openStart());
            s.attributes().forEach(this::scanTree);
            s.children().forEach(this::scanTree);
        } else {
            scanTree(((ArrayNode) n).item());
        }
    }

    private void scanDeclarations(byte[] bytes) {
        if (bytes == null) {
            return;
        }
        Matcher m = XMLNS.matcher(utf8(bytes));
        while (m.find()) {
            String prefix = m.group(1) == null ? "" : m.group(1);
            String uri = unescape(m.group(2));
            String old = prefixes.put(prefix, uri);
            if (old != null && !old.equals(uri)) {
                throw new IllegalStateException("prefix '" + prefix + "' bound to " + old + " and " + uri);
            }
        }
    }

    private void nameTree(PlanNode n, boolean root) {
        if (n instanceof ScalarNode s) {
            String open = utf8(s.open());
            if (s.attribute()) {
                String q = open.trim();
                if (!q.endsWith("=\"")) {
                    throw new IllegalStateException(n.path() + ": attribute opener " + open);
                }
                names.put(n, resolve(q.substring(0, q.length() - 2), false, n));
            } else {
                names.put(n, resolve(tagName(open, n), true, n));
                expectType(n, open);
            }
            if (s.type() == ScalarType.ENUM) {
                Map<String, Object> byLexical = new HashMap<>();
                for (Object c : s.javaType().getEnumConstants()) {
                    String lex = s.enumLexical(((Enum<?>) c).ordinal());
                    if (byLexical.put(lex, c) != null) {
                        throw new IllegalStateException(n.path() + ": two constants written as '" + lex + "'");
                    }
                }
                enums.put(n, byLexical);
            }
        } else if (n instanceof StructNode s) {
            if (!(root && s.openStart().length == 0)) {
                String open = utf8(s.openStart());
                names.put(n, resolve(tagName(open, n), true, n));
                expectType(n, open);
            }
            s.attributes().forEach(a -> nameTree(a, false));
            s.children().forEach(c -> nameTree(c, false));
        } else {
            ArrayNode a = (ArrayNode) n;
            nameTree(a.item(), false);
            names.put(n, names.get(a.item()));
        }
    }

    private void expectType(PlanNode n, String open) {
        Matcher m = XSI_TYPE.matcher(open);
        if (m.find()) {
            xsiTypes.put(n, resolve(m.group(1), true, n));
        }
    }

    private static String tagName(String open, PlanNode n) {
        if (!open.startsWith("<")) {
            throw new IllegalStateException(n.path() + ": element opener " + open);
        }
        int end = 1;
        while (end < open.length() && " \t\r\n>/".indexOf(open.charAt(end)) < 0) {
            end++;
        }
        return open.substring(1, end);
    }

    private QName resolve(String qname, boolean element, PlanNode n) {
        int colon = qname.indexOf(':');
        if (colon < 0) {
            return new QName(element ? prefixes.getOrDefault("", "") : "", qname);
        }
        String uri = prefixes.get(qname.substring(0, colon));
        if (uri == null) {
            throw new IllegalStateException(n.path() + ": prefix of " + qname + " is declared nowhere in the plan");
        }
        return new QName(uri, qname.substring(colon + 1));
    }

    // ------------------------------------------------------------------------------------------- reading

    /** The message's parts; fails with an {@link AssertionError} on anything the plan does not describe. */
    Object[] read(byte[] xml) {
        XMLStreamReader r;
        try {
            r = FACTORY.createXMLStreamReader(new ByteArrayInputStream(xml));
        } catch (XMLStreamException e) {
            throw new AssertionError("cannot parse: " + e.getMessage(), e);
        }
        try {
            Cursor c = new Cursor(r);
            c.next("/");
            c.expectStart(envelope, "/");
            c.noAttributes("Envelope");
            c.next("Envelope");
            c.expectStart(body, "Envelope");
            c.noAttributes("Body");
            c.next("Body");
            StructNode root = plan.root();
            Object parts = root.factory().get();
            if (names.containsKey(root)) {
                c.expectStart(names.get(root), root.path());
                readStructAttributes(c, root, parts);
                c.next(root.path());
                readChildren(c, root, parts);
                c.expectEnd(names.get(root), root.path());
                c.next(root.path());
            } else {
                readChildren(c, root, parts);
            }
            c.expectEnd(body, "Body");
            c.next("Body");
            c.expectEnd(envelope, "Envelope");
            c.next("Envelope");
            if (c.event != XMLStreamConstants.END_DOCUMENT) {
                throw new AssertionError("content after the Envelope: " + c.describe());
            }
            return (Object[]) parts;
        } catch (XMLStreamException e) {
            throw new AssertionError("not well-formed: " + e.getMessage(), e);
        } finally {
            try {
                r.close();
            } catch (XMLStreamException ignored) {
                // nothing held
            }
        }
    }

    /** Reads the element children of {@code s} into {@code owner}; the cursor is at the first event after the start tag and ends at the parent's end tag. */
    private void readChildren(Cursor c, StructNode s, Object owner) throws XMLStreamException {
        for (PlanNode child : s.children()) {
            if (child instanceof ArrayNode a) {
                set(a, owner, readArray(c, a));
            } else if (c.atStart(names.get(child))) {
                set(child, owner, readElement(c, child));
            } else if (child instanceof ScalarNode sc && sc.primitive()) {
                throw new AssertionError(child.path() + ": missing (a primitive is never omitted); found " + c.describe());
            } else if (child.nil() != null) {
                throw new AssertionError(child.path() + ": missing (a null would be xsi:nil); found " + c.describe());
            } else {
                set(child, owner, null);
            }
        }
        if (c.event != XMLStreamConstants.END_ELEMENT) {
            throw new AssertionError((s.path().isEmpty() ? "Body" : s.path()) + ": unexpected " + c.describe());
        }
    }

    /** Reads one element of a leaf or struct node at the cursor; leaves the cursor after its end tag. */
    private Object readElement(Cursor c, PlanNode n) throws XMLStreamException {
        QName name = names.get(n);
        Object v;
        if (c.nil(n)) {
            c.nextRaw();
            if (c.event != XMLStreamConstants.END_ELEMENT) {
                throw new AssertionError(n.path() + ": a nil element has content: " + c.describe());
            }
            v = null;
        } else if (n instanceof ScalarNode s) {
            c.checkAttributes(n, xsiTypes.get(n), Map.of());
            v = parse(s, c.leafText(n));
        } else {
            StructNode s = (StructNode) n;
            if (s.factory() == null) {
                throw new AssertionError(n.path() + ": the plan has no factory for " + s.javaType().getName());
            }
            v = s.factory().get();
            readStructAttributes(c, s, v);
            c.next(n.path());
            readChildren(c, s, v);
        }
        c.expectEnd(name, n.path());
        c.next(n.path());
        return v;
    }

    private void readStructAttributes(Cursor c, StructNode s, Object owner) {
        Map<QName, ScalarNode> byName = new HashMap<>();
        for (ScalarNode a : s.attributes()) {
            byName.put(names.get(a), a);
        }
        Map<QName, String> found = c.checkAttributes(s, xsiTypes.get(s), byName);
        for (ScalarNode a : s.attributes()) {
            String text = found.get(names.get(a));
            if (text == null && a.primitive()) {
                throw new AssertionError(a.path() + ": primitive attribute missing");
            }
            set(a, owner, text == null ? null : parse(a, text));
        }
    }

    /** Reads the consecutive item elements of {@code a} at the cursor into its container. */
    private Object readArray(Cursor c, ArrayNode a) throws XMLStreamException {
        QName name = names.get(a);
        PlanNode item = a.item();
        List<Object> items = new ArrayList<>();
        boolean sawNil = false;
        while (c.atStart(name)) {
            boolean nil = c.isNil();
            sawNil |= nil;
            if (nil && (item.nil() == null || !item.nullable())) {
                // the only nil this node can write is the null container itself
                if (a.nil() == null) {
                    throw new AssertionError(a.path() + ": xsi:nil where neither the array nor its items are nillable");
                }
                c.nextRaw();
                if (c.event != XMLStreamConstants.END_ELEMENT) {
                    throw new AssertionError(a.path() + ": a nil element has content: " + c.describe());
                }
                c.next(a.path());
                items.add(null);
                continue;
            }
            items.add(readElement(c, item));
        }
        if (items.size() == 1 && items.get(0) == null && sawNil && a.nil() != null) {
            return null;
        }
        if (sawNil && (item.nil() == null || !item.nullable())) {
            throw new AssertionError(a.path() + ": a nil container among " + items.size() + " items");
        }
        return container(a, items);
    }

    private static Object container(ArrayNode a, List<Object> items) {
        String path = a.path();
        switch (a.container()) {
            case LIST:
                return new ArrayList<>(items);
            case OBJECT_ARRAY: {
                Object arr = Array.newInstance(a.javaType().getComponentType(), items.size());
                for (int i = 0; i < items.size(); i++) {
                    Array.set(arr, i, items.get(i));
                }
                return arr;
            }
            default: {
                if (a.javaType() == TrackedDoubleArray.class) {
                    double[] d = new double[items.size()];
                    for (int i = 0; i < d.length; i++) {
                        d[i] = (Double) items.get(i);
                    }
                    return new TrackedDoubleArray(d);
                }
                Class<?> component = a.javaType().getComponentType();
                if (component == null || !component.isPrimitive()) {
                    throw new AssertionError(path + ": primitive container " + a.javaType());
                }
                Object arr = Array.newInstance(component, items.size());
                for (int i = 0; i < items.size(); i++) {
                    Array.set(arr, i, items.get(i));
                }
                return arr;
            }
        }
    }

    /** Stores {@code v} through {@code n}'s mutator, with the typed setter for primitives. */
    private static void set(PlanNode n, Object owner, Object v) {
        Mutator m = n.mutator();
        if (m == null) {
            throw new AssertionError(n.path() + ": no mutator to store " + v);
        }
        if (n instanceof ScalarNode s && s.primitive()) {
            switch (s.type()) {
                case DOUBLE -> m.setDouble(owner, (Double) v);
                case FLOAT -> m.setFloat(owner, (Float) v);
                case LONG -> m.setLong(owner, (Long) v);
                case BOOLEAN -> m.setBoolean(owner, (Boolean) v);
                case INT, SHORT, BYTE -> m.setInt(owner, ((Number) v).intValue());
                default -> throw new AssertionError(n.path() + ": primitive " + s.type());
            }
        } else {
            m.set(owner, v);
        }
    }

    /** Parses leaf text by the leaf's type; the Java class is the node's (boxed for primitives). */
    private Object parse(ScalarNode s, String text) {
        String path = s.path();
        try {
            return switch (s.type()) {
                case STRING -> text;
                case ENUM -> {
                    Object e = enums.get(s).get(text);
                    if (e == null) {
                        throw new AssertionError(path + ": '" + text + "' is no lexical form of " + s.javaType().getName());
                    }
                    yield e;
                }
                case BOOLEAN -> switch (text) {
                    case "true", "1" -> Boolean.TRUE;
                    case "false", "0" -> Boolean.FALSE;
                    default -> throw new AssertionError(path + ": '" + text + "' is not an xsd:boolean");
                };
                case DOUBLE -> switch (text) {
                    case "INF" -> Double.POSITIVE_INFINITY;
                    case "-INF" -> Double.NEGATIVE_INFINITY;
                    case "NaN" -> Double.NaN;
                    default -> Double.parseDouble(lexical(FLOATING, text, s));
                };
                case FLOAT -> switch (text) {
                    case "INF" -> Float.POSITIVE_INFINITY;
                    case "-INF" -> Float.NEGATIVE_INFINITY;
                    case "NaN" -> Float.NaN;
                    default -> Float.parseFloat(lexical(FLOATING, text, s));
                };
                case INT -> Integer.parseInt(lexical(INTEGER, text, s));
                case LONG -> Long.parseLong(lexical(INTEGER, text, s));
                case SHORT -> Short.parseShort(lexical(INTEGER, text, s));
                case BYTE -> Byte.parseByte(lexical(INTEGER, text, s));
                case DECIMAL -> new BigDecimal(lexical(DECIMAL, text, s));
                case INTEGER -> new BigInteger(lexical(INTEGER, text, s));
                case BASE64 -> Base64.getDecoder().decode(text);
            };
        } catch (IllegalArgumentException e) {
            throw new AssertionError(path + ": '" + text + "' is not a " + s.type() + ": " + e.getMessage(), e);
        }
    }

    private static String lexical(Pattern p, String text, ScalarNode s) {
        if (!p.matcher(text).matches()) {
            throw new AssertionError(s.path() + ": '" + text + "' is not in the lexical space of xsd:" + s.type().xsdName());
        }
        return text;
    }

    /** The parser, positioned on an element boundary; whitespace between elements is skipped. */
    private static final class Cursor {
        final XMLStreamReader r;
        int event;

        Cursor(XMLStreamReader r) {
            this.r = r;
            this.event = r.getEventType();
        }

        /** Advances to the next start tag, end tag or end of document, skipping whitespace only. */
        void next(String path) throws XMLStreamException {
            while (true) {
                nextRaw();
                switch (event) {
                    case XMLStreamConstants.START_ELEMENT, XMLStreamConstants.END_ELEMENT, XMLStreamConstants.END_DOCUMENT -> {
                        return;
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.SPACE -> {
                        if (!r.isWhiteSpace()) {
                            throw new AssertionError(path + ": text between elements: '" + r.getText() + "'");
                        }
                    }
                    default -> throw new AssertionError(path + ": unexpected " + describe());
                }
            }
        }

        void nextRaw() throws XMLStreamException {
            event = r.next();
        }

        boolean atStart(QName name) {
            return event == XMLStreamConstants.START_ELEMENT && name(r).equals(name);
        }

        void expectStart(QName name, String path) {
            if (!atStart(name)) {
                throw new AssertionError(path + ": expected <" + name + ">, found " + describe());
            }
        }

        void expectEnd(QName name, String path) {
            if (event != XMLStreamConstants.END_ELEMENT || !name(r).equals(name)) {
                throw new AssertionError(path + ": expected </" + name + ">, found " + describe());
            }
        }

        void noAttributes(String path) {
            if (r.getAttributeCount() != 0) {
                throw new AssertionError(path + ": unexpected attribute " + r.getAttributeName(0));
            }
        }

        boolean isNil() {
            String v = r.getAttributeValue(XSI, "nil");
            if (v == null) {
                return false;
            }
            if (!v.equals("true") && !v.equals("1")) {
                throw new AssertionError(r.getLocalName() + ": xsi:nil='" + v + "'");
            }
            return true;
        }

        /** Whether the element at the cursor is nil, which {@code n} must allow; a nil element has no other attribute. */
        boolean nil(PlanNode n) {
            if (!isNil()) {
                return false;
            }
            if (n.nil() == null) {
                throw new AssertionError(n.path() + ": xsi:nil on a node that omits nulls or cannot be null");
            }
            if (r.getAttributeCount() != 1) {
                throw new AssertionError(n.path() + ": a nil element with " + r.getAttributeCount() + " attributes");
            }
            return true;
        }

        /**
         * Checks the attributes of the element at the cursor: {@code xsi:type} exactly when {@code type} is
         * set, and otherwise only the plan's attributes; returns their values by name.
         */
        Map<QName, String> checkAttributes(PlanNode n, QName type, Map<QName, ScalarNode> allowed) {
            Map<QName, String> found = new HashMap<>();
            boolean typed = false;
            for (int i = 0; i < r.getAttributeCount(); i++) {
                QName an = new QName(nz(r.getAttributeNamespace(i)), r.getAttributeLocalName(i));
                String v = r.getAttributeValue(i);
                if (an.equals(new QName(XSI, "type"))) {
                    if (type == null) {
                        throw new AssertionError(n.path() + ": unexpected xsi:type " + v);
                    }
                    int colon = v.indexOf(':');
                    String uri = r.getNamespaceURI(colon < 0 ? "" : v.substring(0, colon));
                    QName got = new QName(nz(uri), v.substring(colon + 1));
                    if (!got.equals(type)) {
                        throw new AssertionError(n.path() + ": xsi:type " + got + ", plan says " + type);
                    }
                    typed = true;
                } else if (allowed.containsKey(an)) {
                    found.put(an, v);
                } else {
                    throw new AssertionError(n.path() + ": unexpected attribute " + an + "='" + v + "'");
                }
            }
            if (type != null && !typed) {
                throw new AssertionError(n.path() + ": missing xsi:type " + type);
            }
            return found;
        }

        /** The text of the leaf element at the cursor, exactly; leaves the cursor at its end tag. */
        String leafText(PlanNode n) throws XMLStreamException {
            StringBuilder b = new StringBuilder();
            while (true) {
                nextRaw();
                switch (event) {
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.SPACE, XMLStreamConstants.CDATA ->
                            b.append(r.getText());
                    case XMLStreamConstants.END_ELEMENT -> {
                        return b.toString();
                    }
                    default -> throw new AssertionError(n.path() + ": unexpected " + describe() + " in a leaf");
                }
            }
        }

        String describe() {
            return switch (event) {
                case XMLStreamConstants.START_ELEMENT -> "<" + name(r) + "> at " + r.getLocation().getCharacterOffset();
                case XMLStreamConstants.END_ELEMENT -> "</" + name(r) + "> at " + r.getLocation().getCharacterOffset();
                case XMLStreamConstants.END_DOCUMENT -> "end of document";
                case XMLStreamConstants.CHARACTERS -> "text '" + r.getText() + "'";
                default -> "event " + event;
            };
        }

        private static QName name(XMLStreamReader r) {
            return new QName(nz(r.getNamespaceURI()), r.getLocalName());
        }
    }

    // ------------------------------------------------------------------------------------------- equivalence

    /**
     * Asserts that {@code actual} (as read) holds the values of {@code expected} (as sent), node by node
     * through the plan's accessors: doubles and floats by bits except that every NaN equals every NaN
     * ({@code -0.0 != 0.0}); decimals exactly, scale included, except that a negative scale is written
     * without exponent (so reads back as scale 0); containers of the node's class; and the wire's
     * indistinguishables (see the class comment) folded.
     */
    void assertEquivalent(Object[] expected, Object[] actual, String where) {
        StructNode root = plan.root();
        if (actual.length != expected.length) {
            throw new AssertionError(where + ": " + actual.length + " parts read, " + expected.length + " sent");
        }
        for (PlanNode child : root.children()) {
            compare(child, child.accessor().get(expected), child.accessor().get(actual), where);
        }
    }

    private void compare(PlanNode n, Object e, Object a, String where) {
        String at = where + " at " + n.path();
        if (n instanceof ArrayNode arr) {
            compareArray(arr, e, a, at, where);
            return;
        }
        if (e == null || a == null) {
            if (e != a) {
                throw new AssertionError(at + ": sent " + show(e) + ", read " + show(a));
            }
            return;
        }
        if (n instanceof StructNode s) {
            if (a.getClass() != s.javaType()) {
                throw new AssertionError(at + ": read a " + a.getClass().getName());
            }
            for (ScalarNode attr : s.attributes()) {
                compare(attr, attr.accessor().get(e), attr.accessor().get(a), where);
            }
            for (PlanNode c : s.children()) {
                compare(c, c.accessor().get(e), c.accessor().get(a), where);
            }
            return;
        }
        ScalarNode s = (ScalarNode) n;
        if (e.getClass() != a.getClass()) {
            throw new AssertionError(at + ": sent a " + e.getClass().getName() + ", read a " + a.getClass().getName());
        }
        boolean same = switch (s.type()) {
            case DOUBLE -> sameDouble((Double) e, (Double) a);
            case FLOAT -> sameFloat((Float) e, (Float) a);
            case BASE64 -> Arrays.equals((byte[]) e, (byte[]) a);
            case DECIMAL -> a.equals(((BigDecimal) e).scale() < 0 ? ((BigDecimal) e).setScale(0) : e);
            case ENUM -> e == a;
            default -> e.equals(a);
        };
        if (!same) {
            throw new AssertionError(at + ": sent " + show(e) + ", read " + show(a));
        }
    }

    private void compareArray(ArrayNode arr, Object e, Object a, String at, String where) {
        List<Object> want = items(arr, e);
        PlanNode item = arr.item();
        if (want != null) {
            if (item.nil() == null && item.nullable()) {
                want.removeIf(Objects::isNull);
            }
            if (arr.nil() != null && item.nil() != null && want.size() == 1 && want.get(0) == null) {
                want = null;
            }
        } else if (arr.nil() == null) {
            want = new ArrayList<>();
        }
        if (want == null || a == null) {
            if (want != null || a != null) {
                throw new AssertionError(at + ": sent " + show(e) + ", read " + show(a));
            }
            return;
        }
        Class<?> wantClass = arr.container() == ArrayNode.Container.LIST ? ArrayList.class : arr.javaType();
        if (a.getClass() != wantClass) {
            throw new AssertionError(at + ": read a " + a.getClass().getName() + ", expected " + wantClass.getName());
        }
        List<Object> got = items(arr, a);
        if (got.size() != want.size()) {
            throw new AssertionError(at + ": sent " + want.size() + " items " + show(e) + ", read " + got.size() + " " + show(a));
        }
        for (int i = 0; i < want.size(); i++) {
            compare(item, want.get(i), got.get(i), where + " item " + i);
        }
    }

    /** The items of a container as a fresh list, or {@code null}. */
    private static List<Object> items(ArrayNode arr, Object c) {
        if (c == null) {
            return null;
        }
        List<Object> out = new ArrayList<>();
        if (c instanceof TrackedDoubleArray t) {
            for (double d : t.toArray()) {
                out.add(d);
            }
        } else if (c instanceof List<?> l) {
            out.addAll(l);
        } else {
            for (int i = 0, n = Array.getLength(c); i < n; i++) {
                out.add(Array.get(c, i));
            }
        }
        return out;
    }

    static boolean sameDouble(double x, double y) {
        return Double.doubleToRawLongBits(x) == Double.doubleToRawLongBits(y) || (Double.isNaN(x) && Double.isNaN(y));
    }

    static boolean sameFloat(float x, float y) {
        return Float.floatToRawIntBits(x) == Float.floatToRawIntBits(y) || (Float.isNaN(x) && Float.isNaN(y));
    }

    static String show(Object v) {
        if (v == null) {
            return "null";
        }
        String s;
        if (v instanceof TrackedDoubleArray t) {
            s = "Tracked" + Arrays.toString(t.toArray());
        } else if (v.getClass().isArray()) {
            List<Object> l = new ArrayList<>();
            for (int i = 0, n = Array.getLength(v); i < n; i++) {
                l.add(Array.get(v, i));
            }
            s = v.getClass().getSimpleName() + l;
        } else {
            s = v.toString();
        }
        return s.length() > 300 ? s.substring(0, 300) + "...(" + s.length() + " chars)" : s;
    }

    private static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static String unescape(String s) {
        return s.replace("&quot;", "\"").replace("&apos;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }
}
