package dev.dsoap.template;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Idle expiry of a {@link MemoryBudget}: with a test's clock, a sweep drops exactly the holders charged longer ago
 * than the timeout, gives their bytes back and counts them; the {@code dsoap-idle} thread runs only while a budget
 * is open.
 */
class IdleSweepTest {
    private static final long SECOND = 1_000_000_000L;

    /** A holder that counts its evictions. */
    private static final class Probe implements MemoryBudget.Holder {
        int evicted;

        @Override
        public synchronized void evict() {
            evicted++;
        }
    }

    @Test
    void aSweepDropsExactlyTheHoldersUnusedForLongerThanTheTimeout() {
        AtomicLong now = new AtomicLong(123);
        MemoryBudget budget = Budgets.withClock(1 << 20, 10 * SECOND, now::get);
        Probe a = new Probe();
        Probe b = new Probe();
        Probe c = new Probe();
        assertTrue(budget.charge(a, 100));
        now.addAndGet(4 * SECOND);
        assertTrue(budget.charge(b, 200));
        now.addAndGet(4 * SECOND);
        assertTrue(budget.charge(c, 300));
        now.addAndGet(2 * SECOND); // a unused for exactly the timeout: kept
        assertEquals(0, budget.sweep());
        assertEquals(600, budget.usedBytes());
        now.addAndGet(1);
        assertTrue(budget.charge(b, 250)); // b used again: now the most recent
        assertEquals(1, budget.sweep());
        assertEquals(1, a.evicted);
        assertEquals(550, budget.usedBytes());
        assertEquals(1, budget.idleDrops());
        assertEquals(0, budget.evictions(), "an idle drop is not an eviction");
        now.addAndGet(8 * SECOND);
        assertEquals(1, budget.sweep(), "c, last charged 10 s + 1 ns ago");
        assertEquals(1, c.evicted);
        assertEquals(0, b.evicted);
        assertEquals(250, budget.usedBytes());
        now.addAndGet(2 * SECOND);
        assertEquals(0, budget.sweep(), "b unused for exactly the timeout");
        now.addAndGet(1);
        assertEquals(1, budget.sweep());
        assertEquals(0, budget.usedBytes());
        assertEquals(0, budget.holders());
        assertEquals(3, budget.idleDrops());
        assertTrue(budget.charge(a, 100), "a dropped holder is charged again at its next use");
        assertEquals(100, budget.usedBytes());
        assertEquals(1, a.evicted);
    }

    /** Random charges, releases and clock steps against a model of what each sweep must drop. */
    @Test
    void sweepsMatchAModelOfLastUse() {
        long seed = 0x1D1EL;
        Random r = new Random(seed);
        AtomicLong now = new AtomicLong(-5 * SECOND); // nanoTime may be negative
        long idle = 3 * SECOND;
        MemoryBudget budget = Budgets.withClock(Long.MAX_VALUE, idle, now::get);
        Probe[] probes = new Probe[12];
        long[] lastUse = new long[probes.length];
        long[] bytes = new long[probes.length];
        boolean[] held = new boolean[probes.length];
        for (int i = 0; i < probes.length; i++) {
            probes[i] = new Probe();
        }
        long drops = 0;
        for (int step = 0; step < 2000; step++) {
            int i = r.nextInt(probes.length);
            switch (r.nextInt(4)) {
                case 0 -> {
                    bytes[i] = r.nextInt(1000);
                    budget.charge(probes[i], bytes[i]);
                    lastUse[i] = now.get();
                    held[i] = true;
                }
                case 1 -> {
                    budget.release(probes[i]);
                    held[i] = false;
                }
                case 2 -> now.addAndGet(r.nextInt(2000) * 1_000_000L); // up to 2 s
                default -> {
                    int expected = 0;
                    for (int k = 0; k < probes.length; k++) {
                        if (held[k] && now.get() - lastUse[k] > idle) {
                            held[k] = false;
                            expected++;
                        }
                    }
                    assertEquals(expected, budget.sweep(), "seed " + seed + " step " + step);
                    drops += expected;
                }
            }
            long used = 0;
            for (int k = 0; k < probes.length; k++) {
                used += held[k] ? bytes[k] : 0;
            }
            assertEquals(used, budget.usedBytes(), "seed " + seed + " step " + step);
        }
        assertEquals(drops, budget.idleDrops(), "seed " + seed);
        assertTrue(drops > 50, "seed " + seed + ": only " + drops + " drops");
    }

    @Test
    void withoutATimeoutNothingAgesOut() {
        AtomicLong now = new AtomicLong();
        MemoryBudget budget = Budgets.withClock(1 << 20, 0, now::get);
        Probe a = new Probe();
        budget.charge(a, 10);
        now.addAndGet(1_000_000 * SECOND);
        assertEquals(0, budget.sweep());
        assertEquals(10, budget.usedBytes());
        assertEquals(0, a.evicted);
        assertThrows(IllegalArgumentException.class, () -> Budgets.withClock(1, -1, now::get));
    }

    private static List<Thread> sweeperThreads() {
        List<Thread> found = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals(IdleSweeper.THREAD) && t.isAlive()) {
                found.add(t);
            }
        }
        return found;
    }

    /**
     * Real time, bounded waits, nothing timed: the thread appears with the first open budget, sweeps each one, and
     * ends when the last is closed.
     */
    @Test
    void theTimerThreadRunsWhileABudgetIsOpen() throws Exception {
        assertFalse(IdleSweeper.running(), "no budget is open before this test");
        MemoryBudget never = MemoryBudget.open(1 << 20, 0, "never");
        assertFalse(IdleSweeper.running(), "a budget without idle timeout needs no timer");
        MemoryBudget one = MemoryBudget.open(1 << 20, 20_000_000L, "one");
        MemoryBudget two = MemoryBudget.open(1 << 20, 20_000_000L, "two");
        assertTrue(IdleSweeper.running());
        Probe a = new Probe();
        Probe b = new Probe();
        one.charge(a, 1000);
        two.charge(b, 2000);
        for (int i = 0; i < 500 && (one.usedBytes() > 0 || two.usedBytes() > 0); i++) {
            Thread.sleep(10);
        }
        assertEquals(0, one.usedBytes());
        assertEquals(0, two.usedBytes());
        assertEquals(1, a.evicted);
        assertEquals(1, b.evicted);
        assertEquals(1, sweeperThreads().size(), "one thread for all budgets");
        Thread t = sweeperThreads().get(0);
        assertTrue(t.isDaemon());
        one.close();
        one.close();
        assertTrue(IdleSweeper.running(), "two is still open");
        two.close();
        never.close();
        assertFalse(IdleSweeper.running());
        t.join(5000);
        assertFalse(t.isAlive(), "the dsoap-idle thread ended with the last budget");
        MemoryBudget again = MemoryBudget.open(1 << 20, 20_000_000L, "again");
        assertTrue(IdleSweeper.running(), "a budget opened later starts a timer again");
        again.close();
        assertFalse(IdleSweeper.running());
    }
}
