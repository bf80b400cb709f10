package dev.dsoap.coalesce;

import dev.dsoap.negotiation.BinaryPeer;
import dev.dsoap.quality.QualityWire;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.Certificate;
import java.security.cert.CertificateEncodingException;
import java.util.List;
import java.util.function.Function;

/**
 * The identity under which a request may share an identical request's response: a SHA-256 digest of what the host
 * knows of the caller (its HTTP {@code Authorization} header, its authenticated principal, its TLS client
 * certificate) and of the request headers that shape a response beside the body ({@link #SHAPING}). Requests with
 * the same credentials and headers get the same identity; anonymous requests with the same headers share one.
 * Credentials are digested, never kept as they are. Both hosts ask here, so they share answers by the same rules.
 * Stateless, thread-safe.
 */
public final class Callers {
    /**
     * The request headers that shape an answer beside its body: the media type and action, what the client accepts
     * (dsoap's binary form or XML), and the binary formats it sends.
     */
    public static final List<String> SHAPING = List.of("Content-Type", "SOAPAction", "Accept", BinaryPeer.REQUEST_FORMATS);

    private Callers() {
    }

    /**
     * The identity of a request's caller, or {@code null} when the request asks for an answer of its own and is never
     * shared: it carries a quality header ({@link QualityWire#REQUEST}), whose stamp its answer echoes.
     *
     * @param authorization the {@code Authorization} header's value (or the credentials the host read), or {@code null}
     * @param principal     the authenticated principal's name, or {@code null}
     * @param certificate   the TLS client certificate, or {@code null}
     * @param header        a request header's value by name (case-insensitive), {@code null} when absent
     * @return 64 hexadecimal characters, or {@code null}
     */
    public static String identity(String authorization, String principal, Certificate certificate,
                                  Function<String, String> header) {
        if (header.apply(QualityWire.REQUEST) != null) {
            return null;
        }
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
        field(d, authorization == null ? null : authorization.getBytes(StandardCharsets.UTF_8));
        field(d, principal == null ? null : principal.getBytes(StandardCharsets.UTF_8));
        field(d, encoded(certificate));
        for (String name : SHAPING) {
            String v = header.apply(name);
            field(d, v == null ? null : v.getBytes(StandardCharsets.UTF_8));
        }
        byte[] sum = d.digest();
        char[] hex = new char[sum.length * 2];
        for (int i = 0; i < sum.length; i++) {
            hex[2 * i] = Character.forDigit((sum[i] >> 4) & 0xf, 16);
            hex[2 * i + 1] = Character.forDigit(sum[i] & 0xf, 16);
        }
        return new String(hex);
    }

    private static byte[] encoded(Certificate c) {
        if (c == null) {
            return null;
        }
        try {
            return c.getEncoded();
        } catch (CertificateEncodingException e) {
            return c.toString().getBytes(StandardCharsets.UTF_8);
        }
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
