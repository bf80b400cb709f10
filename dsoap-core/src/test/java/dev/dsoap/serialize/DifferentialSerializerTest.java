package dev.dsoap.serialize;

import dev.dsoap.binding.Accessor;
import dev.dsoap.binding.ArrayNode;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.ScalarType;
import dev.dsoap.binding.StructNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static dev.dsoap.serialize.Plans.array;
import static dev.dsoap.serialize.Plans.attr;
import static dev.dsoap.serialize.Plans.leaf;
import static dev.dsoap.serialize.Plans.struct;
import static dev.dsoap.serialize.Plans.wrapped;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DifferentialSerializerTest {
    static final double[] EDGE = {0.0, -0.0, 1.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL,
            Double.MIN_NORMAL / 3, 1e-300, 1.2345678901234567e300, 0.1, 1e7, 1e-3, 9.999999999999999e22};

    static final class Mio {
        int a;
        int b;
        double v;

        Mio(int a, int b, double v) {
            this.a = a;
            this.b = b;
            this.v = v;
        }
    }

    static Stream<SerializerConfig> configs() {
        return Stream.of(
                SerializerConfig.defaults(),
                SerializerConfig.builder().chunkSize(64).endSlack(0).splitThreshold(96).steal(StealDirection.NONE, 0).adaptive(false).build(),
                SerializerConfig.builder().chunkSize(128).endSlack(16).stuffing(Stuffing.FIXED).stuffWidth(18).steal(StealDirection.LEFT, 3).build(),
                SerializerConfig.builder().chunkSize(256).endSlack(64).stuffing(Stuffing.TYPE_MAX).steal(StealDirection.LEFT_THEN_RIGHT, 4).adaptive(false).build(),
                SerializerConfig.builder().chunkSize(8192).stuffing(Stuffing.NONE).steal(StealDirection.RIGHT, 2).build());
    }

    static double nextDouble(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> EDGE[r.nextInt(EDGE.length)];
            case 1 -> r.nextInt(10);
            case 2 -> Math.random() * 1e6 > -1 ? r.nextDouble() * 1e6 : 0;
            case 3 -> Double.longBitsToDouble(r.nextLong());
            case 4 -> r.nextInt(1000) / 8.0;
            default -> -r.nextDouble();
        };
    }

    /** The DS bytes must be well-formed and carry the same infoset as a fresh serialization. */
    static void check(DifferentialSerializer ds, MessagePlan plan, SerializerConfig cfg, Object[] parts, String where) {
        byte[] got = ds.toByteArray();
        DifferentialSerializer fresh = new DifferentialSerializer(plan, cfg, new SerializerStats(), null);
        fresh.serialize(parts);
        byte[] want = fresh.toByteArray();
        assertEquals(Infoset.of(want), Infoset.of(got), where);
        assertEquals(got.length, ds.messageLength(), where);
    }

    @ParameterizedTest
    @MethodSource("configs")
    void doubleArraySequences(SerializerConfig cfg) {
        MessagePlan plan = wrapped("echoResponse",
                array("return", ArrayNode.Container.PRIMITIVE_ARRAY, false,
                        leaf("return", ScalarType.DOUBLE, true, false, null), Accessor.part(0)));
        long seed = 20261121L;
        Random r = new Random(seed);
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer ds = new DifferentialSerializer(plan, cfg, stats, null);
        double[] a = new double[r.nextInt(50)];
        for (int i = 0; i < a.length; i++) {
            a[i] = nextDouble(r);
        }
        for (int msg = 0; msg < 400; msg++) {
            int mode = r.nextInt(10);
            if (mode == 0) {
                a = Arrays.copyOf(a, Math.max(0, a.length + r.nextInt(21) - 10));
            } else if (mode == 1) {
                a = new double[0];
            }
            int pct = new int[] {0, 25, 50, 75, 100}[r.nextInt(5)];
            for (int i = 0; i < a.length; i++) {
                if (r.nextInt(100) < pct) {
                    a[i] = nextDouble(r);
                }
            }
            ds.serialize(new Object[] {a});
            String where = "seed " + seed + " message " + msg + " config " + cfg;
            check(ds, plan, cfg, new Object[] {a}, where);
            List<String> info = Infoset.of(ds.toByteArray());
            int k = 0;
            boolean item = false;
            for (String e : info) {
                if (e.startsWith("<")) {
                    item = e.startsWith("<{}return");
                } else if (item && e.startsWith("=")) {
                    String text = e.substring(1);
                    double d = switch (text) {
                        case "INF" -> Double.POSITIVE_INFINITY;
                        case "-INF" -> Double.NEGATIVE_INFINITY;
                        default -> Double.parseDouble(text);
                    };
                    double want = a[k++];
                    if (!(Double.isNaN(want) && Double.isNaN(d))) {
                        assertEquals(Double.doubleToLongBits(want), Double.doubleToLongBits(d), where + " item " + (k - 1));
                    }
                }
            }
            assertEquals(a.length, k, where);
        }
        assertEquals(400, stats.messages());
        assertExercised(stats, cfg);
    }

    /** A sequence test that never reached a path proves nothing about it. */
    static void assertExercised(SerializerStats stats, SerializerConfig cfg) {
        String s = stats + " " + cfg;
        assertTrue(stats.matches(MatchClass.CONTENT) > 0, s);
        assertTrue(stats.matches(MatchClass.PERFECT_STRUCTURAL) > 0, s);
        assertTrue(stats.matches(MatchClass.PARTIAL_STRUCTURAL) > 0, s);
        if (cfg.stuffing() != Stuffing.TYPE_MAX) {
            assertTrue(stats.chunkRebuilds() > 0, s);
        }
        if (cfg.stealDirection() != StealDirection.NONE && cfg.stuffing() == Stuffing.FIXED) {
            assertTrue(stats.steals() > 0, s);
        }
    }

    @ParameterizedTest
    @MethodSource("configs")
    void structSequences(SerializerConfig cfg) {
        StructNode mio = struct("mio", Mio.class, true, null, List.of(attr("id", ScalarType.INT, true, o -> ((Mio) o).a)),
                leaf("b", ScalarType.INT, true, false, new Accessor() {
                    public Object get(Object o) {
                        return ((Mio) o).b;
                    }

                    public int getInt(Object o) {
                        return ((Mio) o).b;
                    }
                }),
                leaf("v", ScalarType.DOUBLE, true, false, new Accessor() {
                    public Object get(Object o) {
                        return ((Mio) o).v;
                    }

                    public double getDouble(Object o) {
                        return ((Mio) o).v;
                    }
                }));
        MessagePlan plan = wrapped("op",
                leaf("name", ScalarType.STRING, false, true, Accessor.part(0)),
                array("mios", ArrayNode.Container.OBJECT_ARRAY, true, mio, Accessor.part(1)),
                array("d", ArrayNode.Container.OBJECT_ARRAY, false, leaf("d", ScalarType.DOUBLE, false, true, null), Accessor.part(2)),
                array("s", ArrayNode.Container.LIST, false, leaf("s", ScalarType.STRING, false, false, null), Accessor.part(3)),
                leaf("n", ScalarType.LONG, false, false, Accessor.part(4)),
                leaf("bytes", ScalarType.BASE64, false, true, Accessor.part(5)));
        long seed = 42L;
        Random r = new Random(seed);
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer ds = new DifferentialSerializer(plan, cfg, stats, null);
        Mio[] mios = new Mio[5];
        for (int i = 0; i < mios.length; i++) {
            mios[i] = new Mio(i, i * 2, i / 3.0);
        }
        Double[] d = {1.0, null, 3.5};
        List<String> s = new ArrayList<>(List.of("a", "b&c", "<x y=\"'\">"));
        String name = "n";
        Long n = 5L;
        byte[] bytes = {1, 2, 3};
        for (int msg = 0; msg < 500; msg++) {
            switch (r.nextInt(12)) {
                case 0 -> name = r.nextBoolean() ? null : randomString(r);
                case 1 -> mios = r.nextInt(4) == 0 ? null : resize(mios, r);
                case 2 -> d = Arrays.copyOf(d, r.nextInt(6));
                case 3 -> {
                    if (r.nextBoolean() && !s.isEmpty()) {
                        s.remove(r.nextInt(s.size()));
                    } else {
                        s.add(r.nextInt(s.size() + 1), randomString(r));
                    }
                }
                case 4 -> n = r.nextBoolean() ? null : r.nextLong();
                case 5 -> bytes = r.nextBoolean() ? null : randomBytes(r);
                default -> {
                }
            }
            if (mios != null) {
                for (int i = 0; i < mios.length; i++) {
                    int c = r.nextInt(8);
                    if (c == 0) {
                        mios[i] = null;
                    } else if (c == 1 || mios[i] == null) {
                        mios[i] = new Mio(r.nextInt(), r.nextInt(100), nextDouble(r));
                    } else if (c == 2) {
                        mios[i].v = nextDouble(r);
                    } else if (c == 3) {
                        mios[i].a = r.nextInt(10);
                    }
                }
            }
            for (int i = 0; i < d.length; i++) {
                if (r.nextInt(3) == 0) {
                    d[i] = r.nextInt(4) == 0 ? null : nextDouble(r);
                }
            }
            for (int i = 0; i < s.size(); i++) {
                if (r.nextInt(4) == 0) {
                    s.set(i, randomString(r));
                }
            }
            if (bytes != null && bytes.length > 0 && r.nextBoolean()) {
                bytes[r.nextInt(bytes.length)]++;
            }
            Object[] parts = {name, mios, d, s, n, bytes};
            try {
                ds.serialize(parts);
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + " message " + msg + " config " + cfg + ": " + e, e);
            }
            check(ds, plan, cfg, parts, "seed " + seed + " message " + msg + " config " + cfg);
        }
        assertExercised(stats, cfg);
    }

    @Test
    void failureMidUpdateDiscardsTemplate() {
        MessagePlan plan = wrapped("op",
                array("s", ArrayNode.Container.LIST, false, leaf("s", ScalarType.STRING, false, false, null), Accessor.part(0)));
        SerializerConfig cfg = SerializerConfig.builder().chunkSize(64).build();
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer ds = new DifferentialSerializer(plan, cfg, stats, null);
        List<String> s = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            s.add("value " + i);
        }
        ds.serialize(new Object[] {s});
        List<String> bad = new ArrayList<>(s);
        bad.set(3, "changed but fine");
        bad.set(30, "bad \u0001 char");
        assertThrows(IllegalArgumentException.class, () -> ds.serialize(new Object[] {bad}));
        assertEquals(1, stats.failures());
        s.set(5, "next good");
        assertEquals(MatchClass.FIRST_SEND, ds.serialize(new Object[] {s}));
        assertEquals(1, stats.fresh(SerializerStats.FreshReason.DISCARDED));
        check(ds, plan, cfg, new Object[] {s}, "after failure");
        s.set(6, "again");
        assertEquals(MatchClass.PERFECT_STRUCTURAL, ds.serialize(new Object[] {s}));
        check(ds, plan, cfg, new Object[] {s}, "after failure, differential");
    }

    @Test
    void matchClasses() {
        MessagePlan plan = wrapped("echoResponse",
                array("return", ArrayNode.Container.PRIMITIVE_ARRAY, false,
                        leaf("return", ScalarType.DOUBLE, true, false, null), Accessor.part(0)));
        DifferentialSerializer ds = new DifferentialSerializer(plan,
                SerializerConfig.builder().steal(StealDirection.NONE, 0).build(), new SerializerStats(), null);
        double[] a = {1.5, 2.5, 3.5};
        assertEquals(MatchClass.FIRST_SEND, ds.serialize(new Object[] {a}));
        assertEquals(MatchClass.CONTENT, ds.serialize(new Object[] {a}));
        a[1] = 7.5;
        assertEquals(MatchClass.PERFECT_STRUCTURAL, ds.serialize(new Object[] {a}));
        a[1] = 7;
        assertEquals(MatchClass.PERFECT_STRUCTURAL, ds.serialize(new Object[] {a}), "shrinks: closing tag shift");
        a[1] = 123456.789;
        assertEquals(MatchClass.PARTIAL_STRUCTURAL, ds.serialize(new Object[] {a}));
        assertEquals(MatchClass.PARTIAL_STRUCTURAL, ds.serialize(new Object[] {new double[] {1, 2}}));
    }

    @Test
    void resetForgetsTheAdaptiveBackOff() {
        MessagePlan plan = wrapped("echoResponse",
                array("return", ArrayNode.Container.PRIMITIVE_ARRAY, false,
                        leaf("return", ScalarType.DOUBLE, true, false, null), Accessor.part(0)));
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.builder()
                .steal(StealDirection.NONE, 0).build(), stats, null);
        double[] small = new double[100];
        double[] wide = new double[100];
        Arrays.fill(wide, -1.2345678901234567E-308);
        ds.serialize(new Object[] {small});
        assertEquals(MatchClass.PARTIAL_STRUCTURAL, ds.serialize(new Object[] {wide}));
        ds.reset();
        assertEquals(MatchClass.FIRST_SEND, ds.serialize(new Object[] {small}));
        assertEquals(MatchClass.PARTIAL_STRUCTURAL, ds.serialize(new Object[] {wide}), "not forced fresh after reset");
        assertEquals(MatchClass.FIRST_SEND, ds.serialize(new Object[] {wide}), "adaptive back-off after a heavy message");
        assertEquals(1, stats.fresh(SerializerStats.FreshReason.ADAPTIVE));
    }

    static Mio[] resize(Mio[] m, Random r) {
        Mio[] x = Arrays.copyOf(m == null ? new Mio[0] : m, r.nextInt(12));
        for (int i = 0; i < x.length; i++) {
            if (x[i] == null && r.nextBoolean()) {
                x[i] = new Mio(i, -i, nextDouble(r));
            }
        }
        return x;
    }

    static String randomString(Random r) {
        StringBuilder b = new StringBuilder();
        int n = r.nextInt(12);
        String pool = "ab &<>\"'\té中";
        for (int i = 0; i < n; i++) {
            int c = r.nextInt(pool.length() + 1);
            if (c == pool.length()) {
                b.appendCodePoint(0x1F600 + r.nextInt(40));
            } else {
                b.append(pool.charAt(c));
            }
        }
        return b.toString();
    }

    static byte[] randomBytes(Random r) {
        byte[] b = new byte[r.nextInt(20)];
        r.nextBytes(b);
        return b;
    }
}
