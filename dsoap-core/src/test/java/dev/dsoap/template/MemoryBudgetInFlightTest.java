package dev.dsoap.template;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The memory budget's reservations for bytes of messages in flight. */
class MemoryBudgetInFlightTest {
    /** A holder that records its evictions. */
    private static final class Kept implements MemoryBudget.Holder {
        int evicted;

        @Override
        public void evict() {
            evicted++;
        }
    }

    @Test
    void theBoundIsAQuarterOfTheCapUntilSet() {
        MemoryBudget b = new MemoryBudget(1000);
        assertEquals(250, b.inFlightLimitBytes());
        b.inFlightLimit(1000);
        assertEquals(1000, b.inFlightLimitBytes());
        b.inFlightLimit(0);
        assertFalse(b.reserve(1));
        assertFalse(b.reserveCopy(1));
        assertTrue(b.reserve(0));
        assertThrows(IllegalArgumentException.class, () -> b.inFlightLimit(-1));
        assertThrows(IllegalArgumentException.class, () -> b.reserve(-1));
    }

    @Test
    void reservationsCountAsUsedEvictKeptStateAndAreRefusedPastTheBound() {
        MemoryBudget b = new MemoryBudget(1000);
        b.inFlightLimit(900);
        Kept old = new Kept();
        Kept young = new Kept();
        assertTrue(b.charge(old, 300));
        assertTrue(b.charge(young, 300));
        assertTrue(b.reserve(500)); // 1100 > 1000: the least recently used holder goes
        assertEquals(1, old.evicted);
        assertEquals(0, young.evicted);
        assertEquals(800, b.usedBytes());
        assertEquals(500, b.inFlightBytes());
        assertFalse(b.reserve(401), "past the bound of 900");
        assertEquals(1, b.inFlightRefusals());
        assertEquals(0, young.evicted, "a refused reservation evicts nothing");
        assertTrue(b.reserve(400));
        assertEquals(1, young.evicted);
        assertEquals(900, b.usedBytes());
        assertEquals(900, b.inFlightPeakBytes());
        // a holder charged now is held against the cap beside the bytes in flight
        Kept next = new Kept();
        assertTrue(b.charge(next, 100));
        assertEquals(1000, b.usedBytes());
        b.unreserve(900);
        assertEquals(0, b.inFlightBytes());
        assertEquals(100, b.usedBytes());
        assertEquals(900, b.inFlightPeakBytes());
        assertEquals(0, next.evicted);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.unreserve(1));
        assertTrue(e.getMessage().contains("unreserve 1 bytes with 0 bytes in flight"), e.getMessage());
        assertEquals(100, b.usedBytes(), "a refused give-back leaves the count as it was");
    }

    @Test
    void aCopyMayPassTheBoundByTheBoundAgainAndBytesInFlightMayPassTheCap() {
        MemoryBudget b = new MemoryBudget(1000);
        b.inFlightLimit(800);
        Kept kept = new Kept();
        assertTrue(b.charge(kept, 100));
        assertTrue(b.reserve(800));
        assertFalse(b.reserve(1));
        assertTrue(b.reserveCopy(700), "a copy of what the bound holds");
        assertEquals(1500, b.inFlightBytes());
        assertEquals("1500 of 800 bytes in flight (dsoap.maxInFlightBytes)", b.inFlightDetail());
        assertEquals(1500, b.usedBytes(), "past the cap: every holder is evicted, bytes in flight stay");
        assertEquals(1, kept.evicted);
        assertFalse(b.reserveCopy(101), "at most twice the bound");
        assertTrue(b.reserveCopy(100));
        b.unreserve(1600);
        assertEquals(0, b.usedBytes());
        assertEquals(1600, b.inFlightPeakBytes());
        assertEquals(2, b.inFlightRefusals());
    }

    @Test
    void concurrentReservationsNeverExceedTheBoundAndAllComeBack() throws InterruptedException {
        long seed = 0x1F_11_6L;
        MemoryBudget b = new MemoryBudget(1 << 20);
        long bound = 100_000;
        b.inFlightLimit(bound);
        int threads = 8;
        int rounds = 20_000;
        AtomicLong granted = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        AtomicBoolean over = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Random r = new Random(seed + t);
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    long[] held = new long[4];
                    for (int i = 0; i < rounds; i++) {
                        int slot = r.nextInt(held.length);
                        if (held[slot] > 0) {
                            b.unreserve(held[slot]);
                            held[slot] = 0;
                        } else {
                            long want = 1 + r.nextInt(30_000);
                            if (b.reserve(want)) {
                                held[slot] = want;
                                granted.incrementAndGet();
                            } else {
                                refused.incrementAndGet();
                            }
                        }
                        if (b.inFlightBytes() > bound) {
                            over.set(true);
                        }
                    }
                    for (long h : held) {
                        if (h > 0) {
                            b.unreserve(h);
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            th.start();
            all.add(th);
        }
        start.countDown();
        for (Thread th : all) {
            th.join(60_000);
            assertFalse(th.isAlive(), "seed " + seed + ": a thread did not finish");
        }
        assertNull(failure.get(), "seed " + seed);
        assertFalse(over.get(), "seed " + seed + ": more than the bound in flight");
        assertTrue(b.inFlightPeakBytes() <= bound, "seed " + seed + ": peak " + b.inFlightPeakBytes());
        assertTrue(granted.get() > 0 && refused.get() > 0, "seed " + seed + ": granted " + granted + ", refused " + refused);
        assertEquals(refused.get(), b.inFlightRefusals(), "seed " + seed);
        assertEquals(0, b.inFlightBytes(), "seed " + seed);
        assertEquals(0, b.usedBytes(), "seed " + seed);
    }
}
