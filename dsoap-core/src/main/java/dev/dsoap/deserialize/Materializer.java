package dev.dsoap.deserialize;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.Mutator;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.tracked.TrackedDoubleArray;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds the operation's parts from a {@link Tape}: fresh arrays, beans and lists on every call (strings,
 * enums and big numbers are immutable and shared; byte arrays are copied), so no two calls ever share a
 * mutable value.
 *
 * <p>Not thread-safe (cursors); one per deserializer stream.
 */
final class Materializer {
    private Tape t;
    private int si;
    private int ji;
    private int di;
    private int oi;
    /** The plan's {@link dev.dsoap.binding.WireConvention#emptyArraysNull()}. */
    private boolean emptyNull;

    Object[] parts(ReadPlan plan, Tape tape) {
        this.t = tape;
        this.emptyNull = plan.plan().convention().emptyArraysNull();
        si = 0;
        ji = 0;
        di = 0;
        oi = 0;
        ReadNode root = plan.root();
        Object parts = root.struct().factory().get();
        fill(root, parts);
        if (si != tape.ns || ji != tape.nj || di != tape.nd || oi != tape.no) {
            throw new IllegalStateException("tape not consumed: " + si + "/" + tape.ns + " " + ji + "/" + tape.nj
                    + " " + di + "/" + tape.nd + " " + oi + "/" + tape.no);
        }
        this.t = null;
        return (Object[]) parts;
    }

    private void fill(ReadNode struct, Object owner) {
        for (ReadNode a : struct.attributes) {
            store(a, owner);
        }
        for (ReadNode c : struct.children) {
            store(c, owner);
        }
    }

    /** Reads one child's value from the tape and stores it into {@code owner}. */
    private void store(ReadNode n, Object owner) {
        Mutator m = n.mutator;
        if (n.kind == ReadNode.LEAF && n.primitive) {
            switch (n.type) {
                case DOUBLE -> m.setDouble(owner, t.d[di++]);
                case FLOAT -> m.setFloat(owner, Float.intBitsToFloat((int) t.j[ji++]));
                case LONG -> m.setLong(owner, t.j[ji++]);
                case BOOLEAN -> m.setBoolean(owner, t.j[ji++] != 0);
                default -> m.setInt(owner, (int) t.j[ji++]);
            }
            return;
        }
        m.set(owner, value(n));
    }

    /** Reads one value (boxed for leaves) from the tape. */
    private Object value(ReadNode n) {
        switch (n.kind) {
            case ReadNode.LEAF: {
                if (n.lane == ReadNode.LANE_O) {
                    Object v = t.o[oi++];
                    return v instanceof byte[] b ? b.clone() : v;
                }
                boolean present = n.primitive || t.s[si++] != Tape.ABSENT;
                if (n.lane == ReadNode.LANE_D) {
                    double v = t.d[di++];
                    return present ? (Object) v : null;
                }
                long v = t.j[ji++];
                return present ? box(n.type, v) : null;
            }
            case ReadNode.STRUCT: {
                if (t.s[si++] == Tape.ABSENT) {
                    if (n.fixedSize()) {
                        si += n.sizeS - 1;
                        ji += n.sizeJ;
                        di += n.sizeD;
                        oi += n.sizeO;
                    }
                    return null;
                }
                Object v = n.struct().factory().get();
                fill(n, v);
                return v;
            }
            default:
                return array(n);
        }
    }

    private Object array(ReadNode n) {
        int code = t.s[si++];
        if (code == Tape.ABSENT) {
            return null;
        }
        ReadNode item = n.item;
        ArrayNode a = n.array();
        if (item.kind == ReadNode.LEAF && (item.primitive || item.lane == ReadNode.LANE_O)) {
            int count = -t.s[si++] - 1;
            if (count == 1 && n.nillable && item.nillable && item.lane == ReadNode.LANE_O && t.o[oi] == null) {
                oi++;
                return null;
            }
            if (count == 0 && emptyNull) {
                return null;
            }
            return leafArray(n, a, item, count);
        }
        List<Object> items = new ArrayList<>();
        while (t.s[si] >= 0) {
            items.add(value(item));
        }
        int count = -t.s[si++] - 1;
        if (count == 1 && n.nillable && item.nillable && items.get(0) == null) {
            // one nil element is how a null container is written
            return null;
        }
        if (count != items.size()) {
            throw new IllegalStateException(n.path() + ": tape count " + count + " for " + items.size() + " items");
        }
        if (count == 0 && emptyNull) {
            return null;
        }
        return container(a, items);
    }

    private Object leafArray(ReadNode n, ArrayNode a, ReadNode item, int count) {
        if (a.container() == ArrayNode.Container.PRIMITIVE_ARRAY) {
            if (a.javaType() == double[].class) {
                double[] v = Arrays.copyOfRange(t.d, di, di + count);
                di += count;
                return v;
            }
            if (a.javaType() == TrackedDoubleArray.class) {
                double[] v = Arrays.copyOfRange(t.d, di, di + count);
                di += count;
                return new TrackedDoubleArray(v);
            }
            if (a.javaType() == int[].class) {
                int[] v = new int[count];
                long[] src = t.j;
                for (int i = 0, k = ji; i < count; i++, k++) {
                    v[i] = (int) src[k];
                }
                ji += count;
                return v;
            }
            Object arr = Array.newInstance(a.javaType().getComponentType(), count);
            for (int i = 0; i < count; i++) {
                Array.set(arr, i, box(item.type, t.j[ji++]));
            }
            return arr;
        }
        List<Object> items = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            items.add(value(item));
        }
        return container(a, items);
    }

    private static Object container(ArrayNode a, List<Object> items) {
        if (a.container() == ArrayNode.Container.LIST) {
            return items instanceof ArrayList ? items : new ArrayList<>(items);
        }
        if (a.container() == ArrayNode.Container.OBJECT_ARRAY) {
            Object arr = Array.newInstance(a.javaType().getComponentType(), items.size());
            return items.toArray((Object[]) arr);
        }
        Object arr = Array.newInstance(a.javaType().getComponentType(), items.size());
        for (int i = 0; i < items.size(); i++) {
            Array.set(arr, i, items.get(i));
        }
        return arr;
    }

    static Object box(ScalarType type, long v) {
        return switch (type) {
            case BOOLEAN -> v != 0;
            case BYTE -> (byte) v;
            case SHORT -> (short) v;
            case INT -> (int) v;
            case LONG -> v;
            case FLOAT -> Float.intBitsToFloat((int) v);
            default -> throw new IllegalStateException("no J lane for " + type);
        };
    }
}
