package dev.dsoap.bench.serialize;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.DiscardingOutputStream;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Paper Figures 6-7 (worst-case shifting): the template holds the narrowest values (doubles of the
 * formatter's shortest form, MIOs of 1-byte ints and such a double) and the next message sets every value to
 * the widest form (24-byte doubles, 46-byte MIOs), so every value outgrows its field.
 *
 * <ul>
 * <li>{@code baselineWoodstox}: the wide message written in full with Woodstox. Note that JDK 17's
 * {@code Double.toString}, which Woodstox uses, is slow for these values (three-digit exponents).</li>
 * <li>{@code baselineDsoapFirstSend}: dsoap's own full serialization of the wide message (template dropped
 * first): the cost the adaptive policy falls back to, with the same number formatter as the shifting
 * variants.</li>
 * <li>{@code dsoapNoShift}: the paper's reference line, 100 % of the values re-serialized at the same
 * (widest) width: alternating two wide payloads, no shifting.</li>
 * <li>{@code dsoapWorstCase}: one wide message onto a narrow template. The template is rebuilt before every
 * invocation ({@code @Setup(Level.Invocation)}: {@code reset()} then a first send of the narrow payload; not
 * timed). With {@code adaptive=false} this is the pure shifting cost the paper plots. With
 * {@code adaptive=true} the policy sees a stream of worst-case messages and backs off to fresh serialization
 * for the following messages (its back-off counter survives {@code reset()}), so the number is the policy's
 * steady state; the tally of match classes is printed at the end of the trial.</li>
 * </ul>
 * Chunk size: {@code chunkKb} KiB; stealing as configured by default (right then left, 8 slots). All variants
 * write to the same discarding, counting stream. Invocation-level setup is only sound for ms-scale
 * operations: read results for sizes below ~10K with care.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class WorstCaseShiftBench {
    @Param({"DOUBLE", "MIO"})
    public ValueKind kind;
    @Param({"1000", "10000", "100000"})
    public int size;
    @Param({"8", "32"})
    public int chunkKb;
    @Param({"true", "false"})
    public boolean adaptive;

    Payload narrow;
    Payload wide;
    private Payload wide2;
    private boolean flip;
    final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.DISCARD);
    private final WoodstoxWriter woodstox = new WoodstoxWriter();
    private DifferentialSerializer noShift;
    private DifferentialSerializer first;

    static SerializerConfig config(int chunkKb, boolean adaptive) {
        return SerializerConfig.builder().chunkSize(chunkKb * 1024).adaptive(adaptive).build();
    }

    @Setup
    public void setup() {
        Random r = new Random(Values.SEED);
        narrow = Values.ofWidth(kind, size, Values.minDoubleWidth(), 1, r);
        wide = Values.grown(narrow, 100, r);
        wide2 = Values.changed(wide, 100, Values.maxDoubleWidth(), 11, r);
        System.out.println("value bytes: narrow " + Values.valueBytes(narrow) + ", wide " + Values.valueBytes(wide));
        noShift = new DifferentialSerializer(BenchPlans.plan(kind), config(chunkKb, adaptive), new SerializerStats(), null);
        Checks.expect(noShift.serialize(wide.parts()), MatchClass.FIRST_SEND, "setup");
        Checks.expect(noShift.serialize(wide2.parts()), MatchClass.PERFECT_STRUCTURAL, "setup");
        Checks.expect(noShift.serialize(wide.parts()), MatchClass.PERFECT_STRUCTURAL, "setup");
        first = new DifferentialSerializer(BenchPlans.plan(kind), config(chunkKb, adaptive), new SerializerStats(), null);
        flip = false;
    }

    /** The serializer whose template is narrow again before every invocation. */
    @State(Scope.Thread)
    public static class Narrowed {
        DifferentialSerializer ds;
        final Checks.Tally tally = new Checks.Tally();

        @Setup(Level.Trial)
        public void create(WorstCaseShiftBench b) {
            ds = new DifferentialSerializer(BenchPlans.plan(b.kind), config(b.chunkKb, b.adaptive), new SerializerStats(), null);
            ds.serialize(b.narrow.parts());
            MatchClass m = ds.serialize(b.wide.parts());
            if (m != MatchClass.PARTIAL_STRUCTURAL) {
                throw new IllegalStateException("a wide message on a narrow template was classified " + m);
            }
        }

        @Setup(Level.Invocation)
        public void narrow(WorstCaseShiftBench b) {
            ds.reset();
            Checks.expect(ds.serialize(b.narrow.parts()), MatchClass.FIRST_SEND, "narrow template");
        }

        @TearDown(Level.Trial)
        public void report() {
            System.out.println("dsoapWorstCase match classes: " + tally.snapshot());
        }
    }

    @Benchmark
    public long baselineWoodstox() throws Exception {
        woodstox.write(wide, out.reset());
        return out.count();
    }

    @Benchmark
    public long baselineDsoapFirstSend() throws Exception {
        first.reset();
        Checks.expect(first.serialize(wide.parts()), MatchClass.FIRST_SEND, "baselineDsoapFirstSend");
        first.writeTo(out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapNoShift() throws Exception {
        flip = !flip;
        Checks.expect(noShift.serialize((flip ? wide2 : wide).parts()), MatchClass.PERFECT_STRUCTURAL, "dsoapNoShift");
        noShift.writeTo(out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapWorstCase(Narrowed n) throws Exception {
        MatchClass m = n.tally.add(n.ds.serialize(wide.parts()));
        if (!adaptive && m != MatchClass.PARTIAL_STRUCTURAL) {
            throw new IllegalStateException("dsoapWorstCase without the adaptive policy: " + m);
        }
        n.ds.writeTo(out.reset());
        return out.count();
    }
}
