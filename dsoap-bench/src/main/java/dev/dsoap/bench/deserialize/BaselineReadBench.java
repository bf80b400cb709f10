package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.serialize.ValueKind;
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
 * The regular (non-differential) deserialization cost of one request of the deserialization experiments: a
 * SOAP 1.1 {@code echo} request carrying {@code size} hard doubles (about 23 bytes each; 100K are about
 * 3 MB), read into a {@code double[]} by a baseline ({@code reader}):
 *
 * <ul>
 * <li>{@code woodstox}: {@link WoodstoxReader}, Woodstox and {@code Double.parseDouble};</li>
 * <li>{@code axis2}: {@link Axis2Reader}, AXIOM and Axis2 2.0's {@code RPCUtil}/{@code BeanUtil}.</li>
 * </ul>
 *
 * <p>Each invocation reads the next message of a {@link DdsMessages#allDiffer} stream of {@value #MESSAGES}
 * messages (every value differs from the previous message's), so no two consecutive reads see the same
 * bytes; for a regular deserializer the percentage of changed values does not matter. Time per message, in
 * ms. The setup checks that the reader returns every message's values bit for bit.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class BaselineReadBench {
    /** Messages in the cycled stream. */
    static final int MESSAGES = 4;

    @Param({"25000", "50000", "75000", "100000"})
    public int size;
    @Param({"woodstox", "axis2"})
    public String reader;

    /** The messages read in turn. */
    private DdsMessages stream;
    /** Index of the next message. */
    private int next;
    /** The selected baseline. */
    private Baseline read;

    /** A baseline reader, as the benchmark calls it. */
    @FunctionalInterface
    interface Baseline {
        double[] read(byte[] message) throws Exception;
    }

    /** The baseline named {@code name}: {@code woodstox} or {@code axis2}. */
    static Baseline baseline(String name) {
        return switch (name) {
            case "woodstox" -> new WoodstoxReader()::read;
            case "axis2" -> new Axis2Reader()::read;
            default -> throw new IllegalArgumentException("reader woodstox|axis2, not " + name);
        };
    }

    @Setup
    public void setup() throws Exception {
        stream = DdsMessages.allDiffer(ValueKind.DOUBLE, size, MESSAGES);
        read = baseline(reader);
        for (int i = 0; i < MESSAGES; i++) {
            double[] got = read.read(stream.message(i));
            if (!Arrays.equals(got, stream.doubles(i))) {
                throw new IllegalStateException(reader + " read message " + i + " of " + stream + " wrongly");
            }
        }
        System.out.println(stream + ", message bytes " + stream.message(0).length + " .. "
                + stream.message(MESSAGES - 1).length);
    }

    @Benchmark
    public double[] baselineRead() throws Exception {
        byte[] m = stream.message(next);
        next = next + 1 == MESSAGES ? 0 : next + 1;
        return read.read(m);
    }
}
