package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.Mio;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The endless stream of SOAP 1.1 echo requests the benchmark sends to the service of one {@link Style},
 * message {@code n} for call {@code n}, as a schema-driven client (a WSDL-generated stub) writes them:
 * {@code <soapenv:Header/>} then, in the body, the operation's wrapper element {@code <ns:OPERATION>} in the
 * service's namespace holding one {@code <v>} element per item; an MIO item is
 * {@code <v><a>INT</a><b>INT</b><v>DOUBLE</v></v>}, a string item its text with {@code &}, {@code <} and
 * {@code >} escaped. For the POJO service the items and their fields are
 * unqualified, as Axis2's schema for a POJO says; for the ADB service they are in the wrapper's namespace
 * ({@code <ns:v><ns:a>INT</ns:a>...</ns:v>}), as its WSDL's schema ({@code elementFormDefault="qualified"})
 * says and as the generated stub writes them. Numbers are written by {@code Double.toString} and
 * {@code Integer.toString}, as Axis2's own clients (and ADB's {@code ConverterUtil}, for finite doubles) do.
 *
 * <p><b>Values.</b> Message {@code n} carries array {@code n} of an {@link EchoValues} stream (shared with
 * the CXF benchmark): consecutive messages differ in exactly the changed items, and no message repeats an
 * older one. Message {@code n} is assembled on demand into the caller's buffer ({@link #fill}) from
 * pre-rendered bytes: the unchanged stretches once, each run of changed items once per variant.
 *
 * <p>Immutable and thread-safe.
 */
final class EchoMessages {
    /** Partitions the changed items are spread over (one run each). */
    static final int PARTITIONS = EchoValues.PARTITIONS;
    /** Variants of each run; a power of two. */
    static final int VARIANTS = EchoValues.VARIANTS;

    private final EchoValues values;
    private final Style style;
    /** The items' and their fields' prefix: {@code "ns:"} when qualified, else empty. */
    private final String prefix;
    /** The bytes before the first run, between runs, and after the last: {@code runs + 1} of them. */
    private final byte[][] gaps;
    /** {@code [run][variant]}: the bytes of a run's items. */
    private final byte[][][] variants;
    /** Length of the longest message. */
    private final int maxLength;

    /**
     * @param style     the service the requests are for
     * @param namespace that service's target namespace
     */
    EchoMessages(Shape shape, Style style, String namespace, int size, int percent) {
        this(new EchoValues(shape, size, percent), style, namespace);
    }

    /** The requests carrying {@code values}, for the service of {@code style} ({@code namespace}). */
    EchoMessages(EchoValues values, Style style, String namespace) {
        Shape shape = values.shape();
        int size = values.size();
        this.values = values;
        this.style = style;
        this.prefix = style.qualified ? "ns:" : "";
        int runCount = values.runCount();
        this.gaps = new byte[runCount + 1][];
        this.variants = new byte[runCount][VARIANTS][];
        String open = "<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv=\"" + BenchPlans.SOAP11
                + "\"><soapenv:Header/><soapenv:Body><ns:" + shape.operation + " xmlns:ns=\"" + namespace + "\">";
        String close = "</ns:" + shape.operation + "></soapenv:Body></soapenv:Envelope>";
        int from = 0;
        int longest = 0;
        for (int run = 0; run <= runCount; run++) {
            int to = run < runCount ? values.changedIndex(values.runFrom(run)) : size;
            StringBuilder gap = new StringBuilder(run == 0 ? open : "");
            for (int i = from; i < to; i++) {
                gap.append(item(i, -1, 0));
            }
            gaps[run] = utf8(run == runCount ? gap.append(close) : gap);
            longest += gaps[run].length;
            if (run < runCount) {
                int widest = 0;
                for (int k = 0; k < VARIANTS; k++) {
                    StringBuilder b = new StringBuilder();
                    for (int p = values.runFrom(run); p < values.runTo(run); p++) {
                        if (p > values.runFrom(run)) {
                            // scattered changes: the unchanged items between two changed ones of a run
                            for (int i = values.changedIndex(p - 1) + 1; i < values.changedIndex(p); i++) {
                                b.append(item(i, -1, 0));
                            }
                        }
                        b.append(item(values.changedIndex(p), k, p));
                    }
                    variants[run][k] = utf8(b);
                    widest = Math.max(widest, variants[run][k].length);
                }
                longest += widest;
                from = values.changedIndex(values.runTo(run) - 1) + 1;
            }
        }
        this.maxLength = longest;
    }

    /** Item {@code i}'s element: its base value ({@code k < 0}), or variant {@code k}'s value of changed position {@code p}. */
    private String item(int i, int k, int p) {
        String v = prefix + "v>";
        return switch (values.shape()) {
            case DOUBLES -> "<" + v + (k < 0 ? values.baseDouble(i) : values.variantDouble(k, p)) + "</" + v;
            case INTS -> "<" + v + (k < 0 ? values.baseInt(i) : values.variantInt(k, p)) + "</" + v;
            case STRINGS -> "<" + v + escape(k < 0 ? values.baseString(i) : values.variantString(k, p)) + "</" + v;
            case MIOS -> {
                Mio m = values.baseMio(i);
                String a = prefix + "a>";
                String b = prefix + "b>";
                yield "<" + v + "<" + a + m.getA() + "</" + a + "<" + b + m.getB() + "</" + b
                        + "<" + v + (k < 0 ? m.getV() : values.variantDouble(k, p)) + "</" + v + "</" + v;
            }
        };
    }

    /**
     * The request of the operation {@code echoVoid} of the service of {@code style} ({@code namespace}): the
     * envelope of every message of this class around an empty wrapper, {@code <ns:echoVoid xmlns:ns="..."/>}.
     */
    static byte[] voidRequest(String namespace) {
        return utf8("<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv=\"" + BenchPlans.SOAP11
                + "\"><soapenv:Header/><soapenv:Body><ns:echoVoid xmlns:ns=\"" + namespace
                + "\"/></soapenv:Body></soapenv:Envelope>");
    }

    /** {@code s} as element content: {@code &}, {@code <} and {@code >} escaped, as Axis2's stubs write them. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static byte[] utf8(CharSequence s) {
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The variant run {@code run} takes in message {@code n} ({@link EchoValues#variant}). */
    static int variant(int run, long n) {
        return EchoValues.variant(run, n);
    }

    Shape shape() {
        return values.shape();
    }

    Style style() {
        return style;
    }

    /** Length in bytes of the longest message: a {@link #fill} buffer of this length fits every message. */
    int maxLength() {
        return maxLength;
    }

    /**
     * Writes message {@code n} (UTF-8) to the start of {@code into} and returns its length.
     *
     * @param n the message's number, {@code >= 0}
     */
    int fill(long n, byte[] into) {
        int at = 0;
        for (int run = 0; run < variants.length; run++) {
            System.arraycopy(gaps[run], 0, into, at, gaps[run].length);
            at += gaps[run].length;
            byte[] v = variants[run][variant(run, n)];
            System.arraycopy(v, 0, into, at, v.length);
            at += v.length;
        }
        byte[] last = gaps[variants.length];
        System.arraycopy(last, 0, into, at, last.length);
        return at + last.length;
    }

    /** Message {@code n} in a new array. */
    byte[] message(long n) {
        byte[] b = new byte[maxLength];
        return Arrays.copyOf(b, fill(n, b));
    }

    /** The items message {@code n} carries, in a new {@code double[]}, {@code int[]}, {@code Mio[]} or {@code String[]}. */
    Object values(long n) {
        return values.values(n);
    }

    @Override
    public String toString() {
        return "EchoMessages(" + style.param + ", " + values + ", messages of up to " + maxLength + " bytes)";
    }
}
