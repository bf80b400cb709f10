package dev.dsoap.bench.binary;

import dev.dsoap.bench.serialize.ItemType;
import dev.dsoap.bench.serialize.TypeValues;
import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryReader;
import dev.dsoap.binary.BinaryWriter;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.DifferentialSerializer;
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

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Encode plus decode of a stream of similar responses, {@code percent} % of the {@code size} items changed from one
 * message to the next ({@link TypeValues}' rings), in dsoap's binary form written and read from scratch against the
 * same form written and read differentially, with dsoap's differential XML beside them. The types:
 * {@code doubles} in a {@link TrackedDoubleArray} (the application sets the changed items through it) and
 * {@code strings}.
 *
 * <ul>
 *   <li>{@link #dsoapBinaryFresh}: a fresh {@link BinaryWriter} and {@link BinaryReader}: every value encoded and
 *       decoded.</li>
 *   <li>{@link #dsoapBinaryDifferential}: a differential writer and reader
 *       ({@link BinaryFormat#newWriter(long)}, {@link BinaryFormat#newReader(ParserLimits, long)}): a tracked
 *       array's unchanged items are left in place in the last message, unchanged strings are copied from it, and the
 *       reader takes unchanged strings as the last message's.</li>
 *   <li>{@link #dsoapXmlDifferential}: dsoap's XML, written on its template and read by differential
 *       deserialization.</li>
 * </ul>
 *
 * <p>Each method sets the next message's values (the same work in each), writes, reads and returns the values read;
 * the setup checks a whole ring through every method.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar DifferentialBinaryBench -p size=100000
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class DifferentialBinaryBench {
    private static final String NS = "urn:dsoap:bench";
    private static final int RING = 4;
    private static final long KEEP = 64L << 20;

    @Param({"doubles", "strings"})
    public String type;
    @Param({"1000", "100000"})
    public int size;
    @Param({"0", "1", "25"})
    public int percent;

    private TypeValues ring;
    private int[] changed;
    private TrackedDoubleArray tracked;
    private Object[] parts;
    private int next;
    private BinaryWriter freshWriter;
    private BinaryReader freshReader;
    private BinaryWriter diffWriter;
    private BinaryReader diffReader;
    private DifferentialSerializer xmlWriter;
    private DifferentialDeserializer xmlReader;

    @Setup
    public void setup() {
        boolean doubles = switch (type) {
            case "doubles" -> true;
            case "strings" -> false;
            default -> throw new IllegalArgumentException("type doubles|strings, not " + type);
        };
        ring = TypeValues.generate(doubles ? ItemType.DOUBLES : ItemType.STRINGS, size, percent, RING);
        changed = ring.changedIndices();
        MessagePlan plan = new PlanCompiler().compile(MessageShape.wrapped(NS, "echoResponse",
                MessageShape.Part.of("return", doubles ? TrackedDoubleArray.class : String[].class)),
                WireConvention.documentLiteralWrapped());
        BinaryFormat f = BinaryFormat.of(plan, NS, "echoResponse");
        ParserLimits limits = ParserLimits.builder().maxChildElements(Integer.MAX_VALUE).build();
        freshWriter = f.newWriter();
        freshReader = f.newReader(limits);
        diffWriter = f.newWriter(KEEP);
        diffReader = f.newReader(limits, KEEP);
        xmlWriter = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        xmlReader = new DifferentialDeserializer(plan, DeserializerConfig.builder().limits(limits).build(),
                new DeserializerStats(), null);
        if (doubles) {
            tracked = new TrackedDoubleArray((double[]) ring.values(0));
        }
        parts = new Object[]{doubles ? tracked : ring.values(0)};
        for (int round = 0; round < 2 * RING; round++) {
            int at = next;
            check(dsoapBinaryFresh(), at, "dsoapBinaryFresh");
        }
        for (int round = 0; round < 2 * RING; round++) {
            int at = next;
            check(dsoapBinaryDifferential(), at, "dsoapBinaryDifferential");
        }
        for (int round = 0; round < 2 * RING; round++) {
            int at = next;
            check(dsoapXmlDifferential(), at, "dsoapXmlDifferential");
        }
    }

    /** The next message's values, set as an application would: through the tracked array, or a new string array. */
    private void advance() {
        next = (next + 1) % RING;
        Object v = ring.values(next);
        if (tracked != null) {
            double[] d = (double[]) v;
            for (int i : changed) {
                tracked.set(i, d[i]);
            }
        } else {
            parts[0] = v;
        }
    }

    private void check(Object[] got, int at, String method) {
        Object want = ring.values((at + 1) % RING);
        Object g = got[0] instanceof TrackedDoubleArray t ? t.toArray() : got[0];
        if (!(tracked == null ? Arrays.equals((String[]) want, (String[]) g) : sameBits((double[]) want, (double[]) g))) {
            throw new IllegalStateException(method + ": values read back differ from those written, " + type
                    + " size " + size + " percent " + percent + " message " + at);
        }
    }

    private static boolean sameBits(double[] a, double[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (Double.doubleToRawLongBits(a[i]) != Double.doubleToRawLongBits(b[i])) {
                return false;
            }
        }
        return true;
    }

    /** Binary, every value encoded and decoded. */
    @Benchmark
    public Object[] dsoapBinaryFresh() {
        advance();
        int n = freshWriter.write(parts, false);
        return freshReader.read(freshWriter.buffer(), 0, n);
    }

    /** Binary, written and read against the last message. */
    @Benchmark
    public Object[] dsoapBinaryDifferential() {
        advance();
        int n = diffWriter.write(parts, false);
        return diffReader.read(diffWriter.buffer(), 0, n);
    }

    /** dsoap's XML, written on its template and read by differential deserialization. */
    @Benchmark
    public Object[] dsoapXmlDifferential() {
        advance();
        xmlWriter.serialize(parts);
        byte[] m = xmlWriter.toByteArray();
        return xmlReader.deserialize(m, 0, m.length);
    }
}
