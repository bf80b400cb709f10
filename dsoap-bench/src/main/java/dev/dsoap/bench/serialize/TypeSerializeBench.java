package dev.dsoap.bench.serialize;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.DiscardingOutputStream;
import dev.dsoap.binding.MessagePlan;
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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Serialization only, by item type: the send cost of a response carrying {@code size} items of
 * {@code type} ({@code doubles}, {@code ints}, {@code strings}, {@code base64}) where consecutive messages differ in
 * {@code percent} % of the items (0: identical messages). The messages cycle through a ring of {@value #RING}
 * arrays ({@link TypeValues}: hard doubles, random ints, words of 4 to 24 characters with escaped, non-ASCII and
 * supplementary characters sprinkled in, or one {@code byte[]} of {@code 8 * size} random bytes with
 * {@code percent} % of its 8-byte words changed), in the response of {@link BenchPlans#plan(ItemType)}: one
 * {@code <return>} element per item, and for {@code base64} a single {@code <return>} holding the whole array.
 *
 * <p><b>Why base64 is one element.</b> dsoap keeps one template slot per xsd:base64Binary value and compares it
 * whole ({@code Arrays.equals}); a changed array is re-encoded whole (in place when its encoding keeps its
 * length, which it does here). A {@code byte[][]} of {@code size} 8-byte arrays would let dsoap rewrite only the
 * changed elements, like doubles, but it is a different message (one element per word, 12 characters of base64
 * each), not the bulk binary payload a {@code byte[]} stands for; it would also measure nothing the doubles do
 * not. So {@code percent} here says how much of the binary content changed, and dsoap's cost at any
 * {@code percent > 0} is that of encoding the whole array.
 *
 * <ul>
 *   <li>{@code baselineWoodstox}: the message written in full with Woodstox ({@link WoodstoxWriter#write(ItemType,
 *       Object, java.io.OutputStream)}). For ints and base64 its bytes are dsoap's first send's exactly (checked);
 *       for doubles they differ where the JDK's {@code Double.toString} is not the shortest form, for strings in
 *       the escapes of {@code > " '} and CR (both checked to read back as the same values).</li>
 *   <li>{@code baselineAxis2}: Axis2 2.0 building and serializing the same response ({@link Axis2Writer#writeArray}):
 *       the strings as they are, a {@code byte[]} as one base64 string, numbers boxed.</li>
 *   <li>{@code dsoapFirstSend}: dsoap's full serialization, its template dropped before every message.</li>
 *   <li>{@code dsoapDifferential}: one {@link DifferentialSerializer} kept across the messages, default settings
 *       (adaptive policy on: when most values keep outgrowing their fields it serializes some messages afresh; the
 *       teardown prints how the messages were classified). At 0 % every message must be a content match.</li>
 * </ul>
 *
 * <p>Every method writes into the same {@link DiscardingOutputStream} and returns the byte count; time per message
 * in ms. The setup checks, for two turns of the ring, that every message of the kept serializer is byte for byte
 * the first send of the same values once the spaces dsoap pads with after a closing tag are removed (when a
 * rewritten value is shorter than the one before, its template keeps the field's width and fills the rest with
 * spaces after the closing tag, legal XML that no reader sees as a value: dsoap promises the same infoset as a
 * first send, not the same bytes), and that the kept serializer's, the first sends', Woodstox's and Axis2's
 * messages read back (with dsoap's {@link PlanDeserializer}) to exactly the values sent: doubles bit for bit,
 * strings and bytes equal. It fails otherwise.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar TypeSerializeBench -p type=strings,base64 -p size=100000 -p percent=25
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class TypeSerializeBench {
    /** Arrays in the ring of messages. */
    static final int RING = 4;
    /** Turns of the ring the setup checks. */
    static final int CHECKED_TURNS = 2;

    @Param({"doubles", "ints", "strings", "base64"})
    public String type;
    @Param({"1000", "10000", "100000"})
    public int size;
    @Param({"0", "25", "50", "100"})
    public int percent;

    /** The ring of values. */
    private TypeValues values;
    /** {@code {array}} for each array of the ring: the operation's parts. */
    private Object[][] parts;
    /** Index of the next message in the ring. */
    private int next;
    /** The type of {@link #values}. */
    private ItemType itemType;
    /** Whether every array of the ring is the same: then every kept-serializer message is a content match. */
    private boolean identical;
    /** The response plan for {@link #itemType}. */
    private MessagePlan plan;
    /** Where every method writes. */
    private final DiscardingOutputStream out = new DiscardingOutputStream(DiscardingOutputStream.Mode.DISCARD);
    /** The Woodstox baseline. */
    private final WoodstoxWriter woodstox = new WoodstoxWriter();
    /** The Axis2 baseline. */
    private final Axis2Writer axis2 = new Axis2Writer();
    /** Template kept across messages. */
    private DifferentialSerializer differential;
    /** Template dropped before each message. */
    private DifferentialSerializer first;
    /** How {@link #differential} classified the measured messages. */
    private final Checks.Tally tally = new Checks.Tally();

    @Setup
    public void setup() throws Exception {
        setup(TypeValues.generate(ItemType.of(type), size, percent, RING));
    }

    /** Prepares the benchmark for the ring {@code v} and checks it (see the class comment). */
    void setup(TypeValues v) throws Exception {
        values = v;
        itemType = v.type();
        identical = v.identical();
        plan = BenchPlans.plan(itemType);
        parts = new Object[v.count()][];
        for (int n = 0; n < parts.length; n++) {
            parts[n] = new Object[] {v.values(n)};
        }
        differential = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        first = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        verify(v);
        next = 0;
        int last = parts.length - 1;
        System.out.println(v + ": message 0 " + firstSend(0).length + " bytes as a first send, " + woodstoxBytes(0).length
                + " from Woodstox; message " + last + " " + differential.messageLength() + " bytes from the kept serializer ("
                + differential.chunkCount() + " chunks, padding included), " + firstSend(last).length + " as a first send");
    }

    /**
     * Serializes {@value #CHECKED_TURNS} turns of the ring with the kept serializer and checks every message against
     * the first send of the same values, and the first sends and the baselines' messages against {@code expected}
     * (the values sent, unless a test passes others).
     *
     * @throws IllegalStateException naming the message, the writer and the first difference
     */
    void verify(TypeValues expected) throws Exception {
        PlanDeserializer reader = new PlanDeserializer(plan, ParserLimits.defaults());
        differential.reset();
        for (int turn = 0; turn < CHECKED_TURNS; turn++) {
            for (int n = 0; n < parts.length; n++) {
                MatchClass m = differential.serialize(parts[n]);
                if (turn == 0 && n == 0) {
                    Checks.expect(m, MatchClass.FIRST_SEND, this + " setup, message 0");
                } else if (identical) {
                    Checks.expect(m, MatchClass.CONTENT, this + " setup, message " + n);
                }
                byte[] fresh = firstSend(n);
                byte[] kept = written(differential);
                String where = this + ", message " + n + " of turn " + turn;
                requireSameBytes(where + ": the kept serializer (padding after closing tags removed)", fresh,
                        withoutPadding(kept));
                requireValues(where + ": the kept serializer", expected, n, read(reader, kept));
                requireValues(this + ", message " + n + ": dsoap's first send", expected, n, read(reader, fresh));
                if (turn == 0) {
                    byte[] wstx = woodstoxBytes(n);
                    requireValues(this + ", message " + n + ": Woodstox", expected, n, read(reader, wstx));
                    if (itemType == ItemType.INTS || itemType == ItemType.BASE64) {
                        requireSameBytes(this + ", message " + n + ": Woodstox against dsoap's first send", fresh, wstx);
                    }
                    ByteArrayOutputStream ax = new ByteArrayOutputStream();
                    axis2.writeArray(values.values(n), ax);
                    requireValues(this + ", message " + n + ": Axis2", expected, n, read(reader, ax.toByteArray()));
                }
            }
        }
    }

    private byte[] firstSend(int n) throws IOException {
        first.reset();
        Checks.expect(first.serialize(parts[n]), MatchClass.FIRST_SEND, "first send");
        return written(first);
    }

    private byte[] woodstoxBytes(int n) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        woodstox.write(itemType, values.values(n), b);
        return b.toByteArray();
    }

    private static byte[] written(DifferentialSerializer s) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        s.writeTo(b);
        return b.toByteArray();
    }

    private static Object read(PlanDeserializer reader, byte[] message) {
        return reader.deserialize(message, 0, message.length)[0];
    }

    /** Throws unless {@code got} holds the values of array {@code n} of {@code expected}. */
    static void requireValues(String who, TypeValues expected, int n, Object got) {
        String d = expected.type().difference(expected.values(n), got);
        if (d != null) {
            throw new IllegalStateException(who + " read back wrongly: " + d);
        }
    }

    /**
     * {@code message} without the spaces that directly follow a closing tag: the padding dsoap's template leaves when a
     * rewritten value is shorter than its field ({@code [value][closer][pad]}, see {@code ChunkedTemplate}). A first
     * send without stuffing has none, and no text can hold a closing tag, so nothing else is removed.
     */
    static byte[] withoutPadding(byte[] message) {
        byte[] out = new byte[message.length];
        int n = 0;
        boolean inEndTag = false;
        boolean afterEndTag = false;
        for (int i = 0; i < message.length; i++) {
            byte b = message[i];
            if (afterEndTag && b == ' ') {
                continue;
            }
            afterEndTag = false;
            if (b == '<' && i + 1 < message.length && message[i + 1] == '/') {
                inEndTag = true;
            } else if (b == '>' && inEndTag) {
                inEndTag = false;
                afterEndTag = true;
            }
            out[n++] = b;
        }
        return Arrays.copyOf(out, n);
    }

    /** Throws unless {@code got} equals {@code want} byte for byte, naming the first difference. */
    static void requireSameBytes(String who, byte[] want, byte[] got) {
        int m = Arrays.mismatch(want, got);
        if (m >= 0) {
            throw new IllegalStateException(who + " wrote " + got.length + " bytes, expected " + want.length
                    + ", first difference at byte " + m + ": ..." + excerpt(got, m) + "... instead of ..."
                    + excerpt(want, m) + "...");
        }
    }

    private static String excerpt(byte[] b, int at) {
        int from = Math.max(0, at - 20);
        int to = Math.min(b.length, at + 20);
        return new String(b, from, to - from, java.nio.charset.StandardCharsets.UTF_8);
    }

    private Object[] nextParts() {
        Object[] p = parts[next];
        next = next + 1 == parts.length ? 0 : next + 1;
        return p;
    }

    @TearDown
    public void tearDown() {
        System.out.println(this + ": kept serializer's messages by class " + tally.snapshot());
    }

    @Benchmark
    public long baselineWoodstox() throws Exception {
        woodstox.write(itemType, nextParts()[0], out.reset());
        return out.count();
    }

    @Benchmark
    public long baselineAxis2() throws Exception {
        axis2.writeArray(nextParts()[0], out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapFirstSend() throws Exception {
        first.reset();
        Checks.expect(first.serialize(nextParts()), MatchClass.FIRST_SEND, "dsoapFirstSend");
        first.writeTo(out.reset());
        return out.count();
    }

    @Benchmark
    public long dsoapDifferential() throws Exception {
        MatchClass m = tally.add(differential.serialize(nextParts()));
        if (identical) {
            Checks.expect(m, MatchClass.CONTENT, "dsoapDifferential");
        }
        differential.writeTo(out.reset());
        return out.count();
    }

    @Override
    public String toString() {
        return "TypeSerializeBench(" + values + ")";
    }
}
