package dev.dsoap.deserialize;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.Mutator;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.StructNode;

import java.util.Map;

/**
 * One plan node as the reader sees it: its element (or attribute) name, its kind, and how many entries
 * of each {@link Tape} lane its value takes when that is fixed.
 *
 * <p>Immutable after {@link ReadPlan} builds it; thread-safe.
 */
final class ReadNode {
    static final int LEAF = 0;
    static final int STRUCT = 1;
    static final int ARRAY = 2;

    /** Lane of a leaf's value. */
    static final int LANE_J = 0;
    static final int LANE_D = 1;
    static final int LANE_O = 2;

    /** Index in {@link ReadPlan#nodes()}. */
    final int id;
    final PlanNode node;
    final int kind;
    /** Element or attribute name; for arrays the item's element name. */
    final String uri;
    final String local;
    /** Leaf type, or null. */
    final ScalarType type;
    /** A leaf that is a Java primitive (never null). */
    final boolean primitive;
    /** Leaf lane: {@link #LANE_J}, {@link #LANE_D} or {@link #LANE_O}. */
    final int lane;
    /** A leaf or struct whose null form is {@code xsi:nil} (else null is omitted). */
    final boolean nillable;
    final Mutator mutator;
    /** Struct children (elements) and attributes; array item. */
    ReadNode[] children = new ReadNode[0];
    ReadNode[] attributes = new ReadNode[0];
    ReadNode item;
    /** Enum constants by lexical form. */
    final Map<String, Object> enums;
    /** Tape entries the value takes in lanes S, J, D, O when no array is inside; -1 otherwise. */
    int sizeS = -1;
    int sizeJ;
    int sizeD;
    int sizeO;

    ReadNode(int id, PlanNode node, int kind, String uri, String local, ScalarType type, boolean primitive,
             boolean nillable, Map<String, Object> enums) {
        this.id = id;
        this.node = node;
        this.kind = kind;
        this.uri = uri;
        this.local = local;
        this.type = type;
        this.primitive = primitive;
        this.lane = type == null ? -1 : type == ScalarType.DOUBLE ? LANE_D : type.isObject() ? LANE_O : LANE_J;
        this.nillable = nillable;
        this.mutator = node.mutator();
        this.enums = enums;
    }

    String path() {
        String p = node.path();
        return p.isEmpty() ? "(body)" : p;
    }

    boolean fixedSize() {
        return sizeS >= 0;
    }

    ArrayNode array() {
        return (ArrayNode) node;
    }

    StructNode struct() {
        return (StructNode) node;
    }

    /** Computes the fixed tape sizes bottom-up. */
    void size() {
        switch (kind) {
            case LEAF -> {
                sizeS = primitive || lane == LANE_O ? 0 : 1;
                sizeJ = lane == LANE_J ? 1 : 0;
                sizeD = lane == LANE_D ? 1 : 0;
                sizeO = lane == LANE_O ? 1 : 0;
            }
            case STRUCT -> {
                int s = 1;
                int j = 0;
                int d = 0;
                int o = 0;
                for (ReadNode[] group : new ReadNode[][]{attributes, children}) {
                    for (ReadNode c : group) {
                        c.size();
                        if (!c.fixedSize()) {
                            s = -1;
                        } else if (s >= 0) {
                            s += c.sizeS;
                            j += c.sizeJ;
                            d += c.sizeD;
                            o += c.sizeO;
                        }
                    }
                }
                sizeS = s;
                sizeJ = j;
                sizeD = d;
                sizeO = o;
            }
            default -> {
                item.size();
                sizeS = -1;
            }
        }
    }
}
