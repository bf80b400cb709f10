package dev.dsoap.coalesce;

import dev.dsoap.quality.QualityWire;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.Certificate;
import java.security.cert.CertificateEncodingException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The identity under which a request may share an identical request's answer: a SHA-256 digest of everything the host
 * knows about the request besides its body. That is the request target (path and query), every request header but the
 * {@link #FRAMING} ones and those the operator said do not shape answers ({@code dsoap.coalesceIgnore}), the remote
 * address, the TLS client certificate, and the principal and session as they stand when the service would be invoked.
 * Two requests that differ in any of these never share an answer; requests that carry a session (a servlet session or
 * a {@code Cookie} header) share only with requests of the same session.
 *
 * <p>Nothing is kept as it is: credentials, cookies and addresses go into the digest only. Both hosts build the
 * identity here, so they share answers by the same rules.
 *
 * <p>Build one {@link Identity} per request ({@link #of}); an identity is not thread-safe, {@link Callers} is
 * stateless.
 */
public final class Callers {
    /**
     * The request headers that never tell callers apart: they frame the message on its connection, or (the client id
     * header dsoap clients send) name a client for its kept state, not for its answers. Lower case.
     */
    public static final Set<String> FRAMING = Set.of("content-length", "connection", "keep-alive", "te",
            "transfer-encoding", "expect", "x-dsoap-client");

    /**
     * Headers that carry credentials or a session: an operator cannot take them out of the identity
     * ({@code dsoap.coalesceIgnore} refuses them). Lower case.
     */
    public static final Set<String> CREDENTIALS = Set.of("authorization", "proxy-authorization", "cookie");

    private Callers() {
    }

    /**
     * A new identity to fill in for one request.
     *
     * @param ignored header names (lower case) that do not shape answers here, besides {@link #FRAMING}
     */
    public static Identity of(Set<String> ignored) {
        return new Identity(ignored);
    }

    /**
     * What the host knows of one request's caller, digested by {@link #digest()}. The order of the calls does not
     * matter, except that a header's values keep the order they are given in. Not thread-safe: one per request.
     */
    public static final class Identity {
        private final Set<String> ignored;
        /** Headers by lower-case name, their values in the order given. */
        private final TreeMap<String, List<String>> headers = new TreeMap<>();
        private String target;
        private String remote;
        private byte[] certificate;
        private String principal;
        private String session;
        private boolean ownAnswer;

        private Identity(Set<String> ignored) {
            this.ignored = ignored;
        }

        /** The request target: its path and query as sent ({@code /svc?key=1}). */
        public Identity target(String pathAndQuery) {
            this.target = pathAndQuery;
            return this;
        }

        /** One value of a request header; call again for each value (and for a repeated header). */
        public Identity header(String name, String value) {
            String n = name.toLowerCase(Locale.ROOT);
            if (n.equals(QualityWire.REQUEST.toLowerCase(Locale.ROOT))) {
                ownAnswer = true; // its answer echoes its own stamp
            }
            if (FRAMING.contains(n) || ignored.contains(n) || value == null) {
                return this;
            }
            headers.computeIfAbsent(n, k -> new ArrayList<>(1)).add(value);
            return this;
        }

        /** Every header of a map of names to values (a {@code String} or a list of them), as {@link #header}. */
        public Identity headers(Map<?, ?> all) {
            for (Map.Entry<?, ?> e : all.entrySet()) {
                if (!(e.getKey() instanceof String name)) {
                    continue;
                }
                if (e.getValue() instanceof List<?> values) {
                    for (Object v : values) {
                        header(name, v == null ? null : v.toString());
                    }
                } else if (e.getValue() != null) {
                    header(name, e.getValue().toString());
                }
            }
            return this;
        }

        /** The address the request came from (the peer of the connection, without its port). */
        public Identity remote(String address) {
            this.remote = address;
            return this;
        }

        /** The TLS client certificate, or {@code null}. */
        public Identity certificate(Certificate c) {
            this.certificate = encoded(c);
            return this;
        }

        /** The authenticated principal's name as the service would see it, or {@code null}. */
        public Identity principal(String name) {
            this.principal = name;
            return this;
        }

        /** The id of the request's server-side session (a servlet {@code HttpSession}), or {@code null}. */
        public Identity session(String id) {
            this.session = id;
            return this;
        }

        /**
         * The identity: 64 hexadecimal characters, equal for two requests only when everything given is equal; or
         * {@code null} when the request asks for an answer of its own and is never shared (it carries a quality
         * header, {@link QualityWire#REQUEST}, whose stamp its answer echoes).
         */
        public String digest() {
            if (ownAnswer) {
                return null;
            }
            MessageDigest d = sha256();
            byte[] n = new byte[4];
            field(d, n, utf8(target));
            field(d, n, utf8(remote));
            field(d, n, certificate);
            field(d, n, utf8(principal));
            field(d, n, utf8(session));
            number(d, n, headers.size());
            for (Map.Entry<String, List<String>> h : headers.entrySet()) {
                field(d, n, utf8(h.getKey()));
                number(d, n, h.getValue().size());
                for (String v : h.getValue()) {
                    field(d, n, utf8(v));
                }
            }
            byte[] sum = d.digest();
            byte[] hex = new byte[sum.length * 2];
            for (int i = 0; i < sum.length; i++) {
                hex[2 * i] = HEX[(sum[i] >> 4) & 0xf];
                hex[2 * i + 1] = HEX[sum[i] & 0xf];
            }
            return new String(hex, StandardCharsets.ISO_8859_1);
        }
    }

    private static byte[] utf8(String s) {
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
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

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.ISO_8859_1);
    /** A fresh SHA-256 to clone: looking the algorithm up again for every request costs more than the digest. */
    private static final MessageDigest SHA_256;

    static {
        try {
            SHA_256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }

    /** A SHA-256 digest of its own. */
    private static MessageDigest sha256() {
        try {
            return (MessageDigest) SHA_256.clone();
        } catch (CloneNotSupportedException e) {
            try {
                return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException impossible) {
                throw new IllegalStateException("SHA-256 is required of every Java platform", impossible);
            }
        }
    }

    /**
     * A field, length-prefixed so that no two lists of fields digest alike ({@code -1} for absent); {@code n} is four
     * bytes of scratch.
     */
    private static void field(MessageDigest d, byte[] n, byte[] b) {
        number(d, n, b == null ? -1 : b.length);
        if (b != null) {
            d.update(b);
        }
    }

    private static void number(MessageDigest d, byte[] n, int value) {
        n[0] = (byte) (value >>> 24);
        n[1] = (byte) (value >>> 16);
        n[2] = (byte) (value >>> 8);
        n[3] = (byte) value;
        d.update(n, 0, 4);
    }
}
