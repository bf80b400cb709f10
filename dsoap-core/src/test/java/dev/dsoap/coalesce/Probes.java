package dev.dsoap.coalesce;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** A probe for tests: counts leaders and waiters down on latches, and remembers the first leader's thread and time. */
final class Probes implements Probe {
    /** Counted down by every leader. */
    final CountDownLatch led;
    /** Counted down by every waiter about to wait (again, after a cancelled leader). */
    final CountDownLatch[] waiting;
    /** The first leader's thread. */
    final AtomicReference<Thread> firstLeader = new AtomicReference<>();
    /** When the first leader began, {@link System#nanoTime()}. */
    final AtomicLong firstLed = new AtomicLong();

    Probes(int leaders, int... waiters) {
        this.led = new CountDownLatch(leaders);
        this.waiting = new CountDownLatch[waiters.length];
        for (int i = 0; i < waiters.length; i++) {
            waiting[i] = new CountDownLatch(waiters[i]);
        }
    }

    @Override
    public void leading() {
        if (firstLeader.compareAndSet(null, Thread.currentThread())) {
            firstLed.set(System.nanoTime());
        }
        led.countDown();
    }

    @Override
    public void waiting() {
        for (CountDownLatch l : waiting) {
            l.countDown();
        }
    }
}
