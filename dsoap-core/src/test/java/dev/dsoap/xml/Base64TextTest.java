package dev.dsoap.xml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Base64TextTest {
    private static final long SEED = 0x5EED_B64E_0001L;

    @Test
    void encodedLength() {
        assertEquals(0, Base64Text.encodedLength(0));
        assertEquals(4, Base64Text.encodedLength(1));
        assertEquals(4, Base64Text.encodedLength(2));
        assertEquals(4, Base64Text.encodedLength(3));
        assertEquals(8, Base64Text.encodedLength(4));
        assertEquals(2147483644, Base64Text.encodedLength(Integer.MAX_VALUE / 4 * 3));
        assertThrows(IllegalArgumentException.class, () -> Base64Text.encodedLength(Integer.MAX_VALUE / 4 * 3 + 1));
        assertThrows(IllegalArgumentException.class, () -> Base64Text.encodedLength(Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> Base64Text.encodedLength(-1));
    }

    @Test
    void encodesAsTheJdkDoes() {
        SplittableRandom r = new SplittableRandom(SEED);
        for (int i = 0; i < 20_000; i++) {
            int len = i < 300 ? i : r.nextInt(3000);
            byte[] src = new byte[len + 5];
            r.nextBytes(src);
            int srcOff = r.nextInt(6);
            len = Math.min(len, src.length - srcOff);
            byte[] expected = Base64.getEncoder().encode(Arrays.copyOfRange(src, srcOff, srcOff + len));
            assertEquals(expected.length, Base64Text.encodedLength(len));
            byte[] dst = new byte[expected.length + 7];
            int end = Base64Text.write(src, srcOff, len, dst, 7);
            String where = "seed " + SEED + " draw " + i;
            assertEquals(dst.length, end, where);
            assertArrayEquals(expected, Arrays.copyOfRange(dst, 7, end), where);
            assertArrayEquals(Arrays.copyOfRange(src, srcOff, srcOff + len), Base64Text.decode(dst, 7, end - 7), where);
        }
    }

    /**
     * The one-pass path for compact text and the general one must agree on everything: the bytes of valid
     * text, compact or with whitespace, and rejecting (with the general path's reason) text with a stray
     * character, a misplaced or third '=', or non-zero unused bits, wherever the fault is.
     */
    @Test
    void compactAndGeneralTextDecodeAlike() {
        SplittableRandom r = new SplittableRandom(SEED + 1);
        byte[] noise = " \t\r\n*-_.é\u0000".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 30_000; i++) {
            String where = "seed " + (SEED + 1) + " draw " + i;
            byte[] src = new byte[i < 64 ? i : r.nextInt(2000)];
            r.nextBytes(src);
            byte[] text = Base64.getEncoder().encode(src);
            switch (r.nextInt(4)) {
                case 0 -> assertArrayEquals(src, Base64Text.decode(text, 0, text.length), where);
                case 1 -> { // whitespace anywhere is skipped
                    StringBuilder t = new StringBuilder(new String(text, StandardCharsets.US_ASCII));
                    for (int k = 1 + r.nextInt(3); k > 0; k--) {
                        t.insert(r.nextInt(t.length() + 1), " \t\r\n".charAt(r.nextInt(4)));
                    }
                    byte[] spaced = t.toString().getBytes(StandardCharsets.US_ASCII);
                    assertArrayEquals(src, Base64Text.decode(spaced, 0, spaced.length), where);
                }
                case 2 -> { // one character replaced by whitespace (a digit short) or by a non-digit,
                    // or a digit before the last two replaced by '=' (a digit or '=' follows it)
                    if (text.length == 0) {
                        continue;
                    }
                    int at = r.nextInt(text.length);
                    if (r.nextBoolean() || at >= text.length - 2) {
                        text[at] = noise[r.nextInt(noise.length)];
                    } else {
                        text[at] = '=';
                    }
                    byte[] t = text;
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                            () -> Base64Text.decode(t, 0, t.length), where);
                    assertTrue(e.getMessage().startsWith("base64: "), where + ": " + e.getMessage());
                }
                default -> { // the last digit before padding with unused bits set
                    if (src.length % 3 == 0) {
                        continue;
                    }
                    int last = text.length - (src.length % 3 == 1 ? 3 : 2);
                    byte[] digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(StandardCharsets.US_ASCII);
                    int v = new String(digits, StandardCharsets.US_ASCII).indexOf(text[last]);
                    text[last] = digits[v | (src.length % 3 == 1 ? 1 + r.nextInt(15) : 1 + r.nextInt(3))];
                    byte[] t = text;
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                            () -> Base64Text.decode(t, 0, t.length), where);
                    assertTrue(e.getMessage().contains("unused bits"), where + ": " + e.getMessage());
                }
            }
        }
    }

    @Test
    void knownVectors() {
        String[][] rfc4648 = {{"", ""}, {"f", "Zg=="}, {"fo", "Zm8="}, {"foo", "Zm9v"}, {"foob", "Zm9vYg=="},
            {"fooba", "Zm9vYmE="}, {"foobar", "Zm9vYmFy"}};
        for (String[] v : rfc4648) {
            byte[] src = v[0].getBytes(StandardCharsets.US_ASCII);
            byte[] dst = new byte[Base64Text.encodedLength(src.length)];
            Base64Text.write(src, 0, src.length, dst, 0);
            assertEquals(v[1], new String(dst, StandardCharsets.US_ASCII));
            assertArrayEquals(src, decode(v[1]));
        }
        byte[] all = new byte[256];
        for (int i = 0; i < 256; i++) {
            all[i] = (byte) i;
        }
        assertArrayEquals(all, decode(Base64.getEncoder().encodeToString(all)));
    }

    @Test
    void decodeSkipsXmlWhitespace() {
        SplittableRandom r = new SplittableRandom(SEED + 1);
        char[] ws = {' ', '\t', '\r', '\n'};
        for (int i = 0; i < 5_000; i++) {
            byte[] data = new byte[r.nextInt(200)];
            r.nextBytes(data);
            String encoded = Base64.getEncoder().encodeToString(data);
            StringBuilder sb = new StringBuilder();
            for (int j = 0; j < encoded.length(); j++) {
                while (r.nextInt(4) == 0) {
                    sb.append(ws[r.nextInt(ws.length)]);
                }
                sb.append(encoded.charAt(j));
            }
            sb.append(i % 2 == 0 ? "\r\n" : "");
            assertArrayEquals(data, decode(sb.toString()), "seed " + (SEED + 1) + " draw " + i);
            String mime = Base64.getMimeEncoder().encodeToString(data);
            assertArrayEquals(data, decode(mime), "seed " + (SEED + 1) + " draw " + i + " (MIME line breaks)");
        }
        assertArrayEquals(new byte[0], decode(" \t\r\n "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "A | base64: 1 characters (not counting whitespace) is not a multiple of 4",
        "AB | base64: 2 characters (not counting whitespace) is not a multiple of 4",
        "ABCDE | base64: 5 characters (not counting whitespace) is not a multiple of 4",
        "AB= | base64: 3 characters (not counting whitespace) is not a multiple of 4",
        "A=== | base64: a third '=' at index 3",
        "==== | base64: a third '=' at index 2",
        "AB=C | base64: 'C' at index 3 follows '=' padding",
        "AA==AA== | base64: 'A' at index 4 follows '=' padding",
        "AB-_ | base64: '-' (0x2d) at index 2 is not a base64 character",
        "`AB C!D` | base64: '!' (0x21) at index 4 is not a base64 character",
        "AR== | base64: 'R' at index 1 before '=' has non-zero unused bits",
        "AAB= | base64: 'B' at index 2 before '=' has non-zero unused bits",
        "`A B\tC\u000b` | base64: byte 0xb at index 5 is not a base64 character",
    })
    void rejectsInvalidText(String text, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> decode(text));
        assertEquals(message, e.getMessage());
    }

    @Test
    void rejectsNonAsciiBytes() {
        byte[] b = "AB\u00e9C".getBytes(StandardCharsets.UTF_8);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Base64Text.decode(b, 0, b.length));
        assertEquals("base64: byte 0xc3 at index 2 is not a base64 character", e.getMessage());
    }

    @Test
    void acceptsOnlyZeroUnusedBits() {
        assertArrayEquals(new byte[] {0}, decode("AA=="));
        assertArrayEquals(new byte[] {0x01}, decode("AQ=="));
        assertArrayEquals(new byte[] {0, 1}, decode("AAE="));
        for (char c : "BCDEFGHIJKLMNOP".toCharArray()) {
            assertThrows(IllegalArgumentException.class, () -> decode("A" + c + "=="));
        }
        for (char c : "BCDFGH".toCharArray()) {
            assertThrows(IllegalArgumentException.class, () -> decode("AA" + c + "="));
        }
    }

    @Test
    void rangesAreCheckedBeforeWriting() {
        byte[] src = new byte[10];
        byte[] dst = new byte[16];
        Arrays.fill(dst, (byte) '#');
        byte[] copy = dst.clone();
        assertThrows(IndexOutOfBoundsException.class, () -> Base64Text.write(src, 0, 10, dst, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> Base64Text.write(src, 5, 6, dst, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> Base64Text.write(src, -1, 3, dst, 0));
        assertArrayEquals(copy, dst);
        assertEquals(16, Base64Text.write(src, 0, 10, dst, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> Base64Text.decode(dst, 10, 7));
        assertArrayEquals(new byte[0], Base64Text.decode(dst, 3, 0));
    }

    private static byte[] decode(String s) {
        byte[] b = ("##" + s + "#").getBytes(StandardCharsets.ISO_8859_1);
        return Base64Text.decode(b, 2, b.length - 3);
    }
}
