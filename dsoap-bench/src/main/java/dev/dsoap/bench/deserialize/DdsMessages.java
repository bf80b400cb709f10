package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.Checks;
import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.Mio;
import dev.dsoap.bench.serialize.Payload;
import dev.dsoap.bench.serialize.ValueKind;
import dev.dsoap.bench.serialize.Values;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;

import java.util.Random;

/**
 * A stream of SOAP request messages for the differential deserialization experiments of Abu-Ghazaleh and
 * Lewis, "Lightweight Checkpointing for Faster SOAP Deserialization" (section 5, Table 1): {@code count}
 * requests of the operation {@code echo(double[] arg0)} (or {@code int[]}, {@code Mio[]}), each carrying one
 * array of {@code size} values, where each message differs from the one before it in exactly
 * {@link #changedCount(int, int) round(percent % of size)} values.
 *
 * <p><b>Where the changes are.</b> The array is cut into {@code partitions} partitions of (nearly) equal
 * length, partition {@code p} holding indices {@code [p * size / partitions, (p + 1) * size / partitions)}
 * (integer division). The changed values are shared out among the partitions in proportion to their length
 * (partition {@code p} gets {@code floor(end * c / size) - floor(start * c / size)} of the {@code c} changed
 * values, which sums to exactly {@code c} and never exceeds the partition's length) and form one contiguous
 * run around the centre of each partition (the run starts {@code (length - changed) / 2} into it). The same
 * indices change between every pair of consecutive messages; {@link #changedIndices()} lists them.
 * {@code percent = 0} gives a stream of identical messages, {@code percent = 100} one where every value
 * differs from the previous message's.
 *
 * <p><b>Values.</b> Doubles are the paper's "difficult to deserialize" doubles ({@link #hardDouble}): random
 * 64-bit patterns kept if they are finite and their shortest lexical form (measured with
 * {@link Values#width(double)}, dsoap's formatter) is at least {@value #HARD_MIN_WIDTH} bytes, such as
 * {@code -1.2345678901234567E-123}; they are 23 or 24 bytes, 23.2 on average (the paper's average is 23;
 * random patterns alone average 22.0, and a threshold of 22 would give 22.6). Ints are random over the whole
 * {@code int} range (10.0 bytes on average). MIOs hold two random ints and a hard double; only the double
 * changes, as in the serialization experiments. A changed value always differs from the previous one by its
 * bits; with {@code sameWidth} it also has the same lexical width, so every message has the same length and
 * no byte after a change moves.
 *
 * <p><b>Determinism.</b> Every stream draws from one {@code java.util.Random} seeded with {@link #SEED}: the
 * base message's values first, in index order, then each following message's new values in index order. The
 * same arguments therefore always give the same bytes, and the first message depends only on the kind and the
 * size, not on {@code percent}, {@code partitions} or {@code sameWidth}.
 *
 * <p><b>Messages.</b> Each message is a fresh serialization by dsoap's {@link DifferentialSerializer} (the
 * template is reset before every message) with the plan {@link #requestPlan}: document/literal wrapped, SOAP
 * 1.1, {@code <soapenv:Envelope><soapenv:Body><ns:echo xmlns:ns="}{@value BenchPlans#NS}{@code ">} then one
 * unqualified {@code <arg0>} element per item, the way Axis2's {@code RPCMessageReceiver} reads the parameter
 * {@code arg0} of a POJO method {@code echo(double[] arg0)} (it matches parts by local name).
 *
 * <p>Immutable after construction and thread-safe; {@link #message} and {@link #payload} hand out the
 * stored arrays, which callers must not modify.
 */
public final class DdsMessages {
    /** Seed of every stream's random values. */
    public static final long SEED = 0xdd5_0004L;
    /** Narrowest lexical form, in bytes, of a hard double. */
    public static final int HARD_MIN_WIDTH = 23;
    /** The operation (wrapper element) name, in {@link BenchPlans#NS}. */
    public static final String OPERATION = "echo";
    /** The array parameter's name: one unqualified element of this name per item. */
    public static final String PART = "arg0";
    /** Random patterns tried per hard double before giving up (about 3 are needed on average). */
    private static final int TRIES = 100_000;

    /** Element type. */
    private final ValueKind kind;
    /** Array length of every message. */
    private final int size;
    /** Percentage of the values that change from one message to the next. */
    private final int percent;
    /** Number of partitions the changes are spread over. */
    private final int partitions;
    /** Whether a changed value keeps its lexical width. */
    private final boolean sameWidth;
    /** Where the changes fall. */
    private final Pattern pattern;
    /** Whether a changed value takes another lexical width (a feed's prices, not the paper's hard doubles). */
    private final boolean otherWidths;
    /** Whether values are of every width ({@link Widths#MIXED}). */
    private final boolean mixed;
    /** Whether every value is price-like ({@link Widths#PRICES}). */
    private final boolean prices;
    /** The indices that change between the first two messages, ascending (between every pair unless {@link #drawEach}). */
    private final int[] changed;
    /** Whether scattered positions are drawn anew for every message (else once, the same for every pair). */
    private final boolean drawEach;
    /** The values of each message. */
    private final Payload[] payloads;
    /** The bytes of each message. */
    private final byte[][] messages;

    /**
     * Where a message's changed values fall: {@code CLUSTERED}, in runs at the centre of {@code partitions}
     * partitions (the paper's, above); {@code SCATTERED}, at uniformly random positions (drawn once from the seed,
     * the same between every pair of consecutive messages); {@code EVERY_KTH}, every {@code round(100 / percent)}-th
     * value from the first.
     */
    public enum Pattern {
        CLUSTERED, SCATTERED, EVERY_KTH;

        /** The pattern a benchmark parameter names, in lower case ({@code every_kth}). */
        public static Pattern of(String param) {
            return valueOf(param.toUpperCase(java.util.Locale.ROOT));
        }
    }

    /** What a changed value's width does. */
    public enum Widths {
        /** Another hard double, 23 or 24 bytes (the paper's setting). */
        HARD,
        /** A hard double of exactly the old value's width: no byte after a change moves. */
        SAME,
        /** A value of another width: a price-like value (1 to 12 bytes) or a hard double, as a feed's values change. */
        CHANGING,
        /**
         * A feed of prices: every value, the first message's too, is price-like ({@link #price}: 1 to 5 integer digits,
         * 0 to 6 decimals); a changed value is another price of another width.
         */
        PRICES,
        /**
         * Values of every width ({@link DdsMessages#mixed}): full-precision doubles across sixteen decades, quarter-integers,
         * integers stored as doubles, prices, and one in sixteen an edge value (NaN, the infinities, -0.0, subnormals,
         * the extremes); the first message's values too. A changed value is drawn from the same mix, with another width.
         */
        MIXED;

        /** The widths a benchmark parameter names, in lower case. */
        public static Widths of(String param) {
            return valueOf(param.toUpperCase(java.util.Locale.ROOT));
        }
    }

    private DdsMessages(ValueKind kind, int size, int percent, int partitions, int count, boolean sameWidth) {
        this(kind, size, percent, partitions, Pattern.CLUSTERED, sameWidth ? Widths.SAME : Widths.HARD, count);
    }

    private DdsMessages(ValueKind kind, int size, int percent, int partitions, Pattern pattern, Widths widths, int count) {
        this(kind, size, percent, partitions, pattern, widths, count, false);
    }

    private DdsMessages(ValueKind kind, int size, int percent, int partitions, Pattern pattern, Widths widths, int count,
                        boolean drawEach) {
        if (size < 0 || percent < 0 || percent > 100 || partitions < 1 || count < 1) {
            throw new IllegalArgumentException("size " + size + ", percent " + percent + ", partitions " + partitions
                    + ", count " + count + ": need size >= 0, 0 <= percent <= 100, partitions >= 1, count >= 1");
        }
        this.kind = kind;
        this.size = size;
        this.percent = percent;
        this.partitions = partitions;
        this.sameWidth = widths == Widths.SAME;
        this.pattern = pattern;
        this.otherWidths = widths == Widths.CHANGING || widths == Widths.PRICES || widths == Widths.MIXED;
        this.prices = widths == Widths.PRICES;
        this.mixed = widths == Widths.MIXED;
        this.drawEach = drawEach && pattern == Pattern.SCATTERED;
        if (otherWidths && kind != ValueKind.DOUBLE) {
            throw new IllegalArgumentException("changing widths are made for doubles only, not " + kind);
        }
        this.payloads = new Payload[count];
        this.messages = new byte[count][];
        Random r = new Random(SEED);
        payloads[0] = prices ? prices(size, r) : mixed ? mixedValues(size, r) : base(kind, size, r);
        this.changed = switch (pattern) {
            case CLUSTERED -> changedIndices(size, percent, partitions);
            case SCATTERED -> scatteredIndices(size, percent, r);
            case EVERY_KTH -> everyKthIndices(size, percent);
        };
        int[] at = changed;
        for (int i = 1; i < count; i++) {
            if (this.drawEach && i > 1) {
                at = scatteredIndices(size, percent, r);
            }
            payloads[i] = mixed ? otherMixed(payloads[i - 1], at, r)
                    : otherWidths ? otherWidths(payloads[i - 1], at, prices, r) : next(payloads[i - 1], at, sameWidth, r);
        }
        DifferentialSerializer out = serializer(kind);
        for (int i = 0; i < count; i++) {
            messages[i] = encode(out, payloads[i]);
        }
    }

    /**
     * A stream of {@code count} requests carrying {@code size} values of {@code kind}, each differing from the
     * previous one in {@code percent} % of the values, spread over {@code partitions} partitions.
     *
     * @param sameWidth whether a changed value keeps its lexical width (every message then has the same length)
     */
    public static DdsMessages generate(ValueKind kind, int size, int percent, int partitions, int count,
                                       boolean sameWidth) {
        return new DdsMessages(kind, size, percent, partitions, count, sameWidth);
    }

    /**
     * A stream of {@code count} requests of {@code size} values of {@code kind}, each differing from the previous one
     * in {@code percent} % of the values, placed by {@code pattern} ({@code partitions} counts for
     * {@link Pattern#CLUSTERED} only) and of {@code widths}.
     */
    public static DdsMessages generate(ValueKind kind, int size, int percent, int partitions, Pattern pattern,
                                       Widths widths, int count) {
        return new DdsMessages(kind, size, percent, partitions, pattern, widths, count);
    }

    /**
     * As {@link #generate(ValueKind, int, int, int, Pattern, Widths, int)}; with {@code drawEach} and
     * {@link Pattern#SCATTERED}, each message's positions are drawn anew (after the previous message's new values),
     * as a feed's items change each on its own; the first two messages are those of the stream without it.
     */
    public static DdsMessages generate(ValueKind kind, int size, int percent, int partitions, Pattern pattern,
                                       Widths widths, int count, boolean drawEach) {
        return new DdsMessages(kind, size, percent, partitions, pattern, widths, count, drawEach);
    }

    /** A stream of hard doubles, changed values of any width: the paper's setting. */
    public static DdsMessages doubles(int size, int percent, int partitions, int count) {
        return new DdsMessages(ValueKind.DOUBLE, size, percent, partitions, count, false);
    }

    /** {@code count} identical messages ({@code percent = 0}). */
    public static DdsMessages identical(ValueKind kind, int size, int count) {
        return new DdsMessages(kind, size, 0, 1, count, false);
    }

    /** {@code count} messages, each with every value different from the previous message's ({@code percent = 100}). */
    public static DdsMessages allDiffer(ValueKind kind, int size, int count) {
        return new DdsMessages(kind, size, 100, 1, count, false);
    }

    /** The request plan: {@code echo} in {@link BenchPlans#NS} with one array part {@code arg0} of {@code kind}. */
    public static MessagePlan requestPlan(ValueKind kind) {
        Class<?> type = switch (kind) {
            case DOUBLE -> double[].class;
            case INT -> int[].class;
            case MIO -> Mio[].class;
        };
        return new PlanCompiler().compile(
                MessageShape.wrapped(BenchPlans.NS, OPERATION, MessageShape.Part.of(PART, type)),
                WireConvention.documentLiteralWrapped());
    }

    /** The request message carrying {@code p}, serialized afresh with {@link #requestPlan}. */
    public static byte[] encode(Payload p) {
        return encode(serializer(p.kind()), p);
    }

    private static DifferentialSerializer serializer(ValueKind kind) {
        return new DifferentialSerializer(requestPlan(kind), SerializerConfig.defaults(), new SerializerStats(), null);
    }

    private static byte[] encode(DifferentialSerializer out, Payload p) {
        out.reset();
        Checks.expect(out.serialize(p.parts()), MatchClass.FIRST_SEND, "request encoding");
        return out.toByteArray();
    }

    /** Values that change between consecutive messages: {@code round(percent * size / 100)}, halves up. */
    public static int changedCount(int size, int percent) {
        return (int) ((percent * (long) size + 50) / 100);
    }

    /** First index of partition {@code p} of {@code partitions} over {@code size} values ({@code p = partitions} gives {@code size}). */
    public static int partitionStart(int size, int partitions, int p) {
        return (int) ((long) p * size / partitions);
    }

    /** The indices that change between consecutive messages, ascending (see the class comment). */
    public static int[] changedIndices(int size, int percent, int partitions) {
        int c = changedCount(size, percent);
        int[] out = new int[c];
        int k = 0;
        for (int p = 0; p < partitions; p++) {
            int start = partitionStart(size, partitions, p);
            int end = partitionStart(size, partitions, p + 1);
            int n = share(start, end, c, size);
            int from = start + (end - start - n) / 2;
            for (int i = 0; i < n; i++) {
                out[k++] = from + i;
            }
        }
        if (k != c) {
            throw new IllegalStateException("placed " + k + " of " + c + " changed values (size " + size
                    + ", percent " + percent + ", partitions " + partitions + ")");
        }
        return out;
    }

    /** {@link #changedCount} indices drawn uniformly at random (without repeats) from {@code [0, size)}, ascending. */
    public static int[] scatteredIndices(int size, int percent, Random r) {
        int c = changedCount(size, percent);
        java.util.BitSet chosen = new java.util.BitSet(size);
        // Floyd's sampling: c draws, each adding one new index
        for (int j = size - c; j < size; j++) {
            int t = r.nextInt(j + 1);
            chosen.set(chosen.get(t) ? j : t);
        }
        return chosen.stream().toArray();
    }

    /** Every {@code round(100 / percent)}-th index from 0 (none for 0 %). */
    public static int[] everyKthIndices(int size, int percent) {
        if (percent == 0) {
            return new int[0];
        }
        int k = Math.max(1, Math.round(100f / percent));
        int[] out = new int[(size + k - 1) / k];
        for (int i = 0; i < out.length; i++) {
            out[i] = i * k;
        }
        return out;
    }

    /**
     * {@code prev} with each value at {@code changed} replaced by one of another width: half of the time a price-like
     * value (1 to 5 integer digits, 0 to 6 decimals: 1 to 12 bytes), half a hard double (23 or 24 bytes; always a price when
     * {@code pricesOnly}), drawn again until its width differs from the old value's.
     */
    private static Payload otherWidths(Payload prev, int[] changed, boolean pricesOnly, Random r) {
        double[] a = prev.doubles().clone();
        for (int i : changed) {
            int old = Values.width(a[i]);
            double v;
            do {
                v = pricesOnly || r.nextBoolean() ? price(r) : hardDouble(r);
            } while (Values.width(v) == old);
            a[i] = v;
        }
        return Payload.of(a);
    }

    /** {@code prev} with each value at {@code changed} replaced by one of the {@link #mixed} values of another width. */
    private static Payload otherMixed(Payload prev, int[] changed, Random r) {
        double[] a = prev.doubles().clone();
        for (int i : changed) {
            int old = Values.width(a[i]);
            double v;
            do {
                v = mixed(r);
            } while (Values.width(v) == old);
            a[i] = v;
        }
        return Payload.of(a);
    }

    /** {@code n} values of every width ({@link #mixed}). */
    private static Payload mixedValues(int n, Random r) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = mixed(r);
        }
        return Payload.of(a);
    }

    private static final double[] EDGES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0,
            Double.MIN_VALUE, Double.MIN_NORMAL, 4.9e-320, Double.MAX_VALUE, -Double.MAX_VALUE};

    /**
     * A value of any width: in sixteenths, an edge value (1), an integer stored as a double (2), a quarter-integer (2),
     * a price (3), or a full-precision double (a random 53-bit mantissa) scaled across sixteen decades (8).
     */
    public static double mixed(Random r) {
        int k = r.nextInt(16);
        if (k == 0) {
            return EDGES[r.nextInt(EDGES.length)];
        } else if (k < 3) {
            return r.nextInt(2_000_001) - 1_000_000;
        } else if (k < 5) {
            return (r.nextInt(80_001) - 40_000) / 4.0;
        } else if (k < 8) {
            return price(r);
        }
        double m = 1 + r.nextDouble() * 9;
        return (r.nextBoolean() ? m : -m) * Math.pow(10, r.nextInt(16) - 8);
    }

    /** {@code n} price-like values ({@link #price}). */
    private static Payload prices(int n, Random r) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = price(r);
        }
        return Payload.of(a);
    }

    /** A value as a feed prints it: up to 5 integer digits and 0 to 6 decimals. */
    public static double price(Random r) {
        double scale = Math.pow(10, r.nextInt(7));
        return Math.round(r.nextDouble() * Math.pow(10, 1 + r.nextInt(5)) * scale) / scale;
    }

    /** Changed values in the partition {@code [start, end)}: at most {@code end - start}, and they sum to {@code c}. */
    private static int share(int start, int end, int c, int size) {
        if (size == 0) {
            return 0;
        }
        return (int) ((long) end * c / size - (long) start * c / size);
    }

    /** A hard double: a random finite bit pattern whose lexical form has at least {@value #HARD_MIN_WIDTH} bytes. */
    public static double hardDouble(Random r) {
        return hardDouble(r, Double.NaN, 0);
    }

    /**
     * A hard double whose bits differ from {@code not}'s and, when {@code width > 0}, whose lexical form has
     * exactly {@code width} bytes.
     */
    static double hardDouble(Random r, double not, int width) {
        long notBits = Double.doubleToRawLongBits(not);
        for (int i = 0; i < TRIES; i++) {
            long bits = r.nextLong();
            double v = Double.longBitsToDouble(bits);
            if (!Double.isFinite(v) || bits == notBits) {
                continue;
            }
            int w = Values.width(v);
            if (w >= HARD_MIN_WIDTH && (width <= 0 || w == width)) {
                return v;
            }
        }
        throw new IllegalStateException("no hard double of width " + width + " after " + TRIES + " tries");
    }

    /**
     * A random int different from {@code not}; when {@code width > 0}, one of exactly {@code width} bytes
     * ({@link Values#intOfWidth}, as random ints of few digits are too rare to draw by chance).
     */
    static int hardInt(Random r, int not, int width) {
        if (width > 0) {
            return Values.intOfWidth(width, r, not);
        }
        int v = r.nextInt();
        while (v == not) {
            v = r.nextInt();
        }
        return v;
    }

    private static Payload base(ValueKind kind, int n, Random r) {
        return switch (kind) {
            case DOUBLE -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = hardDouble(r);
                }
                yield Payload.of(a);
            }
            case INT -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextInt();
                }
                yield Payload.of(a);
            }
            case MIO -> {
                Mio[] a = new Mio[n];
                for (int i = 0; i < n; i++) {
                    int x = r.nextInt();
                    int y = r.nextInt();
                    a[i] = new Mio(x, y, hardDouble(r));
                }
                yield Payload.of(a);
            }
        };
    }

    private static Payload next(Payload prev, int[] changed, boolean sameWidth, Random r) {
        return switch (prev.kind()) {
            case DOUBLE -> {
                double[] a = prev.doubles().clone();
                for (int i : changed) {
                    a[i] = hardDouble(r, a[i], sameWidth ? Values.width(a[i]) : 0);
                }
                yield Payload.of(a);
            }
            case INT -> {
                int[] a = prev.ints().clone();
                for (int i : changed) {
                    a[i] = hardInt(r, a[i], sameWidth ? Values.width(a[i]) : 0);
                }
                yield Payload.of(a);
            }
            case MIO -> {
                Mio[] src = prev.mios();
                Mio[] a = new Mio[src.length];
                for (int i = 0; i < a.length; i++) {
                    Mio m = src[i];
                    a[i] = new Mio(m.getA(), m.getB(), m.getV());
                }
                for (int i : changed) {
                    Mio m = a[i];
                    m.setV(hardDouble(r, m.getV(), sameWidth ? Values.width(m.getV()) : 0));
                }
                yield Payload.of(a);
            }
        };
    }

    public ValueKind kind() {
        return kind;
    }

    /** Array length of every message. */
    public int size() {
        return size;
    }

    /** Percentage of the values that change from one message to the next. */
    public int percent() {
        return percent;
    }

    /** Number of partitions the changes are spread over. */
    public int partitions() {
        return partitions;
    }

    /** Whether a changed value keeps its lexical width. */
    public boolean sameWidth() {
        return sameWidth;
    }

    /** Number of messages in the stream. */
    public int count() {
        return messages.length;
    }

    /** The bytes of message {@code i} (UTF-8, starting with the XML declaration); do not modify. */
    public byte[] message(int i) {
        return messages[i];
    }

    /** The values of message {@code i}; do not modify. */
    public Payload payload(int i) {
        return payloads[i];
    }

    /** The doubles of message {@code i} of a {@link ValueKind#DOUBLE} stream; do not modify. */
    public double[] doubles(int i) {
        return payloads[i].doubles();
    }

    /**
     * The indices that change between consecutive messages, ascending (a copy); for a stream whose scattered positions
     * are drawn for each message, those between the first two.
     */
    public int[] changedIndices() {
        return changed.clone();
    }

    @Override
    public String toString() {
        return "DdsMessages(" + kind + ", size " + size + ", " + percent + " % "
                + (pattern == Pattern.CLUSTERED ? "in " + partitions + " partitions" : pattern.name().toLowerCase(java.util.Locale.ROOT))
                + ", " + messages.length + " messages" + (sameWidth ? ", same widths" : prices ? ", prices" : mixed ? ", values of every width" : otherWidths ? ", other widths" : "")
                + ", first " + messages[0].length + " bytes)";
    }
}
