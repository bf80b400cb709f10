package dev.dsoap.bench.axis2;

import dev.dsoap.bench.deserialize.DdsMessages;
import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.Mio;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The endless stream of SOAP 1.1 echo requests the benchmark sends to the service of one {@link Style},
 * message {@code n} for call {@code n}, as a schema-driven client (a WSDL-generated stub) writes them:
 * {@code <soapenv:Header/>} then, in the body, the operation's wrapper element {@code <ns:OPERATION>} in the
 * service's namespace holding one {@code <v>} element per item; an MIO item is
 * {@code <v><a>INT</a><b>INT</b><v>DOUBLE</v></v>}. For the POJO service the items and their fields are
 * unqualified, as Axis2's schema for a POJO says; for the ADB service they are in the wrapper's namespace
 * ({@code <ns:v><ns:a>INT</ns:a>...</ns:v>}), as its WSDL's schema ({@code elementFormDefault="qualified"})
 * says and as the generated stub writes them. Numbers are written by {@code Double.toString} and
 * {@code Integer.toString}, as Axis2's own clients (and ADB's {@code ConverterUtil}, for finite doubles) do.
 *
 * <p><b>Values.</b> As in {@link DdsMessages}: hard doubles ({@link DdsMessages#hardDouble}), ints over the
 * whole range, MIOs of two random ints and a hard double of which only the double changes. The changed items
 * are {@link DdsMessages#changedIndices round(percent % of size)} of them, in one run at the centre of each of
 * {@value #PARTITIONS} partitions; every other item keeps its value in every message. {@code percent = 0}
 * gives identical messages.
 *
 * <p><b>Variants.</b> Each run has {@value #VARIANTS} pre-generated variants, the item values differing from
 * one variant to another in every item; message {@code n} takes run {@code r}'s variant
 * {@code (n + 2 h(r, n / }{@value #VARIANTS}{@code )) mod }{@value #VARIANTS}, where {@code h} is a fixed
 * hash onto {@code [0, }{@value #VARIANTS}{@code  / 2)}. Two messages an odd distance apart, consecutive ones
 * among them, or in the same block of {@value #VARIANTS} ({@code n / }{@value #VARIANTS} equal) therefore
 * differ in every run, so in exactly the changed items; other pairs share a run's variant with probability
 * 2 / {@value #VARIANTS}, independently per run, so no message repeats an older one. (A fixed ring of
 * messages would: dsoap keeps several recent messages per operation for concurrent callers, and one kept
 * a ring length ago is identical to the next, which dsoap then need not read at all; a ring of 16 under
 * four clients at 25 % had 14 % of its reads identical.) Message {@code n} is assembled on demand into the
 * caller's buffer ({@link #fill}) from pre-rendered bytes.
 *
 * <p>Everything is drawn from one {@code java.util.Random} seeded with {@link #SEED}: the base values in
 * index order, then each variant's values in index order. Message {@code n} depends only on the arguments
 * and {@code n}.
 *
 * <p>Immutable and thread-safe.
 */
final class EchoMessages {
    /** Seed of every stream's values and variant choice. */
    static final long SEED = 0xe2e_0008L;
    /** Partitions the changed items are spread over (one run each). */
    static final int PARTITIONS = 100;
    /** Variants of each run; a power of two. */
    static final int VARIANTS = 16;

    private final Shape shape;
    private final Style style;
    /** The items' and their fields' prefix: {@code "ns:"} when qualified, else empty. */
    private final String prefix;
    private final int size;
    private final int percent;
    /** The changed items' indices, ascending; a run is a stretch of consecutive positions in this array. */
    private final int[] changed;
    /** Run {@code r} covers positions {@code [runs[r], runs[r + 1])} of {@link #changed}. */
    private final int[] runs;
    /** The values of the items that do not change: {@code double[]}, {@code int[]} or {@code Mio[]}. */
    private final Object base;
    /** {@code [variant][position]}: the changed items' doubles (for MIOs, their {@code v}), or null. */
    private final double[][] doubleVariants;
    /** {@code [variant][position]}: the changed items' ints, or null. */
    private final int[][] intVariants;
    /** The bytes before the first run, between runs, and after the last: {@code runs.length} of them. */
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
        if (size < 0 || percent < 0 || percent > 100) {
            throw new IllegalArgumentException("size " + size + ", percent " + percent
                    + ": need size >= 0, 0 <= percent <= 100");
        }
        this.shape = shape;
        this.style = style;
        this.prefix = style.qualified ? "ns:" : "";
        this.size = size;
        this.percent = percent;
        this.changed = DdsMessages.changedIndices(size, percent, PARTITIONS);
        this.runs = runs(changed, size);
        Random r = new Random(SEED);
        this.base = base(r);
        if (shape == Shape.INTS) {
            this.intVariants = new int[VARIANTS][changed.length];
            this.doubleVariants = null;
        } else {
            this.doubleVariants = new double[VARIANTS][changed.length];
            this.intVariants = null;
        }
        for (int k = 0; k < VARIANTS; k++) {
            for (int p = 0; p < changed.length; p++) {
                draw(k, p, r);
            }
        }
        int runCount = runs.length - 1;
        this.gaps = new byte[runCount + 1][];
        this.variants = new byte[runCount][VARIANTS][];
        String open = "<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope xmlns:soapenv=\"" + BenchPlans.SOAP11
                + "\"><soapenv:Header/><soapenv:Body><ns:" + shape.operation + " xmlns:ns=\"" + namespace + "\">";
        String close = "</ns:" + shape.operation + "></soapenv:Body></soapenv:Envelope>";
        int from = 0;
        int longest = 0;
        for (int run = 0; run <= runCount; run++) {
            int to = run < runCount ? changed[runs[run]] : size;
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
                    for (int p = runs[run]; p < runs[run + 1]; p++) {
                        b.append(item(changed[p], k, p));
                    }
                    variants[run][k] = utf8(b);
                    widest = Math.max(widest, variants[run][k].length);
                }
                longest += widest;
                from = changed[runs[run + 1] - 1] + 1;
            }
        }
        this.maxLength = longest;
    }

    /** Cuts the changed positions into runs of consecutive indices within one partition each. */
    private static int[] runs(int[] changed, int size) {
        List<Integer> starts = new ArrayList<>();
        int p = 0;
        for (int part = 0; part < PARTITIONS; part++) {
            int end = DdsMessages.partitionStart(size, PARTITIONS, part + 1);
            if (p < changed.length && changed[p] < end) {
                starts.add(p);
                while (p < changed.length && changed[p] < end) {
                    p++;
                }
            }
        }
        int[] out = new int[starts.size() + 1];
        for (int i = 0; i < starts.size(); i++) {
            out[i] = starts.get(i);
        }
        out[starts.size()] = changed.length;
        return out;
    }

    private Object base(Random r) {
        return switch (shape) {
            case DOUBLES -> {
                double[] a = new double[size];
                for (int i = 0; i < size; i++) {
                    a[i] = DdsMessages.hardDouble(r);
                }
                yield a;
            }
            case INTS -> {
                int[] a = new int[size];
                for (int i = 0; i < size; i++) {
                    a[i] = r.nextInt();
                }
                yield a;
            }
            case MIOS -> {
                Mio[] a = new Mio[size];
                for (int i = 0; i < size; i++) {
                    int x = r.nextInt();
                    int y = r.nextInt();
                    a[i] = new Mio(x, y, DdsMessages.hardDouble(r));
                }
                yield a;
            }
        };
    }

    /** Draws variant {@code k}'s value of changed position {@code p}, different from the earlier variants'. */
    private void draw(int k, int p, Random r) {
        if (intVariants != null) {
            int v = r.nextInt();
            while (used(k, p, v)) {
                v = r.nextInt();
            }
            intVariants[k][p] = v;
        } else {
            double v = DdsMessages.hardDouble(r);
            while (used(k, p, Double.doubleToRawLongBits(v))) {
                v = DdsMessages.hardDouble(r);
            }
            doubleVariants[k][p] = v;
        }
    }

    private boolean used(int k, int p, long value) {
        for (int j = 0; j < k; j++) {
            long earlier = intVariants != null ? intVariants[j][p] : Double.doubleToRawLongBits(doubleVariants[j][p]);
            if (earlier == value) {
                return true;
            }
        }
        return false;
    }

    /** Item {@code i}'s element: its base value ({@code k < 0}), or variant {@code k}'s value of changed position {@code p}. */
    private String item(int i, int k, int p) {
        String v = prefix + "v>";
        return switch (shape) {
            case DOUBLES -> "<" + v + (k < 0 ? ((double[]) base)[i] : doubleVariants[k][p]) + "</" + v;
            case INTS -> "<" + v + (k < 0 ? ((int[]) base)[i] : intVariants[k][p]) + "</" + v;
            case MIOS -> {
                Mio m = ((Mio[]) base)[i];
                String a = prefix + "a>";
                String b = prefix + "b>";
                yield "<" + v + "<" + a + m.getA() + "</" + a + "<" + b + m.getB() + "</" + b
                        + "<" + v + (k < 0 ? m.getV() : doubleVariants[k][p]) + "</" + v + "</" + v;
            }
        };
    }

    private static byte[] utf8(CharSequence s) {
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The variant run {@code run} takes in message {@code n} (see the class comment). */
    static int variant(int run, long n) {
        long z = SEED + (n / VARIANTS) * 0x9e3779b97f4a7c15L + run;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        z ^= z >>> 31;
        return (int) ((n + 2 * (z & (VARIANTS / 2 - 1))) & (VARIANTS - 1));
    }

    Shape shape() {
        return shape;
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

    /** The items message {@code n} carries, in a new {@code double[]}, {@code int[]} or {@code Mio[]}. */
    Object values(long n) {
        Object out = switch (shape) {
            case DOUBLES -> ((double[]) base).clone();
            case INTS -> ((int[]) base).clone();
            case MIOS -> {
                Mio[] src = (Mio[]) base;
                Mio[] a = new Mio[size];
                for (int i = 0; i < size; i++) {
                    a[i] = new Mio(src[i].getA(), src[i].getB(), src[i].getV());
                }
                yield a;
            }
        };
        for (int run = 0; run < variants.length; run++) {
            int k = variant(run, n);
            for (int p = runs[run]; p < runs[run + 1]; p++) {
                int i = changed[p];
                switch (shape) {
                    case DOUBLES -> ((double[]) out)[i] = doubleVariants[k][p];
                    case INTS -> ((int[]) out)[i] = intVariants[k][p];
                    case MIOS -> ((Mio[]) out)[i].setV(doubleVariants[k][p]);
                }
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "EchoMessages(" + style.param + ", " + shape.param + ", size " + size + ", " + percent + " % changed in " + variants.length
                + " runs of " + VARIANTS + " variants, messages of up to " + maxLength + " bytes)";
    }
}
