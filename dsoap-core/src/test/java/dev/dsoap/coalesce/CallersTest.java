package dev.dsoap.coalesce;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        return more.apply(Callers.of(ignored).target("/svc").remote("127.0.0.1").headers(headers())).digest();
    }

    private static String id(UnaryOperator<Callers.Identity> more) {
        return id(Set.of(), more);
    }

    @Test
    void theSameRequestIsTheSameCaller() {
        String plain = id(i -> i);
        assertEquals(64, plain.length());
        assertEquals(plain, id(i -> i), "anonymous requests with the same headers share");
        assertEquals(plain, Callers.of(Set.of()).headers(headers()).remote("127.0.0.1").target("/svc").digest(),
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

    @Test
    void aQualityHeaderAsksForAnAnswerOfItsOwn() {
        assertNull(id(i -> i.header(dev.dsoap.quality.QualityWire.REQUEST, "sent=1")));
    }
}
