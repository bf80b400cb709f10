package dev.dsoap.bench.binary;

import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.ItemType;
import dev.dsoap.bench.serialize.TypeValues;
import dev.dsoap.bench.serialize.WoodstoxWriter;
import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryReader;
import dev.dsoap.binary.BinaryWriter;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.serialize.DifferentialSerializer;
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
import org.openjdk.jmh.annotations.Warmup;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Encode plus decode of one response carrying {@code size} items of {@code type} ({@code doubles}, {@code ints},
 * {@code strings}; the values of the serialization-only benchmarks, {@link TypeValues}), each representation
 * written from the values and read back to values, in one run:
 *
 * <ul>
 *   <li>{@code baselineWoodstox}: Woodstox writes the SOAP message ({@link WoodstoxWriter}) and reads the items back
 *       with its typed accessors ({@code getElementAsDouble}, {@code getElementAsInt}, {@code getElementText}),
 *       the plain XML toolkit path.</li>
 *   <li>{@code baselineGzipXml}: dsoap's XML message gzip'd (java.util.zip, default level), then gunzip'd and read
 *       by dsoap's plain reader: what compressing the XML costs.</li>
 *   <li>{@code dsoapXml}: dsoap's XML, written from scratch (the serializer's template dropped first) and read
 *       by dsoap's plain reader ({@link PlanDeserializer}).</li>
 *   <li>{@code dsoapBinary}: dsoap's binary form ({@link BinaryWriter}, {@link BinaryReader}) of the same plan.</li>
 * </ul>
 *
 * <p>Each method returns the values read, so nothing is optimized away; the writers keep their buffers between
 * calls, as a server's per-thread writer does. {@link #main} prints the message sizes of every representation.
 * Fast Infoset and EXI are not measured yet.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar BinaryCodecBench -p type=doubles -p size=100000
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class BinaryCodecBench {
    @Param({"doubles", "ints", "strings"})
    public String type;
    @Param({"1", "100", "10000", "100000"})
    public int size;

    private Codecs codecs;
    private Object items;

    @Setup
    public void setup() {
        ItemType t = ItemType.of(type);
        codecs = new Codecs(t);
        items = TypeValues.generate(t, size, 0, 2).values(0);
        codecs.check(items);
    }

    @Benchmark
    public Object baselineWoodstox() {
        return codecs.woodstox(items);
    }

    @Benchmark
    public Object baselineGzipXml() {
        return codecs.gzipXml(items);
    }

    @Benchmark
    public Object dsoapXml() {
        return codecs.dsoapXml(items);
    }

    @Benchmark
    public Object dsoapBinary() {
        return codecs.binary(items);
    }

    /** Prints, for every type and size, the bytes of each representation and binary's share of dsoap's XML. */
    public static void main(String[] args) {
        System.out.printf("%-8s %8s %12s %12s %12s %12s %8s %8s%n", "type", "items", "woodstox", "dsoap XML",
                "gzip'd XML", "binary", "bin/XML", "bin/gzip");
        for (ItemType t : new ItemType[] {ItemType.DOUBLES, ItemType.INTS, ItemType.STRINGS}) {
            Codecs c = new Codecs(t);
            for (int size : new int[] {1, 100, 10000, 100000}) {
                Object items = TypeValues.generate(t, size, 0, 2).values(0);
                long[] s = c.sizes(items);
                System.out.printf("%-8s %8d %12d %12d %12d %12d %8.3f %8.3f%n", t.name().toLowerCase(java.util.Locale.ROOT),
                        size, s[0], s[1], s[2], s[3], (double) s[3] / s[1], (double) s[3] / s[2]);
            }
        }
    }

    /** The four representations of one item type's response. Not thread-safe. */
    static final class Codecs {
        final ItemType type;
        final MessagePlan plan;
        private final WoodstoxWriter woodstoxWriter = new WoodstoxWriter();
        private final org.codehaus.stax2.XMLInputFactory2 woodstoxReader = new com.ctc.wstx.stax.WstxInputFactory();
        private final DifferentialSerializer xmlWriter;
        private final PlanDeserializer xmlReader;
        private final BinaryWriter binaryWriter;
        private final BinaryReader binaryReader;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);

        Codecs(ItemType type) {
            this.type = type;
            this.plan = BenchPlans.plan(type);
            ParserLimits limits = ParserLimits.builder().maxChildElements(Integer.MAX_VALUE).build();
            this.xmlWriter = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
            this.xmlReader = new PlanDeserializer(plan, limits);
            BinaryFormat f = BinaryFormat.of(plan, BenchPlans.NS, "echoResponse");
            this.binaryWriter = f.newWriter();
            this.binaryReader = f.newReader(limits);
        }

        Object woodstox(Object items) {
            try {
                out.reset();
                woodstoxWriter.write(type, items, out);
                return woodstoxRead(out.toByteArray());
            } catch (javax.xml.stream.XMLStreamException e) {
                throw new IllegalStateException(e);
            }
        }

        /** The {@code <return>} items of {@code message}, read with Woodstox's typed accessors. */
        private Object woodstoxRead(byte[] message) throws javax.xml.stream.XMLStreamException {
            org.codehaus.stax2.XMLStreamReader2 r = (org.codehaus.stax2.XMLStreamReader2)
                    woodstoxReader.createXMLStreamReader(new ByteArrayInputStream(message));
            double[] d = new double[16];
            int[] i = new int[16];
            String[] s = new String[16];
            int n = 0;
            while (r.hasNext()) {
                if (r.next() != javax.xml.stream.XMLStreamConstants.START_ELEMENT || !r.getLocalName().equals("return")) {
                    continue;
                }
                if (n == d.length) {
                    d = java.util.Arrays.copyOf(d, 2 * n);
                    i = java.util.Arrays.copyOf(i, 2 * n);
                    s = java.util.Arrays.copyOf(s, 2 * n);
                }
                switch (type) {
                    case DOUBLES -> d[n] = r.getElementAsDouble();
                    case INTS -> i[n] = r.getElementAsInt();
                    default -> s[n] = r.getElementText();
                }
                n++;
            }
            r.close();
            return switch (type) {
                case DOUBLES -> java.util.Arrays.copyOf(d, n);
                case INTS -> java.util.Arrays.copyOf(i, n);
                default -> java.util.Arrays.copyOf(s, n);
            };
        }

        byte[] xml(Object items) {
            xmlWriter.reset();
            xmlWriter.serialize(new Object[] {items});
            return xmlWriter.toByteArray();
        }

        Object dsoapXml(Object items) {
            byte[] b = xml(items);
            return xmlReader.deserialize(b, 0, b.length)[0];
        }

        byte[] gzip(byte[] b) {
            try {
                out.reset();
                try (GZIPOutputStream z = new GZIPOutputStream(out, 1 << 16)) {
                    z.write(b);
                }
                return out.toByteArray();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        Object gzipXml(Object items) {
            byte[] z = gzip(xml(items));
            try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(z), 1 << 16)) {
                byte[] b = in.readAllBytes();
                return xmlReader.deserialize(b, 0, b.length)[0];
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        Object binary(Object items) {
            int n = binaryWriter.write(new Object[] {items}, false);
            return binaryReader.read(binaryWriter.buffer(), 0, n)[0];
        }

        /** Bytes of the Woodstox message, dsoap's XML, the gzip'd XML and the binary message of {@code items}. */
        long[] sizes(Object items) {
            byte[] xml = xml(items);
            long z = gzip(xml).length;
            out.reset();
            try {
                woodstoxWriter.write(type, items, out);
            } catch (javax.xml.stream.XMLStreamException e) {
                throw new IllegalStateException(e);
            }
            long w = out.size();
            return new long[] {w, xml.length, z, binaryWriter.write(new Object[] {items}, false)};
        }

        /** Checks that every representation reads back to {@code items}. */
        void check(Object items) {
            for (Object got : new Object[] {woodstox(items), dsoapXml(items), gzipXml(items), binary(items)}) {
                if (!java.util.Objects.deepEquals(items, got)) {
                    throw new IllegalStateException(type + ": a representation did not read back to the values written");
                }
            }
        }
    }
}
