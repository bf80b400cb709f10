package dev.dsoap.coalesce;

import dev.dsoap.quality.QualityWire;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.Certificate;
import java.security.cert.CertificateEncodingException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The identity under which a request may share an identical request's answer: everything the host knows about the
 * request besides its body, in one canonical form. That is the request target (path and query), every request header
 * but the {@link #FRAMING} ones and those the operator said do not shape answers ({@code dsoap.coalesceIgnore}), the
 * remote address, the TLS client certificate, and the principal and session as they stand when the service would be
 * invoked. Two requests that differ in any of these never share an answer; requests that carry a session (a servlet
 * session or a {@code Cookie} header) share only with requests of the same session.
 *
 * <p>Secrets are not kept as they are: the {@link #CREDENTIALS} headers, the session id and the certificate go into
 * a SHA-256 digest, which the identity holds in their place; the rest is compared as it is (an anonymous request's
 * identity takes no digest at all). Every host builds the identity here, so they share answers by the same rules.
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
     * What the host knows of one request's caller, made one string by {@link #key()}. The order of the calls does not
     * matter, except that a header's values keep the order they are given in. Not thread-safe: one per request.
     */
    public static final class Identity {
        private final Set<String> ignored;
        /** Header names (lower case) and values, in the order given; {@link #key} sorts them by name. */
        private String[] names = new String[16];
        private String[] values = new String[16];
        private int headerCount;
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
            String n = lowerCase(name);
            if (n.equals(QUALITY_HEADER)) {
                ownAnswer = true; // its answer echoes its own stamp
            }
            if (value == null || FRAMING.contains(n) || ignored.contains(n)) {
                return this;
            }
            if (headerCount == names.length) {
                names = java.util.Arrays.copyOf(names, 2 * headerCount);
                values = java.util.Arrays.copyOf(values, 2 * headerCount);
            }
            names[headerCount] = n;
            values[headerCount++] = value;
            return this;
        }

        /** Every header of a map of names to values (a {@code String} or a list of them), as {@link #header}. */
        public Identity headers(Map<?, ?> all) {
            for (Map.Entry<?, ?> e : all.entrySet()) {
                if (!(e.getKey() instanceof String name)) {
                    continue;
                }
                if (e.getValue() instanceof List<?> values) {
                    for (int i = 0, n = values.size(); i < n; i++) {
                        Object v = values.get(i);
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
         * The identity: a string equal for two requests only when everything given is equal; or {@code null} when
         * the request asks for an answer of its own and is never shared (it carries a quality header,
         * {@link QualityWire#REQUEST}, whose stamp its answer echoes).
         *
         * <p>Its form: the target, remote address, certificate, principal and session, then the number of distinct
         * header names and, by name in order, each name, its number of values and its values in the order given;
         * each field length-prefixed ({@code -1} when absent), so that no two lists of fields read alike. A secret
         * field (the certificate, the session, a {@link #CREDENTIALS} header's value) is written as a length of
         * {@code -2}, its bytes going to a second list of fields instead; when there are any, the SHA-256 digest of
         * that list ends the form, as a field of its own. One char a byte (ISO-8859-1 of the form's bytes).
         */
        public String key() {
            if (ownAnswer) {
                return null;
            }
            sortByName();
            Fields f = new Fields();
            Fields secrets = null;
            f.field(target);
            f.field(remote);
            if (certificate != null) {
                (secrets = f.secret(secrets)).bytes(certificate);
            } else {
                f.bytes(null);
            }
            f.field(principal);
            if (session != null) {
                (secrets = f.secret(secrets)).field(session);
            } else {
                f.field(null);
            }
            int distinct = 0;
            for (int i = 0; i < headerCount; i++) {
                if (i == 0 || !names[i].equals(names[i - 1])) {
                    distinct++;
                }
            }
            f.number(distinct);
            for (int i = 0; i < headerCount; ) {
                int j = i + 1;
                while (j < headerCount && names[j].equals(names[i])) {
                    j++;
                }
                f.field(names[i]);
                f.number(j - i);
                boolean secret = CREDENTIALS.contains(names[i]);
                for (int k = i; k < j; k++) {
                    if (secret) {
                        (secrets = f.secret(secrets)).field(values[k]);
                    } else {
                        f.field(values[k]);
                    }
                }
                i = j;
            }
            if (secrets != null) {
                MessageDigest d = sha256();
                d.update(secrets.b, 0, secrets.n);
                f.bytes(d.digest());
            }
            return new String(f.b, 0, f.n, StandardCharsets.ISO_8859_1);
        }

        /** Sorts the headers by name, a name's values keeping their order (insertion sort: a request has few). */
        private void sortByName() {
            for (int i = 1; i < headerCount; i++) {
                String n = names[i];
                String v = values[i];
                int j = i - 1;
                while (j >= 0 && names[j].compareTo(n) > 0) {
                    names[j + 1] = names[j];
                    values[j + 1] = values[j];
                    j--;
                }
                names[j + 1] = n;
                values[j + 1] = v;
            }
        }
    }

    /** The fields of an identity as bytes: each length-prefixed, strings in UTF-8. */
    private static final class Fields {
        byte[] b = new byte[512];
        int n;

        /** Marks a secret field here ({@code -2}); returns where its bytes go, {@code secrets} or a new list. */
        Fields secret(Fields secrets) {
            number(-2);
            return secrets == null ? new Fields() : secrets;
        }

        void number(int value) {
            room(4);
            b[n] = (byte) (value >>> 24);
            b[n + 1] = (byte) (value >>> 16);
            b[n + 2] = (byte) (value >>> 8);
            b[n + 3] = (byte) value;
            n += 4;
        }

        void bytes(byte[] v) {
            number(v == null ? -1 : v.length);
            if (v != null) {
                room(v.length);
                System.arraycopy(v, 0, b, n, v.length);
                n += v.length;
            }
        }

        /** {@code s} in UTF-8, length-prefixed; ASCII copied char by char, anything else encoded by the platform. */
        void field(String s) {
            if (s == null) {
                number(-1);
                return;
            }
            int len = s.length();
            number(len);
            room(len);
            for (int i = 0; i < len; i++) {
                char c = s.charAt(i);
                if (c >= 0x80) {
                    n -= 4; // not ASCII: its UTF-8 length is not len
                    bytes(s.getBytes(StandardCharsets.UTF_8));
                    return;
                }
                b[n + i] = (byte) c;
            }
            n += len;
        }

        private void room(int more) {
            if (b.length - n < more) {
                b = java.util.Arrays.copyOf(b, Math.max(2 * b.length, n + more));
            }
        }
    }

    /** {@code s} with ASCII upper case letters lowered; {@code s} itself when it has none (header names seldom do not). */
    private static String lowerCase(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z' || c >= 0x80) {
                return s.toLowerCase(Locale.ROOT);
            }
        }
        return s;
    }

    /** {@link QualityWire#REQUEST} in lower case. */
    private static final String QUALITY_HEADER = QualityWire.REQUEST.toLowerCase(Locale.ROOT);

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
}
