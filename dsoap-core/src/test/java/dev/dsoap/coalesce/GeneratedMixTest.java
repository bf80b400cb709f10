package dev.dsoap.coalesce;

import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Many threads send a generated mix of identical and distinct requests (a few hot bodies from a few callers, fresh
 * bodies, bodies too big for the memory budget), each in its own buffer at its own offset. The work is a pure function
 * of body and identity, so every caller knows the one right response: it must get exactly that, whichever way its
 * call went; and the counters must add up.
 */
@Timeout(120)
class GeneratedMixTest {
    private static final long SEED = 0x5EED_C0A1_E5CEL;
    private static final int THREADS = 8;
    private static final int CALLS = 1500;
    /** Digest rounds per run of the work: long enough for identical requests to meet. */
    private static final int ROUNDS = 100;
    private static final String[] IDENTITIES = {null, "", "Basic YWxpY2U6c2VjcmV0", "CN=bob,O=example", "carol"};

    /** The settings and the hash of a run. */
    enum Mix {
        /** Few waiters, short timeouts: overflow and timeouts as well as joins. */
        TIGHT(CoalescerSettings.builder().maxWaiters(2).waitTimeoutNanos(300_000).build(), null),
        /** A linger window and roomy limits. */
        LINGER(CoalescerSettings.builder().lingerNanos(200_000).waitTimeoutNanos(50_000_000).build(), null),
        /** A hash that only tells lengths modulo 4 apart: nearly every key collides with others of different bytes. */
        WEAK_HASH(CoalescerSettings.builder().maxWaiters(4).waitTimeoutNanos(5_000_000).build(),
                (b, off, len, id) -> len & 3);

        final CoalescerSettings settings;
        final KeyHash hash;

        Mix(CoalescerSettings settings, KeyHash hash) {
            this.settings = settings;
            this.hash = hash;
        }
    }

    /** The response the work gives for a body and identity: the test's own copy of it, computed apart. */
    static byte[] response(byte[] b, int off, int len, String identity) {
        byte[] d = Responses.of(b, off, len, identity);
        for (int i = 1; i < ROUNDS; i++) {
            d = Responses.of(d, "");
        }
        return d;
    }

    @ParameterizedTest
    @EnumSource(Mix.class)
    void everyCallerGetsItsOwnRightResponse(Mix mix) throws Exception {
        long seed = SEED ^ mix.ordinal();
        Random setup = new Random(seed);
        byte[][] hot = new byte[6][];
        for (int i = 0; i < hot.length; i++) {
            hot[i] = new byte[i == 0 ? 0 : 1 + setup.nextInt(120)]; // an empty body among them
            setup.nextBytes(hot[i]);
        }
        hot[1] = hot[2].clone(); // two hot bodies equal: their requests are identical
        byte[][] big = new byte[2][3000]; // over the budget: refused, run uncoalesced
        setup.nextBytes(big[0]);
        setup.nextBytes(big[1]);
        MemoryBudget budget = new MemoryBudget(1536);
        AtomicLong runs = new AtomicLong();
        Coalescer<byte[]> c = mix.hash == null ? new Coalescer<>(mix.settings, a -> a.length, budget)
                : new Coalescer<>(mix.settings, a -> a.length, budget, mix.hash, Probe.NONE);
        CyclicBarrier start = new CyclicBarrier(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                long own = seed + 31L * t;
                threads.add(pool.submit(() -> {
                    start.await(30, TimeUnit.SECONDS);
                    caller(c, new Random(own), hot, big, runs, own);
                    return null;
                }));
            }
            for (Future<?> f : threads) {
                try {
                    f.get(100, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    throw new AssertionError("seed " + Long.toHexString(seed) + ", mix " + mix + ": " + e.getCause(),
                            e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        String where = "seed " + Long.toHexString(seed) + ", mix " + mix + ": " + c;
        assertEquals((long) THREADS * CALLS, c.calls(), where);
        assertEquals(c.calls(), c.leaders() + c.joined() + c.timeouts() + c.overflow() + c.uncoalesced(), where);
        assertEquals(runs.get(), c.leaders() + c.timeouts() + c.overflow() + c.uncoalesced(), where);
        assertEquals(0, c.abandoned() + c.errorsShared() + c.leaderCancellations(), where);
        assertEquals(32 * c.joined(), c.bytesFannedOut(), where);
        assertTrue(c.uncoalesced() > 0, where);
        assertEquals(0, c.inFlight(), where);
        assertEquals(0, budget.usedBytes(), where);
    }

    private static void caller(Coalescer<byte[]> c, Random r, byte[][] hot, byte[][] big, AtomicLong runs, long seed)
            throws Exception {
        for (int i = 0; i < CALLS; i++) {
            int kind = r.nextInt(100);
            byte[] body;
            if (kind < 70) {
                body = hot[r.nextInt(hot.length)];
            } else if (kind < 95) {
                body = new byte[r.nextInt(100)];
                r.nextBytes(body);
            } else {
                body = big[r.nextInt(big.length)];
            }
            String identity = IDENTITIES[r.nextInt(kind < 70 ? 3 : IDENTITIES.length)];
            int offset = r.nextInt(16);
            byte[] buffer = Responses.framed(body, offset, r);
            byte[] expected = response(body, 0, body.length, identity);
            byte[] got = c.call(buffer, offset, body.length, identity, () -> {
                runs.incrementAndGet();
                return response(buffer, offset, body.length, identity);
            });
            if (!Responses.same(expected, got)) {
                throw new AssertionError("seed " + Long.toHexString(seed) + ", call " + i + ": " + body.length
                        + " bytes from " + (identity == null ? "null" : "'" + identity + "'") + " got "
                        + Responses.hex(got) + ", expected " + Responses.hex(expected));
            }
        }
    }
}
