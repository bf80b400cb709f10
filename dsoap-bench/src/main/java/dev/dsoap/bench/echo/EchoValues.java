package dev.dsoap.bench.echo;

import dev.dsoap.bench.deserialize.DdsMessages;
import dev.dsoap.bench.serialize.Mio;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * finite. The changed items are {@link DdsMessages#changedIndices round(percent % of size)} of them, in one
 * run at the centre of each of {@value #PARTITIONS} partitions; every other item keeps its value in every
 * array. {@code percent = 0} gives identical arrays.
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

    private final Shape shape;
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

    public EchoValues(Shape shape, int size, int percent) {
        if (size < 0 || percent < 0 || percent > 100) {
            throw new IllegalArgumentException("size " + size + ", percent " + percent
                    + ": need size >= 0, 0 <= percent <= 100");
        }
        this.shape = shape;
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

    /** Variant {@code k}'s double (for MIOs, its {@code v}) of changed position {@code p}. */
    public double variantDouble(int k, int p) {
        return doubleVariants[k][p];
    }

    /** Variant {@code k}'s int of changed position {@code p}. */
    public int variantInt(int k, int p) {
        return intVariants[k][p];
    }

    /** The items array {@code n} carries, in a new {@code double[]}, {@code int[]} or {@code Mio[]}. */
    public Object values(long n) {
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
        for (int run = 0; run < runCount(); run++) {
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

    /**
     * Null if {@code got} holds the same items as {@code want} (bit for bit), else where they first differ.
     */
    public static String difference(Object want, Object got) {
        if (want instanceof double[] w && got instanceof double[] g) {
            return Arrays.equals(w, g) ? null : first(w.length, g.length, i -> Double.doubleToRawLongBits(w[i]) == Double.doubleToRawLongBits(g[i]),
                    i -> w[i] + " vs " + g[i]);
        }
        if (want instanceof int[] w && got instanceof int[] g) {
            return Arrays.equals(w, g) ? null : first(w.length, g.length, i -> w[i] == g[i], i -> w[i] + " vs " + g[i]);
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
                + VARIANTS + " variants";
    }
}
