package dev.dsoap.bench.echo;

import dev.dsoap.bench.deserialize.DdsMessages;
import dev.dsoap.bench.serialize.Mio;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * The endless stream of item arrays the end-to-end echo benchmarks send, array {@code n} for call {@code n}:
 * {@code size} items of one {@link Shape}, consecutive arrays differing in {@code percent} % of the items.
 * The Axis2 benchmark renders them as SOAP requests ({@code axis2.EchoMessages}); the CXF benchmark passes
 * them to JAX-WS proxies ({@link #values(long)}).
 *
 * <p><b>Values.</b> As in {@link DdsMessages}: hard doubles ({@link DdsMessages#hardDouble}), ints over the
 * whole range, MIOs of two random ints and a hard double of which only the double changes. All values are
 * finite (strings: below). The changed items are {@link DdsMessages#changedIndices round(percent % of size)} of them, in one
 * run at the centre of each of {@value #PARTITIONS} partitions; every other item keeps its value in every
 * array. {@code percent = 0} gives identical arrays.
 *
 * <p><b>Strings.</b> Words of {@value #MIN_LETTERS} to {@value #MAX_LETTERS} letters built from syllables,
 * a third of them capitalized. Item {@code i} also holds one of {@link #EDGES} at a random place when
 * {@code i % }{@value #EDGE_STRIDE}{@code  == 1} (one string in {@value #EDGE_STRIDE}): XML's markup
 * characters, text that looks escaped ({@code &amp;amp;}, {@code ]]>}), two- and three-byte UTF-8 and
 * supplementary characters (surrogate pairs in Java, four bytes of UTF-8). Its base value holds edge
 * {@code (i / }{@value #EDGE_STRIDE}{@code ) % EDGES.size()}, so the first {@value #EDGE_STRIDE}
 * {@code x EDGES.size()} base values hold every edge; variant {@code k} of a changed item holds edge
 * {@code (i / }{@value #EDGE_STRIDE}{@code  + k) % EDGES.size()}, so the edge changes with the letters. Each
 * variant of a changed string has as many letters as its variant 0 three times in four ({@link #SAME_LENGTH}),
 * else a number of its own; a little under half of the changed strings (44 % at seed {@link #SEED}) change
 * their length from one message to the next, the others keep it (and their width in UTF-8, unless the edge
 * text changes it). No string is empty or null, or starts or ends with white space.
 *
 * <p><b>Variants.</b> Each run has {@value #VARIANTS} pre-generated variants, the item values differing from
 * one variant to another in every item; array {@code n} takes run {@code r}'s variant
 * {@code (n + 2 h(r, n / }{@value #VARIANTS}{@code )) mod }{@value #VARIANTS}, where {@code h} is a fixed
 * hash onto {@code [0, }{@value #VARIANTS}{@code  / 2)}. Two arrays an odd distance apart, consecutive ones
 * among them, or in the same block of {@value #VARIANTS} ({@code n / }{@value #VARIANTS} equal) therefore
 * differ in every run, so in exactly the changed items; other pairs share a run's variant with probability
 * 2 / {@value #VARIANTS}, independently per run, so no array repeats an older one. (A fixed ring of
 * arrays would: dsoap keeps several recent messages per operation for concurrent callers, and one kept
 * a ring length ago is identical to the next, which dsoap then need not read at all; a ring of 16 under
 * four clients at 25 % had 14 % of its reads identical.)
 *
 * <p>Everything is drawn from one {@code java.util.Random} seeded with {@link #SEED}: the base values in
 * index order, then each variant's values in index order. Array {@code n} depends only on the arguments
 * and {@code n}.
 *
 * <p>Immutable and thread-safe.
 */
public final class EchoValues {
    /** Seed of every stream's values and variant choice. */
    public static final long SEED = 0xe2e_0008L;
    /** Partitions the changed items are spread over (one run each). */
    public static final int PARTITIONS = 100;
    /** Variants of each run; a power of two. */
    public static final int VARIANTS = 16;
    /** Letters in a string, at least. */
    public static final int MIN_LETTERS = 4;
    /** Letters in a string, at most. */
    public static final int MAX_LETTERS = 24;
    /** One string in this many holds an edge text. */
    public static final int EDGE_STRIDE = 5;
    /** Chance, out of 4, that a changed string's variant keeps the letter count of variant 0. */
    static final int SAME_LENGTH = 3;
    /**
     * The edge texts strings carry: markup characters, escape-like text, non-ASCII characters of two and
     * three UTF-8 bytes, and supplementary characters (surrogate pairs in Java, four UTF-8 bytes).
     */
    public static final List<String> EDGES = List.of("&", "<", ">", "\"", "'", "&amp;", "]]>", "\u00e9", "\u00df",
            "\u20ac", "\u65e5\u672c", "\u03a9", "\ud83d\ude00", "\ud834\udd1e", "\ud840\udc00");
    /** The syllables strings are built from. */
    private static final String[] SYLLABLES = {"an", "ber", "ca", "den", "el", "for", "gra", "hin", "is", "jo", "ka",
            "lum", "mer", "no", "or", "pla", "qui", "ros", "sta", "tion", "u", "ver", "wil", "xe", "yo", "zen"};

    private final Shape shape;
    /** Whether a changed item's printed width changes from one array to the next. */
    private final boolean changingWidths;
    /**
     * Whether values are of every width ({@link DdsMessages.Widths#MIXED}): the base array's doubles and every variant
     * drawn from {@link DdsMessages#mixed}.
     */
    private final boolean mixed;
    /**
     * With {@link #mixed}: even variants print in at most this many bytes, odd ones in more, so that, consecutive arrays
     * taking variants of different parity, every changed item changes its width.
     */
    private static final int MIXED_SHORT = 12;
    private final int size;
    private final int percent;
    /** The changed items' indices, ascending; a run is a stretch of consecutive positions in this array. */
    private final int[] changed;
    /** Run {@code r} covers positions {@code [runs[r], runs[r + 1])} of {@link #changed}. */
    private final int[] runs;
    /** The values of the items that do not change: {@code double[]}, {@code int[]}, {@code Mio[]} or {@code String[]}. */
    private final Object base;
    /** {@code [variant][position]}: the changed items' doubles (for MIOs, their {@code v}), or null. */
    private final double[][] doubleVariants;
    /** {@code [variant][position]}: the changed items' ints, or null. */
    private final int[][] intVariants;
    /** {@code [variant][position]}: the changed items' strings, or null. */
    private final String[][] stringVariants;

    public EchoValues(Shape shape, int size, int percent) {
        this(shape, size, percent, SEED);
    }

    /**
     * Values drawn from {@code seed}: streams of different seeds have nothing alike (different base values
     * and variants), as distinct clients' data have; the changed positions are the same.
     */
    public EchoValues(Shape shape, int size, int percent, long seed) {
        this(shape, size, percent, seed, DdsMessages.Pattern.CLUSTERED);
    }

    /**
     * Values whose changed items fall as {@code pattern} says: {@link DdsMessages.Pattern#CLUSTERED} in one run at the
     * centre of each partition (as above), {@code SCATTERED} at uniformly random positions (drawn once, from a seed of
     * their own, so the values are those of the clustered stream's draws), {@code EVERY_KTH} every
     * {@code round(100 / percent)}-th item.
     */
    public EchoValues(Shape shape, int size, int percent, long seed, DdsMessages.Pattern pattern) {
        this(shape, size, percent, seed, pattern, DdsMessages.Widths.HARD);
    }

    /**
     * As {@link #EchoValues(Shape, int, int, long, DdsMessages.Pattern)}; with {@code widths}
     * {@link DdsMessages.Widths#CHANGING} (doubles and MIOs only), a changed item's even variants are price-like values
     * (1 to 12 bytes) and its odd ones hard doubles (23 or 24 bytes), so that, consecutive arrays taking variants of
     * different parity, every changed item changes its printed width from one array to the next, as a feed's values
     * do. {@code HARD} (the default): every variant a hard double.
     */
    public EchoValues(Shape shape, int size, int percent, long seed, DdsMessages.Pattern pattern,
            DdsMessages.Widths widths) {
        if (size < 0 || percent < 0 || percent > 100) {
            throw new IllegalArgumentException("size " + size + ", percent " + percent
                    + ": need size >= 0, 0 <= percent <= 100");
        }
        this.shape = shape;
        this.size = size;
        this.percent = percent;
        this.changed = switch (pattern) {
            case CLUSTERED -> DdsMessages.changedIndices(size, percent, PARTITIONS);
            case SCATTERED -> DdsMessages.scatteredIndices(size, percent, new Random(seed ^ 0x5CA7_7E2L));
            case EVERY_KTH -> DdsMessages.everyKthIndices(size, percent);
        };
        this.runs = runs(changed, size);
        if (widths == DdsMessages.Widths.SAME) {
            throw new IllegalArgumentException("same-width echo values are not made; HARD or CHANGING");
        }
        this.changingWidths = widths == DdsMessages.Widths.CHANGING;
        this.mixed = widths == DdsMessages.Widths.MIXED;
        if (widths == DdsMessages.Widths.PRICES) {
            throw new IllegalArgumentException("price echo values are not made; HARD, CHANGING or MIXED");
        }
        if ((changingWidths || mixed) && shape != Shape.DOUBLES && shape != Shape.MIOS) {
            throw new IllegalArgumentException("changing widths are made for doubles and MIOs only, not " + shape);
        }
        Random r = new Random(seed);
        this.base = base(r);
        this.intVariants = shape == Shape.INTS ? new int[VARIANTS][changed.length] : null;
        this.stringVariants = shape == Shape.STRINGS ? new String[VARIANTS][changed.length] : null;
        this.doubleVariants = shape == Shape.DOUBLES || shape == Shape.MIOS ? new double[VARIANTS][changed.length] : null;
        int[] letters0 = new int[shape == Shape.STRINGS ? changed.length : 0];
        for (int k = 0; k < VARIANTS; k++) {
            for (int p = 0; p < changed.length; p++) {
                draw(k, p, r, letters0);
            }
        }
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
                    a[i] = mixed ? DdsMessages.mixed(r) : DdsMessages.hardDouble(r);
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
            case STRINGS -> {
                String[] a = new String[size];
                for (int i = 0; i < size; i++) {
                    a[i] = string(r, letters(r), i % EDGE_STRIDE == 1 ? EDGES.get(i / EDGE_STRIDE % EDGES.size()) : null);
                }
                yield a;
            }
        };
    }

    private static int letters(Random r) {
        return MIN_LETTERS + r.nextInt(MAX_LETTERS - MIN_LETTERS + 1);
    }

    /**
     * A word of {@code letters} letters from {@link #SYLLABLES}, capitalized one time in three, with
     * {@code edge} (if not null) inserted at a random place.
     */
    private static String string(Random r, int letters, String edge) {
        StringBuilder b = new StringBuilder(letters + 4);
        while (b.length() < letters) {
            b.append(SYLLABLES[r.nextInt(SYLLABLES.length)]);
        }
        b.setLength(letters);
        if (r.nextInt(3) == 0) {
            b.setCharAt(0, Character.toUpperCase(b.charAt(0)));
        }
        if (edge != null) {
            b.insert(r.nextInt(letters + 1), edge);
        }
        return b.toString();
    }

    /**
     * Draws variant {@code k}'s value of changed position {@code p}, different from the earlier variants'.
     *
     * @param letters0 strings: variant 0's number of letters by position (variant 0 fills it in)
     */
    private void draw(int k, int p, Random r, int[] letters0) {
        if (stringVariants != null) {
            int i = changed[p];
            String edge = i % EDGE_STRIDE == 1 ? EDGES.get((i / EDGE_STRIDE + k) % EDGES.size()) : null;
            int letters = k > 0 && r.nextInt(4) < SAME_LENGTH ? letters0[p] : letters(r);
            if (k == 0) {
                letters0[p] = letters;
            }
            String v = string(r, letters, edge);
            while (usedString(k, p, v)) {
                v = string(r, letters, edge);
            }
            stringVariants[k][p] = v;
        } else if (intVariants != null) {
            int v = r.nextInt();
            while (used(k, p, v)) {
                v = r.nextInt();
            }
            intVariants[k][p] = v;
        } else {
            boolean shortOne = (changingWidths || mixed) && k % 2 == 0;
            double v = mixed ? DdsMessages.mixed(r) : shortOne ? DdsMessages.price(r) : DdsMessages.hardDouble(r);
            while (used(k, p, Double.doubleToRawLongBits(v))
                    || mixed && (dev.dsoap.bench.serialize.Values.width(v) <= MIXED_SHORT) != shortOne) {
                v = mixed ? DdsMessages.mixed(r) : shortOne ? DdsMessages.price(r) : DdsMessages.hardDouble(r);
            }
            doubleVariants[k][p] = v;
        }
    }

    private boolean usedString(int k, int p, String value) {
        for (int j = 0; j < k; j++) {
            if (stringVariants[j][p].equals(value)) {
                return true;
            }
        }
        return false;
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

    /** The variant run {@code run} takes in array {@code n} (see the class comment). */
    public static int variant(int run, long n) {
        long z = SEED + (n / VARIANTS) * 0x9e3779b97f4a7c15L + run;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        z ^= z >>> 31;
        return (int) ((n + 2 * (z & (VARIANTS / 2 - 1))) & (VARIANTS - 1));
    }

    public Shape shape() {
        return shape;
    }

    public int size() {
        return size;
    }

    public int percent() {
        return percent;
    }

    /** Runs of changed items. */
    public int runCount() {
        return runs.length - 1;
    }

    /** The first changed position of run {@code run}. */
    public int runFrom(int run) {
        return runs[run];
    }

    /** The changed position after the last of run {@code run}. */
    public int runTo(int run) {
        return runs[run + 1];
    }

    /** The item index of changed position {@code p}. */
    public int changedIndex(int p) {
        return changed[p];
    }

    /** Item {@code i}'s value where it does not change (shape {@code doubles}). */
    public double baseDouble(int i) {
        return ((double[]) base)[i];
    }

    /** Item {@code i}'s value where it does not change (shape {@code ints}). */
    public int baseInt(int i) {
        return ((int[]) base)[i];
    }

    /** A copy of item {@code i}'s value where it does not change (shape {@code mios}). */
    public Mio baseMio(int i) {
        Mio m = ((Mio[]) base)[i];
        return new Mio(m.getA(), m.getB(), m.getV());
    }

    /** Item {@code i}'s value where it does not change (shape {@code strings}). */
    public String baseString(int i) {
        return ((String[]) base)[i];
    }

    /** Variant {@code k}'s string of changed position {@code p}. */
    public String variantString(int k, int p) {
        return stringVariants[k][p];
    }

    /** Variant {@code k}'s double (for MIOs, its {@code v}) of changed position {@code p}. */
    public double variantDouble(int k, int p) {
        return doubleVariants[k][p];
    }

    /** Variant {@code k}'s int of changed position {@code p}. */
    public int variantInt(int k, int p) {
        return intVariants[k][p];
    }

    /** The items array {@code n} carries, in a new {@code double[]}, {@code int[]}, {@code Mio[]} or {@code String[]}. */
    public Object values(long n) {
        Object out = switch (shape) {
            case DOUBLES -> ((double[]) base).clone();
            case INTS -> ((int[]) base).clone();
            case STRINGS -> ((String[]) base).clone();
            case MIOS -> {
                Mio[] src = (Mio[]) base;
                Mio[] a = new Mio[size];
                for (int i = 0; i < size; i++) {
                    a[i] = new Mio(src[i].getA(), src[i].getB(), src[i].getV());
                }
                yield a;
            }
        };
        for (int run = 0; run < runCount(); run++) {
            int k = variant(run, n);
            for (int p = runs[run]; p < runs[run + 1]; p++) {
                int i = changed[p];
                switch (shape) {
                    case DOUBLES -> ((double[]) out)[i] = doubleVariants[k][p];
                    case INTS -> ((int[]) out)[i] = intVariants[k][p];
                    case MIOS -> ((Mio[]) out)[i].setV(doubleVariants[k][p]);
                    case STRINGS -> ((String[]) out)[i] = stringVariants[k][p];
                }
            }
        }
        return out;
    }

    /**
     * Null if {@code got} holds the same items as {@code want} (bit for bit; strings char for char), else where
     * they first differ.
     */
    public static String difference(Object want, Object got) {
        if (want instanceof double[] w && got instanceof double[] g) {
            return Arrays.equals(w, g) ? null : first(w.length, g.length, i -> Double.doubleToRawLongBits(w[i]) == Double.doubleToRawLongBits(g[i]),
                    i -> w[i] + " vs " + g[i]);
        }
        if (want instanceof int[] w && got instanceof int[] g) {
            return Arrays.equals(w, g) ? null : first(w.length, g.length, i -> w[i] == g[i], i -> w[i] + " vs " + g[i]);
        }
        if (want instanceof String[] w && got instanceof String[] g) {
            return first(w.length, g.length, i -> Objects.equals(w[i], g[i]), i -> quote(w[i]) + " vs " + quote(g[i]));
        }
        if (want instanceof Mio[] w && got instanceof Mio[] g) {
            return first(w.length, g.length, i -> w[i].getA() == g[i].getA() && w[i].getB() == g[i].getB()
                            && Double.doubleToRawLongBits(w[i].getV()) == Double.doubleToRawLongBits(g[i].getV()),
                    i -> w[i] + " vs " + g[i]);
        }
        if (want == null || got == null) {
            return want == got ? null : (want == null ? "nothing sent, " : "sent " + want.getClass().getSimpleName()
                    + ", ") + (got == null ? "nothing echoed" : got.getClass().getSimpleName() + " echoed");
        }
        return "different types: " + want.getClass().getSimpleName() + " vs " + got.getClass().getSimpleName();
    }

    /** A string in quotes, every character outside printable ASCII as a Java escape; {@code null} as is. */
    static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                b.append(c);
            } else {
                b.append(String.format("\\u%04x", (int) c));
            }
        }
        return b.append('"').toString();
    }

    private static String first(int wantLength, int gotLength, IntPredicate same, IntFunction<String> show) {
        for (int i = 0; i < Math.min(wantLength, gotLength); i++) {
            if (!same.test(i)) {
                return "item " + i + ": " + show.apply(i);
            }
        }
        return wantLength == gotLength ? null : wantLength + " items sent, " + gotLength + " echoed";
    }

    @Override
    public String toString() {
        return shape.param + ", size " + size + ", " + percent + " % changed in " + runCount() + " runs of "
                + VARIANTS + " variants" + (changingWidths ? ", each changing its width" : "");
    }
}
