package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.tracked.TrackedDoubleArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Long generated message sequences through plans compiled by {@link PlanCompiler}, under several wire
 * conventions and serializer configurations: every message must read back (through {@link PlanReader}) to
 * exactly the values sent, and carry the same infoset as a fresh serializer's first send of those values.
 */
public class CompiledPlanSequenceTest {
    static final String NS = "urn:dsoap:seq";
    /** Messages per run; raise with -Ddsoap.seq.messages=N for a soak. */
    static final int MESSAGES = Integer.getInteger("dsoap.seq.messages", 200);
    /** Added to every run's seed; set with -Ddsoap.seq.seed=N to explore other sequences. */
    static final long SEED_OFFSET = Long.getLong("dsoap.seq.seed", 0L);
    /** Multiplies every shape's longest array; -Ddsoap.seq.lengthScale=N for longer messages. */
    static final int LENGTH_SCALE = Integer.getInteger("dsoap.seq.lengthScale", 1);
    /** Percent of leaves changed per message; 0 makes content matches. */
    private static final int[] PCT = {0, 0, 1, 3, 10, 30, 60, 100};

    public static final WireConvention DOC = WireConvention.documentLiteralWrapped();
    public static final WireConvention AXIS2 = WireConvention.builder("axis2-like").partsQualified(true).fieldsQualified(true)
            .typePrefixStem("ax2").packageNamespaces(true, "/xsd").structXsiType(true)
            .nullStyle(WireConvention.NullStyle.NIL).beanStyle(WireConvention.BeanStyle.AXIS2).build();
    public static final WireConvention SOAP12 = WireConvention.builder("soap12-xsi-type").soapVersion(SoapVersion.SOAP_12)
            .envelopePrefix("env").xmlDeclaration(false).wrapperPrefix("w").xsiType(true).fieldsQualified(true)
            .packageNamespaces(true, "").build();

    /** A serializer configuration, or the overlay serializer. */
    record Config(String name, SerializerConfig config, boolean overlay) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final List<Config> CONFIGS = List.of(
            new Config("default", SerializerConfig.defaults(), false),
            new Config("tiny-64/96-nosteal", SerializerConfig.builder().chunkSize(64).endSlack(0).splitThreshold(96)
                    .steal(StealDirection.NONE, 0).adaptive(false).build(), false),
            new Config("fixed18-left3", SerializerConfig.builder().chunkSize(128).endSlack(16).stuffing(Stuffing.FIXED)
                    .stuffWidth(18).steal(StealDirection.LEFT, 3).adaptive(false).build(), false),
            new Config("type-max", SerializerConfig.builder().chunkSize(256).endSlack(64).stuffing(Stuffing.TYPE_MAX)
                    .steal(StealDirection.LEFT_THEN_RIGHT, 4).adaptive(false).build(), false),
            new Config("adaptive-5%", SerializerConfig.builder().chunkSize(512).adaptiveThreshold(0.05).build(), false),
            new Config("overlay-256", SerializerConfig.defaults(), true));

    /** A named message shape. */
    public record Shape(String name, MessageShape shape, int maxLength) {
        @Override
        public String toString() {
            return name;
        }
    }

    public static final List<Shape> SHAPES = List.of(
            new Shape("primitive-arrays", MessageShape.wrapped(NS, "numbers", Part.of("d", double[].class),
                    Part.of("i", int[].class), Part.of("l", long[].class), Part.of("f", float[].class),
                    Part.of("b", boolean[].class), Part.of("x", double.class), Part.of("n", long.class),
                    Part.of("k", int.class), Part.of("z", boolean.class), Part.of("sh", short.class),
                    Part.of("by", byte.class), Part.of("fl", float.class), Part.of("ss", short[].class),
                    Part.of(null, "ff", Float[].class, true)), 30),
            new Shape("beans", MessageShape.wrapped(NS, "beans", Part.of("m", SeqBeans.Mio[].class),
                    Part.of(null, "j", SeqBeans.JaxbMio[].class, true), Part.of("lm", SeqBeans.type("mios")),
                    Part.of("one", SeqBeans.JaxbMio.class)), 12),
            new Shape("texts", MessageShape.wrapped(NS, "texts", Part.of("ls", SeqBeans.type("strings")),
                    Part.of(null, "sa", String[].class, true), Part.of("so", String[].class),
                    Part.of(null, "da", Double[].class, true), Part.of("s", String.class)), 16),
            new Shape("order", MessageShape.wrapped(NS, "order", Part.of("o", SeqBeans.Order.class),
                    Part.of("p", BigDecimal.class), Part.of("q", BigInteger.class), Part.of("r", byte[].class),
                    Part.of("e", SeqBeans.Status.class), Part.of(null, "in", SeqBeans.Inner.class, true)), 8),
            new Shape("tracked", MessageShape.wrapped(NS, "tracked", Part.of("t", TrackedDoubleArray.class),
                    Part.of("d", double[].class), Part.of("u", TrackedDoubleArray.class)), 40),
            new Shape("mixed", MessageShape.wrapped(NS, "mixed", Part.of("name", String.class),
                    Part.of("d", double[].class), Part.of("tags", SeqBeans.type("strings")), Part.of("i", int[].class),
                    Part.of("e", SeqBeans.Status.class), Part.of("t", TrackedDoubleArray.class),
                    Part.of("p", BigDecimal.class), Part.of("l", long[].class)), 12),
            new Shape("bare", MessageShape.bare(NS, "mio", SeqBeans.JaxbMio.class), 1));

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Shape s : SHAPES) {
            for (WireConvention c : List.of(DOC, AXIS2, SOAP12)) {
                for (Config cfg : CONFIGS) {
                    out.add(Arguments.of(s, c, cfg));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void everyMessageReadsBackAndMatchesAFreshOne(Shape shape, WireConvention conv, Config cfg) throws IOException {
        MessagePlan plan = new PlanCompiler().compile(shape.shape(), conv);
        long seed = SEED_OFFSET + 0x5EC0_0000L + 31L * SHAPES.indexOf(shape) + 7L * List.of(DOC, AXIS2, SOAP12).indexOf(conv)
                + CONFIGS.indexOf(cfg);
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, shape.maxLength() * LENGTH_SCALE);
        PlanReader reader = new PlanReader(plan);
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer ds = cfg.overlay() ? null : new DifferentialSerializer(plan, cfg.config(), stats, null);
        OverlaySerializer overlay = cfg.overlay() ? new OverlaySerializer(plan, 256, stats) : null;
        Object[] parts = gen.first(plan.root());
        for (int msg = 0; msg < MESSAGES; msg++) {
            int pct = PCT[r.nextInt(PCT.length)];
            if (msg > 0) {
                gen.next(plan.root(), parts, pct);
            }
            String where = "seed " + seed + " message " + msg + " (" + pct + "% changed) " + shape + " " + conv + " " + cfg;
            byte[] got;
            try {
                if (overlay != null) {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    long n = overlay.write(parts, out);
                    got = out.toByteArray();
                    assertEquals(got.length, n, where);
                } else {
                    ds.serialize(parts);
                    got = ds.toByteArray();
                    assertEquals(got.length, ds.messageLength(), where);
                    assertEquals(got.length, remaining(ds.buffers()), where);
                }
            } catch (RuntimeException e) {
                throw new AssertionError(where + ": " + e, e);
            }
            check(reader, plan, parts, got, where);
        }
        assertEquals(MESSAGES, stats.messages());
        if (!cfg.overlay()) {
            // a message of one struct (three leaves) has too few neighbours for stealing to be a path it must take:
            // whether it does depends on where its chunk's buffers happen to end
            assertExercised(stats, cfg.config(), "seed " + seed + " " + shape + " " + conv + " " + cfg, shape.maxLength() > 1);
        }
    }

    /**
     * The primitive-array fast paths compare and store only bits: a string read just before (here the
     * previous part) must not make them keep it as the slot's shadow value instead, or a value changed
     * back is taken as unchanged.
     */
    @Test
    void primitiveArraysAfterAStringLeaf() {
        MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped(NS, "op", Part.of("s", String.class),
                Part.of("d", double[].class), Part.of("i", int[].class), Part.of("t", TrackedDoubleArray.class)), DOC);
        PlanReader reader = new PlanReader(plan);
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        TrackedDoubleArray t = new TrackedDoubleArray(new double[] {1});
        for (int msg = 0; msg < 3; msg++) {
            int v = msg == 1 ? 2 : 1;
            t.set(0, v);
            Object[] parts = {"x", new double[] {v}, new int[] {v}, t};
            ds.serialize(parts);
            check(reader, plan, parts, ds.toByteArray(), "message " + msg);
        }
    }

    /**
     * A tracked-array part may also be given a plain {@code double[]} (the serializer reads either): the
     * template then holds values no tracked array marked, so a tracked array given later must be compared
     * in full, however clean its dirty set.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("trackedConfigs")
    void trackedPartsMixedWithPlainArrays(Config cfg) {
        MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped(NS, "op", Part.of("t", TrackedDoubleArray.class),
                Part.of("u", TrackedDoubleArray.class)), DOC);
        long seed = SEED_OFFSET + 0x7EAC_0000L + CONFIGS.indexOf(cfg);
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, 0);
        PlanReader reader = new PlanReader(plan);
        SerializerStats stats = new SerializerStats();
        DifferentialSerializer ds = new DifferentialSerializer(plan, cfg.config(), stats, null);
        TrackedDoubleArray[] tracked = {new TrackedDoubleArray(6), new TrackedDoubleArray(6)};
        for (int msg = 0; msg < MESSAGES; msg++) {
            for (TrackedDoubleArray t : tracked) {
                if (r.nextInt(3) == 0) {
                    t.set(r.nextInt(t.length()), gen.nextDouble());
                }
            }
            Object[] parts = new Object[2];
            for (int p = 0; p < 2; p++) {
                int k = r.nextInt(4);
                if (k < 2) {
                    parts[p] = tracked[k];
                } else {
                    double[] d = new double[6];
                    for (int i = 0; i < d.length; i++) {
                        d[i] = r.nextInt(3) == 0 ? gen.nextDouble() : tracked[k - 2].get(i);
                    }
                    parts[p] = d;
                }
            }
            ds.serialize(parts);
            String where = "seed " + seed + " message " + msg + " " + cfg + " parts " + PlanReader.show(parts[0])
                    + ", " + PlanReader.show(parts[1]);
            check(reader, plan, parts, ds.toByteArray(), where);
        }
        assertEquals(0, stats.failures());
    }

    static Stream<Config> trackedConfigs() {
        return CONFIGS.stream().filter(c -> !c.overlay());
    }

    /** (a) the message reads back to the values sent; (b) its infoset is a fresh serializer's. */
    static void check(PlanReader reader, MessagePlan plan, Object[] parts, byte[] got, String where) {
        Object[] read;
        try {
            read = reader.read(got);
        } catch (AssertionError e) {
            throw new AssertionError(where + ": " + e.getMessage() + "\n" + excerpt(got), e);
        }
        reader.assertEquivalent(parts, read, where);
        byte[] want = freshBytes(plan, parts);
        assertSameInfoset(Infoset.of(want), Infoset.of(got), where);
    }

    /** A new serializer's first send of {@code parts} (tracked arrays as plain copies, so their tracking is left alone). */
    static byte[] freshBytes(MessagePlan plan, Object[] parts) {
        Object[] copy = parts.clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i] instanceof TrackedDoubleArray t) {
                copy[i] = t.toArray();
            }
        }
        DifferentialSerializer fresh = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        assertEquals(MatchClass.FIRST_SEND, fresh.serialize(copy));
        return fresh.toByteArray();
    }

    static void assertSameInfoset(List<String> want, List<String> got, String where) {
        int n = Math.min(want.size(), got.size());
        for (int i = 0; i < n; i++) {
            if (!want.get(i).equals(got.get(i))) {
                throw new AssertionError(where + ": infoset differs at item " + i + ": expected " + want.get(i)
                        + " but was " + got.get(i) + "; before: " + want.subList(Math.max(0, i - 4), i));
            }
        }
        if (want.size() != got.size()) {
            throw new AssertionError(where + ": infoset has " + got.size() + " items, fresh " + want.size()
                    + "; extra: " + (got.size() > n ? got.subList(n, Math.min(got.size(), n + 4)) : want.subList(n, Math.min(want.size(), n + 4))));
        }
    }

    /** A sequence that never reached a path proves nothing about it. */
    static void assertExercised(SerializerStats stats, SerializerConfig cfg, String where) {
        assertExercised(stats, cfg, where, true);
    }

    /** As above; {@code steals}: whether a stealing configuration must have stolen. */
    static void assertExercised(SerializerStats stats, SerializerConfig cfg, String where, boolean steals) {
        String s = where + " " + stats;
        boolean backsOff = cfg.adaptive() && cfg.adaptiveThreshold() < 0.1;
        assertTrue(stats.matches(MatchClass.CONTENT) > 0, s);
        // a low adaptive threshold backs off after most changing messages, leaving few perfect matches
        assertTrue(stats.matches(MatchClass.PERFECT_STRUCTURAL) > 0 || backsOff && stats.matches(MatchClass.PERFECT_STRUCTURAL)
                + stats.matches(MatchClass.PARTIAL_STRUCTURAL) > 0, s);
        assertTrue(stats.matches(MatchClass.PARTIAL_STRUCTURAL) > 0, s);
        assertEquals(0, stats.failures(), s);
        if (steals && cfg.stealDirection() != StealDirection.NONE && cfg.stuffing() == Stuffing.FIXED) {
            assertTrue(stats.steals() > 0, s);
        }
        if (cfg.stuffing() == Stuffing.NONE) {
            assertTrue(stats.chunkRebuilds() > 0, s);
        }
        if (backsOff) {
            assertTrue(stats.fresh(SerializerStats.FreshReason.ADAPTIVE) > 0, s);
        }
    }

    static long remaining(ByteBuffer[] buffers) {
        long n = 0;
        for (ByteBuffer b : buffers) {
            n += b.remaining();
        }
        return n;
    }

    static String excerpt(byte[] xml) {
        String s = new String(xml, java.nio.charset.StandardCharsets.UTF_8);
        return s.length() > 4000 ? s.substring(0, 4000) + "...(" + s.length() + " chars)" : s;
    }
}
