package dev.dsoap.coalesce;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Random;

/** The tests' work: a pure function of a request's identity and body, so that every caller knows its right answer. */
final class Responses {
    private Responses() {
    }

    /** SHA-256 of the identity ({@code null} as {@code ""}), a zero byte, and the body. */
    static byte[] of(byte[] body, int offset, int length, String identity) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update((identity == null ? "" : identity).getBytes(StandardCharsets.UTF_8));
            d.update((byte) 0);
            d.update(body, offset, length);
            return d.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    static byte[] of(byte[] body, String identity) {
        return of(body, 0, body.length, identity);
    }

    /** {@code body} copied into a larger buffer at a random offset, with random bytes around it. */
    static byte[] framed(byte[] body, int offset, Random r) {
        byte[] b = new byte[offset + body.length + r.nextInt(8)];
        r.nextBytes(b);
        System.arraycopy(body, 0, b, offset, body.length);
        return b;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(Character.forDigit((x >> 4) & 15, 16)).append(Character.forDigit(x & 15, 16));
        }
        return s.toString();
    }

    static boolean same(byte[] a, byte[] b) {
        return Arrays.equals(a, b);
    }
}
