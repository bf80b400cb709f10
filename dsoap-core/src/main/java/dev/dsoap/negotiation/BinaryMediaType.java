package dev.dsoap.negotiation;

import java.util.Locale;

/**
 * dsoap's binary message media type, {@value #NAME}, and what an HTTP {@code Accept} header (RFC 9110, section
 * 12.5.1) says about it. A peer asks for binary only by naming the type itself with a q-value above 0 and not
 * below the q-value it gives SOAP's XML type; wildcards never ask for binary, so a client that sends
 * {@code Accept: *}{@code /*} (or none) gets XML. A header that cannot be parsed asks for nothing.
 *
 * <p>Stateless, thread-safe; parsing allocates nothing but the lower-cased header.
 */
public final class BinaryMediaType {
    /** The media type of a binary message. */
    public static final String NAME = "application/vnd.dsoap.binary";
    /** Longest {@code Accept} value read; a longer one asks for nothing. */
    static final int MAX_HEADER = 8192;
    /** Most media ranges read in one header; more ask for nothing. */
    static final int MAX_RANGES = 64;

    private BinaryMediaType() {
    }

    /** Whether {@code contentType} is the binary media type, with or without parameters ({@code null}: no). */
    public static boolean is(String contentType) {
        return contentType != null && contentType.length() >= NAME.length()
                && contentType.regionMatches(true, 0, NAME, 0, NAME.length())
                && (contentType.length() == NAME.length() || ";, \t".indexOf(contentType.charAt(NAME.length())) >= 0);
    }

    /**
     * The {@code Accept} value a dsoap client sends to ask for binary answers while still accepting XML.
     *
     * @param xmlType the SOAP version's XML media type ({@code text/xml} or {@code application/soap+xml})
     */
    public static String accept(String xmlType) {
        return NAME + ", " + xmlType + ";q=0.9";
    }

    /**
     * As {@link #accept(String)}, for answers of one format only: the endpoint answers binary only when its answer's
     * format id is {@code formatHex}, so the client is never sent a binary message it cannot read.
     *
     * @param formatHex the format id as 16 hexadecimal digits ({@code dev.dsoap.binary.Descriptor#idHex()})
     */
    public static String accept(String xmlType, String formatHex) {
        return NAME + ";format=" + formatHex + ", " + xmlType + ";q=0.9";
    }

    /**
     * As {@link #asked(String, String)}, for an answer of format {@code formatHex}: a range of the binary type with a
     * {@code format} parameter counts only when the parameter names that format.
     */
    public static boolean asked(String accept, String xmlType, String formatHex) {
        return asked(accept, xmlType, formatHex.toLowerCase(Locale.ROOT), true);
    }

    /**
     * Whether {@code accept} asks for a binary answer in preference to {@code xmlType}.
     *
     * @param accept  the request's {@code Accept} value, or {@code null} when it sent none
     * @param xmlType the XML media type the answer would otherwise have
     */
    public static boolean asked(String accept, String xmlType) {
        return asked(accept, xmlType, null, false);
    }

    private static boolean asked(String accept, String xmlType, String format, boolean checkFormat) {
        if (accept == null || accept.length() > MAX_HEADER || !names(accept)) {
            return false;
        }
        String a = accept.toLowerCase(Locale.ROOT);
        String xml = xmlType.toLowerCase(Locale.ROOT);
        double binary = -1;
        double xmlQ = -1;
        int xmlSpecificity = -1;
        int ranges = 0;
        int start = 0;
        while (start <= a.length()) {
            int end = a.indexOf(',', start);
            if (end < 0) {
                end = a.length();
            }
            if (++ranges > MAX_RANGES) {
                return false;
            }
            Range r = Range.parse(a, start, end);
            if (r == null) {
                return false;
            }
            if (r.type != null) {
                if (r.is(NAME) && (!checkFormat || r.format == null || r.format.equals(format))) {
                    binary = Math.max(binary, r.q);
                }
                int s = r.specificity(xml);
                if (s > xmlSpecificity) {
                    xmlSpecificity = s;
                    xmlQ = r.q;
                } else if (s == xmlSpecificity && s >= 0) {
                    xmlQ = Math.max(xmlQ, r.q);
                }
            }
            start = end + 1;
        }
        return binary > 0 && binary >= xmlQ;
    }

    /**
     * Whether {@code accept} spells the binary type anywhere, in any case: only a range naming it exactly asks for a
     * binary answer, so the {@code Accept} values of plain clients are refused here, without a copy or a parse.
     */
    private static boolean names(String accept) {
        for (int i = 0, last = accept.length() - NAME.length(); i <= last; i++) {
            if (accept.regionMatches(true, i, NAME, 0, NAME.length())) {
                return true;
            }
        }
        return false;
    }

    /** One media range of an {@code Accept} value: type, subtype, q-value and dsoap's format parameter. */
    private record Range(String type, String subtype, double q, String format) {
        /** RFC 9110's qvalue, compiled once (an Accept header may come with every request). */
        private static final java.util.regex.Pattern QVALUE =
                java.util.regex.Pattern.compile("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?");

        /** Parses {@code a[start, end)}; a blank element is a range with no type; {@code null} if malformed. */
        static Range parse(String a, int start, int end) {
            int semi = a.indexOf(';', start);
            int typeEnd = semi < 0 || semi > end ? end : semi;
            String range = a.substring(start, typeEnd).strip();
            if (range.isEmpty()) {
                return semi < 0 || semi > end ? new Range(null, null, 0, null) : null;
            }
            int slash = range.indexOf('/');
            if (slash <= 0 || slash == range.length() - 1 || !token(range, 0, slash) || !token(range, slash + 1, range.length())) {
                return null;
            }
            String type = range.substring(0, slash);
            String subtype = range.substring(slash + 1);
            if (type.equals("*") && !subtype.equals("*")) {
                return null;
            }
            double q = 1;
            String format = null;
            int p = typeEnd;
            while (p < end) {
                int next = a.indexOf(';', p + 1);
                if (next < 0 || next > end) {
                    next = end;
                }
                String param = a.substring(p + 1, next).strip();
                int eq = param.indexOf('=');
                if (param.isEmpty()) {
                    p = next; // RFC 9110 allows empty parameters
                    continue;
                }
                if (eq <= 0 || !token(param, 0, eq)) {
                    return null;
                }
                if (param.substring(0, eq).equals("q")) {
                    q = qvalue(param.substring(eq + 1).strip());
                    if (q < 0) {
                        return null;
                    }
                } else if (param.substring(0, eq).equals("format")) {
                    format = unquote(param.substring(eq + 1).strip());
                }
                p = next;
            }
            return new Range(type, subtype, q, format);
        }

        private static String unquote(String v) {
            return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
        }

        /** An RFC 9110 qvalue ({@code 0}, {@code 0.5}, {@code 1.000}), or -1. */
        private static double qvalue(String v) {
            if (!QVALUE.matcher(v).matches()) {
                return -1;
            }
            return Double.parseDouble(v);
        }

        private static boolean token(String s, int from, int to) {
            for (int i = from; i < to; i++) {
                char c = s.charAt(i);
                if (c <= 32 || c >= 127 || "\"(),/:;<=>?@[\\]{}".indexOf(c) >= 0) {
                    return false;
                }
            }
            return true;
        }

        boolean is(String mediaType) {
            return mediaType.length() == type.length() + 1 + subtype.length() && mediaType.startsWith(type)
                    && mediaType.charAt(type.length()) == '/' && mediaType.endsWith(subtype);
        }

        /** How specifically this range names {@code mediaType}: 2 exactly, 1 by {@code type/*}, 0 by {@code *}{@code /*}, -1 not. */
        int specificity(String mediaType) {
            if (is(mediaType)) {
                return 2;
            }
            if (subtype.equals("*") && mediaType.startsWith(type + "/")) {
                return type.equals("*") ? 0 : 1;
            }
            return type.equals("*") ? 0 : -1;
        }
    }
}
