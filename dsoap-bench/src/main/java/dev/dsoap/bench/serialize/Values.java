package dev.dsoap.bench.serialize;

import dev.dsoap.numbers.XsdFormat;

import java.util.Random;

/**
 * Values of an exact serialized width, measured with dsoap's own formatter ({@link XsdFormat}), so that a
 * "same width" experiment really rewrites every value in place and a "growth" experiment really grows
 * every value by the intended number of bytes, whatever the formatter's shortest form is.
 */
public final class Values {
    /** Fixed seed: every run measures the same values. */
    public static final long SEED = 0x5eed_d50a9L;
    /** Attempts per wanted value before giving up. */
    private static final int TRIES = 10_000;
    /** Scratch for width measurement. */
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[64]);

    private Values() {
    }

    /** Bytes {@code v} takes in a dsoap message. */
    public static int width(double v) {
        return XsdFormat.writeDouble(v, SCRATCH.get(), 0);
    }

    /** Bytes {@code v} takes in a dsoap message. */
    public static int width(int v) {
        return XsdFormat.writeInt(v, SCRATCH.get(), 0);
    }

    /** Bytes of the three values of {@code m}. */
    public static int width(Mio m) {
        return width(m.getA()) + width(m.getB()) + width(m.getV());
    }

    /** The narrowest width any double takes (0.0 .. 9.0 are tried). */
    public static int minDoubleWidth() {
        int min = Integer.MAX_VALUE;
        for (int k = 0; k < 10; k++) {
            min = Math.min(min, width((double) k));
        }
        return min;
    }

    /** The widest lexical form of a double: 24 bytes, e.g. {@code -2.2250738585072014E-308}. */
    public static int maxDoubleWidth() {
        return XsdFormat.MAX_DOUBLE_WIDTH;
    }

    /** A double of exactly {@code width} bytes, different from {@code not} (compared by bits). */
    public static double doubleOfWidth(int width, Random r, double not) {
        for (int i = 0; i < TRIES; i++) {
            double v = candidate(width, r);
            if (width(v) == width && Double.doubleToRawLongBits(v) != Double.doubleToRawLongBits(not)) {
                return v;
            }
        }
        throw new IllegalStateException("no double of width " + width + " after " + TRIES + " tries");
    }

    private static double candidate(int width, Random r) {
        if (width <= 5) {
            return r.nextInt(10);
        }
        if (width >= 23) {
            // -d.dddddddddddddddd E-3dd: sign, 17 significant digits, three-digit negative exponent
            return -(1 + 8 * r.nextDouble()) * Math.pow(10, -300 - r.nextInt(7));
        }
        // d.ddd... with width-2 fraction digits, or fewer digits with a magnitude
        int digits = Math.max(1, width - 2);
        if (digits <= 16 && r.nextBoolean()) {
            double scale = Math.pow(10, digits);
            return 1 + Math.floor(r.nextDouble() * scale) / scale;
        }
        return (1 + r.nextDouble()) * Math.pow(10, r.nextInt(3) - 1);
    }

    /** {@code n} doubles of exactly {@code width} bytes. */
    public static double[] doubles(int width, int n, Random r) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = doubleOfWidth(width, r, Double.NaN);
        }
        return a;
    }

    /** An int of exactly {@code width} bytes (1 to 11), different from {@code not}. */
    public static int intOfWidth(int width, Random r, int not) {
        for (int i = 0; i < TRIES; i++) {
            int v;
            if (width == 11) {
                v = -1_000_000_000 - r.nextInt(1_147_483_648);
            } else if (width == 1) {
                v = r.nextInt(10);
            } else {
                int lo = (int) Math.pow(10, width - 1);
                v = lo + r.nextInt((int) Math.min((long) Integer.MAX_VALUE - lo, 9L * lo));
            }
            if (width(v) == width && v != not) {
                return v;
            }
        }
        throw new IllegalStateException("no int of width " + width + " after " + TRIES + " tries");
    }

    /** Ordinary values for content-match runs: doubles in [0, 1000), ints and MIO coordinates in [0, 10^6). */
    public static Payload typical(ValueKind kind, int n, Random r) {
        return switch (kind) {
            case DOUBLE -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextDouble() * 1000;
                }
                yield Payload.of(a);
            }
            case INT -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = r.nextInt(1_000_000);
                }
                yield Payload.of(a);
            }
            case MIO -> {
                Mio[] a = new Mio[n];
                for (int i = 0; i < n; i++) {
                    a[i] = new Mio(r.nextInt(1_000_000), r.nextInt(1_000_000), r.nextDouble() * 1000);
                }
                yield Payload.of(a);
            }
        };
    }

    /**
     * Values of fixed widths: doubles of {@code doubleWidth}; ints of {@code intWidth}; MIOs of two ints of
     * {@code intWidth} and a double of {@code doubleWidth}.
     */
    public static Payload ofWidth(ValueKind kind, int n, int doubleWidth, int intWidth, Random r) {
        return switch (kind) {
            case DOUBLE -> Payload.of(doubles(doubleWidth, n, r));
            case INT -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = intOfWidth(intWidth, r, Integer.MIN_VALUE + 1);
                }
                yield Payload.of(a);
            }
            case MIO -> {
                Mio[] a = new Mio[n];
                for (int i = 0; i < n; i++) {
                    a[i] = new Mio(intOfWidth(intWidth, r, 0), intOfWidth(intWidth, r, 0),
                            doubleOfWidth(doubleWidth, r, Double.NaN));
                }
                yield Payload.of(a);
            }
        };
    }

    /** Whether item {@code i} is among the {@code percent} % that change (25, 50, 75 or 100): spread evenly. */
    public static boolean changes(int i, int percent) {
        return (i & 3) < percent / 25;
    }

    /**
     * A copy of {@code base} where exactly {@code percent} % of the items (see {@link #changes}) get a new
     * value: for MIOs only the double, as in the paper. New doubles have {@code doubleWidth} bytes, new ints
     * {@code intWidth}; pass the base's own widths for a same-width (perfect structural) change.
     */
    public static Payload changed(Payload base, int percent, int doubleWidth, int intWidth, Random r) {
        int n = base.length();
        switch (base.kind()) {
            case DOUBLE -> {
                double[] a = base.doubles().clone();
                for (int i = 0; i < n; i++) {
                    if (changes(i, percent)) {
                        a[i] = doubleOfWidth(doubleWidth, r, a[i]);
                    }
                }
                return Payload.of(a);
            }
            case INT -> {
                int[] a = base.ints().clone();
                for (int i = 0; i < n; i++) {
                    if (changes(i, percent)) {
                        a[i] = intOfWidth(intWidth, r, a[i]);
                    }
                }
                return Payload.of(a);
            }
            default -> {
                Mio[] src = base.mios();
                Mio[] a = new Mio[n];
                for (int i = 0; i < n; i++) {
                    Mio m = src[i];
                    a[i] = changes(i, percent) ? new Mio(m.getA(), m.getB(), doubleOfWidth(doubleWidth, r, m.getV()))
                            : new Mio(m.getA(), m.getB(), m.getV());
                }
                return Payload.of(a);
            }
        }
    }

    /**
     * A copy of {@code base} where {@code percent} % of the items grow to the widest form: doubles of 24 bytes,
     * MIOs of 46 (two 11-byte ints and a 24-byte double).
     */
    public static Payload grown(Payload base, int percent, Random r) {
        int n = base.length();
        return switch (base.kind()) {
            case DOUBLE -> {
                double[] a = base.doubles().clone();
                for (int i = 0; i < n; i++) {
                    if (changes(i, percent)) {
                        a[i] = doubleOfWidth(maxDoubleWidth(), r, a[i]);
                    }
                }
                yield Payload.of(a);
            }
            case INT -> {
                int[] a = base.ints().clone();
                for (int i = 0; i < n; i++) {
                    if (changes(i, percent)) {
                        a[i] = intOfWidth(11, r, a[i]);
                    }
                }
                yield Payload.of(a);
            }
            case MIO -> {
                Mio[] src = base.mios();
                Mio[] a = new Mio[n];
                for (int i = 0; i < n; i++) {
                    Mio m = src[i];
                    a[i] = changes(i, percent)
                            ? new Mio(intOfWidth(11, r, m.getA()), intOfWidth(11, r, m.getB()),
                            doubleOfWidth(maxDoubleWidth(), r, m.getV()))
                            : new Mio(m.getA(), m.getB(), m.getV());
                }
                yield Payload.of(a);
            }
        };
    }

    /** Total bytes of the values of {@code p} (without tags). */
    public static long valueBytes(Payload p) {
        long sum = 0;
        for (int i = 0; i < p.length(); i++) {
            sum += switch (p.kind()) {
                case DOUBLE -> width(p.doubles()[i]);
                case INT -> width(p.ints()[i]);
                case MIO -> width(p.mios()[i]);
            };
        }
        return sum;
    }
}
