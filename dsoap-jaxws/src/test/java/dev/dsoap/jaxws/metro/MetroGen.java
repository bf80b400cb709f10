package dev.dsoap.jaxws.metro;

import java.util.Arrays;
import java.util.Random;

/**
 * Seeded message sequences for the Metro tests: long arrays, each message like the previous one with about a tenth
 * of its items changed at random positions to values printed with another width, sometimes resized; every edge
 * value in the first message.
 */
final class MetroGen {
    static final double[] EDGE_DOUBLES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, 4.9e-322, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE};
    static final int[] EDGE_INTS = {0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1};
    static final String[] EDGE_STRINGS = {"", "&<>\"'", "tab\there", "grüße €", "中文", "\uD834\uDD1E clef",
            "\uD83D\uDE00", "a&amp;b", "]]>", " spaced ", "<x/>", "\"quoted\" & 'single'"};
    static final int MIN_LENGTH = 500;
    static final int MAX_LENGTH = 1500;
    /** Attempts at a value of another printed width before taking whatever came. */
    private static final int WIDTH_TRIES = 8;

    final Random random;

    MetroGen(long seed) {
        this.random = new Random(seed);
    }

    private int length() {
        return MIN_LENGTH + random.nextInt(MAX_LENGTH - MIN_LENGTH + 1);
    }

    /** A new length for the next message: mostly the same, one time in eight another length in range. */
    private int nextLength(int n) {
        return random.nextInt(8) == 0 ? length() : n;
    }

    /** Changed positions per message: about a tenth. */
    private int changes(int n) {
        return Math.max(1, n / 10);
    }

    double dbl() {
        switch (random.nextInt(7)) {
            case 0:
                return EDGE_DOUBLES[random.nextInt(EDGE_DOUBLES.length)];
            case 1:
                return random.nextInt(2000) - 1000;
            case 2:
                return (random.nextInt(200) - 100) / 10.0;
            case 3:
                return Math.round(random.nextDouble() * 1e6) / 1e3;
            case 4:
                return random.nextGaussian() * 1e9;
            case 5:
                return random.nextDouble() * Math.pow(10, random.nextInt(600) - 300);
            default:
                return random.nextDouble();
        }
    }

    /** A value whose printed form is of another width than {@code old}'s (if one comes within a few tries). */
    private double otherDouble(double old) {
        int width = Double.toString(old).length();
        double v = dbl();
        for (int i = 0; i < WIDTH_TRIES && Double.toString(v).length() == width; i++) {
            v = dbl();
        }
        return v;
    }

    double[] doubles(double[] prev) {
        if (prev == null) {
            double[] v = new double[length()];
            for (int i = 0; i < v.length; i++) {
                v[i] = dbl();
            }
            for (double e : EDGE_DOUBLES) {
                v[random.nextInt(v.length)] = e;
            }
            return v;
        }
        double[] v = Arrays.copyOf(prev, nextLength(prev.length));
        for (int i = prev.length; i < v.length; i++) {
            v[i] = dbl();
        }
        for (int c = changes(v.length); c > 0; c--) {
            int i = random.nextInt(v.length);
            v[i] = otherDouble(v[i]);
        }
        return v;
    }

    int integer() {
        switch (random.nextInt(5)) {
            case 0:
                return EDGE_INTS[random.nextInt(EDGE_INTS.length)];
            case 1:
                return random.nextInt(10);
            case 2:
                return random.nextInt(20001) - 10000;
            default:
                return random.nextInt();
        }
    }

    private int otherInt(int old) {
        int width = Integer.toString(old).length();
        int v = integer();
        for (int i = 0; i < WIDTH_TRIES && Integer.toString(v).length() == width; i++) {
            v = integer();
        }
        return v;
    }

    int[] ints(int[] prev) {
        if (prev == null) {
            int[] v = new int[length()];
            for (int i = 0; i < v.length; i++) {
                v[i] = integer();
            }
            for (int e : EDGE_INTS) {
                v[random.nextInt(v.length)] = e;
            }
            return v;
        }
        int[] v = Arrays.copyOf(prev, nextLength(prev.length));
        for (int i = prev.length; i < v.length; i++) {
            v[i] = integer();
        }
        for (int c = changes(v.length); c > 0; c--) {
            int i = random.nextInt(v.length);
            v[i] = otherInt(v[i]);
        }
        return v;
    }

    /** Edge strings, some with a number appended, and plain words of varying length. */
    String text() {
        if (random.nextInt(3) == 0) {
            char[] c = new char[1 + random.nextInt(24)];
            for (int i = 0; i < c.length; i++) {
                c[i] = (char) ('a' + random.nextInt(26));
            }
            return new String(c);
        }
        String e = EDGE_STRINGS[random.nextInt(EDGE_STRINGS.length)];
        return random.nextBoolean() ? e : e + random.nextInt(1000);
    }

    private String otherText(String old) {
        String v = text();
        for (int i = 0; i < WIDTH_TRIES && v.length() == old.length(); i++) {
            v = text();
        }
        return v;
    }

    String[] strings(String[] prev) {
        if (prev == null) {
            String[] v = new String[length()];
            for (int i = 0; i < v.length; i++) {
                v[i] = text();
            }
            for (String e : EDGE_STRINGS) {
                v[random.nextInt(v.length)] = e;
            }
            return v;
        }
        String[] v = Arrays.copyOf(prev, nextLength(prev.length));
        for (int i = prev.length; i < v.length; i++) {
            v[i] = text();
        }
        for (int c = changes(v.length); c > 0; c--) {
            int i = random.nextInt(v.length);
            v[i] = otherText(v[i]);
        }
        return v;
    }
}
