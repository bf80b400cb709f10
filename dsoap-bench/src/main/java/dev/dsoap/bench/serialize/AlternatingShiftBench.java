package dev.dsoap.bench.serialize;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.DiscardingOutputStream;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerStats;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * A stream alternating a message of the narrowest values and one of the widest (see
 * {@link WorstCaseShiftBench}), per message. The first wide message makes every value outgrow its field; the
 * fields then keep their grown width, so from there on each message rewrites every value in place and moves
 * its closing tag (narrow into wide fields, then wide again), and the adaptive policy has nothing to react
 * to. This shows what a sustained alternation costs, as opposed to the single worst-case message of
 * {@link WorstCaseShiftBench}. {@code baselineWoodstox} writes the same alternating messages in full. Both
 * write to the same discarding, counting stream; one invocation is one message. The tally of dsoap's match
 * classes is printed at the end of the trial.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class AlternatingShiftBench {
    @Param({"DOUBLE", "MIO"})
    public ValueKind kind;
    @Param({"1000", "10000", "100000"})
    public int size;
    @Param({"32"})
    public int chunkKb;
    @Param({"true", "false"})
    public boolean adaptive;

    private Payload narrow;
    private Payload wide;
    private boolean flip;
    private final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.DISCARD);
    private final WoodstoxWriter woodstox = new WoodstoxWriter();
    private DifferentialSerializer ds;
    private final Checks.Tally tally = new Checks.Tally();

    @Setup
    public void setup() {
        Random r = new Random(Values.SEED);
        narrow = Values.ofWidth(kind, size, Values.minDoubleWidth(), 1, r);
        wide = Values.grown(narrow, 100, r);
        ds = new DifferentialSerializer(BenchPlans.plan(kind), WorstCaseShiftBench.config(chunkKb, adaptive),
                new SerializerStats(), null);
        Checks.expect(ds.serialize(narrow.parts()), MatchClass.FIRST_SEND, "setup");
        flip = false;
    }

    private Payload next() {
        flip = !flip;
        return flip ? wide : narrow;
    }

    @TearDown
    public void report() {
        if (!tally.snapshot().isEmpty()) {
            System.out.println("dsoapAlternating match classes: " + tally.snapshot());
        }
    }

    @Benchmark
    public long baselineWoodstox() throws Exception {
        woodstox.write(next(), out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapAlternating() throws Exception {
        tally.add(ds.serialize(next().parts()));
        ds.writeTo(out.reset());
        return out.count();
    }
}
