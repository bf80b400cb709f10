package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.UnsupportedValueException;
import dev.dsoap.tracked.TrackedDoubleArray;

import java.util.List;

import static dev.dsoap.serialize.ChunkedTemplate.END;
import static dev.dsoap.serialize.ChunkedTemplate.START;

/**
 * Serialization from scratch: walks the plan with an operation's values and writes the message into a
 * {@link ByteSink} in document order, as literal bytes, value leaves and START/END markers. The one copy of
 * this walk: {@link DifferentialSerializer} writes a first send with it into its template's writer, and the
 * nodes a differential message replaces or appends; {@link OverlaySerializer} writes every message with it.
 *
 * <p>It also defines what a START marker's bits hold ({@link #presence}, {@link #arrayCode}), which the
 * differential walk compares with.
 *
 * <p>Not thread-safe: belongs to one serializer and shares its {@link Values}.
 */
final class FreshWalk {
    /** START bits of a nullable leaf or struct: absent (no element), nil ({@code xsi:nil}), present. */
    static final int ABSENT = 0;
    static final int NIL = 1;
    static final int PRESENT = 2;
    /** START bits of a null array written as no element; otherwise the item count. */
    static final long NULL_ARRAY = -1;
    /** START bits of a null array written as a nil element. */
    static final long NIL_ARRAY = -2;

    private final MessagePlan plan;
    private final Step.Steps steps;
    private final SerializerConfig config;
    /** The value being written, shared with the serializer that owns this walk. */
    private final Values value;

    FreshWalk(MessagePlan plan, Step.Steps steps, SerializerConfig config, Values value) {
        this.plan = plan;
        this.steps = steps;
        this.config = config;
        this.value = value;
    }

    /** Writes the whole message for {@code parts} (the operation's values in plan order) into {@code w}. */
    void message(ByteSink w, Object[] parts) {
        w.literal(plan.prolog());
        structBody(w, steps.root, parts);
        w.literal(plan.epilog());
    }

    private void structBody(ByteSink w, Step st, Object v) {
        checkClass(st, v);
        w.literal(st.struct.openStart());
        for (Step a : st.attributes) {
            prop(w, a, v);
        }
        w.literal(st.struct.openEnd());
        for (Step c : st.children) {
            prop(w, c, v);
        }
        w.literal(st.struct.close());
    }

    private void prop(ByteSink w, Step st, Object owner) {
        switch (st.kind) {
            case Step.PRIMITIVE -> {
                value.readProp(st, owner);
                leaf(w, st);
            }
            case Step.NULLABLE -> {
                value.readProp(st, owner);
                nullable(w, st);
            }
            case Step.STRUCT -> struct(w, st, st.node.accessor().get(owner));
            default -> array(w, st, st.node.accessor().get(owner));
        }
    }

    private void leaf(ByteSink w, Step st) {
        Values val = value;
        int n = val.format(st);
        ScalarNode s = st.scalar;
        byte[] open = s.open();
        byte[] close = s.close();
        w.leaf(st.id, open, 0, open.length, val.bytes, 0, n, close, 0, close.length, fieldWidth(st, n), val.bits,
                val.keep(st));
    }

    /** Writes nullable leaf {@code st} with its START and END markers; the value is already in {@link Values}. */
    void nullable(ByteSink w, Step st) {
        int p = presence(st, value.isNull);
        w.marker(START, st.id, p, null);
        if (p == PRESENT) {
            leaf(w, st);
        } else if (p == NIL) {
            w.literal(st.node.nil());
        }
        w.marker(END, st.id, 0, null);
    }

    /** Writes struct {@code st} holding {@code v} (or null) with its START and END markers. */
    void struct(ByteSink w, Step st, Object v) {
        int p = presence(st, v == null);
        w.marker(START, st.id, p, null);
        if (p == PRESENT) {
            structBody(w, st, v);
        } else if (p == NIL) {
            w.literal(st.node.nil());
        }
        w.marker(END, st.id, 0, null);
    }

    /** Writes array {@code st} holding {@code v} (or null) with its START and END markers. */
    void array(ByteSink w, Step st, Object v) {
        long count = arrayCode(st, v);
        Object ref = null;
        if (v instanceof TrackedDoubleArray a) {
            value.meet(a);
            ref = a;
        }
        w.marker(START, st.id, count, ref);
        if (count == NIL_ARRAY) {
            w.literal(st.node.nil());
        }
        for (int i = 0; i < count; i++) {
            item(w, st, v, i);
        }
        w.marker(END, st.id, 0, null);
    }

    /** Writes item {@code i} of array {@code v} of {@code arr} (no markers of the array's own). */
    void item(ByteSink w, Step arr, Object v, int i) {
        Step it = arr.item;
        if (it.kind == Step.STRUCT) {
            struct(w, it, Values.objectItem(arr, v, i));
        } else {
            value.readItem(arr, v, i);
            if (it.kind == Step.PRIMITIVE) {
                leaf(w, it);
            } else {
                nullable(w, it);
            }
        }
    }

    /** The field width a first send gives a leaf whose value takes {@code n} bytes: the stuffing setting. */
    private int fieldWidth(Step st, int n) {
        if (!st.type.bounded()) {
            return n;
        }
        return switch (config.stuffing()) {
            case NONE -> n;
            case TYPE_MAX -> Math.max(n, st.type.maxWidth());
            case FIXED -> Math.max(n, config.stuffWidth());
        };
    }

    /**
     * The least field width a first send gives the leaves of each step, by step id (the stuffing setting; 0 for
     * steps that are not stuffed leaves): a leaf's fresh width is {@code max(length, stuffWidths[id])}.
     */
    static int[] stuffWidths(Step.Steps steps, SerializerConfig config) {
        int[] w = new int[steps.all.length];
        for (Step st : steps.all) {
            if (st.type != null && st.type.bounded()) {
                w[st.id] = switch (config.stuffing()) {
                    case NONE -> 0;
                    case TYPE_MAX -> st.type.maxWidth();
                    case FIXED -> config.stuffWidth();
                };
            }
        }
        return w;
    }

    // ---------------------------------------------------------------- markers and checks

    /** A plan describes declared types: a subclass would lose its own properties, so it is refused. */
    static void checkClass(Step st, Object value) {
        Class<?> planned = st.struct.javaType();
        if (value.getClass() != planned) {
            throw new UnsupportedValueException(st.node.path() + ": runtime class " + value.getClass().getName()
                    + " is not the planned " + planned.getName());
        }
    }

    /** START bits of a nullable leaf or struct that is null or not. */
    static int presence(Step st, boolean isNull) {
        if (!isNull) {
            return PRESENT;
        }
        return st.node.nil() != null ? NIL : ABSENT;
    }

    /** START bits of array {@code v}: its item count, or {@link #NULL_ARRAY} / {@link #NIL_ARRAY}. */
    static long arrayCode(Step st, Object v) {
        if (v == null) {
            return st.node.nil() != null ? NIL_ARRAY : NULL_ARRAY;
        }
        if (v instanceof TrackedDoubleArray a) {
            return a.length();
        }
        return switch (st.array.container()) {
            case PRIMITIVE_ARRAY -> java.lang.reflect.Array.getLength(v);
            case OBJECT_ARRAY -> ((Object[]) v).length;
            case LIST -> ((List<?>) v).size();
        };
    }
}
