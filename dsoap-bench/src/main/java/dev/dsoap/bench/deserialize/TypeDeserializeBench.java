package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.ItemType;
import dev.dsoap.bench.serialize.TypeValues;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Deserialization only, by item type: the receive cost of an {@code echo} request carrying {@code size}
 * items of {@code type} ({@code doubles}, {@code ints}, {@code strings}, {@code base64}) where consecutive requests
 * differ in {@code percent} % of the items (0: identical requests). The requests cycle through a ring of
 * {@value #RING} arrays ({@link TypeValues}, the values of {@code serialize.TypeSerializeBench}), each serialized
 * afresh by dsoap with {@link #requestPlan}: one unqualified {@code <arg0>} per item, for {@code base64} a single
 * {@code <arg0>} holding the whole {@code byte[]} of {@code 8 * size} bytes with {@code percent} % of its 8-byte
 * words changed (why one element: see {@code TypeSerializeBench}).
 *
 * <ul>
 *   <li>{@code baselineWoodstox}: Woodstox StAX and the JDK ({@link WoodstoxReader#read(ItemType, byte[])}):
 *       {@code Double.parseDouble}, {@code Integer.parseInt}, the element text as the {@code String},
 *       {@code java.util.Base64} decoding;</li>
 *   <li>{@code baselineAxis2}: Axis2 2.0's AXIOM and {@code RPCUtil.processRequest} for a POJO
 *       {@code echo(T[] arg0)} ({@link Axis2Reader#readArray});</li>
 *   <li>{@code dsoapPlain}: dsoap's own parser and binding, no differential work ({@link PlanDeserializer});</li>
 *   <li>{@code dsoapDds}: {@link DifferentialDeserializer} with dsoap's default settings (lightweight checkpoints
 *       every 128 bytes, adaptive bypass on: when less than 10 % of consecutive messages can be skipped it parses
 *       plainly for a while) but one kept state, so that each request is read against its predecessor, never
 *       against the identical request of one turn of the ring earlier.</li>
 * </ul>
 *
 * <p>What DDS can skip: a region whose bytes equal the previous message's, between checkpoints, which fall between
 * elements. A {@code base64} request is one element, so any change in it means decoding it whole again; only
 * identical requests ({@code percent = 0}) are skipped.
 *
 * <p>Time per message in ms. The setup checks that every method returns exactly the values of every request (two
 * turns of the ring for DDS, one for the others): doubles bit for bit, ints, strings and bytes equal; it fails
 * otherwise. The teardown prints the DDS counters.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar TypeDeserializeBench -p type=strings,base64 -p size=100000 -p percent=25
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class TypeDeserializeBench {
    /** Requests in the ring. */
    static final int RING = 4;
    /** Turns of the ring the setup checks DDS over (the first turn builds its state). */
    static final int CHECKED_TURNS = 2;

    @Param({"doubles", "ints", "strings", "base64"})
    public String type;
    @Param({"1000", "10000", "100000"})
    public int size;
    @Param({"0", "25", "50", "100"})
    public int percent;

    /** The ring of values. */
    private TypeValues values;
    /** The ring's requests, serialized. */
    private byte[][] messages;
    /** Index of the next request in the ring. */
    private int next;
    /** The type of {@link #values}. */
    private ItemType itemType;
    /** The Woodstox baseline. */
    private final WoodstoxReader woodstox = new WoodstoxReader();
    /** The Axis2 baseline. */
    private Axis2Reader axis2;
    /** dsoap without checkpoints. */
    private PlanDeserializer plain;
    /** dsoap with checkpoints, kept across requests. */
    private DifferentialDeserializer dds;
    /** {@link #dds}'s counters. */
    private DeserializerStats stats;

    @Setup
    public void setup() throws Exception {
        setup(TypeValues.generate(ItemType.of(type), size, percent, RING));
    }

    /** Prepares the benchmark for the ring {@code v}: serializes its requests and checks every reader. */
    void setup(TypeValues v) throws Exception {
        values = v;
        itemType = v.type();
        MessagePlan plan = requestPlan(itemType);
        messages = new byte[v.count()][];
        DifferentialSerializer out = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        for (int n = 0; n < messages.length; n++) {
            out.reset();
            Checks.expect(out.serialize(new Object[] {v.values(n)}), MatchClass.FIRST_SEND, "request encoding");
            messages[n] = out.toByteArray();
        }
        axis2 = new Axis2Reader(itemType);
        plain = new PlanDeserializer(plan, ParserLimits.defaults());
        stats = new DeserializerStats();
        dds = new DifferentialDeserializer(plan, DeserializerConfig.builder().states(1).build(), stats, null);
        verify(v);
        next = 0;
        System.out.println(v + ": request bytes " + messages[0].length + " (message 0)");
    }

    /** The request plan: {@code echo} in {@link BenchPlans#NS}, one part {@code arg0} of {@code type}'s array class. */
    public static MessagePlan requestPlan(ItemType type) {
        return new PlanCompiler().compile(MessageShape.wrapped(BenchPlans.NS, DdsMessages.OPERATION,
                MessageShape.Part.of(DdsMessages.PART, type.arrayType)), WireConvention.documentLiteralWrapped());
    }

    /**
     * Reads every request with every method and checks the values against {@code expected} (the values sent, unless
     * a test passes others): DDS from a fresh state over {@value #CHECKED_TURNS} turns of the ring, the others once.
     *
     * @throws IllegalStateException naming the request, the method and the first difference
     */
    void verify(TypeValues expected) throws Exception {
        dds.reset();
        for (int turn = 0; turn < CHECKED_TURNS; turn++) {
            for (int n = 0; n < messages.length; n++) {
                byte[] m = messages[n];
                require("dsoapDds, turn " + turn, expected, n, dds.deserialize(m, 0, m.length)[0]);
                if (turn == 0) {
                    require("baselineWoodstox", expected, n, woodstox.read(itemType, m));
                    require("baselineAxis2", expected, n, axis2.readArray(m));
                    require("dsoapPlain", expected, n, plain.deserialize(m, 0, m.length)[0]);
                }
            }
        }
    }

    private void require(String who, TypeValues expected, int n, Object got) {
        String d = expected.type().difference(expected.values(n), got);
        if (d != null) {
            throw new IllegalStateException(this + ": " + who + " read request " + n + " wrongly: " + d);
        }
    }

    /** Request {@code n} of the ring, for tests; do not modify. */
    byte[] message(int n) {
        return messages[n];
    }

    @TearDown
    public void tearDown() {
        long total = stats.bytesSkipped() + stats.bytesParsed();
        System.out.printf("%n[dds] %s: %s, skipped %.1f%% of bytes, checkpoints %d bytes%n", this, stats,
                100.0 * stats.bytesSkipped() / Math.max(1, total), dds.checkpointBytes());
    }

    private byte[] nextMessage() {
        byte[] m = messages[next];
        next = next + 1 == messages.length ? 0 : next + 1;
        return m;
    }

    @Benchmark
    public Object baselineWoodstox() throws Exception {
        return woodstox.read(itemType, nextMessage());
    }

    @Benchmark
    public Object baselineAxis2() throws Exception {
        return axis2.readArray(nextMessage());
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

    @Override
    public String toString() {
        return "TypeDeserializeBench(" + values + ")";
    }
}
