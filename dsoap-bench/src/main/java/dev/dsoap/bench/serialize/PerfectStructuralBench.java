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
 * Paper Figures 4-5 (perfect structural matches): {@code percent} % of the doubles (for MIOs: of the MIO
 * doubles; the ints stay) change from one message to the next, each new value exactly as wide as the old
 * one (18 bytes), so dsoap overwrites them in place without shifting or stealing.
 *
 * <p>Two payloads A and B differ in exactly those items; each invocation sends the other one, so every
 * message changes exactly {@code percent} % of the values relative to its predecessor.
 * {@code baselineWoodstox} writes the same alternating messages in full; {@code dsoapPerfectStructural}
 * compares, rewrites the changed values in the template and writes the chunks. Both write into the same
 * discarding, counting stream and return the byte count; every dsoap message is checked to be
 * {@link MatchClass#PERFECT_STRUCTURAL}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class PerfectStructuralBench {
    /** Width of every double, before and after. */
    static final int DOUBLE_WIDTH = 18;
    /** Width of the MIO ints (unchanged). */
    static final int INT_WIDTH = 6;

    @Param({"DOUBLE", "MIO"})
    public ValueKind kind;
    @Param({"100", "1000", "10000", "100000"})
    public int size;
    @Param({"25", "50", "75", "100"})
    public int percent;

    private Payload a;
    private Payload b;
    private boolean flip;
    private final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.DISCARD);
    private final WoodstoxWriter woodstox = new WoodstoxWriter();
    private DifferentialSerializer ds;

    @Setup
    public void setup() {
        Random r = new Random(Values.SEED);
        a = Values.ofWidth(kind, size, DOUBLE_WIDTH, INT_WIDTH, r);
        b = Values.changed(a, percent, DOUBLE_WIDTH, INT_WIDTH, r);
        if (Values.valueBytes(a) != Values.valueBytes(b)) {
            throw new IllegalStateException("payloads differ in width: " + Values.valueBytes(a) + " vs " + Values.valueBytes(b));
        }
        ds = new DifferentialSerializer(BenchPlans.plan(kind), SerializerConfig.defaults(), new SerializerStats(), null);
        Checks.expect(ds.serialize(a.parts()), MatchClass.FIRST_SEND, "setup");
        Checks.expect(ds.serialize(b.parts()), MatchClass.PERFECT_STRUCTURAL, "setup");
        Checks.expect(ds.serialize(a.parts()), MatchClass.PERFECT_STRUCTURAL, "setup");
        flip = false;
    }

    private Payload next() {
        flip = !flip;
        return flip ? b : a;
    }

    @Benchmark
    public long baselineWoodstox() throws Exception {
        woodstox.write(next(), out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapPerfectStructural() throws Exception {
        Checks.expect(ds.serialize(next().parts()), MatchClass.PERFECT_STRUCTURAL, "dsoapPerfectStructural");
        ds.writeTo(out.reset());
        return out.count();
    }
}
