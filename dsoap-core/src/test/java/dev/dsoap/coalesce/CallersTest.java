package dev.dsoap.coalesce;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The caller is everything the host knows of a request besides its body: any difference but the framing headers, and
 * those the operator said do not shape answers, makes two requests different callers.
 */
class CallersTest {
    private static Map<String, List<String>> headers() {
        Map<String, List<String>> h = new LinkedHashMap<>();
        h.put("Content-Type", List.of("text/xml; charset=UTF-8"));
        h.put("SOAPAction", List.of("\"\""));
        h.put("Host", List.of("127.0.0.1:8080"));
        h.put("User-Agent", List.of("Apache-CXF/4.2"));
        return h;
    }

    private static String id(Set<String> ignored, UnaryOperator<Callers.Identity> more) {
        return more.apply(Callers.of(ignored).target("/svc").remote("127.0.0.1").headers(headers())).key();
    }

    private static String id(UnaryOperator<Callers.Identity> more) {
        return id(Set.of(), more);
    }

    @Test
    void theSameRequestIsTheSameCaller() {
        String plain = id(i -> i);
        assertEquals(plain, id(i -> i), "anonymous requests with the same headers share");
        assertEquals(plain, Callers.of(Set.of()).headers(headers()).remote("127.0.0.1").target("/svc").key(),
                "order of the calls does not matter");
    }

    @Test
    void anythingTheHostKnowsTellsCallersApart() {
        String plain = id(i -> i);
        Map<String, UnaryOperator<Callers.Identity>> cases = new LinkedHashMap<>();
        cases.put("an API key header", i -> i.header("X-Api-Key", "tenant-a"));
        cases.put("credentials", i -> i.header("Authorization", "Basic YTpi"));
        cases.put("a cookie", i -> i.header("Cookie", "app=alice"));
        cases.put("the query", i -> i.target("/svc?key=a"));
        cases.put("the path", i -> i.target("/other"));
        cases.put("the Host header", i -> i.header("Host", "tenant-b.example"));
        cases.put("the remote address", i -> i.remote("127.0.0.2"));
        cases.put("X-Forwarded-For", i -> i.header("X-Forwarded-For", "10.1.2.3"));
        cases.put("Accept-Language", i -> i.header("Accept-Language", "de"));
        cases.put("the principal", i -> i.principal("alice"));
        cases.put("the session", i -> i.session("s1"));
        cases.put("a second value of a header", i -> i.header("Host", "127.0.0.1:8080"));
        cases.put("User-Agent", i -> i.header("User-Agent", "zeep"));
        for (Map.Entry<String, UnaryOperator<Callers.Identity>> c : cases.entrySet()) {
            assertNotEquals(plain, id(c.getValue()), c.getKey());
        }
        assertNotEquals(id(i -> i.principal("x")), id(i -> i.session("x")), "fields do not run into each other");
        assertNotEquals(id(i -> i.header("A", "bc")), id(i -> i.header("Ab", "c")), "nor names into values");
        assertNotEquals(id(i -> i.principal("alice")), id(i -> i.principal("bob")));
    }

    @Test
    void framingHeadersAndTheClientIdDoNotTellCallersApart() {
        String plain = id(i -> i);
        for (String framing : List.of("Content-Length", "Connection", "Keep-Alive", "TE", "Transfer-Encoding", "Expect",
                "X-Dsoap-Client")) {
            assertEquals(plain, id(i -> i.header(framing, "x")), framing);
        }
    }

    @Test
    void operatorsNarrowTheIdentityExplicitly() {
        Set<String> ignored = CoalescerSettings.builder().ignoreHeaders(List.of("traceparent", "X-Request-Id"))
                .build().ignoredHeaders();
        assertEquals(Set.of("traceparent", "x-request-id"), ignored);
        assertEquals(id(ignored, i -> i.header("Traceparent", "00-1")), id(ignored, i -> i.header("traceparent", "00-2")));
        assertNotEquals(id(i -> i.header("traceparent", "00-1")), id(i -> i.header("traceparent", "00-2")),
                "not ignored unless said");
        for (String credentials : List.of("Authorization", "cookie", "Proxy-Authorization")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CoalescerSettings.builder().ignoreHeaders(List.of(credentials)));
            assertTrue(e.getMessage().contains(credentials), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> CoalescerSettings.builder().ignoreHeaders(List.of("a b")));
    }

    /**
     * The identity is the canonical form documented on {@link Callers.Identity#key()}, built here the plain way (a
     * sorted map, each string encoded on its own, secrets digested), over generated callers: headers in any order and
     * case, repeated, framing, ignored and credential ones, non-ASCII values and surrogate pairs, absent and empty
     * fields.
     */
    @Test
    void theIdentityIsTheCanonicalForm() throws Exception {
        long seed = 0x5eed_ca11L;
        java.util.Random r = new java.util.Random(seed);
        String[] names = {"Host", "host", "HOST", "SOAPAction", "Content-Type", "X-Api-Key", "x-api-key", "Cookie",
                "Authorization", "Content-Length", "X-Dsoap-Client", "traceparent", "Accept-Language", "X-Ünïcode",
                "A", "Ab", ""};
        String[] texts = {"", "a", "bc", "\"\"", "text/xml; charset=UTF-8", "caf\u00e9", "\ud83d\ude00 pair",
                "&<>\"'", "tab\tcr\r", "\u20ac1.5", "127.0.0.1", "/svc?key=1"};
        Set<String> ignored = Set.of("traceparent");
        for (int round = 0; round < 2_000; round++) {
            Callers.Identity id = Callers.of(ignored);
            java.util.TreeMap<String, List<String>> headers = new java.util.TreeMap<>();
            String[] fields = new String[4];
            byte[] certificate = null;
            int steps = r.nextInt(24);
            for (int k = 0; k < steps; k++) {
                int what = r.nextInt(10);
                String t = r.nextInt(8) == 0 ? null : texts[r.nextInt(texts.length)] + (r.nextBoolean() ? "" : k);
                switch (what) {
                    case 0 -> id.target(fields[0] = t);
                    case 1 -> id.remote(fields[1] = t);
                    case 2 -> id.principal(fields[2] = t);
                    case 3 -> id.session(fields[3] = t);
                    case 4 -> {
                        certificate = t == null ? null : t.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                        id.certificate(certificate == null ? null : new Bytes(certificate));
                    }
                    default -> {
                        String n = names[r.nextInt(names.length)];
                        id.header(n, t);
                        String lower = n.toLowerCase(java.util.Locale.ROOT);
                        if (t != null && !Callers.FRAMING.contains(lower) && !ignored.contains(lower)) {
                            headers.computeIfAbsent(lower, x -> new java.util.ArrayList<>()).add(t);
                        }
                    }
                }
            }
            java.io.ByteArrayOutputStream canonical = new java.io.ByteArrayOutputStream();
            java.io.DataOutputStream out = new java.io.DataOutputStream(canonical);
            java.io.ByteArrayOutputStream secretBytes = new java.io.ByteArrayOutputStream();
            java.io.DataOutputStream secrets = new java.io.DataOutputStream(secretBytes);
            boolean anySecret = false;
            for (int f = 0; f < 5; f++) {
                byte[] b = f == 2 ? certificate : utf8(fields[f < 2 ? f : f - 1]);
                boolean secret = b != null && (f == 2 || f == 4);
                anySecret |= secret;
                write(secret ? out : null, secret ? secrets : out, b);
            }
            out.writeInt(headers.size());
            for (Map.Entry<String, List<String>> h : headers.entrySet()) {
                write(null, out, utf8(h.getKey()));
                out.writeInt(h.getValue().size());
                boolean secret = Callers.CREDENTIALS.contains(h.getKey());
                anySecret |= secret;
                for (String v : h.getValue()) {
                    write(secret ? out : null, secret ? secrets : out, utf8(v));
                }
            }
            if (anySecret) {
                write(null, out, java.security.MessageDigest.getInstance("SHA-256").digest(secretBytes.toByteArray()));
            }
            String key = id.key();
            assertEquals(new String(canonical.toByteArray(), java.nio.charset.StandardCharsets.ISO_8859_1), key,
                    "seed " + seed + ", round " + round);
        }
    }

    /** A field, length-prefixed, to {@code to}; with {@code marker}, a secret: -2 there. */
    private static void write(java.io.DataOutputStream marker, java.io.DataOutputStream to, byte[] b) throws Exception {
        if (marker != null) {
            marker.writeInt(-2);
        }
        to.writeInt(b == null ? -1 : b.length);
        to.write(b == null ? new byte[0] : b);
    }

    @Test
    void secretsAreKeptOnlyAsADigest() {
        String key = id(i -> i.header("Authorization", "Basic c2VjcmV0LXVzZXI6cGFzcw==").header("Cookie", "sid=cookie-9f8e")
                .header("Proxy-Authorization", "Bearer proxy-token-77").session("session-4242"));
        for (String secret : List.of("c2VjcmV0LXVzZXI6cGFzcw", "cookie-9f8e", "proxy-token-77", "session-4242")) {
            assertFalse(key.contains(secret), secret + " kept as it is");
        }
        assertTrue(key.contains("127.0.0.1") && key.contains("/svc"), "the rest is compared as it is");
        assertNotEquals(key, id(i -> i.header("Authorization", "Basic c2VjcmV0LXVzZXI6cGFzcx==").header("Cookie",
                "sid=cookie-9f8e").header("Proxy-Authorization", "Bearer proxy-token-77").session("session-4242")));
    }

    private static byte[] utf8(String s) {
        return s == null ? null : s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** A certificate that is its bytes. */
    private static final class Bytes extends java.security.cert.Certificate {
        private final byte[] encoded;

        Bytes(byte[] encoded) {
            super("test");
            this.encoded = encoded;
        }

        @Override
        public byte[] getEncoded() {
            return encoded.clone();
        }

        @Override
        public void verify(java.security.PublicKey key) {
        }

        @Override
        public void verify(java.security.PublicKey key, String sigProvider) {
        }

        @Override
        public String toString() {
            return "test certificate";
        }

        @Override
        public java.security.PublicKey getPublicKey() {
            return null;
        }
    }

    @Test
    void aQualityHeaderAsksForAnAnswerOfItsOwn() {
        assertNull(id(i -> i.header(dev.dsoap.quality.QualityWire.REQUEST, "sent=1")));
    }
}
