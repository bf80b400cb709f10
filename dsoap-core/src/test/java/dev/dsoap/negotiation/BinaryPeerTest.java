package dev.dsoap.negotiation;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The client's side of the negotiation: asking, switching only to a listed format, descriptors, refusals. */
class BinaryPeerTest {
    private static final String ANSWERS = "00112233aabbccdd";
    private static final String REQUESTS = "0123456789abcdef";

    @Test
    void performanceSwitchesOnlyWhenTheEndpointListsTheRequestFormat() {
        BinaryPeer p = new BinaryPeer(BinaryMode.PERFORMANCE);
        assertEquals(BinaryMediaType.accept("text/xml", ANSWERS), p.accept("text/xml", ANSWERS));
        assertNull(p.accept("text/xml", null), "a client that reads no binary answer does not ask");
        assertFalse(p.sendsBinary());
        p.answered("ffffffffffffffff", REQUESTS, false);
        assertFalse(p.sendsBinary(), "the endpoint does not read this request format");
        p.answered(null, REQUESTS, false);
        assertFalse(p.sendsBinary());
        p.answered("ffffffffffffffff, " + REQUESTS.toUpperCase(), REQUESTS, false);
        assertTrue(p.sendsBinary());
        assertTrue(p.describeRequests(), "the first binary request carries its descriptor");
        p.answered(REQUESTS, REQUESTS, true);
        assertFalse(p.describeRequests(), "the endpoint has read one");

        p.refused();
        assertFalse(p.sendsBinary());
        assertTrue(p.describeRequests());
        assertNull(p.accept("text/xml", ANSWERS), "no asking during the back-off");
        for (int i = 1; i < Choice.FIRST_BACKOFF; i++) {
            assertNull(p.accept("text/xml", ANSWERS));
        }
        assertEquals(BinaryMediaType.accept("text/xml", ANSWERS), p.accept("text/xml", ANSWERS), "asking again after it");
        assertEquals(1, p.choice().refusals());
    }

    @Test
    void interoperabilityAsksButNeverSendsBinary() {
        BinaryPeer p = new BinaryPeer(BinaryMode.INTEROPERABILITY);
        assertEquals(BinaryMediaType.accept("application/soap+xml", ANSWERS), p.accept("application/soap+xml", ANSWERS));
        p.answered(REQUESTS, REQUESTS, false);
        assertFalse(p.sendsBinary());
        p.unreadable();
        assertNull(p.accept("text/xml", ANSWERS));

        BinaryPeer off = new BinaryPeer(BinaryMode.OFF);
        assertNull(off.accept("text/xml", ANSWERS));
        off.answered(REQUESTS, REQUESTS, false);
        assertFalse(off.sendsBinary());
        assertTrue(BinaryPeer.lists(" a ,b", "A"));
        assertFalse(BinaryPeer.lists("ab", "a"));
    }
}
