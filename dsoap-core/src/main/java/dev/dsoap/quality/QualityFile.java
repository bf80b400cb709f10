package dev.dsoap.quality;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A SOAP-binQ quality file: intervals of one quality attribute, each mapped to a message type, plus the
 * settings of the history that keeps the choice from oscillating. The format (docs/jaxws.md):
 *
 * <pre>
 * # comment
 * attribute  = rtt     # the attribute the intervals are of (default rtt: round-trip time in milliseconds)
 * hysteresis = 0.1     # leave a type only beyond its interval's bounds by this fraction of the bound (default 0.1)
 * history    = 3       # consecutive samples a new type needs before it is chosen (default 3)
 * 0    50  - full      # LOW HIGH - TYPE: LOW &lt;= value &lt; HIGH chooses TYPE; HIGH may be inf, LOW -inf
 * 50   200 - half
 * 200  inf - quarter
 * </pre>
 *
 * Intervals come in ascending order and do not overlap (gaps are allowed: a value in a gap keeps the current
 * type); each type appears once. Immutable, thread-safe.
 */
public final class QualityFile {
    public static final String DEFAULT_ATTRIBUTE = "rtt";
    public static final double DEFAULT_HYSTERESIS = 0.1;
    public static final int DEFAULT_HISTORY = 3;
    /** Longest message type name, in characters. */
    public static final int MAX_TYPE = 64;

    /** Where the file came from, for messages. */
    public final String source;
    /** The attribute whose value selects the interval. */
    public final String attribute;
    /** Fraction of a bound by which a value must pass it before the current type is left, in [0, 1). */
    public final double hysteresis;
    /** Consecutive samples outside the current type's band, in one other interval, before that one is chosen. */
    public final int history;
    private final double[] low;
    private final double[] high;
    private final String[] types;

    private QualityFile(String source, String attribute, double hysteresis, int history, List<double[]> bounds,
                        List<String> types) {
        this.source = source;
        this.attribute = attribute;
        this.hysteresis = hysteresis;
        this.history = history;
        this.low = new double[bounds.size()];
        this.high = new double[bounds.size()];
        for (int i = 0; i < low.length; i++) {
            low[i] = bounds.get(i)[0];
            high[i] = bounds.get(i)[1];
        }
        this.types = types.toArray(new String[0]);
    }

    /**
     * Loads a quality file from the class path ({@code resource} as for {@link ClassLoader#getResource}; a
     * leading '/' is ignored), trying {@code loader} first, then this class's loader. UTF-8.
     *
     * @throws IllegalArgumentException when it is missing or malformed (the message names file and line)
     */
    public static QualityFile load(String resource, ClassLoader loader) {
        String name = resource.startsWith("/") ? resource.substring(1) : resource;
        URL url = loader == null ? null : loader.getResource(name);
        if (url == null) {
            url = QualityFile.class.getClassLoader().getResource(name);
        }
        if (url == null) {
            throw new IllegalArgumentException("quality file " + resource + ": not found on the class path");
        }
        try (InputStream in = url.openStream()) {
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource);
        } catch (IOException e) {
            throw new UncheckedIOException("quality file " + resource + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses a quality file's text.
     *
     * @param source names the file in error messages
     * @throws IllegalArgumentException naming the line when the text is malformed
     */
    public static QualityFile parse(String text, String source) {
        String attribute = DEFAULT_ATTRIBUTE;
        double hysteresis = DEFAULT_HYSTERESIS;
        int history = DEFAULT_HISTORY;
        List<double[]> bounds = new ArrayList<>();
        List<String> types = new ArrayList<>();
        Map<String, Integer> typeLines = new HashMap<>();
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int n = 1; n <= lines.length; n++) {
            String line = lines[n - 1];
            int hash = line.indexOf('#');
            line = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (line.isEmpty()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq >= 0) {
                String key = line.substring(0, eq).strip();
                String value = line.substring(eq + 1).strip();
                switch (key) {
                    case "attribute" -> {
                        if (!QualityAttributes.validName(value)) {
                            throw bad(source, n, "attribute name '" + value + "' is malformed");
                        }
                        attribute = value;
                    }
                    case "hysteresis" -> {
                        hysteresis = number(source, n, value);
                        if (!(hysteresis >= 0 && hysteresis < 1)) {
                            throw bad(source, n, "hysteresis " + value + ": expected 0 <= h < 1");
                        }
                    }
                    case "history" -> {
                        try {
                            history = Integer.parseInt(value);
                        } catch (NumberFormatException e) {
                            history = -1;
                        }
                        if (history < 1 || history > 64) {
                            throw bad(source, n, "history " + value + ": expected a count from 1 to 64");
                        }
                    }
                    default -> throw bad(source, n, "unknown setting '" + key
                            + "' (expected attribute, hysteresis or history)");
                }
                continue;
            }
            String[] t = line.split("\\s+");
            if (t.length != 4 || !t[2].equals("-")) {
                throw bad(source, n, "expected 'LOW HIGH - TYPE' or 'setting = value', found '" + line + "'");
            }
            double lo = bound(source, n, t[0]);
            double hi = bound(source, n, t[1]);
            if (!(lo < hi) || lo == Double.POSITIVE_INFINITY || hi == Double.NEGATIVE_INFINITY) {
                throw bad(source, n, "interval [" + t[0] + ", " + t[1] + ") is empty");
            }
            if (!bounds.isEmpty() && lo < bounds.get(bounds.size() - 1)[1]) {
                throw bad(source, n, "interval [" + t[0] + ", " + t[1] + ") starts below the end of the one before ("
                        + bounds.get(bounds.size() - 1)[1] + "): intervals must ascend without overlapping");
            }
            String type = t[3];
            if (type.length() > MAX_TYPE) {
                throw bad(source, n, "message type '" + type + "' is longer than " + MAX_TYPE + " characters");
            }
            Integer first = typeLines.putIfAbsent(type, n);
            if (first != null) {
                throw bad(source, n, "message type '" + type + "' already on line " + first);
            }
            bounds.add(new double[] {lo, hi});
            types.add(type);
        }
        if (types.isEmpty()) {
            throw new IllegalArgumentException("quality file " + source + ": no 'LOW HIGH - TYPE' line");
        }
        return new QualityFile(source, attribute, hysteresis, history, bounds, types);
    }

    private static double bound(String source, int line, String s) {
        switch (s.toLowerCase(Locale.ROOT)) {
            case "inf", "+inf" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf" -> {
                return Double.NEGATIVE_INFINITY;
            }
            default -> {
                return number(source, line, s);
            }
        }
    }

    private static double number(String source, int line, String s) {
        try {
            double d = Double.parseDouble(s);
            if (Double.isFinite(d) && !s.isEmpty() && !Character.isLetter(s.charAt(s.length() - 1))) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(source, line, "'" + s + "' is not a number");
    }

    private static IllegalArgumentException bad(String source, int line, String what) {
        return new IllegalArgumentException("quality file " + source + " line " + line + ": " + what);
    }

    /** Number of intervals (and types). */
    public int size() {
        return types.length;
    }

    /** The interval holding {@code value}, or -1 (NaN, or a value in a gap or outside all intervals). */
    public int interval(double value) {
        for (int i = 0; i < low.length; i++) {
            if (value >= low[i] && value < high[i]) {
                return i;
            }
        }
        return -1;
    }

    /** Whether {@code value} lies within interval {@code i} widened by the hysteresis margin on both sides. */
    public boolean holds(int i, double value) {
        return value >= low[i] - margin(low[i]) && value < high[i] + margin(high[i]);
    }

    private double margin(double bound) {
        return hysteresis == 0 || Double.isInfinite(bound) ? 0 : hysteresis * Math.abs(bound);
    }

    /** Interval {@code i}'s lower bound (inclusive), in the attribute's unit. */
    public double low(int i) {
        return low[i];
    }

    /** Interval {@code i}'s upper bound (exclusive), in the attribute's unit. */
    public double high(int i) {
        return high[i];
    }

    /** Interval {@code i}'s message type. */
    public String type(int i) {
        return types[i];
    }

    /** Whether some interval maps to {@code type}. */
    public boolean knows(String type) {
        for (String t : types) {
            if (t.equals(type)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("quality file ").append(source).append(" (attribute ").append(attribute)
                .append(", hysteresis ").append(hysteresis).append(", history ").append(history).append("):");
        for (int i = 0; i < types.length; i++) {
            b.append(' ').append('[').append(low[i]).append(", ").append(high[i]).append(") -> ").append(types[i]);
        }
        return b.toString();
    }
}
