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
 * Reading one xsd:double from its bytes, as a plain JAX-WS client prints it ({@code Double.toString}), over 4,096
 * values of a distribution: dsoap's {@link XsdParse#parseDouble(byte[], int, int, boolean)} beside fastdoubleparser
 * on the same bytes and the JDK's {@code Double.parseDouble} on a {@code String}. Time per value.
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
    private static final int VALUES = 4096;

    /**
     * {@code mixed}: every width ({@link DdsMessages#mixed}: half of them full-precision across sixteen decades);
     * {@code prices}: as a feed prints them ({@link DdsMessages#price}); {@code full}: full-precision only.
     */
    @Param({"mixed", "prices", "full"})
    public String values;

    private byte[] bytes;
    private int[] at;
    private String[] strings;

    @Setup
    public void setup() {
        Random r = new Random(0xd0b1eL);
        StringBuilder all = new StringBuilder();
        at = new int[VALUES + 1];
        strings = new String[VALUES];
        for (int i = 0; i < VALUES; i++) {
            double v = draw(values, r);
            String s = Double.toString(v).replace("Infinity", "INF");
            strings[i] = s;
            at[i] = all.length();
            all.append(s);
        }
        at[VALUES] = all.length();
        bytes = all.toString().getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < VALUES; i++) {
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
        for (int i = 0; i < VALUES; i++) {
            s += XsdParse.parseDouble(bytes, at[i], at[i + 1] - at[i], false);
        }
        return s;
    }

    @Benchmark
    @OperationsPerInvocation(VALUES)
    public double baselineFastDoubleParser() {
        double s = 0;
        for (int i = 0; i < VALUES; i++) {
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
        for (int i = 0; i < VALUES; i++) {
            String v = strings[i];
            s += v.endsWith("INF") ? Double.POSITIVE_INFINITY : Double.parseDouble(v);
        }
        return s;
    }
}
