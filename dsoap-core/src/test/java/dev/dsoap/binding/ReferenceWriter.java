package dev.dsoap.binding;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * Test-only: writes a message by walking a plan naively (Strings, boxing), the simplest correct use of
 * the plan IR, to check that the plan's bytes make well-formed, correctly namespaced XML. Not thread-safe.
 */
final class ReferenceWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private ReferenceWriter() {
    }

    /** The whole message for {@code parts} (the operation's argument array). */
    static byte[] write(MessagePlan plan, Object... parts) {
        ReferenceWriter w = new ReferenceWriter();
        w.out.writeBytes(plan.prolog());
        w.struct(plan.root(), parts);
        w.out.writeBytes(plan.epilog());
        return w.out.toByteArray();
    }

    static String text(MessagePlan plan, Object... parts) {
        return new String(write(plan, parts), StandardCharsets.UTF_8);
    }

    private void struct(StructNode s, Object value) {
        out.writeBytes(s.openStart());
        for (ScalarNode a : s.attributes()) {
            if (a.primitive()) {
                out.writeBytes(a.open());
                raw(escape(primitive(a, value)));
                out.writeBytes(a.close());
            } else {
                Object v = a.accessor().get(value);
                if (v != null) {
                    out.writeBytes(a.open());
                    raw(lexical(a, v));
                    out.writeBytes(a.close());
                }
            }
        }
        out.writeBytes(s.openEnd());
        for (PlanNode child : s.children()) {
            child(child, value);
        }
        out.writeBytes(s.close());
    }

    private void child(PlanNode n, Object owner) {
        if (n instanceof ScalarNode s && s.primitive()) {
            out.writeBytes(s.open());
            raw(primitive(s, owner));
            out.writeBytes(s.close());
        } else if (n instanceof ArrayNode a) {
            Object container = a.accessor().get(owner);
            if (container == null) {
                if (a.nil() != null) {
                    out.writeBytes(a.nil());
                }
                return;
            }
            if (container instanceof List<?> list) {
                for (Object item : list) {
                    value(a.item(), item);
                }
            } else {
                for (int i = 0; i < Array.getLength(container); i++) {
                    value(a.item(), Array.get(container, i));
                }
            }
        } else {
            value(n, n.accessor().get(owner));
        }
    }

    private void value(PlanNode n, Object v) {
        if (v == null) {
            if (n.nil() != null) {
                out.writeBytes(n.nil());
            }
            return;
        }
        if (n instanceof StructNode s) {
            struct(s, v);
        } else {
            ScalarNode s = (ScalarNode) n;
            out.writeBytes(s.open());
            raw(lexical(s, v));
            out.writeBytes(s.close());
        }
    }

    /** Reads a primitive property through the typed getter its type calls for. */
    private static String primitive(ScalarNode s, Object owner) {
        Accessor a = s.accessor();
        return switch (s.type()) {
            case BOOLEAN -> Boolean.toString(a.getBoolean(owner));
            case BYTE, SHORT, INT -> Integer.toString(a.getInt(owner));
            case LONG -> Long.toString(a.getLong(owner));
            case FLOAT -> floating(a.getFloat(owner), Float.toString(a.getFloat(owner)));
            case DOUBLE -> floating(a.getDouble(owner), Double.toString(a.getDouble(owner)));
            default -> throw new AssertionError(s + " is not primitive");
        };
    }

    static String lexical(ScalarNode s, Object v) {
        return switch (s.type()) {
            case FLOAT -> floating((Float) v, v.toString());
            case DOUBLE -> floating((Double) v, v.toString());
            case STRING -> escape((String) v);
            case ENUM -> escape(s.enumLexical(((Enum<?>) v).ordinal()));
            case DECIMAL -> ((BigDecimal) v).toPlainString();
            case BASE64 -> Base64.getEncoder().encodeToString((byte[]) v);
            default -> v.toString();
        };
    }

    private static String floating(double d, String plain) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "INF" : "-INF";
        }
        return plain;
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private void raw(String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }
}
