package dev.dsoap.host;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CursorPoolTest {
    @Test
    void aCursorGivenBackIsTakenAgainInsteadOfANewOne() {
        AtomicInteger made = new AtomicInteger();
        CursorPool<StringBuilder> pool = new CursorPool<>(2, () -> {
            made.incrementAndGet();
            return new StringBuilder();
        });
        StringBuilder a = pool.take();
        pool.give(a);
        assertSame(a, pool.take());
        assertEquals(1, made.get());
    }

    @Test
    void cursorsInUseAreNeverHandedOutTwice() {
        CursorPool<Object> pool = new CursorPool<>(4, Object::new);
        Object a = pool.take();
        Object b = pool.take();
        assertNotSame(a, b);
        pool.give(a);
        pool.give(b);
        Object c = pool.take();
        Object d = pool.take();
        assertNotSame(c, d);
        assertTrue((c == a || c == b) && (d == a || d == b));
    }

    @Test
    void keepsAtMostItsCapacityAndDropsTheRest() {
        CursorPool<Object> pool = new CursorPool<>(3, Object::new);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            out.add(pool.take());
        }
        out.forEach(pool::give);
        assertEquals(3, pool.kept());
        pool.give(null); // ignored
        assertEquals(3, pool.kept());
    }

    @Test
    void refusesANonPositiveCapacity() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CursorPool<>(0, Object::new));
        assertTrue(e.getMessage().contains("capacity 0"), e.getMessage());
    }

    @Test
    void concurrentTakersNeverShareACursor() throws Exception {
        CursorPool<int[]> pool = new CursorPool<>(2, () -> new int[1]);
        Set<int[]> inUse = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        AtomicInteger clashes = new AtomicInteger();
        int threads = 8;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < 20_000; i++) { // bounded
                    int[] c = pool.take();
                    if (!inUse.add(c)) {
                        clashes.incrementAndGet();
                    }
                    c[0]++;
                    inUse.remove(c);
                    pool.give(c);
                }
            });
            th.start();
            all.add(th);
        }
        start.countDown();
        for (Thread th : all) {
            th.join(30_000);
        }
        assertEquals(0, clashes.get(), "a cursor was handed to two threads at once");
        assertTrue(pool.kept() <= 2);
    }
}
