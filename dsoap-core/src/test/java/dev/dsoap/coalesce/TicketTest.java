package dev.dsoap.coalesce;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The split form hosts use when their work is the rest of a chain: enter, then finish the leader's ticket. */
@Timeout(60)
class TicketTest {
    private static final byte[] BODY = CoalescerTest.BODY;
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "callers still running");
    }

    private static Coalescer<byte[]> coalescer(Probes probe) {
        return CoalescerTest.coalescer(CoalescerTest.settings(4, 30 * CoalescerTest.SECOND, 0),
                KeyHash.seeded(7), probe);
    }

    @Test
    void aLeaderSealsThenCompletesAndItsWaitersGetTheResponse() throws Exception {
        Probes probe = new Probes(1, 2);
        Coalescer<byte[]> c = coalescer(probe);
        Ticket<byte[]> lead = c.enter(BODY.clone(), 0, BODY.length, "alice");
        assertTrue(lead.leads());
        assertFalse(lead.joined());
        Future<Ticket<byte[]>> w1 = pool.submit(() -> c.enter(BODY.clone(), 0, BODY.length, "alice"));
        Future<Ticket<byte[]>> w2 = pool.submit(() -> c.enter(BODY.clone(), 0, BODY.length, "alice"));
        probe.waiting[0].await(30, TimeUnit.SECONDS);
        assertEquals(2, lead.waiters());
        assertEquals(2, lead.sealed(), "two wait, and no more can join");
        assertEquals(0, c.inFlight());
        Ticket<byte[]> after = c.enter(BODY.clone(), 0, BODY.length, "alice");
        assertTrue(after.leads(), "an identical request after the seal leads anew");
        after.complete(new byte[] {9});
        byte[] response = {1, 2, 3};
        lead.complete(response);
        lead.fail(new IOException("ignored: finished once"));
        lead.cancel();
        for (Future<Ticket<byte[]>> w : java.util.List.of(w1, w2)) {
            Ticket<byte[]> t = CoalescerTest.get(w);
            assertTrue(t.joined());
            assertSame(response, t.response());
            t.cancel(); // nothing to finish on a joined ticket
        }
        assertEquals(2, c.joined());
        assertEquals(6, c.bytesFannedOut());
        assertEquals(2, c.leaders());
        assertThrows(IllegalStateException.class, lead::response);
    }

    @Test
    void aFailureGoesToTheWaitersOnlyAndACancelledLeaderPromotesOne() throws Exception {
        Probes probe = new Probes(1, 1);
        Coalescer<byte[]> c = coalescer(probe);
        Ticket<byte[]> lead = c.enter(BODY.clone(), 0, BODY.length, null);
        Future<Ticket<byte[]>> w = pool.submit(() -> c.enter(BODY.clone(), 0, BODY.length, ""));
        probe.waiting[0].await(30, TimeUnit.SECONDS);
        IOException boom = new IOException("the service failed");
        lead.fail(boom);
        Ticket<byte[]> t = CoalescerTest.get(w);
        assertSame(boom, assertThrows(IOException.class, t::response), "anonymous requests share, failures too");
        assertEquals(1, c.errorsShared());

        Ticket<byte[]> again = c.enter(BODY.clone(), 0, BODY.length, null);
        assertTrue(again.leads(), "the failure was not kept");
        Probes p2 = new Probes(0, 1);
        Coalescer<byte[]> c2 = coalescer(p2);
        Ticket<byte[]> gone = c2.enter(BODY.clone(), 0, BODY.length, "bob");
        Future<Ticket<byte[]>> promoted = pool.submit(() -> c2.enter(BODY.clone(), 0, BODY.length, "bob"));
        p2.waiting[0].await(30, TimeUnit.SECONDS);
        gone.cancel();
        Ticket<byte[]> p = CoalescerTest.get(promoted);
        assertTrue(p.leads(), "the waiter leads after its leader was cancelled");
        p.complete(new byte[0]);
        assertEquals(1, c2.leaderCancellations());
        assertEquals(0, c2.inFlight());
        again.cancel();
    }
}
