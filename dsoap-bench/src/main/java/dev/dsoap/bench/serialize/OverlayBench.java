package dev.dsoap.bench.serialize;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.DiscardingOutputStream;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.OverlaySerializer;
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
 * Paper Figure 12 (chunk overlaying): sending from one overlaid 32 KiB chunk ({@link OverlaySerializer},
 * memory bounded by the chunk, every value serialized every message) against sending from separate 32 KiB
 * template chunks with 100 % of the values re-serialized at the same width (18-byte doubles;
 * for MIOs the doubles). Messages alternate between two payloads that differ in every double.
 * {@code baselineWoodstox} writes the same messages in full. All write to the same discarding, counting
 * stream.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class OverlayBench {
    @Param({"DOUBLE", "MIO"})
    public ValueKind kind;
    @Param({"1000", "10000", "100000"})
    public int size;

    private Payload a;
    private Payload b;
    private boolean flip;
    private final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.DISCARD);
    private final WoodstoxWriter woodstox = new WoodstoxWriter();
    private DifferentialSerializer chunks;
    private OverlaySerializer overlay;

    @Setup
    public void setup() {
        Random r = new Random(Values.SEED);
        a = Values.ofWidth(kind, size, 18, 6, r);
        b = Values.changed(a, 100, 18, 6, r);
        chunks = new DifferentialSerializer(BenchPlans.plan(kind), SerializerConfig.builder().chunkSize(32 * 1024).build(),
                new SerializerStats(), null);
        Checks.expect(chunks.serialize(a.parts()), MatchClass.FIRST_SEND, "setup");
        Checks.expect(chunks.serialize(b.parts()), MatchClass.PERFECT_STRUCTURAL, "setup");
        Checks.expect(chunks.serialize(a.parts()), MatchClass.PERFECT_STRUCTURAL, "setup");
        overlay = new OverlaySerializer(BenchPlans.plan(kind), 32 * 1024, new SerializerStats());
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
    public long dsoapSeparateChunks() throws Exception {
        Checks.expect(chunks.serialize(next().parts()), MatchClass.PERFECT_STRUCTURAL, "dsoapSeparateChunks");
        chunks.writeTo(out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapOverlay() throws Exception {
        return overlay.write(next().parts(), out.reset());
    }
}
