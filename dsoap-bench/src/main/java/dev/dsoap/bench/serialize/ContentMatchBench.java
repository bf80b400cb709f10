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
 * Paper Figures 1-3 (message content matches): the send cost of a response holding one array of
 * {@code size} doubles, ints or MIOs when every value equals the previous message's.
 *
 * <ul>
 * <li>{@code baselineWoodstox}: the message written in full with Woodstox ({@link WoodstoxWriter}).</li>
 * <li>{@code baselineAxis2}: Axis2 2.0 building and serializing the same response ({@link Axis2Writer}).</li>
 * <li>{@code dsoapFirstSend}: dsoap's full serialization (the template is dropped before every message).</li>
 * <li>{@code dsoapContentMatch}: dsoap comparing every value with the template, finding all equal, and
 * writing the stored chunks.</li>
 * </ul>
 *
 * <p>Every variant writes into the same {@link DiscardingOutputStream} (mode {@code sink}: DISCARD counts
 * the bytes, COPY also copies them into a reused 1 MiB buffer, the cost of handing them to a socket) and
 * returns the byte count. The setup checks that the serializer classifies the repeated message as
 * {@link MatchClass#CONTENT}, and every invocation checks its class again.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class ContentMatchBench {
    @Param({"DOUBLE", "INT", "MIO"})
    public ValueKind kind;
    @Param({"1", "100", "1000", "10000", "100000"})
    public int size;
    @Param({"DISCARD"})
    public DiscardingOutputStream.Mode sink;

    private Payload payload;
    private DiscardingOutputStream out;
    private final WoodstoxWriter woodstox = new WoodstoxWriter();
    private final Axis2Writer axis2 = new Axis2Writer();
    /** Template kept across messages: content matches. */
    private DifferentialSerializer content;
    /** Template dropped before each message: full serialization. */
    private DifferentialSerializer first;

    @Setup
    public void setup() throws Exception {
        payload = Values.typical(kind, size, new Random(Values.SEED));
        out = new DiscardingOutputStream(sink);
        SerializerConfig cfg = SerializerConfig.defaults();
        content = new DifferentialSerializer(BenchPlans.plan(kind), cfg, new SerializerStats(), null);
        first = new DifferentialSerializer(BenchPlans.plan(kind), cfg, new SerializerStats(), null);
        Checks.expect(content.serialize(payload.parts()), MatchClass.FIRST_SEND, "content match setup");
        Checks.expect(content.serialize(payload.parts()), MatchClass.CONTENT, "content match setup");
        woodstox.write(payload, out.reset());
        long wstx = out.count();
        axis2.write(payload, out.reset());
        long ax = out.count();
        System.out.println("message bytes: dsoap " + content.messageLength() + ", woodstox " + wstx + ", axis2 " + ax);
    }

    @Benchmark
    public long baselineWoodstox() throws Exception {
        woodstox.write(payload, out.reset());
        return out.count();
    }

    @Benchmark
    public long baselineAxis2() throws Exception {
        axis2.write(payload, out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapFirstSend() throws Exception {
        first.reset();
        Checks.expect(first.serialize(payload.parts()), MatchClass.FIRST_SEND, "dsoapFirstSend");
        first.writeTo(out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapContentMatch() throws Exception {
        Checks.expect(content.serialize(payload.parts()), MatchClass.CONTENT, "dsoapContentMatch");
        content.writeTo(out.reset());
        return out.count();
    }
}
