package dev.dsoap.serialize;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.StructNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A plan node numbered for the template: the serializer's view of a {@link PlanNode}, with the node id
 * that the template's slots refer to. Immutable once built.
 */
final class Step {
    /** A primitive leaf: one LEAF slot. */
    static final int PRIMITIVE = 0;
    /** A nullable leaf: START, [LEAF], END. */
    static final int NULLABLE = 1;
    /** A struct: START, attributes, children, END (the root has no markers). */
    static final int STRUCT = 2;
    /** A repeated element: START(count), items, END. */
    static final int ARRAY = 3;

    /** Primitive array component kinds, for the array fast paths. */
    static final int P_NONE = 0, P_DOUBLE = 1, P_INT = 2, P_LONG = 3, P_FLOAT = 4, P_SHORT = 5, P_BYTE = 6,
            P_BOOLEAN = 7;

    /** Node id: index in {@link Steps#all}. */
    final int id;
    /** One of {@link #PRIMITIVE}, {@link #NULLABLE}, {@link #STRUCT}, {@link #ARRAY}. */
    final int kind;
    final PlanNode node;
    /** Non-null for leaves. */
    final ScalarNode scalar;
    /** Leaf type, or null. */
    final ScalarType type;
    /** Whether a leaf is an attribute. */
    final boolean attribute;
    /** Non-null for structs. */
    final StructNode struct;
    /** Non-null for arrays. */
    final ArrayNode array;
    /** For primitive arrays: the component kind. */
    final int primitiveArray;
    /** Struct attributes and element children. */
    Step[] attributes = new Step[0];
    Step[] children = new Step[0];
    /** Array item. */
    Step item;

    private Step(int id, PlanNode node, int kind) {
        this.id = id;
        this.node = node;
        this.kind = kind;
        this.scalar = node instanceof ScalarNode s ? s : null;
        this.type = scalar == null ? null : scalar.type();
        this.attribute = scalar != null && scalar.attribute();
        this.struct = node instanceof StructNode s ? s : null;
        this.array = node instanceof ArrayNode a ? a : null;
        this.primitiveArray = array == null || array.container() != ArrayNode.Container.PRIMITIVE_ARRAY
                ? P_NONE : primitiveKind(((ScalarNode) array.item()).type());
    }

    private static int primitiveKind(ScalarType t) {
        return switch (t) {
            case DOUBLE -> P_DOUBLE;
            case INT -> P_INT;
            case LONG -> P_LONG;
            case FLOAT -> P_FLOAT;
            case SHORT -> P_SHORT;
            case BYTE -> P_BYTE;
            case BOOLEAN -> P_BOOLEAN;
            default -> throw new IllegalArgumentException("no primitive array of " + t);
        };
    }

    /** The numbered nodes of one plan. */
    static final class Steps {
        final Step root;
        final Step[] all;
        final int[] openLen;
        final int[] closeLen;

        Steps(StructNode rootNode) {
            List<Step> list = new ArrayList<>();
            this.root = build(rootNode, list);
            this.all = list.toArray(new Step[0]);
            this.openLen = new int[all.length];
            this.closeLen = new int[all.length];
            for (Step s : all) {
                if (s.scalar != null) {
                    openLen[s.id] = s.scalar.open().length;
                    closeLen[s.id] = s.scalar.close().length;
                }
            }
        }

        private static Step build(PlanNode n, List<Step> list) {
            int kind;
            if (n instanceof ScalarNode s) {
                kind = s.primitive() ? PRIMITIVE : NULLABLE;
            } else if (n instanceof StructNode) {
                kind = STRUCT;
            } else {
                kind = ARRAY;
            }
            Step st = new Step(list.size(), n, kind);
            list.add(st);
            if (st.struct != null) {
                List<ScalarNode> attrs = st.struct.attributes();
                st.attributes = new Step[attrs.size()];
                for (int i = 0; i < attrs.size(); i++) {
                    st.attributes[i] = build(attrs.get(i), list);
                }
                List<PlanNode> kids = st.struct.children();
                st.children = new Step[kids.size()];
                for (int i = 0; i < kids.size(); i++) {
                    st.children[i] = build(kids.get(i), list);
                }
            } else if (st.array != null) {
                st.item = build(st.array.item(), list);
            }
            return st;
        }
    }
}
