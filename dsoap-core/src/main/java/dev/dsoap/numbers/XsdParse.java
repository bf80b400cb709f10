package dev.dsoap.numbers;

import ch.randelshofer.fastdoubleparser.JavaDoubleParser;
import ch.randelshofer.fastdoubleparser.JavaFloatParser;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Java primitives from their XML Schema lexical forms, read from ASCII/UTF-8 bytes or from a
 * {@link CharSequence}.
 *
 * <p>Leading and trailing XML whitespace (space, tab, CR, LF) is ignored, as the xsd {@code collapse}
 * facet of these types requires; anything else outside the lexical space, including the empty string,
 * throws {@link NumberFormatException} naming the type and quoting the text. Accepted:
 * <ul>
 *   <li>xsd:double, xsd:float: {@code [+-]?(d+(.d*)?|.d+)([eE][+-]?d+)?}, {@code INF}, {@code -INF},
 *       {@code NaN} (XSD 1.0's lexical space, which JAXB and Axis2 read; XSD 1.1's {@code +INF} is refused). Java-only forms ({@code Infinity}, hexadecimal, {@code d}/{@code f}
 *       suffixes) are rejected, except the infinities where a caller asks for them (Axis2's readers take them). Decimals are rounded to nearest, in one pass where they have at most 19 significant
 *       digits (by one exact multiplication or division, or by the Eisel-Lemire algorithm), else via fastdoubleparser;
 *       magnitudes
 *       beyond the type's range become infinite, below it zero.</li>
 *   <li>xsd:long, xsd:int, xsd:short, xsd:byte: {@code [+-]?d+} (leading zeros allowed) within the
 *       type's range; out-of-range values are rejected.</li>
 *   <li>xsd:boolean: {@code true}, {@code false}, {@code 1}, {@code 0}.</li>
 * </ul>
 *
 * <p>All methods are static, stateless and thread-safe. Integer and boolean parsing does not allocate
 * except to throw. Floating-point parsing reads decimals of up to 19 significant digits without allocating; the
 * rest (longer decimals, subnormal results, the rare inputs Eisel-Lemire cannot round alone) has its syntax checked
 * and goes to fastdoubleparser, which allocates on its slow path.
 */
public final class XsdParse {
    private static final int INVALID = 0;
    private static final int DECIMAL = 1;
    private static final int POS_INF = 2;
    private static final int NEG_INF = 3;
    private static final int NAN = 4;
    private static final byte[] JAVA_INFINITY = "Infinity".getBytes(StandardCharsets.US_ASCII);

    /** Longest quoted text in an error message, in bytes or chars; longer text is cut, its length given. */
    private static final int MESSAGE_TEXT_LIMIT = 100;

    private XsdParse() {
    }

    /**
     * Parses an xsd:double from {@code b[off..off+len)}.
     *
     * @throws NumberFormatException if the text is not an xsd:double
     * @throws IndexOutOfBoundsException if the range is outside {@code b}
     */
    public static double parseDouble(byte[] b, int off, int len) {
        return parseDouble(b, off, len, false);
    }

    /**
     * As {@link #parseDouble(byte[], int, int)}; with {@code javaInfinity}, Java's spelling of the infinities
     * ({@code Infinity}, {@code +Infinity}, {@code -Infinity}, as {@code Double.toString} writes them and
     * {@code Double.parseDouble} reads them) is read too.
     *
     * @throws NumberFormatException if the text is not an xsd:double (nor, with {@code javaInfinity}, one of those)
     * @throws IndexOutOfBoundsException if the range is outside {@code b}
     */
    public static double parseDouble(byte[] b, int off, int len, boolean javaInfinity) {
        Objects.checkFromIndexSize(off, len, b.length);
        int end = off + len;
        int start = skipWhitespace(b, off, end);
        end = trimWhitespace(b, start, end);
        double fast = decimal(b, start, end);
        if (fast == fast) {
            return fast;
        }
        switch (floatSyntax(b, start, end, javaInfinity)) {
            case DECIMAL:
                return JavaDoubleParser.parseDouble(b, start, end - start);
            case POS_INF:
                return Double.POSITIVE_INFINITY;
            case NEG_INF:
                return Double.NEGATIVE_INFINITY;
            case NAN:
                return Double.NaN;
            default:
                throw invalid("double", b, off, len);
        }
    }

    /**
     * Parses an xsd:double from {@code s}.
     *
     * @throws NumberFormatException if the text is not an xsd:double
     */
    public static double parseDouble(CharSequence s) {
        int start = skipWhitespace(s, 0, s.length());
        int end = trimWhitespace(s, start, s.length());
        switch (floatSyntax(s, start, end)) {
            case DECIMAL:
                return JavaDoubleParser.parseDouble(s, start, end - start);
            case POS_INF:
                return Double.POSITIVE_INFINITY;
            case NEG_INF:
                return Double.NEGATIVE_INFINITY;
            case NAN:
                return Double.NaN;
            default:
                throw invalid("double", s);
        }
    }

    /**
     * Parses an xsd:float from {@code b[off..off+len)}, rounding the decimal once, straight to float.
     *
     * @throws NumberFormatException if the text is not an xsd:float
     * @throws IndexOutOfBoundsException if the range is outside {@code b}
     */
    public static float parseFloat(byte[] b, int off, int len) {
        return parseFloat(b, off, len, false);
    }

    /**
     * As {@link #parseFloat(byte[], int, int)}; with {@code javaInfinity}, Java's spelling of the infinities is
     * read too (see {@link #parseDouble(byte[], int, int, boolean)}).
     *
     * @throws NumberFormatException if the text is not an xsd:float (nor, with {@code javaInfinity}, one of those)
     * @throws IndexOutOfBoundsException if the range is outside {@code b}
     */
    public static float parseFloat(byte[] b, int off, int len, boolean javaInfinity) {
        Objects.checkFromIndexSize(off, len, b.length);
        int end = off + len;
        int start = skipWhitespace(b, off, end);
        end = trimWhitespace(b, start, end);
        switch (floatSyntax(b, start, end, javaInfinity)) {
            case DECIMAL:
                return JavaFloatParser.parseFloat(b, start, end - start);
            case POS_INF:
                return Float.POSITIVE_INFINITY;
            case NEG_INF:
                return Float.NEGATIVE_INFINITY;
            case NAN:
                return Float.NaN;
            default:
                throw invalid("float", b, off, len);
        }
    }

    /**
     * Parses an xsd:float from {@code s}.
     *
     * @throws NumberFormatException if the text is not an xsd:float
     */
    public static float parseFloat(CharSequence s) {
        int start = skipWhitespace(s, 0, s.length());
        int end = trimWhitespace(s, start, s.length());
        switch (floatSyntax(s, start, end)) {
            case DECIMAL:
                return JavaFloatParser.parseFloat(s, start, end - start);
            case POS_INF:
                return Float.POSITIVE_INFINITY;
            case NEG_INF:
                return Float.NEGATIVE_INFINITY;
            case NAN:
                return Float.NaN;
            default:
                throw invalid("float", s);
        }
    }

    /**
     * Parses an xsd:long from {@code b[off..off+len)}.
     *
     * @throws NumberFormatException if the text is not an xsd:long or out of its range
     * @throws IndexOutOfBoundsException if the range is outside {@code b}
     */
    public static long parseLong(byte[] b, int off, int len) {
        return parseInteger(b, off, len, Long.MIN_VALUE, Long.MAX_VALUE, "long");
    }

    /**
     * Parses an xsd:long from {@code s}.
     *
     * @throws NumberFormatException if the text is not an xsd:long or out of its range
     */
    public static long parseLong(CharSequence s) {
        return parseInteger(s, Long.MIN_VALUE, Long.MAX_VALUE, "long");
    }

    /**
     * Parses an xsd:int from {@code b[off..off+len)}.
     *
     * @throws NumberFormatException if the text is not an xsd:int or out of its range
     * @throws IndexOutOfBoundsException if the range is outside {@code b}
     */
    public static int parseInt(byte[] b, int off, int len) {
        return (int) parseInteger(b, off, len, Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
    }

    /**
     * Parses an xsd:int from {@code s}.
     *
     * @throws NumberFormatException if the text is not an xsd:int or out of its range
     */
    public static int parseInt(CharSequence s) {
        return (int) parseInteger(s, Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
    }

    /**
     * Parses an xsd:short from {@code b[off..off+len)}.
     *
     * @throws NumberFormatException if the text is not an xsd:short or out of its range
     * @throws IndexOutOfBoundsException if the range is outside {@code b}
     */
    public static short parseShort(byte[] b, int off, int len) {
        return (short) parseInteger(b, off, len, Short.MIN_VALUE, Short.MAX_VALUE, "short");
    }

    /**
     * Parses an xsd:short from {@code s}.
     *
     * @throws NumberFormatException if the text is not an xsd:short or out of its range
     */
    public static short parseShort(CharSequence s) {
        return (short) parseInteger(s, Short.MIN_VALUE, Short.MAX_VALUE, "short");
    }

    /**
     * Parses an xsd:byte from {@code b[off..off+len)}.
     *
     * @throws NumberFormatException if the text is not an xsd:byte or out of its range
     * @throws IndexOutOfBoundsException if the range is outside {@code b}
     */
    public static byte parseByte(byte[] b, int off, int len) {
        return (byte) parseInteger(b, off, len, Byte.MIN_VALUE, Byte.MAX_VALUE, "byte");
    }

    /**
     * Parses an xsd:byte from {@code s}.
     *
     * @throws NumberFormatException if the text is not an xsd:byte or out of its range
     */
    public static byte parseByte(CharSequence s) {
        return (byte) parseInteger(s, Byte.MIN_VALUE, Byte.MAX_VALUE, "byte");
    }

    /**
     * Parses an xsd:boolean ({@code true}, {@code false}, {@code 1}, {@code 0}) from
     * {@code b[off..off+len)}.
     *
     * @throws NumberFormatException if the text is not an xsd:boolean
     * @throws IndexOutOfBoundsException if the range is outside {@code b}
     */
    public static boolean parseBoolean(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
        int end = off + len;
        int i = skipWhitespace(b, off, end);
        end = trimWhitespace(b, i, end);
        switch (end - i) {
            case 1:
                if (b[i] == '1') {
                    return true;
                }
                if (b[i] == '0') {
                    return false;
                }
                break;
            case 4:
                if (b[i] == 't' && b[i + 1] == 'r' && b[i + 2] == 'u' && b[i + 3] == 'e') {
                    return true;
                }
                break;
            case 5:
                if (b[i] == 'f' && b[i + 1] == 'a' && b[i + 2] == 'l' && b[i + 3] == 's' && b[i + 4] == 'e') {
                    return false;
                }
                break;
            default:
                break;
        }
        throw invalid("boolean", b, off, len);
    }

    /**
     * Parses an xsd:boolean ({@code true}, {@code false}, {@code 1}, {@code 0}) from {@code s}.
     *
     * @throws NumberFormatException if the text is not an xsd:boolean
     */
    public static boolean parseBoolean(CharSequence s) {
        int i = skipWhitespace(s, 0, s.length());
        int end = trimWhitespace(s, i, s.length());
        switch (end - i) {
            case 1:
                if (s.charAt(i) == '1') {
                    return true;
                }
                if (s.charAt(i) == '0') {
                    return false;
                }
                break;
            case 4:
                if (s.charAt(i) == 't' && s.charAt(i + 1) == 'r' && s.charAt(i + 2) == 'u'
                        && s.charAt(i + 3) == 'e') {
                    return true;
                }
                break;
            case 5:
                if (s.charAt(i) == 'f' && s.charAt(i + 1) == 'a' && s.charAt(i + 2) == 'l'
                        && s.charAt(i + 3) == 's' && s.charAt(i + 4) == 'e') {
                    return false;
                }
                break;
            default:
                break;
        }
        throw invalid("boolean", s);
    }

    /** {@code [+-]?d+} within {@code [min, max]}, accumulated negatively so {@code min} fits. */
    private static long parseInteger(byte[] b, int off, int len, long min, long max, String type) {
        Objects.checkFromIndexSize(off, len, b.length);
        int end = off + len;
        int i = skipWhitespace(b, off, end);
        end = trimWhitespace(b, i, end);
        if (i == end) {
            throw invalid(type, b, off, len);
        }
        boolean negative = b[i] == '-';
        if (negative || b[i] == '+') {
            i++;
            if (i == end) {
                throw invalid(type, b, off, len);
            }
        }
        long limit = negative ? min : -max;
        long multiplyLimit = limit / 10;
        long r = 0;
        for (; i < end; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                throw invalid(type, b, off, len);
            }
            if (r < multiplyLimit) {
                throw overflow(type, b, off, len, i + 1, end);
            }
            r *= 10;
            if (r < limit + d) {
                throw overflow(type, b, off, len, i + 1, end);
            }
            r -= d;
        }
        return negative ? r : -r;
    }

    private static long parseInteger(CharSequence s, long min, long max, String type) {
        int i = skipWhitespace(s, 0, s.length());
        int end = trimWhitespace(s, i, s.length());
        if (i == end) {
            throw invalid(type, s);
        }
        char first = s.charAt(i);
        boolean negative = first == '-';
        if (negative || first == '+') {
            i++;
            if (i == end) {
                throw invalid(type, s);
            }
        }
        long limit = negative ? min : -max;
        long multiplyLimit = limit / 10;
        long r = 0;
        for (; i < end; i++) {
            int d = s.charAt(i) - '0';
            if (d < 0 || d > 9) {
                throw invalid(type, s);
            }
            if (r < multiplyLimit) {
                throw overflow(type, s, i + 1, end);
            }
            r *= 10;
            if (r < limit + d) {
                throw overflow(type, s, i + 1, end);
            }
            r -= d;
        }
        return negative ? r : -r;
    }

    /** 10^0 to 10^22: each is a double exactly, for {@link #decimal}'s one multiplication or division. */
    private static final double[] EXACT_POWERS = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    };

    /** Most significant digits {@link #decimal} reads into one {@code long}: 19 (10^19 - 1 < 2^64). */
    private static final int MAX_DIGITS = 19;
    /** 2^53: integers up to it are exact as doubles. */
    private static final long EXACT_INTEGER = 1L << 53;

    /**
     * The xsd:double {@code b[i..end)} (trimmed) holds in one pass, where it is a decimal
     * {@code [+-]?(d+(.d*)?|.d+)([eE][+-]?d+)?} of at most {@value #MAX_DIGITS} significant digits and an exponent of
     * at most 4 digits: by one exact multiplication or division where the significand and the power of ten are
     * both exact doubles, else by {@link EiselLemire}. {@code NaN} for anything else (the specials, invalid text, more
     * digits, a result Eisel-Lemire leaves undecided), which {@link #floatSyntax} and fastdoubleparser then take.
     */
    private static double decimal(byte[] b, int i, int end) {
        if (i == end) {
            return Double.NaN;
        }
        boolean negative = b[i] == '-';
        if (negative || b[i] == '+') {
            i++;
        }
        int first = i;
        long w = 0; // the digits, wrapping past 19 of them (then they are counted again below)
        // up to seven integer digits from one word (a double's text has one, a price's a few), else one at a time
        long x = i <= b.length - Long.BYTES ? (long) LONGS.get(b, i) : -1L; // -1: no word (or eight 0xFF bytes): the loop
        int k = x != -1L ? leadingDigits(x, end - i) : Long.BYTES;
        if (k < Long.BYTES) {
            w = digitsValue(x, k);
            i += k;
        } else {
            while (i < end && isDigit(b[i])) {
                w = 10 * w + (b[i++] - '0');
            }
        }
        int digits = i - first;
        int fraction = 0;
        if (i < end && b[i] == '.') {
            int from = ++i;
            while (i <= end - Long.BYTES) {
                x = (long) LONGS.get(b, i);
                if (nonDigits(x) != 0) {
                    break; // not eight digits
                }
                w = 100_000_000L * w + eightDigits(x);
                i += Long.BYTES;
            }
            // the last of them, fewer than eight, from one word too
            x = i <= b.length - Long.BYTES ? (long) LONGS.get(b, i) : -1L;
            k = x != -1L ? leadingDigits(x, end - i) : Long.BYTES;
            if (k < Long.BYTES) {
                w = POW10_LONG[k] * w + digitsValue(x, k);
                i += k;
            } else {
                while (i < end && isDigit(b[i])) {
                    w = 10 * w + (b[i++] - '0');
                }
            }
            fraction = i - from;
            digits += fraction;
        }
        if (digits == 0 || digits > MAX_DIGITS && digits - leadingZeros(b, first, i) > MAX_DIGITS) {
            return Double.NaN;
        }
        int exponent = 0;
        if (i < end) {
            if (b[i] != 'E' && b[i] != 'e') {
                return Double.NaN;
            }
            i++;
            boolean negativeExponent = false;
            if (i < end && (b[i] == '-' || b[i] == '+')) {
                negativeExponent = b[i] == '-';
                i++;
            }
            // one to four digits, the rest of the text: from one word
            int n = end - i;
            if (n < 1 || n > 4) {
                return Double.NaN;
            }
            if (i <= b.length - Long.BYTES) {
                x = (long) LONGS.get(b, i);
                if (leadingDigits(x, n) != n) {
                    return Double.NaN;
                }
                exponent = (int) digitsValue(x, n);
            } else {
                for (; i < end; i++) {
                    int d = b[i] - '0';
                    if (d < 0 || d > 9) {
                        return Double.NaN;
                    }
                    exponent = 10 * exponent + d;
                }
            }
            if (negativeExponent) {
                exponent = -exponent;
            }
        }
        if (fraction > 1 << 20) {
            return Double.NaN; // a million digits after the point (zeros, all but 19): not a number this pass is for
        }
        int q = exponent - fraction;
        if (w >= 0 && w <= EXACT_INTEGER && q >= -22 && q <= 22) {
            double v = q < 0 ? w / EXACT_POWERS[-q] : w * EXACT_POWERS[q];
            return negative ? -v : v;
        }
        return EiselLemire.toDouble(negative, w, q);
    }

    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** The value of eight ASCII digits loaded little-endian (the first the most significant), by three multiplications. */
    private static long eightDigits(long x) {
        x -= 0x3030_3030_3030_3030L;
        x = x * 10 + (x >>> 8);
        return (((x & 0x0000_00FF_0000_00FFL) * 0x000F_4240_0000_0064L)
                + (((x >>> 16) & 0x0000_00FF_0000_00FFL) * 0x0000_2710_0000_0001L)) >>> 32;
    }

    /**
     * How many of the bytes of {@code x} (loaded little-endian: the first in the lowest byte) are ASCII digits before
     * the first other one, at most {@code max} (0 to 8 where {@code max} is 8 or more). A byte below {@code '0'}
     * borrows in {@code x - '0'}, one above {@code '9'} carries into its top bit in {@code x + 0x46}; neither moves a
     * bit into a lower byte, so the lowest byte flagged is the first that is not a digit.
     */
    private static int leadingDigits(long x, int max) {
        return Math.min(Long.numberOfTrailingZeros(nonDigits(x)) >>> 3, max);
    }

    /** The top bit of each byte of {@code x} that is not an ASCII digit, and perhaps of bytes above the first such. */
    private static long nonDigits(long x) {
        return ((x + 0x4646_4646_4646_4646L) | (x - 0x3030_3030_3030_3030L)) & 0x8080_8080_8080_8080L;
    }

    /** The value of the first {@code k} bytes of {@code x}, ASCII digits ({@code 0 <= k <= 8}), the first the most significant. */
    private static long digitsValue(long x, int k) {
        // the k digits moved to the word's top, '0' below them: eight digits of the same value
        return k == 0 ? 0 : eightDigits(x << (Long.SIZE - (k << 3)) | 0x3030_3030_3030_3030L >>> (k << 3));
    }

    /** {@code 10^k}, {@code 0 <= k <= 8}. */
    private static final long[] POW10_LONG = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};

    /** Zeros before the first other digit in the digits and point of {@code b[i..end)}. */
    private static int leadingZeros(byte[] b, int i, int end) {
        int n = 0;
        for (; i < end && (b[i] == '0' || b[i] == '.'); i++) {
            n += b[i] == '0' ? 1 : 0;
        }
        return n;
    }

    /** Classifies {@code b[i..end)} as one of {@link #DECIMAL}, the specials, or {@link #INVALID}. */
    private static int floatSyntax(byte[] b, int i, int end, boolean javaInfinity) {
        int syntax = floatSyntax(b, i, end);
        return syntax == INVALID && javaInfinity ? javaInfinity(b, i, end) : syntax;
    }

    /** {@code [+-]?Infinity} in {@code b[i..end)}: {@link #POS_INF}, {@link #NEG_INF} or {@link #INVALID}. */
    private static int javaInfinity(byte[] b, int i, int end) {
        int sign = i < end && (b[i] == '+' || b[i] == '-') ? b[i] : 0;
        int at = sign == 0 ? i : i + 1;
        if (end - at != JAVA_INFINITY.length) {
            return INVALID;
        }
        for (int k = 0; k < JAVA_INFINITY.length; k++) {
            if (b[at + k] != JAVA_INFINITY[k]) {
                return INVALID;
            }
        }
        return sign == '-' ? NEG_INF : POS_INF;
    }

    private static int floatSyntax(byte[] b, int i, int end) {
        if (i == end) {
            return INVALID;
        }
        int start = i;
        byte sign = b[i];
        if (sign == '+' || sign == '-') {
            i++;
        }
        if (end - i == 3) {
            if (b[i] == 'I' && b[i + 1] == 'N' && b[i + 2] == 'F') {
                return sign == '-' ? NEG_INF : sign == '+' ? INVALID : POS_INF; // XSD 1.0: no +INF, as the hosts' binders
            }
            if (i == start && b[i] == 'N' && b[i + 1] == 'a' && b[i + 2] == 'N') {
                return NAN;
            }
        }
        int digitsStart = i;
        while (i < end && isDigit(b[i])) {
            i++;
        }
        int digits = i - digitsStart;
        if (i < end && b[i] == '.') {
            i++;
            int fractionStart = i;
            while (i < end && isDigit(b[i])) {
                i++;
            }
            digits += i - fractionStart;
        }
        if (digits == 0) {
            return INVALID;
        }
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            int exponentStart = i;
            while (i < end && isDigit(b[i])) {
                i++;
            }
            if (i == exponentStart) {
                return INVALID;
            }
        }
        return i == end ? DECIMAL : INVALID;
    }

    private static int floatSyntax(CharSequence s, int i, int end) {
        if (i == end) {
            return INVALID;
        }
        int start = i;
        char sign = s.charAt(i);
        if (sign == '+' || sign == '-') {
            i++;
        }
        if (end - i == 3) {
            if (s.charAt(i) == 'I' && s.charAt(i + 1) == 'N' && s.charAt(i + 2) == 'F') {
                return sign == '-' ? NEG_INF : sign == '+' ? INVALID : POS_INF; // XSD 1.0: no +INF, as the hosts' binders
            }
            if (i == start && s.charAt(i) == 'N' && s.charAt(i + 1) == 'a' && s.charAt(i + 2) == 'N') {
                return NAN;
            }
        }
        int digitsStart = i;
        while (i < end && isDigit(s.charAt(i))) {
            i++;
        }
        int digits = i - digitsStart;
        if (i < end && s.charAt(i) == '.') {
            i++;
            int fractionStart = i;
            while (i < end && isDigit(s.charAt(i))) {
                i++;
            }
            digits += i - fractionStart;
        }
        if (digits == 0) {
            return INVALID;
        }
        if (i < end && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < end && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exponentStart = i;
            while (i < end && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == exponentStart) {
                return INVALID;
            }
        }
        return i == end ? DECIMAL : INVALID;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    /** XML whitespace: space, tab, LF, CR. */
    private static boolean isWhitespace(int c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r';
    }

    private static int skipWhitespace(byte[] b, int i, int end) {
        while (i < end && isWhitespace(b[i])) {
            i++;
        }
        return i;
    }

    private static int trimWhitespace(byte[] b, int start, int end) {
        while (end > start && isWhitespace(b[end - 1])) {
            end--;
        }
        return end;
    }

    private static int skipWhitespace(CharSequence s, int i, int end) {
        while (i < end && isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int trimWhitespace(CharSequence s, int start, int end) {
        while (end > start && isWhitespace(s.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    /** Out of range, unless a non-digit follows in {@code [i, end)}: then not the type at all. */
    private static NumberFormatException overflow(String type, byte[] b, int off, int len, int i, int end) {
        for (; i < end; i++) {
            if (!isDigit(b[i])) {
                return invalid(type, b, off, len);
            }
        }
        return outOfRange(type, b, off, len);
    }

    private static NumberFormatException overflow(String type, CharSequence s, int i, int end) {
        for (; i < end; i++) {
            if (!isDigit(s.charAt(i))) {
                return invalid(type, s);
            }
        }
        return outOfRange(type, s);
    }

    private static NumberFormatException invalid(String type, byte[] b, int off, int len) {
        return new NumberFormatException("not an xsd:" + type + ": " + quote(b, off, len));
    }

    private static NumberFormatException invalid(String type, CharSequence s) {
        return new NumberFormatException("not an xsd:" + type + ": " + quote(s));
    }

    private static NumberFormatException outOfRange(String type, byte[] b, int off, int len) {
        return new NumberFormatException("out of range for xsd:" + type + ": " + quote(b, off, len));
    }

    private static NumberFormatException outOfRange(String type, CharSequence s) {
        return new NumberFormatException("out of range for xsd:" + type + ": " + quote(s));
    }

    private static String quote(byte[] b, int off, int len) {
        if (len <= MESSAGE_TEXT_LIMIT) {
            return "\"" + new String(b, off, len, StandardCharsets.UTF_8) + "\"";
        }
        return "\"" + new String(b, off, MESSAGE_TEXT_LIMIT, StandardCharsets.UTF_8) + "\"... (" + len + " bytes)";
    }

    private static String quote(CharSequence s) {
        if (s.length() <= MESSAGE_TEXT_LIMIT) {
            return "\"" + s + "\"";
        }
        return "\"" + s.subSequence(0, MESSAGE_TEXT_LIMIT) + "\"... (" + s.length() + " chars)";
    }
}
