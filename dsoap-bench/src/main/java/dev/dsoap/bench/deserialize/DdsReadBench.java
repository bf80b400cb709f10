package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.serialize.ValueKind;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.checkpoint.CheckpointStrategy;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
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

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Differential deserialization beside regular deserialization, as in Table 1 and Figure 2 of "Lightweight
 * Checkpointing for Faster SOAP Deserialization": a stream of {@code echo} requests of {@code size} hard
 * doubles where each message differs from the previous one in {@code percent} % of the values, in
 * {@code partitions} runs spread through the array (percent 0: identical messages; 100: nothing alike), or
 * {@code scattered} at random positions or {@code every_kth} value ({@code pattern}), with changed values of the same,
 * the paper's or other widths ({@code widths}).
 * Each invocation reads the other of two such messages, so every read is against its predecessor.
 *
 * <ul>
 *   <li>{@code baselineWoodstox}: Woodstox + {@code Double.parseDouble} ({@link WoodstoxReader});</li>
 *   <li>{@code dsoapPlain}: dsoap's own parser and binding, no differential work ({@link PlanDeserializer});</li>
 *   <li>{@code dsoapDds}: {@link DifferentialDeserializer} with {@code strategy} checkpoints every
 *       {@code interval} bytes, one kept state, adaptive bypass as {@code adaptive} says.</li>
 * </ul>
 *
 * <p>Time per message in ms. The setup checks every reader's values bit for bit; the teardown prints the
 * DDS counters (bytes skipped and parsed, checkpoint memory).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class DdsReadBench {
    @Param({"25000", "50000", "75000", "100000"})
    public int size;
    @Param({"25", "50", "75", "100"})
    public int percent;
    @Param({"1", "100", "200", "500"})
    public int partitions;
    @Param({"32", "128", "256", "512"})
    public int interval;
    @Param({"LIGHTWEIGHT"})
    public CheckpointStrategy strategy;
    @Param({"false"})
    public boolean adaptive;
    /**
     * Where the changes fall ({@link DdsMessages.Pattern}): {@code clustered} in {@code partitions} runs (the paper's),
     * {@code scattered} at uniformly random positions, {@code every_kth} every {@code round(100 / percent)}-th value.
     */
    @Param({"clustered"})
    public String pattern;
    /**
     * What a changed value's width does ({@link DdsMessages.Widths}): {@code hard} (another 23- or 24-byte hard double,
     * the paper's), {@code same}, {@code changing} (a value of another width, as a feed's values), {@code mixed} (values
     * of every width from the first message on: full-precision doubles across sixteen decades, quarter-integers,
     * integers, prices and edge values).
     */
    @Param({"hard"})
    public String widths;
    /**
     * The caches each message starts with ({@link dev.dsoap.bench.Caches}): {@code warm}, the messages sent back to
     * back; {@code cold}, 64 MiB written between them, as a server's other calls do between one client's; or
     * {@code churn}, short-lived garbage allocated before that, as a plain stack's calls make it.
     */
    @Param({"warm"})
    public String cache;
    private dev.dsoap.bench.Caches caches;
    /** What {@link #cool} read, kept so that its writes are not left out. */
    public long cooled;

    private DdsMessages stream;
    private int next;
    private WoodstoxReader woodstox;
    private PlanDeserializer plain;
    private DifferentialDeserializer dds;
    private DeserializerStats stats;

    /** Empties the caches before each message as {@link #cache} says. */
    @Setup(Level.Invocation)
    public void cool() {
        cooled += caches.cool();
    }

    @Setup
    public void setup() throws Exception {
        caches = new dev.dsoap.bench.Caches(cache);
        DdsMessages.Pattern where = DdsMessages.Pattern.of(pattern);
        DdsMessages.Widths how = DdsMessages.Widths.of(widths);
        stream = percent == 0 ? DdsMessages.identical(ValueKind.DOUBLE, size, 2)
                : DdsMessages.generate(ValueKind.DOUBLE, size, percent, partitions, where, how, 2);
        MessagePlan plan = DdsMessages.requestPlan(ValueKind.DOUBLE);
        woodstox = new WoodstoxReader();
        plain = new PlanDeserializer(plan, ParserLimits.defaults());
        stats = new DeserializerStats();
        dds = new DifferentialDeserializer(plan, DeserializerConfig.builder().checkpoints(strategy).interval(interval)
                .states(1).adaptive(adaptive).build(), stats, null);
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 2; i++) {
                byte[] m = stream.message(i);
                double[] want = stream.doubles(i);
                check("woodstox", woodstox.read(m), want, i);
                check("plain", (double[]) plain.deserialize(m, 0, m.length)[0], want, i);
                check("dds", (double[]) dds.deserialize(m, 0, m.length)[0], want, i);
            }
        }
    }

    private void check(String who, double[] got, double[] want, int i) {
        if (!Arrays.equals(got, want)) {
            throw new IllegalStateException(who + " read message " + i + " of " + stream + " wrongly");
        }
    }

    @TearDown
    public void tearDown() {
        long total = stats.bytesSkipped() + stats.bytesParsed();
        System.out.printf("%n[dds] %s: skipped %.1f%% of bytes, checkpoints %d bytes (%.2f%% of a %d-byte message)%n",
                stats, 100.0 * stats.bytesSkipped() / Math.max(1, total), dds.checkpointBytes(),
                100.0 * dds.checkpointBytes() / stream.message(0).length, stream.message(0).length);
    }

    private byte[] nextMessage() {
        next ^= 1;
        return stream.message(next);
    }

    @Benchmark
    public double[] baselineWoodstox() throws Exception {
        return woodstox.read(nextMessage());
    }

    @Benchmark
    public Object[] dsoapPlain() {
        byte[] m = nextMessage();
        return plain.deserialize(m, 0, m.length);
    }

    @Benchmark
    public Object[] dsoapDds() {
        byte[] m = nextMessage();
        return dds.deserialize(m, 0, m.length);
    }
}
