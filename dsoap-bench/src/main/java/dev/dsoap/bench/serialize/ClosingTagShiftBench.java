package dev.dsoap.bench.serialize;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.DiscardingOutputStream;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import dev.dsoap.serialize.Stuffing;
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
 * Paper Figures 10-11, "Max Field Width: Full Closing Tag Shift": fields stuffed to the type's widest form
 * ({@link Stuffing#TYPE_MAX}) and messages alternating between the widest values and the narrowest ones, so
 * every value of every message moves its closing tag across the whole field (left, padding the rest with
 * whitespace, then right again). Per message. {@code baselineWoodstox} writes the same alternating messages
 * unstuffed and in full; both go to the same copying sink (see {@link StuffingBench}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class ClosingTagShiftBench {
    @Param({"DOUBLE", "MIO"})
    public ValueKind kind;
    @Param({"1000", "10000", "100000"})
    public int size;

    private Payload narrow;
    private Payload wide;
    private boolean flip;
    private final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.COPY);
    private final WoodstoxWriter woodstox = new WoodstoxWriter();
    private DifferentialSerializer ds;

    @Setup
    public void setup() {
        Random r = new Random(Values.SEED);
        narrow = Values.ofWidth(kind, size, Values.minDoubleWidth(), 1, r);
        wide = Values.grown(narrow, 100, r);
        ds = new DifferentialSerializer(BenchPlans.plan(kind),
                SerializerConfig.builder().stuffing(Stuffing.TYPE_MAX).build(), new SerializerStats(), null);
        Checks.expect(ds.serialize(wide.parts()), MatchClass.FIRST_SEND, "setup");
        Checks.expect(ds.serialize(narrow.parts()), MatchClass.PERFECT_STRUCTURAL, "setup");
        Checks.expect(ds.serialize(wide.parts()), MatchClass.PERFECT_STRUCTURAL, "setup");
        flip = false;
    }

    private Payload next() {
        flip = !flip;
        return flip ? narrow : wide;
    }

    @Benchmark
    public long baselineWoodstox() throws Exception {
        woodstox.write(next(), out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapClosingTagShift() throws Exception {
        Checks.expect(ds.serialize(next().parts()), MatchClass.PERFECT_STRUCTURAL, "dsoapClosingTagShift");
        ds.writeTo(out.reset());
        return out.count();
    }
}
