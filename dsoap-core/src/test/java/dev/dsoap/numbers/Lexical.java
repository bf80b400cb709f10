package dev.dsoap.numbers;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** Test helpers: formatting into strings, counting significant digits, checking the layout. */
final class Lexical {
    /** Plain notation: no leading zeros, at least one fraction digit, no trailing zeros but "x.0". */
    private static final Pattern PLAIN = Pattern.compile("-?(0|[1-9][0-9]*)\\.([0-9]*[1-9]|0)");
    /** Computerized scientific notation: one non-zero digit before the point, exponent w/o zeros. */
    private static final Pattern SCIENTIFIC = Pattern.compile("-?[1-9]\\.([0-9]*[1-9]|0)E-?[1-9][0-9]*");
    private static final BigDecimal PLAIN_MIN = new BigDecimal("0.001");
    private static final BigDecimal PLAIN_LIMIT = new BigDecimal("1E7");

    private Lexical() {
    }

    static String format(double v) {
        byte[] b = new byte[XsdFormat.MAX_DOUBLE_WIDTH];
        int n = XsdFormat.writeDouble(v, b, 0);
        return new String(b, 0, n, StandardCharsets.US_ASCII);
    }

    static String format(float v) {
        byte[] b = new byte[XsdFormat.MAX_FLOAT_WIDTH];
        int n = XsdFormat.writeFloat(v, b, 0);
        return new String(b, 0, n, StandardCharsets.US_ASCII);
    }

    /** Significant digits of a decimal in Java or xsd syntax: no leading or trailing zeros (min 1). */
    static int significantDigits(String s) {
        int end = s.indexOf('E');
        if (end < 0) {
            end = s.length();
        }
        int first = -1;
        int last = -1;
        for (int i = 0; i < end; i++) {
            char c = s.charAt(i);
            if (c >= '1' && c <= '9') {
                if (first < 0) {
                    first = i;
                }
                last = i;
            }
        }
        if (first < 0) {
            return 1;
        }
        int n = 0;
        for (int i = first; i <= last; i++) {
            if (s.charAt(i) != '.') {
                n++;
            }
        }
        return n;
    }

    /** Null if {@code s} is laid out as JDK 19+ {@code Double.toString} would, else what is wrong. */
    static String layoutProblem(String s) {
        boolean plain = PLAIN.matcher(s).matches();
        if (!plain && !SCIENTIFIC.matcher(s).matches()) {
            return "neither plain nor scientific notation: " + s;
        }
        BigDecimal m = new BigDecimal(s).abs();
        boolean shouldBePlain = m.signum() == 0 || m.compareTo(PLAIN_MIN) >= 0 && m.compareTo(PLAIN_LIMIT) < 0;
        if (plain != shouldBePlain) {
            return (plain ? "plain" : "scientific") + " notation for " + s;
        }
        return null;
    }

    /** Java's parser accepts xsd's special values once renamed. */
    static String toJava(String xsd) {
        return xsd.replace("INF", "Infinity");
    }
}
