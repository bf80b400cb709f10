package dev.dsoap.binary;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.StructNode;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The canonical description of one message format (an operation's request or response, as its {@link MessagePlan}
 * puts it on the wire): the body element's name, then every value in plan order with its name, kind, scalar type,
 * whether it can be null, is nillable or an attribute, and an enum's constants. Java-only differences (a
 * {@code List} or an array, a tracked array) are not part of it: peers whose values travel the same way share a
 * format. Its id is the first 8 bytes of the SHA-256 of its canonical bytes.
 *
 * <p>Byte layout (integers as unsigned LEB128 varints, strings as a varint byte length and UTF-8):
 * {@code "DSFD" version:u8 namespace:str localName:str root:node}, where
 * {@code node = kind:u8 flags:u8 name:str} followed, for a leaf ({@code kind 1}), by {@code type:u8} (and for an
 * enum the constants' count and lexical forms); for a struct ({@code kind 2}), by the attributes' count and nodes
 * and the children's count and nodes; for an array ({@code kind 3}), by {@code layout:u8} (1: a block of
 * fixed-width values, 2: item by item) and the item node. Flags: 1 nullable, 2 nillable, 4 attribute.
 *
 * <p>Immutable, thread-safe.
 */
public final class Descriptor {
    /** Longest descriptor read, in bytes. */
    public static final int MAX_BYTES = 1 << 20;
    /** Deepest nesting of nodes read. */
    static final int MAX_DEPTH = 128;
    private static final byte[] MAGIC = {'D', 'S', 'F', 'D'};
    private static final int VERSION = 1;

    static final int LEAF = 1;
    static final int STRUCT = 2;
    static final int ARRAY = 3;
    static final int NULLABLE = 1;
    static final int NIL = 2;
    static final int ATTRIBUTE = 4;
    /** Root only: the body element is the root's one child (a bare message), not a wrapper around the parts. */
    static final int BARE = 8;
    static final int BLOCK = 1;
    static final int ITEMS = 2;
    /** Scalar types by their code on the wire (index); codes never change meaning. */
    private static final ScalarType[] TYPES = {null, ScalarType.BOOLEAN, ScalarType.BYTE, ScalarType.SHORT,
            ScalarType.INT, ScalarType.LONG, ScalarType.FLOAT, ScalarType.DOUBLE, ScalarType.STRING, ScalarType.ENUM,
            ScalarType.DECIMAL, ScalarType.INTEGER, ScalarType.BASE64};

    private final byte[] bytes;
    private final long id;
    /** {@link #id} as {@link #hex}: asked for every request that may be answered in binary. */
    private final String idHex;
    private final String namespace;
    private final String localName;
    private final Node root;

    private Descriptor(byte[] bytes, String namespace, String localName, Node root) {
        this.bytes = bytes;
        this.id = hash(bytes);
        this.idHex = hex(id);
        this.namespace = namespace;
        this.localName = localName;
        this.root = root;
    }

    /**
     * The descriptor of {@code plan}, whose body element is {@code {namespace}localName} (the wrapper element, or
     * the element of a bare message).
     */
    public static Descriptor of(MessagePlan plan, String namespace, String localName) {
        Node root = node(plan.root(), localName);
        if (plan.root().openStart().length == 0) {
            root = Node.struct(BARE, root.name, root.attributes, root.children);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        out.writeBytes(MAGIC);
        out.write(VERSION);
        string(out, namespace);
        string(out, localName);
        root.write(out);
        return new Descriptor(out.toByteArray(), namespace, localName, root);
    }

    /**
     * Reads a descriptor sent by a peer.
     *
     * @throws BinaryFormatException naming what is wrong and where (offsets from {@code off}); over
     *                               {@link #MAX_BYTES} or {@value #MAX_DEPTH} levels it is {@link BinaryFormatException.Kind#LIMIT}
     */
    public static Descriptor parse(byte[] b, int off, int len) {
        if (len > MAX_BYTES) {
            throw new BinaryFormatException(BinaryFormatException.Kind.LIMIT, 0, null,
                    "format descriptor of " + len + " bytes, over the limit of " + MAX_BYTES);
        }
        Parser p = new Parser(b, off, len);
        for (byte m : MAGIC) {
            if (p.u8() != (m & 0xFF)) {
                throw p.error(BinaryFormatException.Kind.NOT_BINARY, "not a format descriptor");
            }
        }
        int version = p.u8();
        if (version != VERSION) {
            throw p.error(BinaryFormatException.Kind.VERSION, "format descriptor version " + version + " (this reader knows " + VERSION + ")");
        }
        String ns = p.string();
        String local = p.string();
        Node root = p.node(0);
        if (root.kind != STRUCT || (root.flags & ~BARE) != 0 || (root.flags & BARE) != 0 && root.children.size() != 1) {
            throw p.error(BinaryFormatException.Kind.MALFORMED, "the root of a format is a struct that cannot be null"
                    + " (a bare one holds one child)");
        }
        if (p.p != p.end) {
            throw p.error(BinaryFormatException.Kind.TRAILING, (p.end - p.p) + " bytes after the format descriptor");
        }
        return new Descriptor(Arrays.copyOfRange(b, off, off + len), ns, local, root);
    }

    /** The format id: the first 8 bytes of the SHA-256 of {@link #bytes()}, big-endian. */
    public long id() {
        return id;
    }

    /** The id as 16 lower-case hexadecimal digits, as it appears in media type parameters and logs. */
    public String idHex() {
        return idHex;
    }

    /** The id as 16 lower-case hexadecimal digits. */
    public static String hex(long id) {
        String h = Long.toHexString(id);
        return "0".repeat(16 - h.length()) + h;
    }

    /** The canonical bytes (a copy). */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** Length of the canonical bytes. */
    public int length() {
        return bytes.length;
    }

    /** Whether {@code b[off, off+len)} are exactly this descriptor's canonical bytes. */
    public boolean sameBytes(byte[] b, int off, int len) {
        return Arrays.equals(bytes, 0, bytes.length, b, off, off + len);
    }

    void writeTo(byte[] dst, int off) {
        System.arraycopy(bytes, 0, dst, off, bytes.length);
    }

    public String namespace() {
        return namespace;
    }

    public String localName() {
        return localName;
    }

    Node root() {
        return root;
    }

    /**
     * The first difference between this format and {@code other}, as {@code "path: what"}, or {@code null} when
     * they describe the same format.
     */
    public String difference(Descriptor other) {
        if (!namespace.equals(other.namespace) || !localName.equals(other.localName)) {
            return "body element {" + namespace + "}" + localName + " is {" + other.namespace + "}" + other.localName;
        }
        return root.difference(other.root, localName);
    }

    /** One line per value, indented by depth: for logs and the converter command. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append("format ").append(idHex()).append(" {").append(namespace).append('}').append(localName).append('\n');
        if ((root.flags & BARE) != 0) {
            sb.append("  (bare: the body element is the one child)\n");
        }
        root.print(sb, 1);
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Descriptor d && Arrays.equals(bytes, d.bytes);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id);
    }

    // ------------------------------------------------------------------------------------------ building

    private static Node node(PlanNode n, String rootName) {
        int flags = (n.nullable() ? NULLABLE : 0) | (n.nil() != null ? NIL : 0);
        if (n instanceof ScalarNode s) {
            flags |= s.attribute() ? ATTRIBUTE : 0;
            List<String> enums = null;
            if (s.type() == ScalarType.ENUM) {
                int count = s.javaType().getEnumConstants().length;
                enums = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    enums.add(s.enumLexical(i));
                }
            }
            return Node.leaf(flags, name(s.open()), code(s.type()), enums);
        }
        if (n instanceof StructNode s) {
            List<Node> attributes = new ArrayList<>();
            for (ScalarNode a : s.attributes()) {
                attributes.add(node(a, null));
            }
            List<Node> children = new ArrayList<>();
            for (PlanNode c : s.children()) {
                children.add(node(c, null));
            }
            return Node.struct(flags, rootName != null ? rootName : name(s.openStart()), attributes, children);
        }
        ArrayNode a = (ArrayNode) n;
        Node item = node(a.item(), null);
        int layout = a.container() == ArrayNode.Container.PRIMITIVE_ARRAY ? BLOCK : ITEMS;
        return Node.array(flags, item.name, layout, item);
    }

    /** The local name in a node's opening bytes: {@code <p:name ...>} or {@code  name="}; "" for none. */
    static String name(byte[] open) {
        String s = new String(open, StandardCharsets.UTF_8);
        int start = 0;
        while (start < s.length() && (s.charAt(start) == '<' || s.charAt(start) == ' ')) {
            start++;
        }
        int end = start;
        while (end < s.length() && " >=/\t\r\n\"".indexOf(s.charAt(end)) < 0) {
            end++;
        }
        String qname = s.substring(start, end);
        return qname.substring(qname.indexOf(':') + 1);
    }

    static int code(ScalarType t) {
        for (int i = 1; i < TYPES.length; i++) {
            if (TYPES[i] == t) {
                return i;
            }
        }
        throw new IllegalArgumentException("no wire code for " + t);
    }

    static ScalarType type(int code) {
        return TYPES[code];
    }

    private static void string(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        varint(out, b.length);
        out.writeBytes(b);
    }

    private static void varint(ByteArrayOutputStream out, int v) {
        while ((v & ~0x7F) != 0) {
            out.write(v & 0x7F | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    private static long hash(byte[] b) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(b);
            long id = 0;
            for (int i = 0; i < 8; i++) {
                id = id << 8 | h[i] & 0xFF;
            }
            return id;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    // ------------------------------------------------------------------------------------------ the tree

    /** One value of a format. Immutable. */
    static final class Node {
        final int kind;
        final int flags;
        final String name;
        /** Leaf: the type code. Array: the layout. */
        final int code;
        final List<String> enums;
        final List<Node> attributes;
        final List<Node> children;
        final Node item;

        private Node(int kind, int flags, String name, int code, List<String> enums, List<Node> attributes,
                     List<Node> children, Node item) {
            this.kind = kind;
            this.flags = flags;
            this.name = name;
            this.code = code;
            this.enums = enums;
            this.attributes = attributes;
            this.children = children;
            this.item = item;
        }

        static Node leaf(int flags, String name, int type, List<String> enums) {
            return new Node(LEAF, flags, name, type, enums == null ? null : List.copyOf(enums), List.of(), List.of(), null);
        }

        static Node struct(int flags, String name, List<Node> attributes, List<Node> children) {
            return new Node(STRUCT, flags, name, 0, null, List.copyOf(attributes), List.copyOf(children), null);
        }

        static Node array(int flags, String name, int layout, Node item) {
            return new Node(ARRAY, flags, name, layout, null, List.of(), List.of(), item);
        }

        void write(ByteArrayOutputStream out) {
            out.write(kind);
            out.write(flags);
            string(out, name);
            switch (kind) {
                case LEAF -> {
                    out.write(code);
                    if (enums != null) {
                        varint(out, enums.size());
                        for (String e : enums) {
                            string(out, e);
                        }
                    }
                }
                case STRUCT -> {
                    varint(out, attributes.size());
                    for (Node a : attributes) {
                        a.write(out);
                    }
                    varint(out, children.size());
                    for (Node c : children) {
                        c.write(out);
                    }
                }
                default -> {
                    out.write(code);
                    item.write(out);
                }
            }
        }

        String difference(Node o, String path) {
            if (kind != o.kind) {
                return path + ": a " + kindName(kind) + " is a " + kindName(o.kind);
            }
            if (!name.equals(o.name)) {
                return path + ": named '" + name + "', is '" + o.name + "'";
            }
            if (flags != o.flags) {
                return path + ": " + flagNames(flags) + ", is " + flagNames(o.flags);
            }
            if (code != o.code) {
                return path + (kind == LEAF ? ": of type " + type(code) + ", is " + typeName(o.code)
                        : ": layout " + code + ", is " + o.code);
            }
            if (kind == LEAF && enums != null && !enums.equals(o.enums)) {
                return path + ": enum constants " + enums + ", are " + o.enums;
            }
            if (kind == ARRAY) {
                return item.difference(o.item, path + "[]");
            }
            String d = members(attributes, o.attributes, path, "@");
            return d != null ? d : members(children, o.children, path, "");
        }

        private static String members(List<Node> mine, List<Node> theirs, String path, String prefix) {
            for (int i = 0; i < Math.min(mine.size(), theirs.size()); i++) {
                String d = mine.get(i).difference(theirs.get(i), path + "/" + prefix + mine.get(i).name);
                if (d != null) {
                    return d;
                }
            }
            if (mine.size() != theirs.size()) {
                return path + ": " + mine.size() + (prefix.isEmpty() ? " children" : " attributes") + ", are " + theirs.size();
            }
            return null;
        }

        void print(StringBuilder sb, int depth) {
            sb.append("  ".repeat(depth)).append(kind == STRUCT ? "struct " : kind == ARRAY ? "array " : "")
                    .append((flags & ATTRIBUTE) != 0 ? "@" : "").append(name);
            if (kind == LEAF) {
                sb.append(" : ").append(typeName(code).toLowerCase(java.util.Locale.ROOT));
                if (enums != null) {
                    sb.append(' ').append(enums);
                }
            }
            if ((flags & NULLABLE) != 0) {
                sb.append((flags & NIL) != 0 ? " nillable" : " optional");
            }
            if (kind == ARRAY) {
                sb.append(code == BLOCK ? " block" : " items").append('\n');
                item.print(sb, depth + 1);
                return;
            }
            sb.append('\n');
            for (Node a : attributes) {
                a.print(sb, depth + 1);
            }
            for (Node c : children) {
                c.print(sb, depth + 1);
            }
        }

        private static String typeName(int code) {
            return code > 0 && code < TYPES.length ? TYPES[code].name() : "code " + code;
        }

        private static String kindName(int kind) {
            return kind == LEAF ? "leaf" : kind == STRUCT ? "struct" : "array";
        }

        private static String flagNames(int flags) {
            return ((flags & BARE) != 0 ? "bare, " : "") + ((flags & NULLABLE) != 0 ? "nullable" : "never null") + ((flags & NIL) != 0 ? ", nillable" : "")
                    + ((flags & ATTRIBUTE) != 0 ? ", an attribute" : "");
        }
    }

    // ------------------------------------------------------------------------------------------ reading

    /** Reads a descriptor; every length is checked against the bytes left before anything is allocated. */
    private static final class Parser {
        private final byte[] b;
        private final int off;
        private final int end;
        private int p;

        Parser(byte[] b, int off, int len) {
            this.b = b;
            this.off = off;
            this.end = off + len;
            this.p = off;
        }

        BinaryFormatException error(BinaryFormatException.Kind kind, String what) {
            return new BinaryFormatException(kind, p - off, null, what);
        }

        int u8() {
            if (p >= end) {
                throw error(BinaryFormatException.Kind.TRUNCATED, "format descriptor ends early");
            }
            return b[p++] & 0xFF;
        }

        int varint() {
            long v = Frame.varint(b, p, end);
            if (v < 0) {
                throw Frame.varintError(v, p - off, null);
            }
            p = (int) v;
            return (int) (v >>> 32);
        }

        String string() {
            int n = varint();
            if (n > end - p) {
                throw error(BinaryFormatException.Kind.TRUNCATED, "string of " + n + " bytes, " + (end - p) + " left");
            }
            int bad = Utf8.firstBad(b, p, n);
            if (bad >= 0) {
                p = bad;
                throw error(BinaryFormatException.Kind.MALFORMED, "malformed UTF-8 or a character XML does not allow");
            }
            String s = new String(b, p, n, StandardCharsets.UTF_8);
            p += n;
            return s;
        }

        /** A count of things of at least 3 bytes each (a node's least size), checked against the bytes left. */
        int count() {
            int n = varint();
            if (n > (end - p) / 3) {
                throw error(BinaryFormatException.Kind.TRUNCATED, n + " nodes announced, " + (end - p) + " bytes left");
            }
            return n;
        }

        Node node(int depth) {
            if (depth > MAX_DEPTH) {
                throw error(BinaryFormatException.Kind.LIMIT, "format nested over " + MAX_DEPTH + " levels");
            }
            int kind = u8();
            int flags = u8();
            int allowed = NULLABLE | NIL | ATTRIBUTE | (depth == 0 ? BARE : 0);
            if ((flags & ~allowed) != 0 || (flags & NIL) != 0 && (flags & NULLABLE) == 0) {
                p--;
                throw error(BinaryFormatException.Kind.MALFORMED, "node flags " + flags);
            }
            String name = string();
            switch (kind) {
                case LEAF -> {
                    int type = u8();
                    if (type == 0 || type >= TYPES.length) {
                        p--;
                        throw error(BinaryFormatException.Kind.MALFORMED, "scalar type code " + type);
                    }
                    List<String> enums = null;
                    if (TYPES[type] == ScalarType.ENUM) {
                        int n = varint();
                        if (n > end - p) {
                            throw error(BinaryFormatException.Kind.TRUNCATED, n + " enum constants announced, " + (end - p) + " bytes left");
                        }
                        enums = new ArrayList<>(n);
                        for (int i = 0; i < n; i++) {
                            enums.add(string());
                        }
                    }
                    return Node.leaf(flags, name, type, enums);
                }
                case STRUCT -> {
                    if ((flags & ATTRIBUTE) != 0) {
                        throw error(BinaryFormatException.Kind.MALFORMED, "a struct cannot be an attribute");
                    }
                    int na = count();
                    List<Node> attributes = new ArrayList<>(na);
                    for (int i = 0; i < na; i++) {
                        Node a = node(depth + 1);
                        if (a.kind != LEAF || (a.flags & ATTRIBUTE) == 0) {
                            throw error(BinaryFormatException.Kind.MALFORMED, "attribute '" + a.name + "' is not an attribute leaf");
                        }
                        attributes.add(a);
                    }
                    int nc = count();
                    List<Node> children = new ArrayList<>(nc);
                    for (int i = 0; i < nc; i++) {
                        Node c = node(depth + 1);
                        if ((c.flags & ATTRIBUTE) != 0) {
                            throw error(BinaryFormatException.Kind.MALFORMED, "child '" + c.name + "' is an attribute");
                        }
                        children.add(c);
                    }
                    return Node.struct(flags, name, attributes, children);
                }
                case ARRAY -> {
                    int layout = u8();
                    if (layout != BLOCK && layout != ITEMS) {
                        p--;
                        throw error(BinaryFormatException.Kind.MALFORMED, "array layout " + layout);
                    }
                    Node item = node(depth + 1);
                    if (item.kind == ARRAY || layout == BLOCK && (item.kind != LEAF || item.flags != 0
                            || !fixedWidth(TYPES[item.code]))) {
                        throw error(BinaryFormatException.Kind.MALFORMED, "array '" + name + "' of layout " + layout
                                + " cannot hold that item");
                    }
                    return Node.array(flags, name, layout, item);
                }
                default -> {
                    throw error(BinaryFormatException.Kind.MALFORMED, "node kind " + kind);
                }
            }
        }
    }

    static boolean fixedWidth(ScalarType t) {
        return !t.isObject();
    }
}
