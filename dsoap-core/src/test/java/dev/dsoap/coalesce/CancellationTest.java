package dev.dsoap.coalesce;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.dsoap.coalesce.CoalescerTest.BODY;
import static dev.dsoap.coalesce.CoalescerTest.SECOND;
import static dev.dsoap.coalesce.CoalescerTest.assertAddsUp;
import static dev.dsoap.coalesce.CoalescerTest.await;
import static dev.dsoap.coalesce.CoalescerTest.coalescer;
import static dev.dsoap.coalesce.CoalescerTest.failure;
import static dev.dsoap.coalesce.CoalescerTest.get;
import static dev.dsoap.coalesce.CoalescerTest.settings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A cancelled leader (interrupted, or its client gone) does not fail its waiters: one of them is promoted to lead,
 * the others wait for it, and each gets the right response.
 */
@Timeout(60)
class CancellationTest {
    private static final int WAITERS = 3;
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "callers still running");
    }

    /** How the first leader goes away. */
    private enum Cancel {
        INTERRUPTED, CLIENT_GONE
    }

    @Test
    void anInterruptedLeadersWaitersGetTheirResponse() throws Exception {
        cancelled(Cancel.INTERRUPTED);
    }

    @Test
    void aLeaderWhoseClientWentAwayLeavesItsWaitersARightResponse() throws Exception {
        cancelled(Cancel.CLIENT_GONE);
    }

    private void cancelled(Cancel how) throws Exception {
        // waiting[0]: the waiters of the first leader; waiting[1]: those and the promoted leader's
        Probes probe = new Probes(1, WAITERS, WAITERS + WAITERS - 1);
        Coalescer<byte[]> c = coalescer(settings(64, 30 * SECOND, 0), KeyHash.seeded(2), probe);
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch never = new CountDownLatch(1);
        Coalescer.Work<byte[]> work = () -> {
            if (runs.incrementAndGet() == 1) {
                if (how == Cancel.INTERRUPTED) {
                    never.await(); // until interrupted
                } else {
                    await(probe.waiting[0]);
                    throw new CancellationException("client went away");
                }
            } else {
                await(probe.waiting[1]); // the promoted leader: the others wait for it
            }
            return Responses.of(BODY, "alice");
        };
        Future<byte[]> leader = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        await(probe.led);
        List<Future<byte[]>> waiters = new ArrayList<>();
        for (int i = 0; i < WAITERS; i++) {
            waiters.add(pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work)));
        }
        await(probe.waiting[0]);
        if (how == Cancel.INTERRUPTED) {
            probe.firstLeader.get().interrupt();
        }
        Throwable t = failure(leader);
        Class<? extends Exception> expected = how == Cancel.INTERRUPTED ? InterruptedException.class
                : CancellationException.class;
        assertInstanceOf(expected, t);
        byte[] first = get(waiters.get(0));
        for (Future<byte[]> w : waiters) {
            byte[] got = get(w);
            assertArrayEquals(Responses.of(BODY, "alice"), got);
            assertSame(first, got, "the promoted leader's response, shared");
        }
        assertEquals(2, runs.get(), "one more run for all the waiters, not one each");
        assertEquals(1, c.leaderCancellations());
        assertEquals(2, c.leaders());
        assertEquals(WAITERS - 1, c.joined());
        assertEquals(0, c.errorsShared());
        assertAddsUp(c);
    }

    @Test
    void aLeaderInterruptedWhileLingeringHandsOverToAWaiter() throws Exception {
        Probes probe = new Probes(1, 2, 2 + 1);
        Coalescer<byte[]> c = coalescer(settings(64, 30 * SECOND, CoalescerSettings.MAX_LINGER_NANOS),
                KeyHash.seeded(2), probe);
        AtomicInteger runs = new AtomicInteger();
        Coalescer.Work<byte[]> work = () -> {
            runs.incrementAndGet();
            await(probe.waiting[1]);
            return Responses.of(BODY, null);
        };
        Future<byte[]> leader = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, null, work));
        await(probe.led);
        Future<byte[]> w1 = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, null, work));
        Future<byte[]> w2 = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "", work));
        await(probe.waiting[0]);
        probe.firstLeader.get().interrupt();
        assertInstanceOf(InterruptedException.class, failure(leader));
        assertArrayEquals(Responses.of(BODY, null), get(w1));
        assertSame(get(w1), get(w2));
        assertEquals(1, runs.get(), "the lingering leader never ran the work");
        assertEquals(1, c.leaderCancellations());
        assertAddsUp(c);
    }

    @Test
    void aFailureWhileInterruptedIsACancellationNotAnError() throws Exception {
        Probes probe = new Probes(1, 1, 1);
        Coalescer<byte[]> c = coalescer(settings(64, 30 * SECOND, 0), KeyHash.seeded(2), probe);
        AtomicInteger runs = new AtomicInteger();
        Coalescer.Work<byte[]> work = () -> {
            if (runs.incrementAndGet() == 1) {
                await(probe.waiting[0]);
                Thread.currentThread().interrupt(); // as a channel closed by an interrupt leaves it
                throw new java.io.IOException("closed by interrupt");
            }
            return Responses.of(BODY, "x");
        };
        Future<byte[]> leader = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "x", work));
        await(probe.led);
        Future<byte[]> waiter = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "x", work));
        assertInstanceOf(java.io.IOException.class, failure(leader));
        assertArrayEquals(Responses.of(BODY, "x"), get(waiter), "the waiter ran it again instead of failing");
        assertEquals(0, c.errorsShared());
        assertEquals(1, c.leaderCancellations());
        assertAddsUp(c);
    }
}
