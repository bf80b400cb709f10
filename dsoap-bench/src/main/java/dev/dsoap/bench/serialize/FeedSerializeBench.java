package dev.dsoap.bench.serialize;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.DiscardingOutputStream;
import dev.dsoap.bench.deserialize.DdsMessages;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Differential serialization of updates as feeds make them, beside Woodstox writing every message in full: a
 * stream of {@code messages} responses of {@code size} doubles, each differing from the one before it in
 * {@code percent} % of the values, placed by {@code pattern} and of {@code widths}, with the value streams of the
 * deserialization experiments ({@link DdsMessages}: hard doubles of 23-24 bytes; {@code changing} widths give a
 * changed value another width, a price of 1 to 12 bytes or a hard double).
 *
 * <ul>
 *   <li>{@code pattern}: {@code clustered} (runs at the centres of {@code partitions} partitions), {@code scattered}
 *       (uniformly random positions), {@code every_kth};</li>
 *   <li>{@code positions}: for {@code scattered}, {@code fixed} (drawn once, the same positions change between every
 *       pair of messages, as {@code DdsReadBench} reads them) or {@code drawn} (drawn anew for every message: each
 *       item changes on its own);</li>
 *   <li>{@code widths}: {@code same} (a changed value keeps its printed width), {@code hard} (another hard double),
 *       {@code changing} (a value of another width), {@code prices} (every value a price of 1
 *       to 12 bytes, a changed one a price of another width), {@code mixed} (values of every width: full-precision
 *       doubles across sixteen decades, quarter-integers, integers, prices and edge values; a changed one of another
 *       width).</li>
 * </ul>
 *
 * <p>The invocations walk the stream forwards and back (0, 1, ..., n-1, n-2, ..., 0, 1, ...), so every message
 * differs from the one sent before it in exactly the stream's changes. {@code baselineWoodstox} writes each message
 * in full ({@link WoodstoxWriter}); {@code dsoapDs} serializes it differentially with the default configuration and
 * writes the chunks. Both write into the same discarding, counting stream. The setup checks that dsoap's messages
 * read back to the stream's values (two walks of the stream); the teardown prints the match classes and counters.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class FeedSerializeBench {
    @Param({"100000"})
    public int size;
    @Param({"1", "10", "25"})
    public int percent;
    /** Where the changes fall ({@link DdsMessages.Pattern}, lower case). */
    @Param({"clustered"})
    public String pattern;
    /** Scattered positions: {@code fixed} or {@code drawn} for each message. */
    @Param({"fixed"})
    public String positions;
    /** What a changed value's width does ({@link DdsMessages.Widths}, lower case). */
    @Param({"same"})
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
    /** Partitions of a clustered stream. */
    @Param({"100"})
    public int partitions;
    /** Messages in the stream. */
    @Param({"16"})
    public int messages;

    private Payload[] stream;
    /** Index of the message sent last, and the walk's direction (+1 or -1). */
    private int at;
    private int step;
    private final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.DISCARD);
    private final WoodstoxWriter woodstox = new WoodstoxWriter();
    private final Checks.Tally tally = new Checks.Tally();
    private SerializerStats stats;
    private DifferentialSerializer ds;

    /** Empties the caches before each message as {@link #cache} says. */
    @Setup(Level.Invocation)
    public void cool() {
        cooled += caches.cool();
    }

    @Setup
    public void setup() {
        caches = new dev.dsoap.bench.Caches(cache);
        DdsMessages.Pattern where = DdsMessages.Pattern.of(pattern);
        DdsMessages.Widths how = DdsMessages.Widths.of(widths);
        if (!positions.equals("fixed") && !positions.equals("drawn")) {
            throw new IllegalArgumentException("positions " + positions + ": fixed or drawn");
        }
        DdsMessages m = DdsMessages.generate(ValueKind.DOUBLE, size, percent, partitions, where, how, messages,
                positions.equals("drawn"));
        stream = new Payload[messages];
        for (int i = 0; i < messages; i++) {
            stream[i] = m.payload(i);
        }
        stats = new SerializerStats();
        ds = new DifferentialSerializer(BenchPlans.plan(ValueKind.DOUBLE), SerializerConfig.defaults(), stats, null);
        PlanDeserializer reader = new PlanDeserializer(BenchPlans.plan(ValueKind.DOUBLE), ParserLimits.defaults());
        at = 0;
        step = 1;
        ds.serialize(stream[0].parts());
        for (int k = 0; k < 4 * messages; k++) {
            Payload p = next();
            ds.serialize(p.parts());
            byte[] b = ds.toByteArray();
            double[] got = (double[]) reader.deserialize(b, 0, b.length)[0];
            if (!Arrays.equals(got, p.doubles())) {
                throw new IllegalStateException("dsoap wrote message " + at + " of " + m + " wrongly");
            }
        }
    }

    /** The next message of the walk forwards and back. */
    private Payload next() {
        if (messages > 1) {
            if (at + step < 0 || at + step >= messages) {
                step = -step;
            }
            at += step;
        }
        return stream[at];
    }

    @TearDown
    public void tearDown() {
        System.out.printf("%n[ds] %s %s %s %d %%: %s, %s, message %d bytes%n", pattern, positions, widths, percent,
                tally.snapshot(), stats, ds.messageLength());
    }

    @Benchmark
    public long baselineWoodstox() throws Exception {
        woodstox.write(next(), out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapDs() throws Exception {
        tally.add(ds.serialize(next().parts()));
        ds.writeTo(out.reset());
        return out.count();
    }
}
