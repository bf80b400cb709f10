package dev.dsoap.serialize;

import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.PlanNode;
import dev.dsoap.binding.ScalarNode;
import dev.dsoap.binding.StructNode;
import dev.dsoap.tracked.TrackedDoubleArray;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates the values of a message sequence from a compiled plan: a first message, then each next one by
 * changing about {@code pct} percent of the leaves of the previous one, in place where a sender would
 * (array elements, bean properties) and by replacement elsewhere; containers sometimes change length, go
 * empty or null, and nullable values go null. Values reach every edge the serializer must survive: NaN
 * (with payloads), -0.0, infinities, subnormals, MIN/MAX of every type, values whose text grows from 1
 * to 24 characters and shrinks back, markup and control characters, non-ASCII, surrogate pairs, empty and
 * 10K-character strings. Deterministic for a seed. Not thread-safe. Public for the client's tests.
 */
public final class ValueGen {
    static final double[] DOUBLES = {0.0, -0.0, 1.0, -1.0, Double.NaN, Double.longBitsToDouble(0x7ff8000000000123L),
            Double.longBitsToDouble(0xfff0000000000001L), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL,
            Double.MIN_NORMAL / 3, -Double.MIN_NORMAL / 3, 1e-300, -2.2250738585072014E-308, 1.2345678901234567e300,
            0.1, 1e7, 1e-3, 9.999999999999999e22, 4.9e-324, 123456.789};
    static final float[] FLOATS = {0f, -0f, 1f, -1f, Float.NaN, Float.intBitsToFloat(0x7fc00123), Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE,
            Float.MIN_NORMAL, Float.MIN_NORMAL / 3, -1.17549435E-38f, 0.1f, 1e7f, 3.4028235E38f, 16777217f};
    static final int[] INTS = {0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1, 9, 10, -10, 1 << 30};
    static final long[] LONGS = {0, -1, 1, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, Integer.MIN_VALUE,
            Integer.MAX_VALUE + 1L, 99, -100};
    static final short[] SHORTS = {0, -1, Short.MIN_VALUE, Short.MAX_VALUE, 7, -300};
    static final byte[] BYTES = {0, -1, Byte.MIN_VALUE, Byte.MAX_VALUE, 5, -50};
    static final String[] STRINGS = {"", " ", "  leading and trailing  ", "\t", "\r\n", "a\rb\nc\td", "&", "<", ">",
            "\"", "'", "&amp;", "<![CDATA[x]]>", "]]>", "<a href=\"x\">'y'</a>", "é", "中文字符", "€ü©",
            "\uD83D\uDE00", "\uD83D\uDE00\uD83D\uDC4D x \uD83C\uDF89", "\u00A0\u2028\u2029", "\uFFFD", "\uE000",
            "\uD800\uDC00", "\uDBFF\uDFFF", "abcdefghijklmnopqrstuvwx"};
    private static final String POOL = "abcxyz 019&<>\"'\t\r\néü中€";

    private final Random r;
    /** Upper bound of container lengths. */
    private final int maxLength;
    /** Percent of leaves to change in the current message. */
    private int pct;

    public ValueGen(Random r, int maxLength) {
        this.r = r;
        this.maxLength = maxLength;
    }

    /** The parts of a first message. */
    public Object[] first(StructNode root) {
        Object[] parts = (Object[]) root.factory().get();
        for (PlanNode c : root.children()) {
            set(c, parts, value(c, null, true));
        }
        return parts;
    }

    /** Changes about {@code pct} percent of the leaves of {@code parts} (0: none at all, not even structure). */
    public void next(StructNode root, Object[] parts, int pct) {
        this.pct = pct;
        for (PlanNode c : root.children()) {
            Object old = c.accessor().get(parts);
            Object v = value(c, old, false);
            if (v != old) {
                set(c, parts, v);
            }
        }
    }

    private boolean chance(int percent) {
        return percent > 0 && r.nextInt(100) < percent;
    }

    /** A new or changed value for node {@code n} whose previous value is {@code old}. */
    private Object value(PlanNode n, Object old, boolean fresh) {
        if (n instanceof ScalarNode s) {
            if (!fresh && !chance(pct)) {
                return old;
            }
            if (s.nullable() && r.nextInt(10) == 0) {
                return null;
            }
            return scalar(s, old);
        }
        if (n instanceof StructNode s) {
            return struct(s, old, fresh);
        }
        return array((ArrayNode) n, old, fresh);
    }

    private Object struct(StructNode s, Object old, boolean fresh) {
        if (!fresh && old != null && !chance(pct / 5)) {
            // in place, as a sender updating its beans would
            for (ScalarNode a : s.attributes()) {
                update(a, old);
            }
            for (PlanNode c : s.children()) {
                update(c, old);
            }
            return old;
        }
        if (!fresh && old == null && !chance(pct)) {
            return null;
        }
        if (r.nextInt(fresh ? 10 : 3) == 0) {
            return null;
        }
        Object v = s.factory().get();
        for (ScalarNode a : s.attributes()) {
            set(a, v, value(a, null, true));
        }
        for (PlanNode c : s.children()) {
            set(c, v, value(c, null, true));
        }
        return v;
    }

    private void update(PlanNode c, Object owner) {
        Object old = c.accessor().get(owner);
        Object v = value(c, old, false);
        if (v != old) {
            set(c, owner, v);
        }
    }

    private Object array(ArrayNode a, Object old, boolean fresh) {
        if (fresh || (old == null && chance(pct))) {
            return r.nextInt(12) == 0 ? null : newArray(a, r.nextInt(4) == 0 ? 0 : r.nextInt(maxLength + 1));
        }
        if (old == null) {
            return null;
        }
        if (chance(pct / 4 + 1) && pct > 0) {
            return switch (r.nextInt(6)) {
                case 0 -> null;
                case 1 -> newArray(a, 0);
                case 2 -> newArray(a, r.nextInt(maxLength + 1));
                default -> resize(a, old, Math.max(0, length(old) + r.nextInt(11) - 5));
            };
        }
        int n = length(old);
        for (int i = 0; i < n; i++) {
            Object item = get(a, old, i);
            Object v = value(a.item(), item, false);
            if (v != item) {
                put(a, old, i, v);
            }
        }
        return old;
    }

    private Object newArray(ArrayNode a, int n) {
        Object c = container(a, n);
        for (int i = 0; i < n; i++) {
            put(a, c, i, value(a.item(), null, true));
        }
        return c;
    }

    /** Same container (tracked arrays, lists) or a copy, with new items past the old length. */
    private Object resize(ArrayNode a, Object old, int n) {
        int oldLength = length(old);
        Object c;
        if (old instanceof TrackedDoubleArray t) {
            t.resize(n);
            c = t;
        } else if (old instanceof List<?> l) {
            @SuppressWarnings("unchecked")
            List<Object> list = (List<Object>) l;
            while (list.size() > n) {
                list.remove(list.size() - 1);
            }
            while (list.size() < n) {
                list.add(null);
            }
            c = list;
        } else {
            c = container(a, n);
            System.arraycopy(old, 0, c, 0, Math.min(n, oldLength));
        }
        for (int i = oldLength; i < n; i++) {
            put(a, c, i, value(a.item(), null, true));
        }
        return c;
    }

    private static Object container(ArrayNode a, int n) {
        if (a.javaType() == TrackedDoubleArray.class) {
            return new TrackedDoubleArray(n);
        }
        if (a.container() == ArrayNode.Container.LIST) {
            List<Object> l = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                l.add(null);
            }
            return l;
        }
        return Array.newInstance(a.javaType().getComponentType(), n);
    }

    private static int length(Object c) {
        if (c instanceof TrackedDoubleArray t) {
            return t.length();
        }
        if (c instanceof List<?> l) {
            return l.size();
        }
        return Array.getLength(c);
    }

    private static Object get(ArrayNode a, Object c, int i) {
        if (c instanceof TrackedDoubleArray t) {
            return t.get(i);
        }
        if (c instanceof List<?> l) {
            return l.get(i);
        }
        return Array.get(c, i);
    }

    @SuppressWarnings("unchecked")
    private static void put(ArrayNode a, Object c, int i, Object v) {
        if (c instanceof TrackedDoubleArray t) {
            t.set(i, (Double) v);
        } else if (c instanceof List<?> l) {
            ((List<Object>) l).set(i, v);
        } else {
            Array.set(c, i, v);
        }
    }

    private static void set(PlanNode n, Object owner, Object v) {
        n.mutator().set(owner, v);
    }

    // ------------------------------------------------------------------------------------------- leaves

    private Object scalar(ScalarNode s, Object old) {
        return switch (s.type()) {
            case DOUBLE -> nextDouble();
            case FLOAT -> nextFloat();
            case INT -> r.nextInt(3) == 0 ? INTS[r.nextInt(INTS.length)] : r.nextInt(2) == 0 ? r.nextInt(100) : r.nextInt();
            case LONG -> r.nextInt(3) == 0 ? LONGS[r.nextInt(LONGS.length)] : r.nextInt(2) == 0 ? (long) r.nextInt(1000) : r.nextLong();
            case SHORT -> r.nextInt(2) == 0 ? SHORTS[r.nextInt(SHORTS.length)] : (short) r.nextInt();
            case BYTE -> r.nextInt(2) == 0 ? BYTES[r.nextInt(BYTES.length)] : (byte) r.nextInt();
            case BOOLEAN -> old == null ? r.nextBoolean() : !(Boolean) old;
            case STRING -> nextString();
            case ENUM -> s.javaType().getEnumConstants()[r.nextInt(s.javaType().getEnumConstants().length)];
            case DECIMAL -> nextDecimal();
            case INTEGER -> nextInteger();
            case BASE64 -> nextBytes(old);
        };
    }

    double nextDouble() {
        return switch (r.nextInt(6)) {
            case 0, 1 -> DOUBLES[r.nextInt(DOUBLES.length)];
            case 2 -> r.nextInt(10);
            case 3 -> Double.longBitsToDouble(r.nextLong());
            case 4 -> r.nextInt(1000) / 8.0;
            default -> -r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
        };
    }

    float nextFloat() {
        return switch (r.nextInt(5)) {
            case 0, 1 -> FLOATS[r.nextInt(FLOATS.length)];
            case 2 -> r.nextInt(10);
            case 3 -> Float.intBitsToFloat(r.nextInt());
            default -> r.nextFloat() * 1000 - 500;
        };
    }

    String nextString() {
        int k = r.nextInt(40);
        if (k == 0) {
            return longString(10_000);
        }
        if (k < 12) {
            return STRINGS[r.nextInt(STRINGS.length)];
        }
        StringBuilder b = new StringBuilder();
        int n = 1 + r.nextInt(24);
        for (int i = 0; i < n; i++) {
            int c = r.nextInt(POOL.length() + 2);
            if (c >= POOL.length()) {
                b.appendCodePoint(0x1F600 + r.nextInt(50));
            } else {
                b.append(POOL.charAt(c));
            }
        }
        return b.toString();
    }

    private String longString(int n) {
        StringBuilder b = new StringBuilder(n + 4);
        while (b.length() < n) {
            b.append(POOL.charAt(r.nextInt(POOL.length())));
            if (r.nextInt(50) == 0) {
                b.appendCodePoint(0x1F300 + r.nextInt(200));
            }
        }
        return b.toString();
    }

    private BigDecimal nextDecimal() {
        return switch (r.nextInt(5)) {
            case 0 -> BigDecimal.ZERO;
            case 1 -> new BigDecimal(new BigInteger(200, r).negate(), r.nextInt(60));
            case 2 -> new BigDecimal(BigInteger.valueOf(r.nextInt(1000)), -r.nextInt(5));
            case 3 -> new BigDecimal("0." + "0".repeat(r.nextInt(30)) + "1");
            default -> new BigDecimal(BigInteger.valueOf(r.nextLong()), r.nextInt(20));
        };
    }

    private BigInteger nextInteger() {
        return switch (r.nextInt(4)) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE);
            case 2 -> new BigInteger(1 + r.nextInt(300), r).negate();
            default -> BigInteger.valueOf(r.nextInt(100));
        };
    }

    private byte[] nextBytes(Object old) {
        if (old instanceof byte[] b && b.length > 0 && r.nextBoolean()) {
            b[r.nextInt(b.length)] ^= (byte) (1 + r.nextInt(255));
            return b;
        }
        byte[] b = new byte[r.nextInt(30) == 0 ? 3000 : r.nextInt(40)];
        r.nextBytes(b);
        return b;
    }
}
