package dev.dsoap.coalesce;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static dev.dsoap.coalesce.CoalescerTest.BODY;
import static dev.dsoap.coalesce.CoalescerTest.SECOND;
import static dev.dsoap.coalesce.CoalescerTest.assertAddsUp;
import static dev.dsoap.coalesce.CoalescerTest.await;
import static dev.dsoap.coalesce.CoalescerTest.coalescer;
import static dev.dsoap.coalesce.CoalescerTest.get;
import static dev.dsoap.coalesce.CoalescerTest.settings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** With a linger window, a new leader waits before it runs the work, so that identical requests join it. */
@Timeout(60)
class LingerTest {
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "callers still running");
    }

    @Test
    void requestsArrivingWithinTheWindowJoin() throws Exception {
        long linger = CoalescerSettings.MAX_LINGER_NANOS; // a wide window: the joiners start well within it
        Probes probe = new Probes(1, 3);
        Coalescer<byte[]> c = coalescer(settings(64, 30 * SECOND, linger), KeyHash.seeded(4), probe);
        AtomicInteger runs = new AtomicInteger();
        AtomicLong started = new AtomicLong();
        AtomicLong waitingAtStart = new AtomicLong(-1);
        Coalescer.Work<byte[]> work = () -> {
            runs.incrementAndGet();
            started.set(System.nanoTime());
            waitingAtStart.set(3 - probe.waiting[0].getCount());
            return Responses.of(BODY, "alice");
        };
        Future<byte[]> leader = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        await(probe.led);
        List<Future<byte[]>> joiners = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            joiners.add(pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work)));
        }
        byte[] led = get(leader);
        for (Future<byte[]> j : joiners) {
            assertSame(led, get(j));
        }
        assertEquals(1, runs.get());
        assertTrue(started.get() - probe.firstLed.get() >= linger, "the work waited for the window");
        assertEquals(3, waitingAtStart.get(), "all three arrived within the window, before the work ran");
        assertEquals(3, c.joined());
        assertAddsUp(c);
    }

    @Test
    void theWindowEndsWhenNoMoreCanJoin() throws Exception {
        long linger = CoalescerSettings.MAX_LINGER_NANOS;
        Probes probe = new Probes(1, 2);
        Coalescer<byte[]> c = coalescer(settings(2, 30 * SECOND, linger), KeyHash.seeded(4), probe);
        AtomicLong started = new AtomicLong();
        Coalescer.Work<byte[]> work = () -> {
            started.set(System.nanoTime());
            return Responses.of(BODY, "alice");
        };
        Future<byte[]> leader = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        await(probe.led);
        Future<byte[]> j1 = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        Future<byte[]> j2 = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        assertSame(get(leader), get(j1));
        assertSame(get(leader), get(j2));
        long lingered = started.get() - probe.firstLed.get();
        assertTrue(lingered < linger, "lingered " + lingered + " ns with maxWaiters waiting");
        assertAddsUp(c);
    }

    @Test
    void aLoneLeaderLingersThenRuns() throws Exception {
        long linger = 20_000_000L;
        Coalescer<byte[]> c = coalescer(settings(64, SECOND, linger), KeyHash.seeded(4), Probe.NONE);
        long start = System.nanoTime();
        assertArrayEquals(Responses.of(BODY, null), c.call(BODY, 0, BODY.length, null, () -> Responses.of(BODY, null)));
        assertTrue(System.nanoTime() - start >= linger);
        assertEquals(1, c.leaders());
        assertAddsUp(c);
    }
}
