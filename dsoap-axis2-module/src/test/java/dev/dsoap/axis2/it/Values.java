package dev.dsoap.axis2.it;

import java.util.Random;

/** Generated values with the edge cases every differential path must carry. */
final class Values {
    static final double[] EDGE = {Double.NaN, -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 2.0e-310,
            Double.MAX_VALUE, -Double.MAX_VALUE, 1e-300, -1.5, 123456.789, 0.1, 1.0 / 3};
    static final String[] STRINGS = {"", "plain", "&<>\"'", "grüße €", "𝄞 clef", "中文", "a&amp;b", "]]>", "x\ty"};
    static final int[] INT_EDGE = {0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE};

    private Values() {
    }

    /** {@code prev} with about {@code percent} % of its items changed, sometimes resized (a similar next message). */
    static double[] next(double[] prev, Random r, int percent) {
        double[] v = prev.clone();
        if (r.nextInt(10) == 0) {
            v = java.util.Arrays.copyOf(v, Math.max(0, v.length + r.nextInt(9) - 4));
        }
        for (int i = 0; i < v.length; i++) {
            if (r.nextInt(100) < percent) {
                v[i] = value(r);
            }
        }
        return v;
    }

    static double value(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> EDGE[r.nextInt(EDGE.length)];
            case 1 -> r.nextInt(1000);
            case 2 -> Double.longBitsToDouble(r.nextLong()) == Double.longBitsToDouble(r.nextLong()) ? 0 : r.nextGaussian() * 1e6;
            default -> Math.round(r.nextDouble() * 1e6) / 1e3;
        };
    }

    static double[] doubles(Random r, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = value(r);
        }
        return v;
    }

    static int intValue(Random r) {
        return r.nextInt(4) == 0 ? INT_EDGE[r.nextInt(INT_EDGE.length)] : r.nextInt(100000) - 50000;
    }

    static String string(Random r) {
        return r.nextInt(8) == 0 ? null : STRINGS[r.nextInt(STRINGS.length)] + (r.nextBoolean() ? "" : r.nextInt(100));
    }

    static boolean finite(double[] v) {
        for (double d : v) {
            if (Double.isInfinite(d)) {
                return false;
            }
        }
        return true;
    }
}
