package dev.dsoap.bench.serialize;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.DiscardingOutputStream;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
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
import org.openjdk.jmh.annotations.Warmup;

import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Paper Figures 8-9 (intermediate growth): the template holds 18-byte doubles (MIOs of 36 bytes: two
 * 9-byte ints and an 18-byte double), and the next message grows {@code percent} % of them to the widest
 * form (24-byte doubles; 46-byte MIOs), so those values need room taken from neighbours or a chunk rebuild.
 *
 * <p>{@code dsoapGrowth} sends the grown message onto a template rebuilt before every invocation
 * ({@code @Setup(Level.Invocation)}, not timed), adaptive policy off so each message is the same case;
 * {@code baselineWoodstox} writes the grown message in full. Both write to the same discarding, counting
 * stream. Chunks of 32 KiB, default stealing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class IntermediateGrowthBench {
    @Param({"DOUBLE", "MIO"})
    public ValueKind kind;
    @Param({"1000", "10000", "100000"})
    public int size;
    @Param({"25", "50", "75", "100"})
    public int percent;

    Payload base;
    Payload grown;
    final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.DISCARD);
    private final WoodstoxWriter woodstox = new WoodstoxWriter();

    @Setup
    public void setup() {
        Random r = new Random(Values.SEED);
        base = Values.ofWidth(kind, size, 18, 9, r);
        grown = Values.grown(base, percent, r);
        System.out.println("value bytes: base " + Values.valueBytes(base) + ", grown " + Values.valueBytes(grown));
    }

    /** A serializer whose template is the base message again before every invocation. */
    @State(Scope.Thread)
    public static class Based {
        DifferentialSerializer ds;

        @Setup(Level.Trial)
        public void create(IntermediateGrowthBench b) {
            ds = new DifferentialSerializer(BenchPlans.plan(b.kind), WorstCaseShiftBench.config(32, false),
                    new SerializerStats(), null);
        }

        @Setup(Level.Invocation)
        public void rebuild(IntermediateGrowthBench b) {
            ds.reset();
            Checks.expect(ds.serialize(b.base.parts()), MatchClass.FIRST_SEND, "base template");
        }
    }

    @Benchmark
    public long baselineWoodstox() throws Exception {
        woodstox.write(grown, out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapGrowth(Based s) throws Exception {
        Checks.expect(s.ds.serialize(grown.parts()), MatchClass.PARTIAL_STRUCTURAL, "dsoapGrowth");
        s.ds.writeTo(out.reset());
        return out.count();
    }
}
