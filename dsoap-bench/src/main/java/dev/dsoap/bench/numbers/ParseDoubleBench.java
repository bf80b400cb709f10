package dev.dsoap.bench.numbers;

import dev.dsoap.bench.deserialize.DdsMessages;
import dev.dsoap.numbers.XsdParse;
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
 * Reading one xsd:double from its bytes, as a plain JAX-WS client prints it ({@code Double.toString}), 4,096 values of
 * a distribution a call: dsoap's {@link XsdParse#parseDouble(byte[], int, int, boolean)} beside fastdoubleparser on the
 * same bytes and the JDK's {@code Double.parseDouble} on a {@code String}. Time per value.
 *
 * <p>Each call reads the next 4,096 of a million values drawn once, so that no value comes back before a million
 * others: a processor's branch predictor learns the branches of a few thousand values read again and again, and
 * over the same 4,096 values each call measured these readers faster than a message's changed values, never seen
 * before, are read.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar ParseDoubleBench
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ParseDoubleBench {
    /** Values read a call. */
    private static final int VALUES = 4096;
    /** Values drawn: the calls go through them in turn. */
    static final int POOL = 1 << 20;

    /**
     * {@code mixed}: every width ({@link DdsMessages#mixed}: half of them full-precision across sixteen decades);
     * {@code prices}: as a feed prints them ({@link DdsMessages#price}); {@code full}: full-precision only.
     */
    @Param({"mixed", "prices", "full"})
    public String values;

    private byte[] bytes;
    private int[] at;
    private String[] strings;
    /** The first value the next call reads. */
    private int next;

    @Setup
    public void setup() {
        Random r = new Random(0xd0b1eL);
        StringBuilder all = new StringBuilder();
        at = new int[POOL + 1];
        strings = new String[POOL];
        for (int i = 0; i < POOL; i++) {
            double v = draw(values, r);
            String s = Double.toString(v).replace("Infinity", "INF");
            strings[i] = s;
            at[i] = all.length();
            all.append(s);
        }
        at[POOL] = all.length();
        bytes = all.toString().getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < POOL; i++) {
            double want = Double.parseDouble(strings[i].replace("INF", "Infinity"));
            double got = XsdParse.parseDouble(bytes, at[i], at[i + 1] - at[i], false);
            if (Double.doubleToRawLongBits(want) != Double.doubleToRawLongBits(got)) {
                throw new IllegalStateException(strings[i] + ": " + got + ", not " + want);
            }
        }
    }

    /** One value of the distribution {@code values} names ({@link #values}). */
    static double draw(String values, Random r) {
        return switch (values) {
            case "mixed" -> DdsMessages.mixed(r);
            case "prices" -> DdsMessages.price(r);
            case "full" -> (1 + r.nextDouble() * 9) * Math.pow(10, r.nextInt(16) - 8);
            default -> throw new IllegalArgumentException("values: mixed, prices, full; not " + values);
        };
    }

    @Benchmark
    @OperationsPerInvocation(VALUES)
    public double dsoapXsdParse() {
        double s = 0;
        int from = take();
        for (int i = from; i < from + VALUES; i++) {
            s += XsdParse.parseDouble(bytes, at[i], at[i + 1] - at[i], false);
        }
        return s;
    }

    @Benchmark
    @OperationsPerInvocation(VALUES)
    public double baselineFastDoubleParser() {
        double s = 0;
        int from = take();
        for (int i = from; i < from + VALUES; i++) {
            int off = at[i];
            int len = at[i + 1] - off;
            s += bytes[off + len - 1] == 'F' ? Double.POSITIVE_INFINITY
                    : ch.randelshofer.fastdoubleparser.JavaDoubleParser.parseDouble(bytes, off, len);
        }
        return s;
    }

    @Benchmark
    @OperationsPerInvocation(VALUES)
    public double baselineJdk() {
        double s = 0;
        int from = take();
        for (int i = from; i < from + VALUES; i++) {
            String v = strings[i];
            s += v.endsWith("INF") ? Double.POSITIVE_INFINITY : Double.parseDouble(v);
        }
        return s;
    }

    /** The first of the values this call reads, moving {@link #next} on to the ones after them. */
    private int take() {
        int from = next;
        next = (from + VALUES) & (POOL - 1);
        return from;
    }
}
