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
 * A SOAP-binQ quality file: intervals of one quality attribute, each mapped to a message variant, the variants,
 * and the settings of the estimate and of the switching that keep the choice from oscillating. The format
 * (docs/quality.md):
 *
 * <pre>
 * # comment
 * attributes = resolution  # attributes the application sets at run time (rtt and processing are built in)
 * attribute  = rtt     # the attribute the intervals are of (default rtt: round-trip time in milliseconds)
 * estimator  = rfc6298 # rfc6298 (default: SRTT and RTTVAR, fast and slow averages) or ewma (R = 0.875 R + 0.125 M)
 * k-rise     = 0.5     # deviations the estimate's band spans when the attribute rises (default 0.5)
 * k-fall     = 2       # ... when it falls (default 2)
 * dwell      = 1000    # least milliseconds between two switches (default 1000)
 * bound      = 900     # the response time, in milliseconds, the file means to keep (reported; optional)
 * variant two = last timesteps 2   # see Variant
 * 0    50  - full      # LOW HIGH - VARIANT: LOW &lt;= value &lt; HIGH chooses VARIANT; HIGH may be inf, LOW -inf
 * 50   200 - two
 * 200  inf - one
 * </pre>
 *
 * Intervals come in ascending order, each starting where the one before ends (no gaps, no overlaps); each variant
 * appears once. A file that declares variants may name only those and {@code full}; a file that declares none
 * names message types its host binds in code. The attribute must be built in or declared. Immutable,
 * thread-safe.
 */
public final class QualityFile {
    public static final String DEFAULT_ATTRIBUTE = "rtt";
    /** Longest message type name, in characters. */
    public static final int MAX_TYPE = 64;
    /** Attributes every host knows: round-trip time and the server's processing time, milliseconds. */
    public static final java.util.Set<String> BUILT_IN = java.util.Set.of("rtt", "processing");
    public static final double DEFAULT_K_RISE = 0.5;
    public static final double DEFAULT_K_FALL = 2;
    public static final long DEFAULT_DWELL_MILLIS = 1000;

    /** How the attribute's samples are averaged. */
    public enum Estimator {
        /** TCP's SRTT and RTTVAR (RFC 6298) with a slow average, the larger of the two averages taken. */
        RFC6298,
        /** SOAP-binQ's plain average: {@code R = 0.875 R + 0.125 M}, no deviation. */
        EWMA
    }

    /** Where the file came from, for messages. */
    public final String source;
    /** The attribute whose value selects the interval. */
    public final String attribute;
    /** How samples are averaged. */
    public final Estimator estimator;
    /** Deviations the estimate's band spans when the attribute rises, >= 0. */
    public final double kRise;
    /** Deviations the estimate's band spans when the attribute falls, >= 0. */
    public final double kFall;
    /** Least milliseconds between two switches, >= 0. */
    public final long dwellMillis;
    /** The response time in milliseconds the file means to keep, or NaN when it names none. */
    public final double bound;
    /** The attributes the application sets, beside the built-in ones. */
    public final java.util.Set<String> attributes;
    /** The declared variants by name, in declaration order. */
    private final Map<String, Variant> variants;
    private final double[] low;
    private final double[] high;
    private final String[] types;

    private QualityFile(String source, Rules r, List<double[]> bounds, List<String> types) {
        this.source = source;
        this.attribute = r.attribute;
        this.estimator = r.estimator;
        this.kRise = r.kRise;
        this.kFall = r.kFall;
        this.dwellMillis = r.dwellMillis;
        this.bound = r.bound;
        this.attributes = java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(r.attributes));
        this.variants = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(r.variants));
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
     * Parses a quality file's text: one set of rules, without {@code [service/operation]} sections
     * ({@link QualityFiles} reads files with sections).
     *
     * @param source names the file in error messages
     * @throws IllegalArgumentException naming the line when the text is malformed
     */
    public static QualityFile parse(String text, String source) {
        String[] lines = lines(text);
        for (int n = 1; n <= lines.length; n++) {
            if (content(lines[n - 1]).startsWith("[")) {
                throw bad(source, n, "a section header: this file holds rules per operation; read it as QualityFiles");
            }
        }
        return parse(lines, 1, lines.length, new Rules(), source);
    }

    static String[] lines(String text) {
        return text.split("\r\n|\r|\n", -1);
    }

    /** A line without its comment and surrounding blanks. */
    static String content(String line) {
        int hash = line.indexOf('#');
        return (hash >= 0 ? line.substring(0, hash) : line).strip();
    }

    /**
     * Parses lines {@code from} to {@code to} (1-based, inclusive) on top of {@code inherited} settings, variants and
     * attributes (not changed).
     */
    static QualityFile parse(String[] lines, int from, int to, Rules inherited, String source) {
        Rules r = inherited.copy();
        List<double[]> bounds = new ArrayList<>();
        List<String> types = new ArrayList<>();
        Map<String, Integer> typeLines = new HashMap<>();
        for (int n = from; n <= to; n++) {
            String line = content(lines[n - 1]);
            if (line.isEmpty()) {
                continue;
            }
            if (r.setting(line, source, n)) {
                continue;
            }
            String[] t = line.split("\\s+");
            if (t.length != 4 || !t[2].equals("-")) {
                throw bad(source, n, "expected 'LOW HIGH - VARIANT', 'variant NAME = ...' or 'setting = value', found '"
                        + line + "'");
            }
            double lo = bound(source, n, t[0]);
            double hi = bound(source, n, t[1]);
            if (!(lo < hi) || lo == Double.POSITIVE_INFINITY || hi == Double.NEGATIVE_INFINITY) {
                throw bad(source, n, "interval [" + t[0] + ", " + t[1] + ") is empty");
            }
            if (!bounds.isEmpty()) {
                double end = bounds.get(bounds.size() - 1)[1];
                if (lo < end) {
                    throw bad(source, n, "interval [" + t[0] + ", " + t[1] + ") starts below the end of the one before ("
                            + end + "): intervals must ascend without overlapping");
                }
                if (lo > end) {
                    throw bad(source, n, "interval [" + t[0] + ", " + t[1] + ") leaves a gap after the one before, which"
                            + " ends at " + end + ": each interval starts where the one before ends");
                }
            }
            String type = t[3];
            if (type.length() > MAX_TYPE) {
                throw bad(source, n, "message type '" + type + "' is longer than " + MAX_TYPE + " characters");
            }
            if (!r.variants.isEmpty() && !type.equals(Variant.FULL) && !r.variants.containsKey(type)) {
                throw bad(source, n, "unknown variant '" + type + "' (declared: full, "
                        + String.join(", ", r.variants.keySet()) + ")");
            }
            Integer first = typeLines.putIfAbsent(type, n);
            if (first != null) {
                throw bad(source, n, "message type '" + type + "' already on line " + first);
            }
            bounds.add(new double[] {lo, hi});
            types.add(type);
        }
        if (types.isEmpty()) {
            throw new IllegalArgumentException("quality file " + source + (from > 1 ? " from line " + from : "")
                    + ": no 'LOW HIGH - VARIANT' line");
        }
        if (!BUILT_IN.contains(r.attribute) && !r.attributes.contains(r.attribute)) {
            throw new IllegalArgumentException("quality file " + source + " line " + r.attributeLine
                    + ": unknown attribute '" + r.attribute + "': built in are " + String.join(", ", new java.util.TreeSet<>(BUILT_IN))
                    + "; declare the application's own with 'attributes = " + r.attribute + "'");
        }
        return new QualityFile(source, r, bounds, types);
    }

    /** The settings, attributes and variants in effect while a file is read. */
    static final class Rules {
        String attribute = DEFAULT_ATTRIBUTE;
        int attributeLine;
        Estimator estimator = Estimator.RFC6298;
        double kRise = DEFAULT_K_RISE;
        double kFall = DEFAULT_K_FALL;
        long dwellMillis = DEFAULT_DWELL_MILLIS;
        double bound = Double.NaN;
        java.util.Set<String> attributes = new java.util.TreeSet<>();
        Map<String, Variant> variants = new java.util.LinkedHashMap<>();

        Rules copy() {
            Rules c = new Rules();
            c.attribute = attribute;
            c.attributeLine = attributeLine;
            c.estimator = estimator;
            c.kRise = kRise;
            c.kFall = kFall;
            c.dwellMillis = dwellMillis;
            c.bound = bound;
            c.attributes = new java.util.TreeSet<>(attributes);
            c.variants = new java.util.LinkedHashMap<>(variants);
            return c;
        }

        /** Applies {@code line} if it is a setting or a variant; returns whether it was one. */
        boolean setting(String line, String source, int n) {
            if (line.startsWith("variant ") || line.startsWith("variant\t")) {
                int eq = line.indexOf('=');
                String name = eq < 0 ? "" : line.substring("variant".length(), eq).strip();
                if (eq < 0 || name.isEmpty() || name.length() > MAX_TYPE || !QualityAttributes.validName(name)) {
                    throw bad(source, n, "expected 'variant NAME = DEFINITION' with a name of letters, digits, '.', '_'"
                            + " or '-', found '" + line + "'");
                }
                if (name.equals(Variant.FULL)) {
                    throw bad(source, n, "variant 'full' is the full message; it is not declared");
                }
                Variant old = variants.put(name, Variant.parse(name, line.substring(eq + 1), source, n));
                if (old != null) {
                    throw bad(source, n, "variant " + name + " already declared on line " + old.line());
                }
                return true;
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                return false;
            }
            String key = line.substring(0, eq).strip();
            String value = line.substring(eq + 1).strip();
            switch (key) {
                case "attribute" -> {
                    if (!QualityAttributes.validName(value)) {
                        throw bad(source, n, "attribute name '" + value + "' is malformed");
                    }
                    attribute = value;
                    attributeLine = n;
                }
                case "attributes" -> {
                    for (String a : value.split("[\\s,]+")) {
                        if (!QualityAttributes.validName(a)) {
                            throw bad(source, n, "attribute name '" + a + "' is malformed");
                        }
                        attributes.add(a);
                    }
                }
                case "estimator" -> estimator = switch (value.toLowerCase(Locale.ROOT)) {
                    case "rfc6298" -> Estimator.RFC6298;
                    case "ewma" -> Estimator.EWMA;
                    default -> throw bad(source, n, "estimator '" + value + "': expected rfc6298 or ewma");
                };
                case "k-rise", "k-fall" -> {
                    double k = number(source, n, value);
                    if (!(k >= 0 && k <= 100)) {
                        throw bad(source, n, key + " " + value + ": expected 0 <= k <= 100");
                    }
                    if (key.equals("k-rise")) {
                        kRise = k;
                    } else {
                        kFall = k;
                    }
                }
                case "dwell" -> {
                    double d = number(source, n, value);
                    if (!(d >= 0 && d <= 86_400_000)) {
                        throw bad(source, n, "dwell " + value + ": expected milliseconds from 0 to a day");
                    }
                    dwellMillis = (long) d;
                }
                case "bound" -> {
                    double b = number(source, n, value);
                    if (!(b > 0)) {
                        throw bad(source, n, "bound " + value + ": expected milliseconds > 0");
                    }
                    bound = b;
                }
                case "hysteresis", "history" -> throw bad(source, n, key + ": SOAP-binQ's history rule is replaced by"
                        + " the estimate's band: set k-rise, k-fall and dwell instead (docs/quality.md)");
                default -> throw bad(source, n, "unknown setting '" + key + "' (expected attribute, attributes,"
                        + " estimator, k-rise, k-fall, dwell or bound)");
            }
            return true;
        }
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

    static IllegalArgumentException bad(String source, int line, String what) {
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

    /** The variants the file declares, by name in declaration order ({@code full} is not among them). */
    public Map<String, Variant> variants() {
        return variants;
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
                .append(", estimator ").append(estimator.name().toLowerCase(Locale.ROOT)).append(", k-rise ").append(kRise)
                .append(", k-fall ").append(kFall).append(", dwell ").append(dwellMillis).append(" ms")
                .append(Double.isNaN(bound) ? "" : ", bound " + bound + " ms")
                .append(variants.isEmpty() ? "" : ", variants " + Variant.describe(variants)).append("):");
        for (int i = 0; i < types.length; i++) {
            b.append(' ').append('[').append(low[i]).append(", ").append(high[i]).append(") -> ").append(types[i]);
        }
        return b.toString();
    }
}
