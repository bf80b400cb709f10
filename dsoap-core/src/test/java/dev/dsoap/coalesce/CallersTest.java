package dev.dsoap.coalesce;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Requests share an answer only under the same credentials and the same response-shaping headers. */
class CallersTest {
    private static Function<String, String> headers(Map<String, String> h) {
        return h::get;
    }

    @Test
    void sameCallerAndHeadersShareOtherwiseNot() {
        Map<String, String> xml = Map.of("Content-Type", "text/xml; charset=UTF-8", "SOAPAction", "\"\"");
        String anonymous = Callers.identity(null, null, null, headers(xml));
        assertEquals(64, anonymous.length());
        assertEquals(anonymous, Callers.identity(null, null, null, headers(xml)), "anonymous requests share");
        assertNotEquals(anonymous, Callers.identity("Basic YTpi", null, null, headers(xml)), "credentials");
        assertNotEquals(Callers.identity("Basic YTpi", null, null, headers(xml)),
                Callers.identity("Basic YzpkZA==", null, null, headers(xml)), "other credentials");
        assertNotEquals(anonymous, Callers.identity(null, "alice", null, headers(xml)), "a principal");
        assertNotEquals(Callers.identity("x", null, null, headers(xml)), Callers.identity(null, "x", null, headers(xml)),
                "fields do not run into each other");
        for (String shaping : Callers.SHAPING) {
            Map<String, String> other = new java.util.HashMap<>(xml);
            other.put(shaping, "something else");
            assertNotEquals(anonymous, Callers.identity(null, null, null, headers(other)), shaping);
        }
        Map<String, String> stamped = new java.util.HashMap<>(xml);
        stamped.put(dev.dsoap.quality.QualityWire.REQUEST, "sent=1");
        assertNull(Callers.identity(null, null, null, headers(stamped)), "a quality header asks for an answer of its own");
    }
}
