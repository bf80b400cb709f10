package dev.dsoap.bench.numbers;

import dev.dsoap.numbers.XsdFormat;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Writing one xsd:double as its shortest decimal, 4,096 values of a distribution (those of {@link ParseDoubleBench})
 * a call: dsoap's {@link XsdFormat#writeDouble} into a byte array beside the JDK's {@code Double.toString} (which a
 * plain JAX-WS stack prints with, then encodes). Time per value.
 *
 * <p>As in {@link ParseDoubleBench}, each call writes the next 4,096 of a million values drawn once: over the same
 * 4,096 values each call, the branch predictor learned them, and the figure was about half what a value costs inside
 * a message's write.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar FormatDoubleBench
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FormatDoubleBench {
    /** Values written a call. */
    private static final int VALUES = 4096;

    /** As {@link ParseDoubleBench#values}. */
    @Param({"mixed", "prices", "full"})
    public String values;

    private double[] doubles;
    /** The first value the next call writes. */
    private int next;
    private final byte[] out = new byte[XsdFormat.MAX_DOUBLE_WIDTH];

    @Setup
    public void setup() {
        Random r = new Random(0xd0b1eL);
        doubles = new double[ParseDoubleBench.POOL];
        for (int i = 0; i < doubles.length; i++) {
            doubles[i] = ParseDoubleBench.draw(values, r);
            double v = doubles[i];
            int n = XsdFormat.writeDouble(v, out, 0);
            String got = new String(out, 0, n, StandardCharsets.US_ASCII);
            if (Double.isFinite(v) && Double.parseDouble(got) != v) {
                throw new IllegalStateException(v + " written as " + got);
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(VALUES)
    public int dsoapXsdFormat() {
        int s = 0;
        byte[] b = out;
        int from = take();
        for (int i = from; i < from + VALUES; i++) {
            s += XsdFormat.writeDouble(doubles[i], b, 0) + b[0];
        }
        return s;
    }

    @Benchmark
    @OperationsPerInvocation(VALUES)
    public int baselineJdk() {
        int s = 0;
        int from = take();
        for (int i = from; i < from + VALUES; i++) {
            s += Double.toString(doubles[i]).length();
        }
        return s;
    }

    /** The first of the values this call writes, moving {@link #next} on to the ones after them. */
    private int take() {
        int from = next;
        next = (from + VALUES) & (doubles.length - 1);
        return from;
    }
}
