package dev.dsoap.quality;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The quality protocol on dsoap's own path, as HTTP headers, so that carrying it never makes a message leave that
 * path (a SOAP header block would: its header is the host's). The request carries {@value #REQUEST}, the answer
 * {@value #ANSWER}; each value is a list of {@code name=value} fields separated by {@code ;}:
 *
 * <pre>
 * X-Dsoap-Quality: sent=81263541; rtt=12.5; rttvar=3.25; resolution=640
 * X-Dsoap-Quality-Answer: sent=81263541; processing=0.84; variant=two
 * </pre>
 *
 * {@code sent} is the client's stamp, echoed as it came; {@code variant} names the variant of the message it comes
 * with (absent for the full message); every other field is a quality attribute: a finite number.
 * Incoming values are held to fixed limits ({@value #MAX_LENGTH} characters, {@value QualityAttributes#MAX_ATTRIBUTES}
 * attributes, names as {@link QualityAttributes} takes them, {@value #MAX_TEXT} characters of stamp or variant); a
 * value breaking one is refused whole. Stateless, thread-safe.
 */
public final class QualityWire {
    /** The request's header. */
    public static final String REQUEST = "X-Dsoap-Quality";
    /** The answer's header. */
    public static final String ANSWER = "X-Dsoap-Quality-Answer";
    /** Longest header value read, in characters. */
    public static final int MAX_LENGTH = 2048;
    /** Longest stamp or variant name, in characters. */
    public static final int MAX_TEXT = 64;

    private QualityWire() {
    }

    /** A header value as read: {@code sent} and {@code variant} are {@code null} when absent. */
    public record Fields(String sent, String variant, Map<String, Double> attributes) {
        /** Attribute {@code name}, or NaN when absent. */
        public double attribute(String name) {
            Double v = attributes.get(name);
            return v == null ? Double.NaN : v;
        }
    }

    /** A header value refused, and why. */
    public static final class Malformed extends IllegalArgumentException {
        Malformed(String message) {
            super(message);
        }
    }

    /**
     * Writes a header value; {@code null} fields are left out. Numbers are written as Java writes doubles, which
     * reads back to the same value.
     */
    public static String write(String sent, String variant, Map<String, Double> attributes) {
        StringBuilder b = new StringBuilder(64);
        if (sent != null) {
            b.append("sent=").append(sent);
        }
        if (variant != null) {
            b.append(b.length() == 0 ? "" : "; ").append("variant=").append(variant);
        }
        for (Map.Entry<String, Double> a : attributes.entrySet()) {
            b.append(b.length() == 0 ? "" : "; ").append(a.getKey()).append('=').append(a.getValue().doubleValue());
        }
        return b.toString();
    }

    /**
     * Reads a header value.
     *
     * @return the fields, or {@code null} when {@code value} is {@code null}
     * @throws Malformed naming what is wrong when the value breaks a limit or holds a malformed field
     */
    public static Fields read(String value) {
        if (value == null) {
            return null;
        }
        if (value.length() > MAX_LENGTH) {
            throw new Malformed("quality header of " + value.length() + " characters, over " + MAX_LENGTH);
        }
        String sent = null;
        String variant = null;
        TreeMap<String, Double> attributes = new TreeMap<>();
        int i = 0;
        int n = value.length();
        while (i < n) {
            int end = value.indexOf(';', i);
            if (end < 0) {
                end = n;
            }
            String field = value.substring(i, end).strip();
            i = end + 1;
            if (field.isEmpty()) {
                continue;
            }
            int eq = field.indexOf('=');
            if (eq <= 0) {
                throw new Malformed("quality field '" + clip(field) + "' is not name=value");
            }
            String name = field.substring(0, eq).strip();
            String v = field.substring(eq + 1).strip();
            switch (name) {
                case "sent" -> sent = text("sent", v, sent);
                case "variant" -> variant = text("variant", v, variant);
                default -> {
                    if (!QualityAttributes.validName(name)) {
                        throw new Malformed("quality attribute name '" + clip(name) + "' is malformed");
                    }
                    double d;
                    try {
                        d = Double.parseDouble(v);
                    } catch (NumberFormatException e) {
                        d = Double.NaN;
                    }
                    if (!Double.isFinite(d) || v.isEmpty() || Character.isLetter(v.charAt(v.length() - 1))) {
                        throw new Malformed("quality attribute " + name + " = '" + clip(v) + "' is not a finite number");
                    }
                    if (attributes.put(name, d) != null) {
                        throw new Malformed("quality attribute " + name + " given twice");
                    }
                    if (attributes.size() > QualityAttributes.MAX_ATTRIBUTES) {
                        throw new Malformed("more than " + QualityAttributes.MAX_ATTRIBUTES + " quality attributes");
                    }
                }
            }
        }
        return new Fields(sent, variant, Collections.unmodifiableMap(attributes));
    }

    private static String text(String name, String v, String before) {
        if (before != null) {
            throw new Malformed("quality field " + name + " given twice");
        }
        if (v.isEmpty() || v.length() > MAX_TEXT) {
            throw new Malformed("quality field " + name + " of " + v.length() + " characters: expected 1 to " + MAX_TEXT);
        }
        for (int k = 0; k < v.length(); k++) {
            char c = v.charAt(k);
            if (c <= ' ' || c >= 0x7F || c == ',' || c == '"') {
                throw new Malformed("quality field " + name + " = '" + clip(v) + "' holds a character other than"
                        + " printable ASCII");
            }
        }
        return v;
    }

    private static String clip(String s) {
        String t = s.length() > 32 ? s.substring(0, 32) + "..." : s;
        StringBuilder b = new StringBuilder(t.length());
        for (int k = 0; k < t.length(); k++) {
            char c = t.charAt(k);
            b.append(c >= ' ' && c < 0x7F ? c : '?');
        }
        return b.toString();
    }
}
