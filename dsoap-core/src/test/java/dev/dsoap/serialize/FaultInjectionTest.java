package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.UnsupportedValueException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A failure in the middle of a message (an illegal character, a throwing getter, a value the plan cannot
 * carry) must propagate, be counted, and discard the template; the next message is a first send and every
 * later one is right again, whatever the failure left half-written.
 */
class FaultInjectionTest {
    private static final int WARM = 4;
    private static final int AFTER = 30;

    /** A bean whose getter throws once armed: {@code arm(n)} fails the n-th call of {@link #getV()} from now. */
    public static class Bomb {
        private double v;
        private String s;
        /** Calls of getV left before it throws; negative: disarmed. Not a property (no accessor pair). */
        private int fuse = -1;

        public double getV() {
            if (fuse >= 0 && --fuse == 0) {
                fuse = -1;
                throw new Boom("getV of an armed bomb (v=" + v + ")");
            }
            return v;
        }

        public void setV(double v) {
            this.v = v;
        }

        public String getS() {
            return s;
        }

        public void setS(String s) {
            this.s = s;
        }

        void arm(int calls) {
            fuse = calls;
        }
    }

    /** What an armed {@link Bomb} throws. */
    static final class Boom extends RuntimeException {
        Boom(String message) {
            super(message);
        }
    }

    /** Spells {@code List<Bomb>}. */
    static List<Bomb> bombList;

    /** Where the bad value sits. */
    enum Position {
        /** Replaces a value late in the message, after earlier values were rewritten. */
        IN_PLACE,
        /** Is appended to a growing list or array, inside the template's replacement writer. */
        IN_GROWTH,
        /** Is in the very first message. */
        FIRST_SEND
    }

    /** The kinds of failure, each with how to plant it and how to take it away again. */
    enum Fault {
        CONTROL_CHARACTER(IllegalArgumentException.class),
        LONE_SURROGATE(IllegalArgumentException.class),
        THROWING_GETTER(Boom.class),
        RUNTIME_SUBCLASS(UnsupportedValueException.class);

        final Class<? extends RuntimeException> thrown;

        Fault(Class<? extends RuntimeException> thrown) {
            this.thrown = thrown;
        }

        /** Plants the fault late in {@code parts}: in place, or appended. */
        void plant(Object[] parts, boolean append) {
            switch (this) {
                case CONTROL_CHARACTER, LONE_SURROGATE -> {
                    String bad = this == CONTROL_CHARACTER ? "bad \u0001 char" : "lone \uD800 surrogate";
                    List<String> s = strings(parts);
                    if (append) {
                        s.add(bad);
                    } else {
                        s.set(s.size() - 3, bad);
                    }
                }
                case THROWING_GETTER -> {
                    List<Bomb> bombs = bombs(parts);
                    if (append) {
                        Bomb b = new Bomb();
                        b.setV(1.25);
                        bombs.add(b);
                    }
                    bombs.get(append ? bombs.size() - 1 : bombs.size() - 2).arm(1);
                }
                case RUNTIME_SUBCLASS -> {
                    SeqBeans.Mio[] m = (SeqBeans.Mio[]) parts[2];
                    if (append) {
                        m = Arrays.copyOf(m, m.length + 1);
                        parts[2] = m;
                    }
                    SeqBeans.MioPlus plus = new SeqBeans.MioPlus();
                    plus.setV(-3.5);
                    m[m.length - 1] = plus;
                }
            }
        }

        /** Makes {@code parts} good again (the sender's values stay otherwise as they were). */
        void repair(Object[] parts) {
            switch (this) {
                case CONTROL_CHARACTER, LONE_SURROGATE -> strings(parts).replaceAll(s -> s != null && (s.startsWith("bad ") || s.startsWith("lone ")) ? "repaired" : s);
                case THROWING_GETTER -> bombs(parts).forEach(b -> {
                    if (b != null) {
                        b.arm(-1);
                    }
                });
                case RUNTIME_SUBCLASS -> {
                    SeqBeans.Mio[] m = (SeqBeans.Mio[]) parts[2];
                    for (int i = 0; i < m.length; i++) {
                        if (m[i] instanceof SeqBeans.MioPlus p) {
                            m[i] = new SeqBeans.Mio(p.getA(), p.getB(), p.getV());
                        }
                    }
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(Object[] parts) {
        return (List<String>) parts[1];
    }

    @SuppressWarnings("unchecked")
    private static List<Bomb> bombs(Object[] parts) {
        return (List<Bomb>) parts[3];
    }

    private static final MessagePlan PLAN;

    static {
        Type bombs;
        try {
            bombs = FaultInjectionTest.class.getDeclaredField("bombList").getGenericType();
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError(e);
        }
        PLAN = new PlanCompiler().compile(MessageShape.wrapped(CompiledPlanSequenceTest.NS, "fault",
                Part.of("d", double[].class), Part.of("s", SeqBeans.type("strings")), Part.of("m", SeqBeans.Mio[].class),
                Part.of("bombs", bombs)), CompiledPlanSequenceTest.DOC);
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (CompiledPlanSequenceTest.Config cfg : CompiledPlanSequenceTest.CONFIGS) {
            for (Fault f : Fault.values()) {
                for (Position p : Position.values()) {
                    out.add(Arguments.of(cfg, f, p));
                }
            }
        }
        return out.stream();
    }

    /** A long first message: 200 doubles, 200 strings, 30 beans, 40 bombs. */
    private static Object[] initial(Random r, ValueGen gen) {
        double[] d = new double[200];
        for (int i = 0; i < d.length; i++) {
            d[i] = r.nextInt(100);
        }
        List<String> s = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            s.add("s" + i);
        }
        SeqBeans.Mio[] m = new SeqBeans.Mio[30];
        for (int i = 0; i < m.length; i++) {
            m[i] = new SeqBeans.Mio(i, -i, i / 4.0);
        }
        List<Bomb> bombs = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Bomb b = new Bomb();
            b.setV(i);
            b.setS(gen.nextString());
            bombs.add(b);
        }
        return new Object[] {d, s, m, bombs};
    }

    /** Changes a few values in place, keeping the structure the faults are planted in. */
    private static void touch(Object[] parts, Random r, ValueGen gen) {
        double[] d = (double[]) parts[0];
        for (int i = 0; i < 5; i++) {
            d[r.nextInt(d.length)] = gen.nextDouble();
        }
        List<String> s = strings(parts);
        for (int i = 0; i < 3; i++) {
            s.set(r.nextInt(s.size()), gen.nextString());
        }
        SeqBeans.Mio[] m = (SeqBeans.Mio[]) parts[2];
        m[r.nextInt(m.length)].setV(gen.nextDouble());
        bombs(parts).get(r.nextInt(bombs(parts).size())).setV(gen.nextDouble());
    }

    /** Rewrites many early values, growing most of them, so the template is well into its update when the fault hits. */
    private static void changeEarlyValues(Object[] parts, ValueGen gen) {
        double[] d = (double[]) parts[0];
        for (int i = 0; i < 60; i++) {
            d[i] = i % 3 == 0 ? -1.2345678901234567E-300 : gen.nextDouble();
        }
        List<String> s = strings(parts);
        for (int i = 0; i < 20; i++) {
            s.set(i, i % 2 == 0 ? "a much longer string than before, number " + i : "");
        }
        ((SeqBeans.Mio[]) parts[2])[0].setV(Double.MIN_NORMAL / 3);
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void theNextMessagesAreRightAfterAFailure(CompiledPlanSequenceTest.Config cfg, Fault fault, Position position)
            throws IOException {
        long seed = 0xFA17L * 1000 + CompiledPlanSequenceTest.CONFIGS.indexOf(cfg) * 100 + fault.ordinal() * 10 + position.ordinal();
        String where = "seed " + seed + " " + cfg + " " + fault + " " + position;
        Random r = new Random(seed);
        ValueGen gen = new ValueGen(r, 8);
        PlanReader reader = new PlanReader(PLAN);
        SerializerStats stats = new SerializerStats();
        Sender sender = cfg.overlay() ? new Sender(null, new OverlaySerializer(PLAN, 256, stats))
                : new Sender(new DifferentialSerializer(PLAN, cfg.config(), stats, null), null);
        Object[] parts = initial(r, gen);
        if (position != Position.FIRST_SEND) {
            for (int msg = 0; msg < WARM; msg++) {
                if (msg > 0) {
                    touch(parts, r, gen);
                }
                CompiledPlanSequenceTest.check(reader, PLAN, parts, sender.send(parts), where + " warm-up " + msg);
            }
            changeEarlyValues(parts, gen);
        }
        fault.plant(parts, position == Position.IN_GROWTH);
        RuntimeException e = assertThrows(fault.thrown, () -> sender.send(parts), where);
        if (!cfg.overlay()) {
            assertEquals(1, stats.failures(), where + " " + e);
            assertEquals(0, sender.ds.messageLength(), where + ": the template is discarded");
        }
        fault.repair(parts);
        CompiledPlanSequenceTest.check(reader, PLAN, parts, sender.send(parts), where + " first message after the failure");
        assertEquals(MatchClass.FIRST_SEND, sender.last, where);
        if (!cfg.overlay()) {
            assertEquals(1, stats.fresh(SerializerStats.FreshReason.DISCARDED), where);
        }
        long differentialBefore = differential(stats);
        for (int msg = 0; msg < AFTER; msg++) {
            gen.next(PLAN.root(), parts, new int[] {0, 2, 10, 40}[msg % 4]);
            CompiledPlanSequenceTest.check(reader, PLAN, parts, sender.send(parts), where + " message " + msg + " after the failure");
        }
        if (!cfg.overlay()) {
            assertEquals(1, stats.failures(), where);
            assertTrue(differential(stats) - differentialBefore >= AFTER / 2, where + " " + stats);
        }
    }

    private static long differential(SerializerStats s) {
        return s.matches(MatchClass.CONTENT) + s.matches(MatchClass.PERFECT_STRUCTURAL) + s.matches(MatchClass.PARTIAL_STRUCTURAL);
    }

    /** A differential stream or the overlay serializer, returning each message's bytes. */
    private static final class Sender {
        final DifferentialSerializer ds;
        final OverlaySerializer overlay;
        /** How the last message matched (overlay: always a first send). */
        MatchClass last;

        Sender(DifferentialSerializer ds, OverlaySerializer overlay) {
            this.ds = ds;
            this.overlay = overlay;
        }

        byte[] send(Object[] parts) throws IOException {
            last = null;
            if (ds != null) {
                last = ds.serialize(parts);
                return ds.toByteArray();
            }
            last = MatchClass.FIRST_SEND;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            overlay.write(parts, out);
            return out.toByteArray();
        }
    }
}
