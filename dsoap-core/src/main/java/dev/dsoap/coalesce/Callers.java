package dev.dsoap.coalesce;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The identity under which a request may share an identical request's response: a SHA-256 digest of what the host
 * knows of the caller (its HTTP {@code Authorization} header, its authenticated principal, its TLS client
 * certificate) and of the request headers that shape a response beside the body ({@code Content-Type},
 * {@code SOAPAction}, {@code Accept}). Requests with the same credentials and headers get the same identity;
 * anonymous requests with the same headers share one. Credentials are digested, never kept as they are. Stateless,
 * thread-safe.
 */
public final class Callers {
    private Callers() {
    }

    /**
     * The identity of a caller.
     *
     * @param authorization the {@code Authorization} header's value, or {@code null}
     * @param principal     the authenticated principal's name, or {@code null}
     * @param certificate   the TLS client certificate's encoded form, or {@code null}
     * @param headers       the response-shaping request headers' values (fixed order per host), any {@code null}
     * @return 64 hexadecimal characters
     */
    public static String identity(String authorization, String principal, byte[] certificate, String... headers) {
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
        field(d, authorization == null ? null : authorization.getBytes(StandardCharsets.UTF_8));
        field(d, principal == null ? null : principal.getBytes(StandardCharsets.UTF_8));
        field(d, certificate);
        for (String h : headers) {
            field(d, h == null ? null : h.getBytes(StandardCharsets.UTF_8));
        }
        byte[] sum = d.digest();
        char[] hex = new char[sum.length * 2];
        for (int i = 0; i < sum.length; i++) {
            hex[2 * i] = Character.forDigit((sum[i] >> 4) & 0xf, 16);
            hex[2 * i + 1] = Character.forDigit(sum[i] & 0xf, 16);
        }
        return new String(hex);
    }

    /** A field, length-prefixed so that no two lists of fields digest alike ({@code -1} for absent). */
    private static void field(MessageDigest d, byte[] b) {
        int n = b == null ? -1 : b.length;
        d.update(new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n});
        if (b != null) {
            d.update(b);
        }
    }
}
