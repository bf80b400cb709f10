package dev.dsoap.numbers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class XsdParseTest {
    private static final long SEED = 0x5EED_9A75_0001L;

    /** The text at offset 3 of a larger array with junk around it, so offsets are honoured. */
    private static byte[] embed(String s) {
        byte[] text = s.getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[text.length + 6];
        b[0] = '9';
        b[1] = '9';
        b[2] = '.';
        System.arraycopy(text, 0, b, 3, text.length);
        b[b.length - 3] = '9';
        b[b.length - 2] = 'x';
        b[b.length - 1] = 'E';
        return b;
    }

    private static double parseDoubleBytes(String s) {
        byte[] b = embed(s);
        return XsdParse.parseDouble(b, 3, b.length - 6);
    }

    private static float parseFloatBytes(String s) {
        byte[] b = embed(s);
        return XsdParse.parseFloat(b, 3, b.length - 6);
    }

    private static long parseLongBytes(String s) {
        byte[] b = embed(s);
        return XsdParse.parseLong(b, 3, b.length - 6);
    }

    private static int parseIntBytes(String s) {
        byte[] b = embed(s);
        return XsdParse.parseInt(b, 3, b.length - 6);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0 | 0.0",
        "-0 | -0.0",
        "+0 | 0.0",
        "1 | 1.0",
        "+1 | 1.0",
        "-1 | -1.0",
        "1e5 | 1e5",
        "1E5 | 1e5",
        "1e+5 | 1e5",
        "1e-5 | 1e-5",
        ".5 | 0.5",
        "-.5 | -0.5",
        "5. | 5.0",
        "5.e3 | 5000.0",
        ".5e-3 | 0.0005",
        "00012.5000 | 12.5",
        "1.7976931348623157E308 | 1.7976931348623157E308",
        "4.9E-324 | 4.9E-324",
        "2.4703282292062328E-324 | 4.9E-324",
        "2.4703282292062327E-324 | 0.0",
        "1e309 | Infinity",
        "-1e400 | -Infinity",
        "1e-400 | 0.0",
        "1e000000000000000000000000001 | 10.0",
        "0.1 | 0.1",
        "123456789012345678901234567890 | 1.2345678901234568E29",
        "INF | Infinity",
        "-INF | -Infinity",
        "NaN | NaN",
    })
    void acceptsXsdDoubles(String text, String javaValue) {
        double expected = Double.parseDouble(javaValue);
        assertEquals(expected, parseDoubleBytes(text), text);
        assertEquals(expected, XsdParse.parseDouble(text), text);
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(parseDoubleBytes(text)), text);
        float expectedFloat = Float.parseFloat(javaValue);
        assertEquals(expectedFloat, parseFloatBytes(text), text);
        assertEquals(expectedFloat, XsdParse.parseFloat(text), text);
    }

    @Test
    void ignoresXmlWhitespaceAround() {
        for (String ws : new String[] {" ", "\t", "\n", "\r", " \r\n\t "}) {
            assertEquals(1.5, parseDoubleBytes(ws + "1.5" + ws));
            assertEquals(1.5, XsdParse.parseDouble(ws + "1.5"));
            assertEquals(1.5f, parseFloatBytes("1.5" + ws));
            assertEquals(Double.NEGATIVE_INFINITY, XsdParse.parseDouble(ws + "-INF" + ws));
            assertEquals(-7, parseLongBytes(ws + "-7" + ws));
            assertEquals(-7, XsdParse.parseInt(ws + "-7" + ws));
            assertTrue(XsdParse.parseBoolean(ws + "true" + ws));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", " ", "\t\n", "+", "-", ".", "+.", "-.", "e5", ".e5", "1e", "1e+", "1e-", "1e5.5", "1.2.3", "1..2",
        "Infinity", "-Infinity", "+Infinity", "inf", "Inf", "-inf", "INFINITY", "nan", "NAN", "-NaN", "+NaN",
        "0x1p3", "0x10", "0X1P-3", "1d", "1D", "1f", "1F", "1.5d", "1e5f", "1_000", "1,5", "1 5", "- 1", "1 e5",
        "\u00a01", "1\u00a0", "\u0661", "\f1", "1\u000b", "++1", "+-1", "1e++5", "e", "E", "INF5", "NaN0",
        "+INF", // XSD 1.1 only: JAXB and Axis2 refuse it, so dsoap does
    })
    void rejectsWhatXsdRejects(String text) {
        NumberFormatException e = assertThrows(NumberFormatException.class, () -> parseDoubleBytes(text));
        assertTrue(e.getMessage().contains("xsd:double") && e.getMessage().contains('"' + text + '"'), e.getMessage());
        e = assertThrows(NumberFormatException.class, () -> XsdParse.parseDouble(text));
        assertTrue(e.getMessage().contains("xsd:double") && e.getMessage().contains('"' + text + '"'), e.getMessage());
        e = assertThrows(NumberFormatException.class, () -> parseFloatBytes(text));
        assertTrue(e.getMessage().contains("xsd:float"), e.getMessage());
        e = assertThrows(NumberFormatException.class, () -> XsdParse.parseFloat(text));
        assertTrue(e.getMessage().contains("xsd:float"), e.getMessage());
    }

    @Test
    void javaInfinityReadsJavasSpellingOfTheInfinitiesOnly() {
        for (String ws : new String[] {"", " ", "\t\r\n"}) {
            for (String text : new String[] {"Infinity", "+Infinity", "INF"}) {
                byte[] b = (ws + text + ws).getBytes(StandardCharsets.US_ASCII);
                assertEquals(Double.POSITIVE_INFINITY, XsdParse.parseDouble(b, 0, b.length, true), text);
                assertEquals(Float.POSITIVE_INFINITY, XsdParse.parseFloat(b, 0, b.length, true), text);
            }
            for (String text : new String[] {"-Infinity", "-INF"}) {
                byte[] b = (ws + text + ws).getBytes(StandardCharsets.US_ASCII);
                assertEquals(Double.NEGATIVE_INFINITY, XsdParse.parseDouble(b, 0, b.length, true), text);
                assertEquals(Float.NEGATIVE_INFINITY, XsdParse.parseFloat(b, 0, b.length, true), text);
            }
        }
        byte[] one = "1.5".getBytes(StandardCharsets.US_ASCII);
        assertEquals(1.5, XsdParse.parseDouble(one, 0, one.length, true));
        // still refused: what Java reads beyond its infinities, and near misses
        for (String text : new String[] {"infinity", "Infinit", "Infinityy", "--Infinity", "+-Infinity", "Infinity5",
                "- Infinity", "+NaN", "-NaN", "0x1p3", "1d", "1f", "", "+", "-", "\u00a0Infinity"}) {
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            NumberFormatException e = assertThrows(NumberFormatException.class, () -> XsdParse.parseDouble(b, 0, b.length, true), text);
            assertTrue(e.getMessage().contains("xsd:double"), e.getMessage());
            assertThrows(NumberFormatException.class, () -> XsdParse.parseFloat(b, 0, b.length, true), text);
        }
        // without the flag, the schema's forms only
        byte[] java = "Infinity".getBytes(StandardCharsets.US_ASCII);
        assertThrows(NumberFormatException.class, () -> XsdParse.parseDouble(java, 0, java.length, false));
    }

    @Test
    void errorMessageQuotesTheText() {
        NumberFormatException e = assertThrows(NumberFormatException.class, () -> parseDoubleBytes(" 1d "));
        assertEquals("not an xsd:double: \" 1d \"", e.getMessage());
        e = assertThrows(NumberFormatException.class, () -> XsdParse.parseInt("2147483648"));
        assertEquals("out of range for xsd:int: \"2147483648\"", e.getMessage());
        String longText = "1".repeat(300) + "x";
        e = assertThrows(NumberFormatException.class, () -> XsdParse.parseDouble(longText));
        assertTrue(e.getMessage().endsWith("... (301 chars)"), e.getMessage());
        byte[] longBytes = longText.getBytes(StandardCharsets.US_ASCII);
        e = assertThrows(NumberFormatException.class, () -> XsdParse.parseLong(longBytes, 0, longBytes.length));
        assertTrue(e.getMessage().startsWith("not an xsd:long: \"111") && e.getMessage().endsWith("... (301 bytes)"),
                e.getMessage());
    }

    @Test
    void rangesAreChecked() {
        byte[] b = "1".getBytes(StandardCharsets.US_ASCII);
        assertThrows(IndexOutOfBoundsException.class, () -> XsdParse.parseDouble(b, 0, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> XsdParse.parseInt(b, -1, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> XsdParse.parseBoolean(b, 1, 1));
    }

    @Test
    void integersAtTheirLimits() {
        assertEquals(Long.MAX_VALUE, XsdParse.parseLong("9223372036854775807"));
        assertEquals(Long.MAX_VALUE, XsdParse.parseLong("+0009223372036854775807"));
        assertEquals(Long.MIN_VALUE, XsdParse.parseLong("-9223372036854775808"));
        assertEquals(Long.MIN_VALUE, parseLongBytes("-00000000000000000000009223372036854775808"));
        assertEquals(Integer.MAX_VALUE, XsdParse.parseInt("2147483647"));
        assertEquals(Integer.MIN_VALUE, parseIntBytes("-2147483648"));
        assertEquals(Short.MAX_VALUE, XsdParse.parseShort("32767"));
        assertEquals(Short.MIN_VALUE, XsdParse.parseShort("-32768"));
        assertEquals(Byte.MAX_VALUE, XsdParse.parseByte("127"));
        assertEquals(Byte.MIN_VALUE, XsdParse.parseByte("-128"));
        assertEquals(0, XsdParse.parseInt("-0"));
        assertEquals(0, XsdParse.parseInt("+0"));
        assertEquals(0, XsdParse.parseInt("000"));
        String[][] outOfRange = {
            {"long", "9223372036854775808"}, {"long", "-9223372036854775809"}, {"long", "99999999999999999999"},
            {"long", "18446744073709551616"}, {"int", "2147483648"}, {"int", "-2147483649"},
            {"short", "32768"}, {"short", "-32769"}, {"byte", "128"}, {"byte", "-129"}, {"byte", "1000"},
        };
        for (String[] c : outOfRange) {
            NumberFormatException e = assertThrows(NumberFormatException.class, () -> parseInteger(c[0], c[1]));
            assertEquals("out of range for xsd:" + c[0] + ": \"" + c[1] + "\"", e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "+", "-", "1.0", "1e3", "0x10", "1_0", "1L", "--1", "+-1", "1-", "1 2", "\u0661",
        "INF", "NaN", "\u00a01"})
    void rejectsNonIntegers(String text) {
        for (String type : new String[] {"long", "int", "short", "byte"}) {
            NumberFormatException e = assertThrows(NumberFormatException.class, () -> parseInteger(type, text));
            assertEquals("not an xsd:" + type + ": \"" + text + "\"", e.getMessage());
        }
    }

    private static long parseInteger(String type, String text) {
        byte[] b = embed(text);
        long fromBytes;
        long fromChars;
        switch (type) {
            case "long":
                fromChars = XsdParse.parseLong(text);
                fromBytes = XsdParse.parseLong(b, 3, b.length - 6);
                break;
            case "int":
                fromChars = XsdParse.parseInt(text);
                fromBytes = XsdParse.parseInt(b, 3, b.length - 6);
                break;
            case "short":
                fromChars = XsdParse.parseShort(text);
                fromBytes = XsdParse.parseShort(b, 3, b.length - 6);
                break;
            default:
                fromChars = XsdParse.parseByte(text);
                fromBytes = XsdParse.parseByte(b, 3, b.length - 6);
                break;
        }
        assertEquals(fromChars, fromBytes);
        return fromChars;
    }

    @Test
    void integersMatchTheJdkOnRandomText() {
        SplittableRandom r = new SplittableRandom(SEED);
        for (int i = 0; i < 300_000; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            String s = (v >= 0 && r.nextBoolean() ? "+" : "") + v;
            String where = "seed " + SEED + " draw " + i + ": " + s;
            assertEquals(v, parseLongBytes(s), where);
            assertEquals(v, XsdParse.parseLong(s), where);
            if (v == (int) v) {
                assertEquals((int) v, parseIntBytes(s), where);
            } else {
                assertThrows(NumberFormatException.class, () -> XsdParse.parseInt(s), where);
            }
            if (v == (short) v) {
                assertEquals((short) v, XsdParse.parseShort(s), where);
            } else {
                assertThrows(NumberFormatException.class, () -> XsdParse.parseShort(s), where);
            }
        }
        for (int v = Byte.MIN_VALUE - 10; v <= Byte.MAX_VALUE + 10; v++) {
            String s = Integer.toString(v);
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            if (v == (byte) v) {
                assertEquals((byte) v, XsdParse.parseByte(b, 0, b.length));
            } else {
                assertThrows(NumberFormatException.class, () -> XsdParse.parseByte(b, 0, b.length));
            }
        }
    }

    @Test
    void booleans() {
        assertTrue(XsdParse.parseBoolean("true"));
        assertTrue(XsdParse.parseBoolean("1"));
        assertFalse(XsdParse.parseBoolean("false"));
        assertFalse(XsdParse.parseBoolean("0"));
        byte[] b = " true 1 false 0 ".getBytes(StandardCharsets.US_ASCII);
        assertTrue(XsdParse.parseBoolean(b, 0, 6));
        assertTrue(XsdParse.parseBoolean(b, 6, 2));
        assertFalse(XsdParse.parseBoolean(b, 8, 6));
        assertFalse(XsdParse.parseBoolean(b, 14, 2));
        for (String bad : new String[] {"", " ", "TRUE", "True", "yes", "2", "01", "t", "fals", "falsee", "1 0", "-1"}) {
            byte[] bytes = bad.getBytes(StandardCharsets.US_ASCII);
            NumberFormatException e = assertThrows(NumberFormatException.class,
                    () -> XsdParse.parseBoolean(bytes, 0, bytes.length));
            assertEquals("not an xsd:boolean: \"" + bad + "\"", e.getMessage());
            assertThrows(NumberFormatException.class, () -> XsdParse.parseBoolean(bad));
        }
    }

    /**
     * Decimals of up to 17 characters without an exponent (read in one pass by an exact division) and their neighbours
     * that are not (16 digits and more, exponents), against the JDK's correctly rounded reading, bit for bit: -0,
     * leading and trailing zeros, a point first or last, every digit count from 1 to 18.
     */
    @Test
    void shortDecimalsMatchTheJdkBitForBit() {
        SplittableRandom r = new SplittableRandom(SEED + 3);
        for (int i = 0; i < 1_000_000; i++) {
            StringBuilder t = new StringBuilder();
            int pick = r.nextInt(4);
            if (pick == 0) {
                t.append('-');
            } else if (pick == 1) {
                t.append('+');
            }
            int digits = 1 + r.nextInt(18);
            int point = r.nextInt(digits + 2) - 1; // -1: no point; digits: a trailing point
            for (int k = 0; k < digits; k++) {
                if (k == point) {
                    t.append('.');
                }
                t.append((char) ('0' + (r.nextInt(5) == 0 ? 0 : r.nextInt(10))));
            }
            if (point == digits) {
                t.append('.');
            }
            if (r.nextInt(10) == 0) {
                t.append('E').append(r.nextInt(41) - 20);
            }
            String text = t.toString();
            double want = Double.parseDouble(text);
            double got = parseDoubleBytes(text);
            if (Double.doubleToRawLongBits(want) != Double.doubleToRawLongBits(got)) {
                fail(text + " reads as " + got + ", the JDK reads " + want + " (seed " + (SEED + 3) + ", draw " + i + ")");
            }
        }
        for (String text : new String[] {"-0", "-0.0", "+0", "0.", ".0", "-.0", "999999999999999", "-99999999999999.9",
                "9999999999999999", "0.000000000000001", "0.0000000000000001", "123456789012345.", "1.00000000000000"}) {
            assertEquals(Double.doubleToRawLongBits(Double.parseDouble(text)), Double.doubleToRawLongBits(parseDoubleBytes(text)),
                    text);
        }
    }

    @Test
    void formattedDoublesParseBackExactly() {
        SplittableRandom bits = new SplittableRandom(SEED + 1);
        List<DoubleSupplier> kinds = XsdFormatDoubleTest.hardValueKinds(new SplittableRandom(SEED + 2));
        byte[] b = new byte[XsdFormat.MAX_DOUBLE_WIDTH + 4];
        for (int i = 0; i < 1_000_000; i++) {
            double v = i % 2 == 0 ? Double.longBitsToDouble(bits.nextLong()) : kinds.get(i % kinds.size()).getAsDouble();
            int end = XsdFormat.writeDouble(v, b, 2);
            double back = XsdParse.parseDouble(b, 2, end - 2);
            if (Double.doubleToLongBits(back) != Double.doubleToLongBits(v)) {
                fail(new String(b, 2, end - 2, StandardCharsets.US_ASCII) + " parses to " + back + " (seeds "
                        + (SEED + 1) + "/" + (SEED + 2) + " draw " + i + ")");
            }
        }
        for (double v : XsdFormatDoubleTest.edgeValues()) {
            int end = XsdFormat.writeDouble(v, b, 0);
            assertEquals(Double.doubleToLongBits(v), Double.doubleToLongBits(XsdParse.parseDouble(b, 0, end)),
                    Double.toHexString(v));
            String s = new String(b, 0, end, StandardCharsets.US_ASCII);
            assertEquals(Double.doubleToLongBits(v), Double.doubleToLongBits(XsdParse.parseDouble(s)), s);
        }
    }

    @Test
    void formattedFloatsParseBackExactly() {
        SplittableRandom r = new SplittableRandom(SEED + 3);
        byte[] b = new byte[XsdFormat.MAX_FLOAT_WIDTH];
        for (int i = 0; i < 1_000_000; i++) {
            float v = Float.intBitsToFloat(r.nextInt());
            int end = XsdFormat.writeFloat(v, b, 0);
            float back = XsdParse.parseFloat(b, 0, end);
            if (Float.floatToIntBits(back) != Float.floatToIntBits(v)) {
                fail(new String(b, 0, end, StandardCharsets.US_ASCII) + " parses to " + back + " (seed "
                        + (SEED + 3) + " draw " + i + ")");
            }
        }
        for (float v : XsdFormatFloatTest.edgeValues()) {
            int end = XsdFormat.writeFloat(v, b, 0);
            assertEquals(Float.floatToIntBits(v), Float.floatToIntBits(XsdParse.parseFloat(b, 0, end)),
                    Float.toHexString(v));
        }
    }

    @Test
    void formattedIntegersParseBack() {
        SplittableRandom r = new SplittableRandom(SEED + 4);
        byte[] b = new byte[XsdFormat.MAX_LONG_WIDTH];
        for (int i = 0; i < 300_000; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            int end = XsdFormat.writeLong(v, b, 0);
            assertEquals(v, XsdParse.parseLong(b, 0, end), "seed " + (SEED + 4) + " draw " + i);
            int w = (int) v;
            end = XsdFormat.writeInt(w, b, 0);
            assertEquals(w, XsdParse.parseInt(b, 0, end), "seed " + (SEED + 4) + " draw " + i);
        }
        for (long v : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1}) {
            int end = XsdFormat.writeLong(v, b, 0);
            assertEquals(v, XsdParse.parseLong(b, 0, end));
        }
        for (int v = Short.MIN_VALUE; v <= Short.MAX_VALUE; v++) {
            int end = XsdFormat.writeShort((short) v, b, 0);
            assertEquals((short) v, XsdParse.parseShort(b, 0, end));
        }
        for (boolean v : new boolean[] {true, false}) {
            int end = XsdFormat.writeBoolean(v, b, 0);
            assertEquals(v, XsdParse.parseBoolean(b, 0, end));
        }
    }
}
