package dev.dsoap.sharing;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.StructNode;

/**
 * The bytes a plan writes around the items of a response that is one {@code double[]} part, read from the compiled
 * {@link MessagePlan}: what dsoap's fresh walk writes for that plan, taken apart. A message is
 * {@code head + items + tail}, an item {@code open + value + close} (no stuffing: a plain first send), a null array
 * {@code nil} (or nothing when the plan omits it).
 *
 * <p>Immutable, thread-safe.
 */
final class ArrayLayout {
    /** Prolog, the root's start tag. */
    final byte[] head;
    /** The root's end tag, epilog. */
    final byte[] tail;
    /** An item's start tag. */
    final byte[] open;
    /** An item's end tag. */
    final byte[] close;
    /** What a null array writes, or {@code null}: nothing. */
    final byte[] nil;

    ArrayLayout(MessagePlan plan) {
        StructNode root = plan.root();
        if (!root.attributes().isEmpty() || root.children().size() != 1
                || !(root.children().get(0) instanceof ArrayNode a)
                || a.container() != ArrayNode.Container.PRIMITIVE_ARRAY
                || !(a.item() instanceof ScalarNode item) || item.type() != ScalarType.DOUBLE || item.attribute()) {
            throw new IllegalArgumentException("window writing needs a plan of one double[] part, not " + describe(root));
        }
        head = concat(plan.prolog(), root.openStart(), root.openEnd());
        tail = concat(root.close(), plan.epilog());
        open = item.open().clone();
        close = item.close().clone();
        nil = a.nil() == null ? null : a.nil().clone();
    }

    private static String describe(StructNode root) {
        StringBuilder b = new StringBuilder(root.path()).append(" with ").append(root.attributes().size())
                .append(" attributes and children");
        for (PlanNode c : root.children()) {
            b.append(' ').append(c);
        }
        return b.toString();
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] r = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, r, o, p.length);
            o += p.length;
        }
        return r;
    }
}
