package dev.dsoap.bench.binary;

import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.Mio;
import dev.dsoap.bench.serialize.ValueKind;
import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryReader;
import dev.dsoap.binary.BinaryWriter;
import dev.dsoap.parse.ParserLimits;
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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

/**
 * Row against column layout for an array of all-primitive structs (the papers' MIOs: int, int, double), encode plus
 * decode, to decide whether dsoap's binary form should lay such arrays out by column. Beside each other in one run:
 *
 * <ul>
 *   <li>{@link #dsoapRows}: dsoap's binary form as shipped ({@link BinaryWriter}, {@link BinaryReader}): the count,
 *       then each struct's members in order, through the plan's accessors.</li>
 *   <li>{@link #handRows}: the same row layout written and read by code made for {@link Mio} (its getters and
 *       setters called directly): what the row layout costs without dsoap's generic accessors.</li>
 *   <li>{@link #handColumns}: the count, then all {@code a}, all {@code b}, all {@code v}, by code made for
 *       {@link Mio}: what the column layout costs the same way.</li>
 * </ul>
 *
 * <p>The hand-written pair measures the layout alone; the first against the second, dsoap's access path. Each method
 * returns the structs read; the setup checks that all three read back the values written.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar MioLayoutBench
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class MioLayoutBench {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.nativeOrder());

    @Param({"1000", "100000"})
    public int size;

    private Mio[] items;
    private Object[] parts;
    private BinaryWriter writer;
    private BinaryReader reader;
    private byte[] buf;

    @Setup
    public void setup() {
        items = (Mio[]) BinaryCodecBench.Kind.MIOS.values(size);
        parts = new Object[]{items};
        BinaryFormat f = BinaryFormat.of(BenchPlans.plan(ValueKind.MIO), BenchPlans.NS, "echoResponse");
        writer = f.newWriter();
        reader = f.newReader(ParserLimits.builder().maxChildElements(Integer.MAX_VALUE).build());
        buf = new byte[4 + 16 * size];
        check(dsoapRows(), "dsoapRows");
        check(handRows(), "handRows");
        check(handColumns(), "handColumns");
    }

    private void check(Mio[] got, String method) {
        if (!BinaryCodecBench.Kind.MIOS.same(items, got)) {
            throw new IllegalStateException(method + ": the structs read back differ from those written");
        }
    }

    /** dsoap's binary form as shipped. */
    @Benchmark
    public Mio[] dsoapRows() {
        int n = writer.write(parts, false);
        return (Mio[]) reader.read(writer.buffer(), 0, n)[0];
    }

    /** Row layout, code made for {@link Mio}. */
    @Benchmark
    public Mio[] handRows() {
        Mio[] m = items;
        byte[] b = buf;
        INT.set(b, 0, m.length);
        int p = 4;
        for (Mio x : m) {
            INT.set(b, p, x.getA());
            INT.set(b, p + 4, x.getB());
            DOUBLE.set(b, p + 8, x.getV());
            p += 16;
        }
        int n = (int) INT.get(b, 0);
        Mio[] out = new Mio[n];
        p = 4;
        for (int i = 0; i < n; i++, p += 16) {
            Mio x = new Mio();
            x.setA((int) INT.get(b, p));
            x.setB((int) INT.get(b, p + 4));
            x.setV((double) DOUBLE.get(b, p + 8));
            out[i] = x;
        }
        return out;
    }

    /** Column layout, code made for {@link Mio}. */
    @Benchmark
    public Mio[] handColumns() {
        Mio[] m = items;
        byte[] b = buf;
        int count = m.length;
        INT.set(b, 0, count);
        int pa = 4;
        int pb = pa + 4 * count;
        int pv = pb + 4 * count;
        for (int i = 0; i < count; i++) {
            Mio x = m[i];
            INT.set(b, pa + 4 * i, x.getA());
            INT.set(b, pb + 4 * i, x.getB());
            DOUBLE.set(b, pv + 8 * i, x.getV());
        }
        int n = (int) INT.get(b, 0);
        Mio[] out = new Mio[n];
        for (int i = 0; i < n; i++) {
            Mio x = new Mio();
            x.setA((int) INT.get(b, pa + 4 * i));
            x.setB((int) INT.get(b, pb + 4 * i));
            x.setV((double) DOUBLE.get(b, pv + 8 * i));
            out[i] = x;
        }
        return out;
    }
}
