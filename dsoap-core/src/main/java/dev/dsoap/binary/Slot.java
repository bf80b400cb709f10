package dev.dsoap.binary;

import dev.dsoap.binding.Accessor;
import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.Mutator;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.StructNode;
import dev.dsoap.binding.UnsupportedTypeException;
import dev.dsoap.tracked.TrackedDoubleArray;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One value of a {@link BinaryFormat}, compiled from its plan node: what the writer reads and the reader builds.
 * Immutable, thread-safe.
 */
final class Slot {
    static final int LEAF = Descriptor.LEAF;
    static final int STRUCT = Descriptor.STRUCT;
    static final int ARRAY = Descriptor.ARRAY;

    final int kind;
    final String path;
    final Accessor accessor;
    final Mutator mutator;
    /** Whether the value can be null (a bit in the enclosing struct's bitmap). */
    final boolean nullable;
    /** Whether a null is written as {@code xsi:nil} in XML (otherwise the element is left out). */
    final boolean nil;

    // leaves
    final ScalarType type;
    final boolean primitive;
    /** Width of a fixed-width value in bytes (1 for booleans); 0 for strings, enums, big numbers, bytes. */
    final int width;
    /** An enum's constants by ordinal, or {@code null}. */
    final Object[] constants;

    // structs
    /** Attributes, then children, in plan order. */
    final Slot[] members;
    /** How many members are nullable: the bits of the struct's bitmap. */
    final int nullables;
    final Supplier<Object> factory;
    final Class<?> structClass;

    // arrays
    final Slot item;
    final ArrayNode.Container container;
    final Class<?> arrayClass;
    /** Whether items are fixed-width primitives written as one block. */
    final boolean block;
    /** Whether items can be null (a bitmap of their own before them). */
    final boolean itemBitmap;

    /** The fewest bytes a value of this slot takes when present (an array: just its count). */
    final int minBytes;

    private Slot(int kind, PlanNode n, ScalarType type, boolean primitive, Object[] constants, Slot[] members,
                 Supplier<Object> factory, Class<?> structClass, Slot item, ArrayNode.Container container,
                 Class<?> arrayClass) {
        this(kind, n.path(), n.accessor(), n.mutator(), n.nullable(), n.nil() != null, type, primitive, constants,
                members, factory, structClass, item, container, arrayClass);
    }

    private Slot(int kind, String path, Accessor accessor, Mutator mutator, boolean nullable, boolean nil,
                 ScalarType type, boolean primitive, Object[] constants, Slot[] members, Supplier<Object> factory,
                 Class<?> structClass, Slot item, ArrayNode.Container container, Class<?> arrayClass) {
        this.kind = kind;
        this.path = path;
        this.accessor = accessor;
        this.mutator = mutator;
        this.nullable = nullable;
        this.nil = nil;
        this.type = type;
        this.primitive = primitive;
        this.width = type == null ? 0 : width(type);
        this.constants = constants;
        this.members = members;
        int k = 0;
        if (members != null) {
            for (Slot m : members) {
                k += m.nullable ? 1 : 0;
            }
        }
        this.nullables = k;
        this.factory = factory;
        this.structClass = structClass;
        this.item = item;
        this.container = container;
        this.arrayClass = arrayClass;
        this.block = container == ArrayNode.Container.PRIMITIVE_ARRAY;
        this.itemBitmap = item != null && !block && item.nil;
        this.minBytes = minBytes();
    }

    static Slot of(PlanNode n) {
        if (n instanceof ScalarNode s) {
            Object[] constants = s.type() == ScalarType.ENUM ? s.javaType().getEnumConstants() : null;
            return new Slot(LEAF, n, s.type(), s.primitive(), constants, null, null, null, null, null, null);
        }
        if (n instanceof StructNode s) {
            List<Slot> members = new ArrayList<>();
            for (ScalarNode a : s.attributes()) {
                members.add(of(a));
            }
            for (PlanNode c : s.children()) {
                members.add(of(c));
            }
            return new Slot(STRUCT, n, null, false, null, members.toArray(new Slot[0]), s.factory(), s.javaType(),
                    null, null, null);
        }
        ArrayNode a = (ArrayNode) n;
        Slot item = of(a.item());
        if (a.container() != ArrayNode.Container.PRIMITIVE_ARRAY && item.minBytes == 0 && !item.nil) {
            throw new UnsupportedTypeException(a.path(), a.javaType().getTypeName(), "items that take no bytes have no binary form");
        }
        if (a.container() == ArrayNode.Container.PRIMITIVE_ARRAY && a.javaType() != TrackedDoubleArray.class
                && !a.javaType().isArray()) {
            throw new UnsupportedTypeException(a.path(), a.javaType().getTypeName(), "no binary form");
        }
        return new Slot(ARRAY, n, null, false, null, null, null, null, item, a.container(), a.javaType());
    }

    /**
     * The slot of descriptor node {@code d} for reading without Java types: a struct becomes an {@code Object[]} of
     * its members (attributes, then children), a block a primitive array, an array of items an {@code Object[]}, an
     * enum its constant's lexical form; {@code index} is the node's place in its parent's {@code Object[]}.
     */
    static Slot generic(Descriptor.Node d, String path, int index) {
        boolean nullable = index >= 0 && (d.flags & Descriptor.NULLABLE) != 0;
        boolean nil = (d.flags & Descriptor.NIL) != 0;
        Mutator m = index < 0 ? null : (owner, v) -> ((Object[]) owner)[index] = v;
        switch (d.kind) {
            case Descriptor.LEAF: {
                ScalarType t = Descriptor.type(d.code);
                Object[] constants = d.enums == null ? null : d.enums.toArray();
                return new Slot(LEAF, path, null, m, nullable, nil, t, !nullable && !t.isObject(), constants, null, null,
                        null, null, null, null);
            }
            case Descriptor.STRUCT: {
                int n = d.attributes.size() + d.children.size();
                Slot[] members = new Slot[n];
                int i = 0;
                for (Descriptor.Node a : d.attributes) {
                    members[i] = generic(a, path + "/@" + a.name, i);
                    i++;
                }
                for (Descriptor.Node c : d.children) {
                    members[i] = generic(c, path + "/" + c.name, i);
                    i++;
                }
                return new Slot(STRUCT, path, null, m, nullable, nil, null, false, null, members, () -> new Object[n],
                        Object[].class, null, null, null);
            }
            default: {
                boolean block = d.code == Descriptor.BLOCK;
                Slot item = generic(d.item, path, -1);
                Class<?> arrayClass = block ? switch (item.type) {
                    case BOOLEAN -> boolean[].class;
                    case BYTE -> byte[].class;
                    case SHORT -> short[].class;
                    case INT -> int[].class;
                    case LONG -> long[].class;
                    case FLOAT -> float[].class;
                    default -> double[].class;
                } : Object[].class;
                if (!block && item.minBytes == 0 && !item.nil) {
                    throw new IllegalArgumentException(path + ": items that take no bytes have no binary form");
                }
                return new Slot(ARRAY, path, null, m, nullable, nil, null, false, null, null, null, null, item,
                        block ? ArrayNode.Container.PRIMITIVE_ARRAY : ArrayNode.Container.OBJECT_ARRAY, arrayClass);
            }
        }
    }

    static int width(ScalarType t) {
        return switch (t) {
            case BOOLEAN, BYTE -> 1;
            case SHORT -> 2;
            case INT, FLOAT -> 4;
            case LONG, DOUBLE -> 8;
            default -> 0;
        };
    }

    private int minBytes() {
        switch (kind) {
            case LEAF:
                return width > 0 ? width : type == ScalarType.DECIMAL ? 3 : 1;
            case STRUCT: {
                int n = (nullables + 7) >>> 3;
                for (Slot m : members) {
                    n += m.nullable ? 0 : m.minBytes;
                }
                return n;
            }
            default:
                return 1;
        }
    }

    /** Why values of this slot cannot be built by a reader, or {@code null}. */
    String readProblem(boolean root) {
        if (!root && mutator == null) {
            return path + ": cannot be set";
        }
        if (kind == STRUCT) {
            if (factory == null) {
                return path + ": cannot be created";
            }
            for (Slot m : members) {
                String p = m.readProblem(false);
                if (p != null) {
                    return p;
                }
            }
        } else if (kind == ARRAY && item.kind == STRUCT) {
            if (item.factory == null) {
                return item.path + ": cannot be created";
            }
            for (Slot m : item.members) {
                String p = m.readProblem(false);
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }

    /** Nesting below this slot, in levels of XML elements. */
    int depth() {
        if (kind == STRUCT) {
            int d = 0;
            for (Slot m : members) {
                d = Math.max(d, m.depth());
            }
            return d + 1;
        }
        return kind == ARRAY ? item.depth() : 1;
    }
}
