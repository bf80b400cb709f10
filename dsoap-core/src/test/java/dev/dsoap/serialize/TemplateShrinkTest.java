package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Templates shrink back after a large message: the bytes on the wire return to about a fresh serialization's
 * (a shrunk field keeps at most {@code maxFieldPadding} bytes of padding, a template at most
 * {@code maxPaddingShare} of its content), and so does the memory held; what a stream reports holding is
 * exactly the arrays it keeps.
 */
class TemplateShrinkTest {
    static final String NS = "urn:dsoap:shrink";
    /** Messages per generated run; -Ddsoap.shrink.messages=N for a soak. */
    static final int MESSAGES = Integer.getInteger("dsoap.shrink.messages", 70);
    /** Added to every run's seed; -Ddsoap.shrink.seed=N to explore other sequences. */
    static final long SEED_OFFSET = Long.getLong("dsoap.shrink.seed", 0L);

    static final MessagePlan PLAN = new PlanCompiler().compile(MessageShape.wrapped(NS, "op",
            Part.of("s", String.class), Part.of("d", double[].class), Part.of(null, "sa", String[].class, true),
            Part.of("i", int[].class), Part.of("t", String.class)), WireConvention.documentLiteralWrapped());

    static Stream<SerializerConfig> configs() {
        return Stream.of(
                SerializerConfig.defaults(),
                SerializerConfig.builder().chunkSize(64).endSlack(0).splitThreshold(96).steal(StealDirection.NONE, 0)
                        .adaptive(false).build(),
                SerializerConfig.builder().chunkSize(256).endSlack(64).stuffing(Stuffing.TYPE_MAX)
                        .steal(StealDirection.LEFT_THEN_RIGHT, 4).adaptive(false).build(),
                SerializerConfig.builder().chunkSize(1024).stuffing(Stuffing.FIXED).stuffWidth(18).maxFieldPadding(0)
                        .maxPaddingShare(0).build(),
                SerializerConfig.builder().maxFieldPadding(4096).maxPaddingShare(2).adaptive(false).build());
    }

    // ------------------------------------------------------------------------------------------ targeted

    @Test
    void aOneWordCallAfterAMebibyteStringIsAsLongAsAFreshOne() {
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), stats, null);
        ds.serialize(parts("x".repeat(1 << 20), new double[] {1}, null, new int[0], "t"));
        long big = ds.retainedBytes();
        Object[] small = parts("word", new double[] {1}, null, new int[0], "t");
        ds.serialize(small);
        DifferentialSerializer fresh = fresh(SerializerConfig.defaults(), small);
        assertEquals(fresh.messageLength(), ds.messageLength(), "the field is cut back to the word");
        assertEquals(Infoset.of(fresh.toByteArray()), Infoset.of(ds.toByteArray()));
        assertEquals(1, stats.fieldsTrimmed(), stats.toString());
        assertTrue(ds.retainedBytes() < 200_000, "held " + ds.retainedBytes() + " after " + big);
        assertHeldArrays(ds, "after the word");
    }

    @Test
    void manySmallShrinksCompactTheTemplate() {
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), stats, null);
        double[] d = new double[20_000];
        Arrays.fill(d, 1.2345678901234567e-300); // 23 characters each
        ds.serialize(parts("s", d, null, new int[0], "t"));
        Arrays.fill(d, 0); // "0": 22 bytes of padding each, under maxFieldPadding, 20 times the content
        Object[] now = parts("s", d, null, new int[0], "t");
        ds.serialize(now);
        DifferentialSerializer fresh = fresh(SerializerConfig.defaults(), now);
        assertEquals(1, stats.compactions(), stats.toString());
        assertEquals(fresh.messageLength(), ds.messageLength());
        assertEquals(Infoset.of(fresh.toByteArray()), Infoset.of(ds.toByteArray()));
        assertHeldArrays(ds, "after compaction");
    }

    @Test
    void aHundredThousandItemsThenTenGiveTheirMemoryBack() {
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), new SerializerStats(), null);
        double[] big = new double[100_000];
        Arrays.fill(big, Math.PI);
        ds.serialize(parts("s", big, null, new int[100_000], "t"));
        long held = ds.retainedBytes();
        Object[] small = parts("s", Arrays.copyOf(big, 10), null, new int[10], "t");
        ds.serialize(small);
        ds.serialize(small);
        DifferentialSerializer fresh = fresh(SerializerConfig.defaults(), small);
        assertTrue(ds.retainedBytes() <= 2 * fresh.retainedBytes() + 300_000,
                "held " + ds.retainedBytes() + " (fresh " + fresh.retainedBytes() + ", before " + held + ")");
        assertEquals(Infoset.of(fresh.toByteArray()), Infoset.of(ds.toByteArray()));
        assertHeldArrays(ds, "after the small message");
    }

    @Test
    void theBudgetIsChargedWhatTheTemplateHolds() {
        MemoryBudget budget = new MemoryBudget(1L << 30);
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), new SerializerStats(), budget);
        ds.serialize(parts("y".repeat(3 << 20), new double[50_000], null, new int[0], "t"));
        assertEquals(ds.retainedBytes(), budget.usedBytes());
        ds.serialize(parts("y", new double[5], null, new int[0], "t"));
        assertEquals(ds.retainedBytes(), budget.usedBytes());
        assertTrue(budget.usedBytes() < 300_000, "charged " + budget.usedBytes());
    }

    // ------------------------------------------------------------------------------------------ generated

    @ParameterizedTest(name = "{0}")
    @MethodSource("configs")
    void hugeAndTinyValuesMixed(SerializerConfig cfg) {
        long seed = SEED_OFFSET + 0x5A1A_0000L + configs().toList().indexOf(cfg);
        Random r = new Random(seed);
        SerializerStats stats = new SerializerStats();
        MemoryBudget budget = new MemoryBudget(1L << 40);
        DifferentialSerializer ds = new DifferentialSerializer(PLAN, cfg, stats, budget);
        Object[] p = parts("a", new double[] {1}, new String[] {"b"}, new int[] {1}, "t");
        for (int msg = 0; msg < MESSAGES; msg++) {
            next(r, p);
            String where = "seed " + seed + " message " + msg + " " + cfg;
            try {
                ds.serialize(p);
            } catch (RuntimeException e) {
                throw new AssertionError(where + ": " + e, e);
            }
            DifferentialSerializer fresh = fresh(cfg, p);
            byte[] got = ds.toByteArray();
            assertEquals(Infoset.of(fresh.toByteArray()), Infoset.of(got), where);
            assertEquals(got.length, ds.messageLength(), where);
            long f = fresh.messageLength();
            long bound = f + (long) Math.max(cfg.maxFieldPadding(), cfg.maxPaddingShare() * f);
            assertTrue(ds.messageLength() <= bound, where + ": " + ds.messageLength() + " bytes, fresh " + f);
            assertHeldArrays(ds, where);
            assertEquals(ds.retainedBytes(), budget.usedBytes(), where);
            assertTrue(ds.retainedBytes() <= 2 * fresh.retainedBytes() + 512 * 1024,
                    where + ": holds " + ds.retainedBytes() + " " + breakdown(ds) + ", fresh " + fresh.retainedBytes()
                            + " " + breakdown(fresh));
        }
        assertTrue(stats.matches(MatchClass.PARTIAL_STRUCTURAL) > 0 && stats.fieldsTrimmed() > 0, stats.toString());
    }

    private static final String[] TINY = ValueGen.STRINGS;
    private static final String POOL = "abc xyz&<>\"'\t\r\né中€\uD83D\uDE00";

    /** Changes the parts: huge values now and then, tiny ones mostly, resized arrays, nil and edge values. */
    private static void next(Random r, Object[] p) {
        p[0] = string(r);
        p[4] = r.nextInt(3) == 0 ? string(r) : p[4];
        int kind = r.nextInt(10);
        double[] d = (double[]) p[1];
        if (kind == 0) {
            d = new double[10_000 + r.nextInt(90_001)];
        } else if (kind < 4 || d.length > 1000 && kind < 8) {
            d = Arrays.copyOf(d, Math.max(0, Math.min(d.length, 50) + r.nextInt(11) - 5));
        }
        for (int i = 0, n = d.length, changes = r.nextInt(4) == 0 ? n : r.nextInt(Math.min(n, 20) + 1); i < changes; i++) {
            d[n == changes ? i : r.nextInt(n)] = r.nextInt(3) == 0 ? ValueGen.DOUBLES[r.nextInt(ValueGen.DOUBLES.length)]
                    : r.nextInt(2) == 0 ? r.nextInt(10) : Double.longBitsToDouble(r.nextLong());
        }
        p[1] = d;
        if (r.nextInt(5) == 0) {
            p[2] = null;
        } else if (r.nextInt(3) == 0 || p[2] == null) {
            String[] sa = new String[r.nextInt(6)];
            for (int i = 0; i < sa.length; i++) {
                sa[i] = r.nextInt(6) == 0 ? null : r.nextInt(15) == 0 ? huge(r, 64 * 1024) : TINY[r.nextInt(TINY.length)];
            }
            p[2] = sa;
        }
        int[] ints = (int[]) p[3];
        if (r.nextInt(8) == 0 || ints.length > 1000 && r.nextInt(4) != 0) {
            ints = new int[r.nextInt(8) == 0 ? 100_000 : r.nextInt(5)];
        }
        for (int i = 0; i < Math.min(ints.length, 10); i++) {
            ints[r.nextInt(ints.length)] = ValueGen.INTS[r.nextInt(ValueGen.INTS.length)];
        }
        p[3] = ints;
    }

    private static String string(Random r) {
        int k = r.nextInt(12);
        if (k == 0) {
            return huge(r, (1 << 20) + r.nextInt(1 << 20));
        }
        if (k == 1) {
            return null;
        }
        return k < 6 ? TINY[r.nextInt(TINY.length)] : huge(r, r.nextInt(400));
    }

    /** About {@code n} characters drawn from markup, whitespace, non-ASCII and a surrogate pair. */
    private static String huge(Random r, int n) {
        StringBuilder b = new StringBuilder(n + 2);
        char[] seg = new char[Math.min(n, 4096)];
        for (int i = 0; i < seg.length; i++) {
            seg[i] = POOL.charAt(r.nextInt(POOL.length() - 2));
        }
        while (b.length() < n) {
            b.append(seg, 0, Math.min(seg.length, n - b.length()));
            b.append(POOL, POOL.length() - 2, POOL.length()); // keep the pair whole
        }
        return b.toString();
    }

    private static Object[] parts(String s, double[] d, String[] sa, int[] i, String t) {
        return new Object[] {s, d, sa, i, t};
    }

    private static DifferentialSerializer fresh(SerializerConfig cfg, Object[] parts) {
        DifferentialSerializer f = new DifferentialSerializer(PLAN, cfg, new SerializerStats(), null);
        f.serialize(parts);
        return f;
    }

    // ------------------------------------------------------------------------------------------ held arrays

    /**
     * What the stream reports holding equals the arrays it keeps, summed here by reflection over every array
     * field of the serializer, its value buffers, its template and the template's writer (by capacity), plus the
     * estimated size of the values kept behind the template's leaves.
     */
    static void assertHeldArrays(DifferentialSerializer ds, String where) {
        try {
            ChunkedTemplate t = (ChunkedTemplate) field(DifferentialSerializer.class, "t").get(ds);
            Object values = field(DifferentialSerializer.class, "value").get(ds);
            Object writer = field(ChunkedTemplate.class, "writer").get(t);
            long sum = arrays(ds) + arrays(values) + arrays(t) + arrays(writer);
            long kept = 0;
            for (int s = 0; s < t.slotCount(); s++) {
                if (t.kind(s) == ChunkedTemplate.LEAF) {
                    kept += Values.refSize(t.ref(s));
                }
            }
            assertEquals(sum + kept, ds.retainedBytes(), where + ": arrays " + sum + " + kept values " + kept);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Where a stream's bytes are, for failure messages. */
    static String breakdown(DifferentialSerializer ds) {
        try {
            ChunkedTemplate t = (ChunkedTemplate) field(DifferentialSerializer.class, "t").get(ds);
            Object values = field(DifferentialSerializer.class, "value").get(ds);
            Object writer = field(ChunkedTemplate.class, "writer").get(t);
            StringBuilder b = new StringBuilder("[");
            for (Object o : new Object[] {ds, values, t, writer}) {
                for (Field f : o.getClass().getDeclaredFields()) {
                    if (f.getType().isArray() && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                        f.setAccessible(true);
                        Object a = f.get(o);
                        int len = a == null ? 0 : java.lang.reflect.Array.getLength(a);
                        long deep = 0;
                        for (int i = 0; i < len; i++) {
                            if (java.lang.reflect.Array.get(a, i) instanceof byte[] x) {
                                deep += x.length;
                            }
                        }
                        b.append(f.getName()).append('=').append(len).append(deep > 0 ? "/" + deep : "").append(' ');
                    }
                }
            }
            return b.append("kept=").append(field(Values.class, "keptBytes").get(values)).append(" msg=")
                    .append(ds.messageLength()).append(']').toString();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static Field field(Class<?> c, String name) throws NoSuchFieldException {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    private static long arrays(Object o) throws IllegalAccessException {
        long n = 0;
        for (Field f : o.getClass().getDeclaredFields()) {
            if (f.getType() == PackedInts.class) {
                // a column of the slot table: its one array, whatever its width
                f.setAccessible(true);
                n += arrays(f.get(o));
                continue;
            }
            if (!f.getType().isArray() || java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            f.setAccessible(true);
            Object a = f.get(o);
            if (a == null) {
                continue;
            }
            Class<?> c = a.getClass().getComponentType();
            int len = java.lang.reflect.Array.getLength(a);
            if (c.isPrimitive()) {
                int w = c == byte.class || c == boolean.class ? 1 : c == long.class || c == double.class ? 8
                        : c == short.class || c == char.class ? 2 : 4;
                n += HeapSize.bytes(len, w);
                continue;
            }
            n += HeapSize.bytes(len, HeapSize.REF);
            for (int i = 0; i < len; i++) {
                Object e = java.lang.reflect.Array.get(a, i);
                if (e instanceof byte[] b) {
                    n += HeapSize.of(b);
                } else if (e instanceof ByteBuffer) {
                    n += HeapSize.BYTE_BUFFER;
                }
            }
        }
        return n;
    }
}
