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
 * Paper Figures 10-11 (stuffing), the cost of larger messages: arrays of the narrowest values (doubles of the
 * formatter's shortest form; MIOs of two 1-byte ints and such a double), every value re-serialized at the
 * same width each message, with fields stuffed at first send to the type's widest form
 * ({@code TYPE_MAX}: 24 bytes per double, 11 per int, so 46 per MIO), to a fixed intermediate width
 * ({@code FIXED}: 18 per double; 12 per MIO field, so 36 per MIO) or not at all ({@code NONE}).
 *
 * <p>Here the sink copies every byte into a reused buffer ({@link DiscardingOutputStream.Mode#COPY}), since
 * the price of stuffing is the bytes it adds; {@code baselineWoodstox} writes the unstuffed message in full
 * into the same sink. The closing-tag shift case is {@link ClosingTagShiftBench}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class StuffingBench {
    @Param({"DOUBLE", "MIO"})
    public ValueKind kind;
    @Param({"1000", "10000", "100000"})
    public int size;
    @Param({"TYPE_MAX", "FIXED", "NONE"})
    public Stuffing stuffing;

    private Payload a;
    private Payload b;
    private boolean flip;
    private final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.COPY);
    private final WoodstoxWriter woodstox = new WoodstoxWriter();
    private DifferentialSerializer ds;

    @Setup
    public void setup() {
        Random r = new Random(Values.SEED);
        int w = Values.minDoubleWidth();
        a = Values.ofWidth(kind, size, w, 1, r);
        b = Values.changed(a, 100, w, 1, r);
        SerializerConfig cfg = SerializerConfig.builder().stuffing(stuffing)
                .stuffWidth(kind == ValueKind.MIO ? 12 : 18).build();
        ds = new DifferentialSerializer(BenchPlans.plan(kind), cfg, new SerializerStats(), null);
        Checks.expect(ds.serialize(a.parts()), MatchClass.FIRST_SEND, "setup");
        Checks.expect(ds.serialize(b.parts()), MatchClass.PERFECT_STRUCTURAL, "setup");
        Checks.expect(ds.serialize(a.parts()), MatchClass.PERFECT_STRUCTURAL, "setup");
        System.out.println("message bytes with " + stuffing + ": " + ds.messageLength());
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
    public long dsoapStuffed() throws Exception {
        Checks.expect(ds.serialize(next().parts()), MatchClass.PERFECT_STRUCTURAL, "dsoapStuffed");
        ds.writeTo(out.reset());
        return out.count();
    }
}
