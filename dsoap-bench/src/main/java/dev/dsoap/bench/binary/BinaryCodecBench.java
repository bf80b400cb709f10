package dev.dsoap.bench.binary;

import com.siemens.ct.exi.core.helpers.DefaultEXIFactory;
import com.siemens.ct.exi.main.api.sax.SAXEncoder;
import com.siemens.ct.exi.main.api.sax.SAXFactory;
import com.sun.xml.fastinfoset.stax.StAXDocumentParser;
import com.sun.xml.fastinfoset.stax.StAXDocumentSerializer;
import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.ItemType;
import dev.dsoap.bench.serialize.Mio;
import dev.dsoap.bench.serialize.Payload;
import dev.dsoap.bench.serialize.TypeValues;
import dev.dsoap.bench.serialize.ValueKind;
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
import org.xml.sax.InputSource;
import org.xml.sax.XMLReader;

import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.sax.SAXSource;
import javax.xml.transform.stream.StreamResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Encode plus decode of one response carrying {@code size} items of {@code type}, each representation written from
 * the values and read back to values, side by side in one run. The types: {@code doubles}, {@code ints} and
 * {@code strings} are the values of the serialization-only benchmarks ({@link TypeValues}); {@code mios} are the
 * papers' mesh interface objects ({@link Mio}: int {@code a}, int {@code b}, double {@code v}), made of the same
 * values (item {@code i}: the ints {@code 2i} and {@code 2i + 1} of a ring of {@code 2 * size} ints, the double
 * {@code i} of a ring of {@code size} doubles). Every message is the same response plan, {@code echoResponse} with
 * one repeated {@code <return>} part ({@link BenchPlans}).
 *
 * <ul>
 *   <li>{@link #dsoapBinaryFresh}: dsoap's binary form of the plan ({@link BinaryWriter#write}, without the
 *       descriptor, then {@link BinaryReader#read}). Binary has no differential form yet, so every message is
 *       written from scratch ("fresh").</li>
 *   <li>{@link #dsoapXml}: dsoap's XML, written from scratch ({@link DifferentialSerializer#reset} before each
 *       message: a first send, no template reused) and read by dsoap's plain reader ({@link PlanDeserializer}).</li>
 *   <li>{@link #baselineWoodstox}: Woodstox writes the SOAP message ({@link WoodstoxWriter}, the serialization
 *       benchmarks' baseline) and reads the items back with its typed accessors ({@code getElementAsDouble},
 *       {@code getElementAsInt}, {@code getElementText}), the plain XML toolkit path. The reader is written here,
 *       not {@code deserialize.WoodstoxReader}: that one reads {@code echo} requests, and this message is the
 *       {@code echoResponse} the writer writes (and carries MIOs).</li>
 *   <li>{@link #baselineGzipXml}: dsoap's XML message gzip'd (java.util.zip, default level), then gunzip'd and read
 *       by {@link PlanDeserializer}: what compressing the XML costs.</li>
 *   <li>{@link #baselineExi}: dsoap's XML message encoded to EXI by EXIficient with its default factory
 *       ({@code DefaultEXIFactory}: schema-less, default options, bit-packed, no compression), the XML read by the
 *       JDK's SAX parser into EXIficient's SAX encoder; decoded back to XML bytes (EXIficient's SAX decoder into the
 *       JDK's identity {@code Transformer}) and read by {@link PlanDeserializer}: what an EXI gateway in front of an
 *       XML stack costs.</li>
 *   <li>{@link #baselineFastInfoset}: the Woodstox baseline's message (same declaration, envelope, namespaces,
 *       wrapper and {@code <return>} items) written as Fast Infoset with FI's StAX serializer
 *       ({@code StAXDocumentSerializer}) and read back with its StAX parser ({@code StAXDocumentParser}), a new
 *       serializer and parser per message, as CXF's {@code FastInfosetFeature} interceptors make them. Through
 *       StAX, Fast Infoset carries numbers as text, as JAXB writes them: doubles as {@code Double.toString},
 *       parsed back with {@code Double.parseDouble}, ints likewise with {@code Integer}. FI's encoding algorithms
 *       for binary numbers (IEEE 754 doubles, for instance) are not used: JAXB over StAX writes characters.</li>
 * </ul>
 *
 * <p>Each method returns the values read, so nothing is optimized away; the writers keep their buffers between
 * calls, as a server's per-thread writer does. The setup checks that every representation reads back to the values
 * written, so no method measures a wrong message. {@link #main} prints the message sizes of every representation
 * ({@link #sizes}).
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar BinaryCodecBench -p type=doubles -p size=100000
 * java -cp dsoap-bench/target/benchmarks.jar dev.dsoap.bench.binary.BinaryCodecBench
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class BinaryCodecBench {
    /** The sizes of the benchmark and of the sizes table. */
    static final int[] SIZES = {1, 100, 10000, 100000};

    @Param({"doubles", "ints", "mios", "strings"})
    public String type;
    @Param({"1", "100", "10000", "100000"})
    public int size;

    /** Declared on the envelope of the Woodstox and Fast Infoset messages, as dsoap's document/literal plans do. */
    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

    private Codecs codecs;
    private Object items;

    @Setup
    public void setup() {
        Kind k = Kind.of(type);
        codecs = new Codecs(k);
        items = k.values(size);
        codecs.check(items);
    }

    /** dsoap's binary message: written (no descriptor), then read back to values. */
    @Benchmark
    public Object dsoapBinaryFresh() {
        return codecs.binary(items);
    }

    /** dsoap's XML message: written from scratch (a first send), then read by dsoap's plain reader. */
    @Benchmark
    public Object dsoapXml() {
        return codecs.dsoapXml(items);
    }

    /** Woodstox's XML message: written with its stream writer, then parsed with its typed accessors. */
    @Benchmark
    public Object baselineWoodstox() {
        return codecs.woodstox(items);
    }

    /** dsoap's XML message, gzip'd and gunzip'd, then read by dsoap's plain reader. */
    @Benchmark
    public Object baselineGzipXml() {
        return codecs.gzipXml(items);
    }

    /** dsoap's XML message, encoded to schema-less EXI and decoded back to XML, then read by dsoap's plain reader. */
    @Benchmark
    public Object baselineExi() {
        return codecs.exiXml(items);
    }

    /** The Woodstox baseline's message as Fast Infoset: written with FI's StAX serializer, read with its StAX parser. */
    @Benchmark
    public Object baselineFastInfoset() {
        return codecs.fastInfoset(items);
    }

    /** Prints the sizes table ({@link #sizes}). */
    public static void main(String[] args) {
        System.out.print(sizes());
    }

    /**
     * The sizes table: for every type and size, the bytes of the Woodstox message, dsoap's XML, the gzip'd XML, the
     * EXI message, the Fast Infoset message and the binary message, and binary's share of the XML, the gzip'd XML,
     * the EXI message and the Fast Infoset message.
     */
    public static String sizes() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-8s %7s %10s %10s %10s %10s %10s %10s %7s %8s %7s %6s%n", "type",
                "items", "woodstox", "dsoap XML", "gzip'd", "EXI", "FI", "binary", "bin/XML", "bin/gzip", "bin/EXI",
                "bin/FI"));
        for (Kind k : Kind.values()) {
            Codecs c = new Codecs(k);
            for (int size : SIZES) {
                long[] s = c.sizes(k.values(size));
                b.append(String.format(Locale.ROOT, "%-8s %7d %10d %10d %10d %10d %10d %10d %7.3f %8.3f %7.3f %6.3f%n",
                        k.param, size, s[0], s[1], s[2], s[3], s[4], s[5], (double) s[5] / s[1], (double) s[5] / s[2],
                        (double) s[5] / s[3], (double) s[5] / s[4]));
            }
        }
        return b.toString();
    }

    /** The item types of this benchmark, by its {@code type} parameter. */
    enum Kind {
        DOUBLES("doubles", ItemType.DOUBLES),
        INTS("ints", ItemType.INTS),
        MIOS("mios", null),
        STRINGS("strings", ItemType.STRINGS);

        /** The parameter value naming this type. */
        final String param;
        /** The serialization benchmarks' type, or null for MIOs (which they do not have). */
        final ItemType itemType;

        Kind(String param, ItemType itemType) {
            this.param = param;
            this.itemType = itemType;
        }

        static Kind of(String param) {
            for (Kind k : values()) {
                if (k.param.equals(param)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("type doubles|ints|mios|strings, not " + param);
        }

        /** The response plan for an array of this type. */
        MessagePlan plan() {
            return this == MIOS ? BenchPlans.plan(ValueKind.MIO) : BenchPlans.plan(itemType);
        }

        /** The values of a message of {@code size} items (see the class comment); deterministic. */
        Object values(int size) {
            if (this != MIOS) {
                return TypeValues.generate(itemType, size, 0, 2).values(0);
            }
            int[] ints = (int[]) TypeValues.generate(ItemType.INTS, 2 * size, 0, 2).values(0);
            double[] doubles = (double[]) TypeValues.generate(ItemType.DOUBLES, size, 0, 2).values(0);
            Mio[] m = new Mio[size];
            for (int i = 0; i < size; i++) {
                m[i] = new Mio(ints[2 * i], ints[2 * i + 1], doubles[i]);
            }
            return m;
        }

        /** Whether {@code got} holds the same values as {@code want}: doubles by their bits, MIOs field by field. */
        boolean same(Object want, Object got) {
            if (this != MIOS) {
                return java.util.Objects.deepEquals(want, got);
            }
            if (!(got instanceof Mio[] g)) {
                return false;
            }
            Mio[] w = (Mio[]) want;
            if (w.length != g.length) {
                return false;
            }
            for (int i = 0; i < w.length; i++) {
                if (g[i] == null || w[i].getA() != g[i].getA() || w[i].getB() != g[i].getB()
                        || Double.doubleToRawLongBits(w[i].getV()) != Double.doubleToRawLongBits(g[i].getV())) {
                    return false;
                }
            }
            return true;
        }
    }

    /** The six representations of one item type's response. Not thread-safe. */
    static final class Codecs {
        final Kind kind;
        final MessagePlan plan;
        private final WoodstoxWriter woodstoxWriter = new WoodstoxWriter();
        private final org.codehaus.stax2.XMLInputFactory2 woodstoxReader = new com.ctc.wstx.stax.WstxInputFactory();
        private final DifferentialSerializer xmlWriter;
        private final PlanDeserializer xmlReader;
        private final BinaryWriter binaryWriter;
        private final BinaryReader binaryReader;
        /** EXIficient's SAX side, on its default (schema-less) factory. */
        private final SAXFactory exi = new SAXFactory(DefaultEXIFactory.newInstance());
        /** The EXI decoder, a SAX reader of EXI streams; reused. */
        private final XMLReader exiReader;
        /** The JDK's namespace-aware SAX parser, feeding the EXI encoder; reused. */
        private final XMLReader saxParser;
        /** The JDK's identity transformer, writing the decoded EXI events as XML bytes; reused. */
        private final Transformer identity;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
        private final ByteArrayOutputStream exiXmlOut = new ByteArrayOutputStream(1 << 16);

        Codecs(Kind kind) {
            this.kind = kind;
            this.plan = kind.plan();
            ParserLimits limits = ParserLimits.builder().maxChildElements(Integer.MAX_VALUE).build();
            this.xmlWriter = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
            this.xmlReader = new PlanDeserializer(plan, limits);
            BinaryFormat f = BinaryFormat.of(plan, BenchPlans.NS, "echoResponse");
            this.binaryWriter = f.newWriter();
            this.binaryReader = f.newReader(limits);
            try {
                this.exiReader = exi.createEXIReader();
                SAXParserFactory spf = SAXParserFactory.newInstance();
                spf.setNamespaceAware(true);
                this.saxParser = spf.newSAXParser().getXMLReader();
                this.identity = TransformerFactory.newInstance().newTransformer();
            } catch (Exception e) {
                throw new IllegalStateException("EXIficient or the JDK's SAX parser or transformer: " + e, e);
            }
        }

        /** The Woodstox message of {@code items}, in {@link #out}. */
        private void woodstoxWrite(Object items) throws XMLStreamException {
            out.reset();
            if (kind == Kind.MIOS) {
                woodstoxWriter.write(Payload.of((Mio[]) items), out);
            } else {
                woodstoxWriter.write(kind.itemType, items, out);
            }
        }

        Object woodstox(Object items) {
            try {
                woodstoxWrite(items);
                return woodstoxRead(out.toByteArray());
            } catch (XMLStreamException e) {
                throw new IllegalStateException(e);
            }
        }

        /**
         * The Fast Infoset message of {@code items}, in {@link #out}: the Woodstox baseline's message, item by item
         * as text ({@code Double.toString}, {@code Integer.toString}, the string itself), through a new
         * {@link StAXDocumentSerializer}.
         */
        private void fastInfosetWrite(Object items) throws XMLStreamException {
            out.reset();
            XMLStreamWriter w = new StAXDocumentSerializer(out);
            w.writeStartDocument("UTF-8", "1.0");
            w.writeStartElement("soapenv", "Envelope", BenchPlans.SOAP11);
            w.writeNamespace("soapenv", BenchPlans.SOAP11);
            w.writeNamespace("xsi", XSI);
            w.writeStartElement("soapenv", "Body", BenchPlans.SOAP11);
            w.writeStartElement("ns", "echoResponse", BenchPlans.NS);
            w.writeNamespace("ns", BenchPlans.NS);
            switch (kind) {
                case DOUBLES -> {
                    for (double v : (double[]) items) {
                        textElement(w, "return", Double.toString(v));
                    }
                }
                case INTS -> {
                    for (int v : (int[]) items) {
                        textElement(w, "return", Integer.toString(v));
                    }
                }
                case STRINGS -> {
                    for (String v : (String[]) items) {
                        textElement(w, "return", v);
                    }
                }
                case MIOS -> {
                    for (Mio m : (Mio[]) items) {
                        w.writeStartElement("return");
                        textElement(w, "a", Integer.toString(m.getA()));
                        textElement(w, "b", Integer.toString(m.getB()));
                        textElement(w, "v", Double.toString(m.getV()));
                        w.writeEndElement();
                    }
                }
            }
            // the wrapper, body and envelope: FI's writeEndDocument does not end more than two open elements
            // correctly (measured: the parser then meets the end of the input), so they are ended here
            for (int open = 0; open < 3; open++) {
                w.writeEndElement();
            }
            w.writeEndDocument();
            w.close();
        }

        private static void textElement(XMLStreamWriter w, String name, String text) throws XMLStreamException {
            w.writeStartElement(name);
            w.writeCharacters(text);
            w.writeEndElement();
        }

        /** The Fast Infoset message of {@code items} ({@link #fastInfosetWrite}). */
        byte[] fastInfosetMessage(Object items) {
            try {
                fastInfosetWrite(items);
                return out.toByteArray();
            } catch (XMLStreamException e) {
                throw new IllegalStateException("Fast Infoset writing: " + e, e);
            }
        }

        Object fastInfoset(Object items) {
            try {
                return fastInfosetRead(fastInfosetMessage(items));
            } catch (XMLStreamException e) {
                throw new IllegalStateException("Fast Infoset reading: " + e, e);
            }
        }

        /**
         * The {@code <return>} items of the Fast Infoset message {@code message}, read with a new
         * {@link StAXDocumentParser}: each value's text ({@code getElementText}) parsed with
         * {@code Double.parseDouble} or {@code Integer.parseInt}.
         */
        private Object fastInfosetRead(byte[] message) throws XMLStreamException {
            return readReturns(new StAXDocumentParser(new ByteArrayInputStream(message)), TEXT);
        }

        /** The {@code <return>} items of {@code message}, read with Woodstox's typed accessors. */
        private Object woodstoxRead(byte[] message) throws XMLStreamException {
            return readReturns(woodstoxReader.createXMLStreamReader(new ByteArrayInputStream(message)), TYPED);
        }

        /** How a reader turns an element's content into a number. */
        private interface Numbers {
            double dbl(XMLStreamReader r) throws XMLStreamException;

            int integer(XMLStreamReader r) throws XMLStreamException;
        }

        /** Numbers parsed from the element's text (Fast Infoset through StAX carries them as text). */
        private static final Numbers TEXT = new Numbers() {
            public double dbl(XMLStreamReader r) throws XMLStreamException {
                return Double.parseDouble(r.getElementText());
            }

            public int integer(XMLStreamReader r) throws XMLStreamException {
                return Integer.parseInt(r.getElementText());
            }
        };

        /** Numbers through Woodstox's typed accessors. */
        private static final Numbers TYPED = new Numbers() {
            public double dbl(XMLStreamReader r) throws XMLStreamException {
                return ((org.codehaus.stax2.XMLStreamReader2) r).getElementAsDouble();
            }

            public int integer(XMLStreamReader r) throws XMLStreamException {
                return ((org.codehaus.stax2.XMLStreamReader2) r).getElementAsInt();
            }
        };

        /** The {@code <return>} items {@code r} reads, of this codec's type; closes {@code r}. */
        private Object readReturns(XMLStreamReader r, Numbers num) throws XMLStreamException {
            double[] d = new double[16];
            int[] i = new int[16];
            String[] s = new String[16];
            Mio[] m = new Mio[16];
            int n = 0;
            while (r.hasNext()) {
                if (r.next() != XMLStreamConstants.START_ELEMENT || !r.getLocalName().equals("return")) {
                    continue;
                }
                if (n == d.length) {
                    d = Arrays.copyOf(d, 2 * n);
                    i = Arrays.copyOf(i, 2 * n);
                    s = Arrays.copyOf(s, 2 * n);
                    m = Arrays.copyOf(m, 2 * n);
                }
                switch (kind) {
                    case DOUBLES -> d[n] = num.dbl(r);
                    case INTS -> i[n] = num.integer(r);
                    case STRINGS -> s[n] = r.getElementText();
                    case MIOS -> {
                        r.nextTag(); // <a>
                        int a = num.integer(r);
                        r.nextTag(); // <b>
                        int b = num.integer(r);
                        r.nextTag(); // <v>
                        double v = num.dbl(r);
                        r.nextTag(); // </return>
                        m[n] = new Mio(a, b, v);
                    }
                }
                n++;
            }
            r.close();
            return switch (kind) {
                case DOUBLES -> Arrays.copyOf(d, n);
                case INTS -> Arrays.copyOf(i, n);
                case STRINGS -> Arrays.copyOf(s, n);
                case MIOS -> Arrays.copyOf(m, n);
            };
        }

        /** dsoap's XML message of {@code items}, written from scratch. */
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

        /** {@code xml} as schema-less EXI: the JDK's SAX parser feeding EXIficient's encoder. */
        byte[] exi(byte[] xml) {
            try {
                out.reset();
                SAXEncoder encoder = exi.createEXIWriter();
                encoder.setOutputStream(out);
                saxParser.setContentHandler(encoder);
                saxParser.parse(new InputSource(new ByteArrayInputStream(xml)));
                return out.toByteArray();
            } catch (Exception e) {
                throw new IllegalStateException("EXI encoding: " + e, e);
            }
        }

        /** The XML bytes of the EXI message {@code exi}: EXIficient's decoder into the JDK's identity transformer. */
        byte[] unexi(byte[] exiMessage) {
            try {
                exiXmlOut.reset();
                identity.transform(new SAXSource(exiReader, new InputSource(new ByteArrayInputStream(exiMessage))),
                        new StreamResult(exiXmlOut));
                return exiXmlOut.toByteArray();
            } catch (Exception e) {
                throw new IllegalStateException("EXI decoding: " + e, e);
            }
        }

        Object exiXml(Object items) {
            byte[] b = unexi(exi(xml(items)));
            return xmlReader.deserialize(b, 0, b.length)[0];
        }

        Object binary(Object items) {
            int n = binaryWriter.write(new Object[] {items}, false);
            return binaryReader.read(binaryWriter.buffer(), 0, n)[0];
        }

        /**
         * Bytes of the Woodstox message, dsoap's XML, the gzip'd XML, the EXI message, the Fast Infoset message and
         * the binary message of {@code items}, in that order.
         */
        long[] sizes(Object items) {
            byte[] xml = xml(items);
            long z = gzip(xml).length;
            long e = exi(xml).length;
            try {
                woodstoxWrite(items);
            } catch (XMLStreamException x) {
                throw new IllegalStateException(x);
            }
            long w = out.size();
            long fi = fastInfosetMessage(items).length;
            return new long[] {w, xml.length, z, e, fi, binaryWriter.write(new Object[] {items}, false)};
        }

        /**
         * The values each representation reads back from {@code items}: binary, dsoap XML, Woodstox, gzip, EXI,
         * Fast Infoset.
         */
        Object[] readBack(Object items) {
            return new Object[] {binary(items), dsoapXml(items), woodstox(items), gzipXml(items), exiXml(items),
                    fastInfoset(items)};
        }

        /** Checks that every representation reads back to {@code items}. */
        void check(Object items) {
            String[] names = {"binary", "dsoap XML", "Woodstox", "gzip'd XML", "EXI", "Fast Infoset"};
            Object[] got = readBack(items);
            for (int i = 0; i < got.length; i++) {
                if (!kind.same(items, got[i])) {
                    throw new IllegalStateException(kind.param + ": " + names[i]
                            + " did not read back to the values written");
                }
            }
        }
    }
}
