package dev.dsoap.bench.tracked;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.DiscardingOutputStream;
import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.ValueKind;
import dev.dsoap.bench.serialize.Values;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import dev.dsoap.tracked.TrackedDoubleArray;
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
 * Data update tracking: a response of {@code size} doubles of which {@code dirtyPercent} % (every 100th item
 * for 1 %) are set to a new same-width value before each message. {@code baselinePlainArray}: a plain
 * {@code double[]}, which dsoap must compare item by item with the template; {@code dsoapTrackedArray}: a
 * {@link TrackedDoubleArray}, whose dirty bits let dsoap visit only the items set. The timed region includes
 * setting the values (array stores or {@code set} calls). Both write to the same discarding, counting
 * stream; the expected match class (content for 0 %, perfect structural for 1 %) is checked every message.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class TrackedArrayBench {
    @Param({"10000", "100000"})
    public int size;
    @Param({"0", "1"})
    public int dirtyPercent;

    private double[] plain;
    private TrackedDoubleArray tracked;
    /** The two alternating values of each dirty item, by dirty index. */
    private double[] alt0;
    private double[] alt1;
    private int step;
    private boolean flip;
    private MatchClass expected;
    private final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.DISCARD);
    private DifferentialSerializer plainDs;
    private DifferentialSerializer trackedDs;
    private Object[] plainParts;
    private Object[] trackedParts;

    @Setup
    public void setup() {
        Random r = new Random(Values.SEED);
        plain = Values.doubles(18, size, r);
        tracked = new TrackedDoubleArray(plain);
        step = dirtyPercent == 0 ? 0 : 100 / dirtyPercent;
        int dirty = step == 0 ? 0 : (size + step - 1) / step;
        alt0 = new double[dirty];
        alt1 = new double[dirty];
        for (int k = 0; k < dirty; k++) {
            alt0[k] = plain[k * step];
            alt1[k] = Values.doubleOfWidth(18, r, alt0[k]);
        }
        expected = dirty == 0 ? MatchClass.CONTENT : MatchClass.PERFECT_STRUCTURAL;
        plainParts = new Object[]{plain};
        trackedParts = new Object[]{tracked};
        SerializerConfig cfg = SerializerConfig.defaults();
        plainDs = new DifferentialSerializer(BenchPlans.plan(ValueKind.DOUBLE), cfg, new SerializerStats(), null);
        trackedDs = new DifferentialSerializer(BenchPlans.plan(ValueKind.DOUBLE), cfg, new SerializerStats(), null);
        Checks.expect(plainDs.serialize(plainParts), MatchClass.FIRST_SEND, "setup");
        Checks.expect(trackedDs.serialize(trackedParts), MatchClass.FIRST_SEND, "setup");
        flip = false;
    }

    @Benchmark
    public long baselinePlainArray() throws Exception {
        double[] v = (flip = !flip) ? alt1 : alt0;
        for (int k = 0; k < v.length; k++) {
            plain[k * step] = v[k];
        }
        Checks.expect(plainDs.serialize(plainParts), expected, "baselinePlainArray");
        plainDs.writeTo(out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapTrackedArray() throws Exception {
        double[] v = (flip = !flip) ? alt1 : alt0;
        for (int k = 0; k < v.length; k++) {
            tracked.set(k * step, v[k]);
        }
        Checks.expect(trackedDs.serialize(trackedParts), expected, "dsoapTrackedArray");
        trackedDs.writeTo(out.reset());
        return out.count();
    }
}
