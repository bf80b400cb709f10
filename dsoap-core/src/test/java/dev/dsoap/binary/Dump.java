package dev.dsoap.binary;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.StructNode;
import dev.dsoap.tracked.TrackedDoubleArray;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;

/**
 * A canonical text of an operation's values, walked along its plan: containers with their class, floating-point
 * numbers as their bits (NaN canonical, as XML carries it; -0.0 distinct), decimals with their scale. Two value
 * sets are the same exactly when their dumps are equal.
 */
final class Dump {
    private Dump() {
    }

    static String of(StructNode root, Object[] parts) {
        StringBuilder sb = new StringBuilder();
        members(root, parts, sb);
        return sb.toString();
    }

    private static void members(StructNode s, Object owner, StringBuilder sb) {
        sb.append('{');
        for (ScalarNode a : s.attributes()) {
            sb.append('@');
            value(a, a.accessor().get(owner), sb);
            sb.append(',');
        }
        for (PlanNode c : s.children()) {
            value(c, c.accessor().get(owner), sb);
            sb.append(',');
        }
        sb.append('}');
    }

    private static void value(PlanNode n, Object v, StringBuilder sb) {
        if (v == null) {
            sb.append("null");
        } else if (n instanceof StructNode s) {
            sb.append(v.getClass().getSimpleName());
            members(s, v, sb);
        } else if (n instanceof ArrayNode a) {
            sb.append(v.getClass().getSimpleName()).append('[');
            Object items = v instanceof TrackedDoubleArray t ? t.toArray() : v;
            int count = items instanceof List<?> l ? l.size() : Array.getLength(items);
            for (int i = 0; i < count; i++) {
                value(a.item(), items instanceof List<?> l ? l.get(i) : Array.get(items, i), sb);
                sb.append(',');
            }
            sb.append(']');
        } else {
            leaf(v, sb);
        }
    }

    private static void leaf(Object v, StringBuilder sb) {
        if (v instanceof Double d) {
            sb.append("d").append(Long.toHexString(Double.doubleToLongBits(d)));
        } else if (v instanceof Float f) {
            sb.append("f").append(Integer.toHexString(Float.floatToIntBits(f)));
        } else if (v instanceof byte[] b) {
            sb.append(Arrays.toString(b));
        } else {
            sb.append(v.getClass().getSimpleName()).append(':').append(v);
        }
    }
}
