package dev.dsoap.jaxws.it;

import java.util.Arrays;
import java.util.Random;

/**
 * Seeded message sequences: each message like the previous one with a share of its values changed, sometimes
 * resized, emptied or null, drawing on the edge values every differential path must carry.
 */
final class Gen {
    private static final double[] DOUBLES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, Double.MIN_NORMAL, 4.9e-322, Double.MAX_VALUE, -Double.MAX_VALUE, 0.1, 1.0 / 3, -2.5e-8};
    private static final int[] INTS = {0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE};
    private static final String[] TEXT = {"", "plain", "&<>\"'", "grüße €", "\uD834\uDD1E clef", "中文", "a&amp;b", "]]>",
            "tab\there", " spaced "};

    final Random random;
    private final int percent;

    Gen(long seed, int percent) {
        this.random = new Random(seed);
        this.percent = percent;
    }

    private boolean change() {
        return random.nextInt(100) < percent;
    }

    /** A new length for an array of length {@code n}: mostly the same, sometimes resized or empty. */
    private int length(int n) {
        int k = random.nextInt(20);
        return k == 0 ? 0 : k == 1 ? n + 1 + random.nextInt(5) : k == 2 ? Math.max(0, n - 1 - random.nextInt(5)) : n;
    }

    double dbl() {
        int k = random.nextInt(5);
        return k == 0 ? DOUBLES[random.nextInt(DOUBLES.length)] : k == 1 ? random.nextInt(2000) - 1000
                : k == 2 ? random.nextGaussian() * 1e9 : Math.round(random.nextDouble() * 1e6) / 1e3;
    }

    int integer() {
        return random.nextInt(4) == 0 ? INTS[random.nextInt(INTS.length)] : random.nextInt(200001) - 100000;
    }

    String text() {
        return random.nextInt(10) == 0 ? null : TEXT[random.nextInt(TEXT.length)] + (random.nextBoolean() ? "" : random.nextInt(99));
    }

    double[] doubles(double[] prev) {
        if (prev == null || random.nextInt(40) == 0) {
            return random.nextInt(3) == 0 ? null : fill(new double[random.nextInt(40)]);
        }
        double[] v = Arrays.copyOf(prev, length(prev.length));
        for (int i = 0; i < v.length; i++) {
            if (i >= prev.length || change()) {
                v[i] = dbl();
            }
        }
        return v;
    }

    private double[] fill(double[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] = dbl();
        }
        return v;
    }

    int[] ints(int[] prev) {
        int[] v = prev == null ? new int[random.nextInt(30)] : Arrays.copyOf(prev, length(prev.length));
        for (int i = 0; i < v.length; i++) {
            if (prev == null || i >= prev.length || change()) {
                v[i] = integer();
            }
        }
        return v;
    }

    String[] strings(String[] prev) {
        String[] v = prev == null ? new String[random.nextInt(20)] : Arrays.copyOf(prev, length(prev.length));
        for (int i = 0; i < v.length; i++) {
            if (prev == null || i >= prev.length || change()) {
                v[i] = text();
            }
        }
        return v;
    }

    Mio[] mios(Mio[] prev) {
        Mio[] v = prev == null ? new Mio[random.nextInt(20)] : Arrays.copyOf(prev, length(prev.length));
        for (int i = 0; i < v.length; i++) {
            if (prev == null || i >= prev.length || change()) {
                v[i] = new Mio(integer(), integer(), dbl());
            } else {
                v[i] = new Mio(v[i].a, v[i].b, v[i].c);
            }
        }
        return v;
    }

    Reading reading(Reading prev) {
        if (random.nextInt(25) == 0) {
            return null;
        }
        Reading r = new Reading();
        boolean fresh = prev == null;
        r.setSensor(fresh || change() ? text() : prev.getSensor());
        r.setValue(fresh || change() ? dbl() : prev.getValue());
        r.setSamples(doubles(fresh ? null : prev.getSamples()));
        r.setCounts(random.nextInt(8) == 0 ? null : ints(fresh ? null : prev.getCounts()));
        r.setNote(fresh || change() ? text() : prev.getNote());
        r.setOffset(fresh || change() ? (random.nextInt(4) == 0 ? null : integer()) : prev.getOffset());
        r.setOrigin(random.nextInt(6) == 0 ? null : new Mio(integer(), integer(), dbl()));
        return r;
    }
}
