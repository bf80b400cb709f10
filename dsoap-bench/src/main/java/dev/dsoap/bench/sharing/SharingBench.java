package dev.dsoap.bench.sharing;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.DiscardingOutputStream;
import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.Payload;
import dev.dsoap.bench.serialize.ValueKind;
import dev.dsoap.bench.serialize.Values;
import dev.dsoap.bench.serialize.WoodstoxWriter;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import dev.dsoap.sharing.SharingConfig;
import dev.dsoap.sharing.SharingPolicy;
import dev.dsoap.sharing.WindowWriter;
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

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Paper Table 2 (response time by window size, array size and chunk size), in dsoap's terms: one operation answers
 * {@code clients} concurrent requests per window, each response a {@code double[]} of {@code size} items from a
 * {@link Feed} (every client gets the same values, about {@code percent} % of them new since the last window, and
 * keeps its own 1 per mille). Each invocation writes one window, every response into the same discarding stream, and
 * returns the bytes:
 * <ul>
 * <li>{@code baselineWoodstox}: a plain serialization of every response (Woodstox, as the other benchmarks);</li>
 * <li>{@code dsoapTemplates}: dsoap's DS alone, one template per client whose last message is that client's response
 *     of the window before (every message a perfect structural match);</li>
 * <li>{@code dsoapWindow}: the responses through one {@link WindowWriter} with {@code chunkBytes}-byte chunks: the
 *     first response formats everything, the others copy the chunks they share with it;</li>
 * <li>{@code dsoapPolicy}: {@link SharingPolicy} choosing between the two per window from their measured cost.</li>
 * </ul>
 * The paper's windows held 100 to 1000 responses; at 100K doubles a 1000-response window of plain serialization takes
 * seconds on this machine's two shared cores, so the defaults are 16 and 64 (pass others with {@code -p clients=}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
public class SharingBench {
    @Param({"16", "64"})
    public int clients;
    @Param({"25000", "50000", "75000", "100000"})
    public int size;
    @Param({"32", "128", "256", "512", "1024"})
    public int chunkBytes;
    /** New values per window, %: 1 and 5 where the templates should win, 25 and 100 where the window should. */
    @Param({"1", "5", "25", "100"})
    public int percent;
    @Param({"HASH"})
    public String index;

    private Feed feed;
    private Payload[] payloadA;
    private Payload[] payloadB;
    private DifferentialSerializer[] ds;
    private WindowWriter window;
    private SharingPolicy policy;
    private boolean inA;
    private final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.DISCARD);
    private final WoodstoxWriter woodstox = new WoodstoxWriter();

    @Setup
    public void setup() throws Exception {
        feed = new Feed(clients, size, percent, Values.SEED);
        payloadA = new Payload[clients];
        payloadB = new Payload[clients];
        MessagePlan plan = BenchPlans.plan(ValueKind.DOUBLE);
        ds = new DifferentialSerializer[clients];
        SerializerStats stats = new SerializerStats();
        SharingConfig c = SharingConfig.defaults().withChunkBytes(chunkBytes);
        window = new WindowWriter(plan, "TRIE".equals(index) ? c.withTrie(35) : c.withHash(), null);
        policy = new SharingPolicy();
        for (int i = 0; i < clients; i++) {
            payloadA[i] = Payload.of(feed.a[i]);
            payloadB[i] = Payload.of(feed.b[i]);
            ds[i] = new DifferentialSerializer(plan, SerializerConfig.defaults(), stats, null);
            Checks.expect(ds[i].serialize(new Object[] {feed.a[i]}), MatchClass.FIRST_SEND, "setup");
            byte[] plain = ds[i].toByteArray();
            window.open();
            if (!Arrays.equals(plain, window.toByteArray(feed.a[i]))) {
                throw new IllegalStateException("client " + i + ": the window writer's bytes are not the plain ones");
            }
            window.close();
            Checks.expect(ds[i].serialize(new Object[] {feed.b[i]}), MatchClass.PERFECT_STRUCTURAL, "setup");
        }
        inA = false;
    }

    @TearDown
    public void tearDown() {
        System.out.println();
        System.out.println("window writer: " + window);
        System.out.println("policy: " + policy);
    }

    @Benchmark
    public long baselineWoodstox() throws Exception {
        inA = !inA;
        Payload[] p = inA ? payloadA : payloadB;
        out.reset();
        for (Payload x : p) {
            woodstox.write(x, out);
        }
        return out.count();
    }

    @Benchmark
    public long dsoapTemplates() throws Exception {
        inA = !inA;
        out.reset();
        templates(feed.window(inA), true);
        return out.count();
    }

    @Benchmark
    public long dsoapWindow() throws Exception {
        inA = !inA;
        out.reset();
        window(feed.window(inA));
        return out.count();
    }

    @Benchmark
    public long dsoapPolicy() throws Exception {
        inA = !inA;
        out.reset();
        double[][] w = feed.window(inA);
        SharingPolicy.Mode m = policy.next();
        long t0 = policy.start();
        if (m == SharingPolicy.Mode.TEMPLATES) {
            templates(w, false);
        } else {
            window(w);
        }
        policy.finish(m, t0, out.count());
        return out.count();
    }

    private void templates(double[][] w, boolean check) throws Exception {
        for (int i = 0; i < w.length; i++) {
            MatchClass m = ds[i].serialize(new Object[] {w[i]});
            if (check) {
                Checks.expect(m, MatchClass.PERFECT_STRUCTURAL, "dsoapTemplates");
            }
            ds[i].writeTo(out);
        }
    }

    private void window(double[][] w) throws Exception {
        window.open();
        try {
            for (double[] v : w) {
                window.write(v, out);
            }
        } finally {
            window.close();
        }
    }
}
