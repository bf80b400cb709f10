package dev.dsoap.coalesce;

import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
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
import static dev.dsoap.coalesce.CoalescerTest.get;
import static dev.dsoap.coalesce.CoalescerTest.settings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Keys in flight are charged to the memory budget while in flight and released after; a refusal runs uncoalesced. */
@Timeout(60)
class BudgetTest {
    private static final long CHARGE = Coalescer.FLIGHT_BYTES + BODY.length;
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "callers still running");
    }

    private static Coalescer<byte[]> coalescer(MemoryBudget budget, Probe probe) {
        return new Coalescer<>(settings(64, 30 * SECOND, 0), a -> a.length, budget, KeyHash.seeded(6), probe);
    }

    @Test
    void chargedWhileInFlightNothingAfter() throws Exception {
        MemoryBudget budget = new MemoryBudget(1 << 20);
        Probes probe = new Probes(2, 1);
        Coalescer<byte[]> c = coalescer(budget, probe);
        byte[] other = Responses.ascii("<other/>");
        CyclicBarrier both = new CyclicBarrier(2);
        AtomicLong seen = new AtomicLong();
        Future<byte[]> a = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", () -> {
            both.await(30, TimeUnit.SECONDS);
            await(probe.waiting[0]);
            seen.set(budget.usedBytes());
            both.await(30, TimeUnit.SECONDS);
            return Responses.of(BODY, "alice");
        }));
        Future<byte[]> b = pool.submit(() -> c.call(other, 0, other.length, "alice", () -> {
            both.await(30, TimeUnit.SECONDS);
            both.await(30, TimeUnit.SECONDS);
            return Responses.of(other, "alice");
        }));
        await(probe.led);
        Future<byte[]> waiter = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", () -> null));
        assertSame(get(a), get(waiter));
        assertArrayEquals(Responses.of(other, "alice"), get(b));
        assertEquals(CHARGE + Coalescer.FLIGHT_BYTES + other.length, seen.get(), "two keys in flight, the waiter free");
        assertEquals(0, budget.usedBytes());
        assertEquals(0, budget.holders());
        assertAddsUp(c);
    }

    @Test
    void aRefusedKeyRunsUncoalesced() throws Exception {
        MemoryBudget budget = new MemoryBudget(CHARGE - 1);
        Probes probe = new Probes(1);
        Coalescer<byte[]> c = coalescer(budget, probe);
        CyclicBarrier both = new CyclicBarrier(2); // both identical requests run their work side by side
        Coalescer.Work<byte[]> work = () -> {
            both.await(30, TimeUnit.SECONDS);
            return Responses.of(BODY, "alice");
        };
        Future<byte[]> first = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        await(probe.led); // the first's key was refused and is out of the table: the second cannot join it
        Future<byte[]> second = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        assertNotSame(get(first), get(second));
        assertArrayEquals(get(first), get(second));
        assertEquals(2, c.uncoalesced());
        assertEquals(0, c.leaders());
        assertEquals(2, budget.refusals());
        assertEquals(0, budget.usedBytes());
        assertAddsUp(c);
    }

    @Test
    void anEvictedFlightTakesNoMoreWaitersAndAnswersItsOwn() throws Exception {
        MemoryBudget budget = new MemoryBudget(4096);
        Probes probe = new Probes(1, 1);
        Coalescer<byte[]> c = coalescer(budget, probe);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch working = new CountDownLatch(1);
        AtomicInteger runs = new AtomicInteger();
        Thread test = Thread.currentThread();
        Coalescer.Work<byte[]> work = () -> {
            runs.incrementAndGet();
            if (Thread.currentThread() != test) { // the pool's leader holds its flight until released
                working.countDown();
                await(release);
            }
            return Responses.of(BODY, "alice");
        };
        Future<byte[]> leader = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        Future<byte[]> waiter = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        await(probe.led); // charged
        await(working); // and its work under way (counted in runs)
        await(probe.waiting[0]);
        assertEquals(CHARGE, budget.usedBytes());
        boolean[] evicted = new boolean[1];
        MemoryBudget.Holder other = () -> evicted[0] = true;
        assertTrue(budget.charge(other, 4096 - CHARGE + 1)); // the flight is the least recently used
        assertEquals(0, c.inFlight(), "evicted: no longer joinable");
        byte[] anew = c.call(BODY.clone(), 0, BODY.length, "alice", work);
        assertEquals(2, runs.get(), "the next identical request led a new flight");
        assertTrue(evicted[0], "the new flight's charge evicted the other holder");
        release.countDown();
        assertSame(get(leader), get(waiter), "the evicted flight still answered its waiter");
        assertNotSame(anew, get(leader));
        assertEquals(2, c.leaders());
        assertEquals(1, c.joined());
        assertEquals(0, budget.usedBytes());
        assertAddsUp(c);
    }
}
