package dev.dsoap.coalesce;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Identical requests share one run of the work and its outcome; anything else runs its own. */
@Timeout(60)
class CoalescerTest {
    static final long SECOND = 1_000_000_000L;
    /** Every key in one bucket: the bytes and the identity alone decide. */
    static final KeyHash COLLIDING = (b, off, len, id) -> 42;
    static final byte[] BODY = Responses.ascii("<s:Envelope><s:Body><echo><d>1.5</d><d>2.5</d></echo></s:Body></s:Envelope>");

    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "callers still running");
    }

    static CoalescerSettings settings(int maxWaiters, long waitTimeout, long linger) {
        return CoalescerSettings.builder().enabled(true).maxWaiters(maxWaiters).waitTimeoutNanos(waitTimeout)
                .lingerNanos(linger).build();
    }

    static Coalescer<byte[]> coalescer(CoalescerSettings s, KeyHash hash, Probe probe) {
        return new Coalescer<>(s, a -> a.length, null, hash, probe);
    }

    static <T> T get(Future<T> f) throws Exception {
        return f.get(30, TimeUnit.SECONDS);
    }

    static Throwable failure(Future<?> f) {
        return assertThrows(ExecutionException.class, () -> get(f)).getCause();
    }

    static void await(CountDownLatch l) throws InterruptedException {
        assertTrue(l.await(30, TimeUnit.SECONDS), "latch still at " + l.getCount());
    }

    /** Every call ended in exactly one way. */
    static void assertAddsUp(Coalescer<?> c) {
        assertEquals(c.calls(), c.leaders() + c.joined() + c.timeouts() + c.overflow() + c.uncoalesced()
                + c.abandoned(), c::toString);
        assertEquals(0, c.inFlight(), c::toString);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 16, 64})
    void identicalRequestsRunTheWorkOnce(int n) throws Exception {
        Probes probe = new Probes(1, n - 1);
        Coalescer<byte[]> c = coalescer(settings(64, 30 * SECOND, 0), KeyHash.seeded(n), probe);
        AtomicInteger runs = new AtomicInteger();
        Random r = new Random(n);
        List<Future<byte[]>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int offset = r.nextInt(9);
            byte[] buffer = Responses.framed(BODY, offset, r); // each caller its own buffer, as hosts read them
            calls.add(pool.submit(() -> c.call(buffer, offset, BODY.length, "alice", () -> {
                runs.incrementAndGet();
                await(probe.waiting[0]); // the others are waiting for this run
                return Responses.of(BODY, "alice");
            })));
        }
        byte[] first = get(calls.get(0));
        assertArrayEquals(Responses.of(BODY, "alice"), first);
        for (Future<byte[]> f : calls) {
            assertSame(first, get(f), "every caller gets the one response");
        }
        assertEquals(1, runs.get());
        assertEquals(n, c.calls());
        assertEquals(1, c.leaders());
        assertEquals(n - 1, c.joined());
        assertEquals(32L * (n - 1), c.bytesFannedOut());
        assertEquals(0, c.timeouts() + c.overflow() + c.uncoalesced() + c.errorsShared() + c.leaderCancellations());
        assertAddsUp(c);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void sameBodyDifferentIdentitiesNeverShare(boolean colliding) throws Exception {
        // four callers: anonymous (null and "" alike), alice, bob, carol; four requests each, all at once
        String[] identities = {null, "", null, "", "alice", "alice", "alice", "alice", "bob", "bob", "bob", "bob",
                "carol", "carol", "carol", "carol"};
        Probes probe = new Probes(4, 12);
        Coalescer<byte[]> c = coalescer(settings(64, 30 * SECOND, 0), colliding ? COLLIDING : KeyHash.seeded(3), probe);
        AtomicInteger runs = new AtomicInteger();
        List<Future<byte[]>> calls = new ArrayList<>();
        for (String id : identities) {
            calls.add(pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, id, () -> {
                runs.incrementAndGet();
                await(probe.waiting[0]);
                return Responses.of(BODY, id);
            })));
        }
        byte[][] got = new byte[identities.length][];
        for (int i = 0; i < identities.length; i++) {
            got[i] = get(calls.get(i));
            assertArrayEquals(Responses.of(BODY, identities[i]), got[i], "caller " + identities[i]);
        }
        for (int i = 0; i < identities.length; i += 4) {
            for (int j = i + 1; j < i + 4; j++) {
                assertSame(got[i], got[j], "the same caller's identical requests share");
            }
            for (int j = i + 4; j < identities.length; j += 4) {
                assertNotSame(got[i], got[j]);
            }
        }
        assertEquals(4, runs.get(), "one run per identity");
        assertEquals(4, c.leaders());
        assertEquals(12, c.joined());
        assertAddsUp(c);
    }

    @Test
    void collidingHashesWithDifferentBytesNeverShare() throws Exception {
        byte[][] bodies = {Responses.ascii("<a>1</a>"), Responses.ascii("<a>2</a>"), Responses.ascii("<a>10</a>"),
                Responses.ascii("<a>1</a>"), Responses.ascii("<a>1</a>")};
        CyclicBarrier distinct = new CyclicBarrier(3); // the three distinct bodies' works run side by side
        Probes probe = new Probes(3, 2);
        Coalescer<byte[]> c = coalescer(settings(64, 30 * SECOND, 0), COLLIDING, probe);
        AtomicInteger runs = new AtomicInteger();
        List<Future<byte[]>> calls = new ArrayList<>();
        Random r = new Random(5);
        for (byte[] body : bodies) {
            int offset = 1 + r.nextInt(4);
            byte[] buffer = Responses.framed(body, offset, r);
            calls.add(pool.submit(() -> c.call(buffer, offset, body.length, "alice", () -> {
                runs.incrementAndGet();
                distinct.await(30, TimeUnit.SECONDS);
                await(probe.waiting[0]);
                return Responses.of(body, "alice");
            })));
        }
        for (int i = 0; i < bodies.length; i++) {
            assertArrayEquals(Responses.of(bodies[i], "alice"), get(calls.get(i)), "body " + i);
        }
        assertSame(get(calls.get(0)), get(calls.get(3)));
        assertSame(get(calls.get(0)), get(calls.get(4)));
        assertEquals(3, runs.get());
        assertEquals(3, c.leaders());
        assertEquals(2, c.joined());
        assertAddsUp(c);
    }

    @Test
    void aFailureGoesToTheWaitersOnlyAndIsNotKept() throws Exception {
        IOException down = new IOException("backend down");
        Probes probe = new Probes(1, 3);
        Coalescer<byte[]> c = coalescer(settings(64, 30 * SECOND, 0), KeyHash.seeded(9), probe);
        AtomicInteger runs = new AtomicInteger();
        List<Future<byte[]>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            calls.add(pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", () -> {
                runs.incrementAndGet();
                await(probe.waiting[0]);
                throw down;
            })));
        }
        for (Future<byte[]> f : calls) {
            assertSame(down, failure(f), "every waiter gets the leader's very failure");
        }
        assertEquals(1, runs.get());
        assertEquals(0, c.inFlight());
        byte[] next = c.call(BODY.clone(), 0, BODY.length, "alice", () -> {
            runs.incrementAndGet();
            return Responses.of(BODY, "alice");
        });
        assertArrayEquals(Responses.of(BODY, "alice"), next, "the next identical request runs anew");
        assertEquals(2, runs.get());
        assertEquals(2, c.leaders());
        assertEquals(3, c.joined());
        assertEquals(3, c.errorsShared());
        assertEquals(0, c.bytesFannedOut());
        assertAddsUp(c);
    }

    @Test
    void anErrorIsSharedAsItIs() throws Exception {
        AssertionError oops = new AssertionError("oops");
        Probes probe = new Probes(1, 1);
        Coalescer<byte[]> c = coalescer(settings(64, 30 * SECOND, 0), KeyHash.seeded(9), probe);
        List<Future<byte[]>> calls = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            calls.add(pool.submit(() -> c.call(BODY, 0, BODY.length, null, () -> {
                await(probe.waiting[0]);
                throw oops;
            })));
        }
        assertSame(oops, failure(calls.get(0)));
        assertSame(oops, failure(calls.get(1)));
        assertEquals(1, c.errorsShared());
        assertAddsUp(c);
    }

    @Test
    void aWaiterPastItsTimeoutRunsTheWorkItself() throws Exception {
        Probes probe = new Probes(1, 1);
        long timeout = 50_000_000L;
        Coalescer<byte[]> c = coalescer(settings(64, timeout, 0), KeyHash.seeded(1), probe);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger runs = new AtomicInteger();
        Coalescer.Work<byte[]> work = () -> {
            if (runs.incrementAndGet() == 1) {
                await(release); // a slow leader
            }
            return Responses.of(BODY, "alice");
        };
        Future<byte[]> leader = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        await(probe.led);
        long start = System.nanoTime();
        byte[] mine = c.call(BODY.clone(), 0, BODY.length, "alice", work);
        long waited = System.nanoTime() - start;
        assertTrue(waited >= timeout, "returned after " + waited + " ns");
        assertArrayEquals(Responses.of(BODY, "alice"), mine);
        assertEquals(2, runs.get());
        assertEquals(1, c.timeouts());
        release.countDown();
        byte[] led = get(leader);
        assertNotSame(mine, led, "the waiter ran its own");
        assertArrayEquals(mine, led);
        assertEquals(1, c.leaders());
        assertEquals(0, c.joined());
        assertEquals(0, c.bytesFannedOut());
        assertAddsUp(c);
    }

    @Test
    void waitersBeyondTheBoundRunTheWorkThemselves() throws Exception {
        Probes probe = new Probes(1, 2);
        Coalescer<byte[]> c = coalescer(settings(2, 30 * SECOND, 0), KeyHash.seeded(1), probe);
        CountDownLatch overflowed = new CountDownLatch(1);
        AtomicInteger runs = new AtomicInteger();
        Coalescer.Work<byte[]> work = () -> {
            if (runs.incrementAndGet() == 1) {
                await(probe.waiting[0]);
                await(overflowed);
            }
            return Responses.of(BODY, "");
        };
        Future<byte[]> leader = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "", work));
        await(probe.led);
        Future<byte[]> w1 = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, null, work));
        Future<byte[]> w2 = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "", work));
        await(probe.waiting[0]);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(Responses.of(BODY, ""), c.call(BODY.clone(), 0, BODY.length, "", work));
        }
        assertEquals(3, c.overflow());
        assertEquals(4, runs.get());
        overflowed.countDown();
        assertSame(get(leader), get(w1));
        assertSame(get(leader), get(w2));
        assertEquals(4, runs.get(), "the leader's run and the three overflowing ones");
        assertEquals(1, c.leaders());
        assertEquals(2, c.joined());
        assertAddsUp(c);
    }

    @Test
    void anInterruptedWaiterLeavesTheOthersAlone() throws Exception {
        Probes probe = new Probes(1, 2);
        Coalescer<byte[]> c = coalescer(settings(64, 30 * SECOND, 0), KeyHash.seeded(1), probe);
        CountDownLatch release = new CountDownLatch(1);
        Coalescer.Work<byte[]> work = () -> {
            await(release);
            return Responses.of(BODY, "alice");
        };
        Future<byte[]> leader = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        await(probe.led);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread gone = new Thread(() -> {
            try {
                c.call(BODY.clone(), 0, BODY.length, "alice", work);
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        gone.start();
        Future<byte[]> stays = pool.submit(() -> c.call(BODY.clone(), 0, BODY.length, "alice", work));
        await(probe.waiting[0]);
        gone.interrupt();
        gone.join(30_000);
        assertInstanceOf(InterruptedException.class, thrown.get());
        assertEquals(1, c.abandoned());
        release.countDown();
        assertSame(get(leader), get(stays));
        assertEquals(1, c.joined());
        assertAddsUp(c);
    }

    @Test
    void checksItsArguments() {
        Coalescer<byte[]> c = new Coalescer<>(CoalescerSettings.defaults(), a -> a.length, null);
        Coalescer.Work<byte[]> work = () -> new byte[0];
        assertThrows(IndexOutOfBoundsException.class, () -> c.call(new byte[4], 2, 3, null, work));
        assertThrows(IndexOutOfBoundsException.class, () -> c.call(new byte[4], -1, 1, null, work));
        assertThrows(NullPointerException.class, () -> c.call(null, 0, 0, null, work));
        assertThrows(NullPointerException.class, () -> c.call(new byte[4], 0, 4, null, null));
        assertEquals(0, c.calls());
    }

    @Test
    void anEmptyBodyAndANullResponseAreRequestsLikeOthers() throws Exception {
        Coalescer<byte[]> c = new Coalescer<>(CoalescerSettings.defaults(), a -> a.length, null);
        assertEquals(null, c.call(new byte[0], 0, 0, null, () -> null));
        assertArrayEquals(new byte[1], c.call(new byte[3], 3, 0, "x", () -> new byte[1]));
        assertEquals(2, c.leaders());
        assertAddsUp(c);
    }
}
