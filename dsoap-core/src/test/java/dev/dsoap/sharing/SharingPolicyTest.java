package dev.dsoap.sharing;

import dev.dsoap.sharing.SharingPolicy.Mode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The policy's choices under injected costs: no real timing. */
class SharingPolicyTest {
    /** A clock the test moves: each window "takes" what the test says its mode costs. */
    private static final class FakeClock {
        long now;
    }

    /** Runs {@code windows} windows where a byte costs {@code templates} or {@code window} ns; returns the modes used. */
    private static Mode[] run(SharingPolicy p, FakeClock clock, int windows, double templates, double window) {
        Mode[] used = new Mode[windows];
        for (int i = 0; i < windows; i++) {
            Mode m = p.next();
            used[i] = m;
            long t0 = p.start();
            long bytes = 1_000_000;
            clock.now += (long) (bytes * (m == Mode.TEMPLATES ? templates : window));
            p.finish(m, t0, bytes);
        }
        return used;
    }

    @Test
    void startsWithTemplatesProbesTheWindowAndSwitchesWhenItIsFaster() {
        FakeClock clock = new FakeClock();
        SharingPolicy p = new SharingPolicy(8, 0.10, 0.5, () -> clock.now);
        Mode[] used = run(p, clock, 2, 20, 5);
        assertEquals(Mode.TEMPLATES, used[0]);
        assertEquals(Mode.WINDOW, used[1], "the second window probes");
        assertEquals(Mode.WINDOW, p.current());
        assertEquals(1, p.switches());
        used = run(p, clock, 60, 20, 5);
        List<Integer> probes = new ArrayList<>();
        for (int i = 0; i < used.length; i++) {
            if (used[i] == Mode.TEMPLATES) {
                probes.add(i + 3); // the window's number, counting from 1
            }
        }
        assertEquals(List.of(10, 26, 58), probes, "8 windows after the switch, then 16, then 32: the gap doubles while the"
                + " choice stays right");
        assertEquals(1, p.switches());
        assertEquals(1 + 3, p.uses(Mode.TEMPLATES));
        assertEquals(1 + 57, p.uses(Mode.WINDOW));
        assertEquals(4, p.probes());
        assertEquals(5.0, p.nanosPerByte(Mode.WINDOW), 1e-9);
        assertEquals(20.0, p.nanosPerByte(Mode.TEMPLATES), 1e-9);
    }

    @Test
    void staysWithTemplatesWhileTheyAreFaster() {
        FakeClock clock = new FakeClock();
        SharingPolicy p = new SharingPolicy(4, 0.10, 0.5, () -> clock.now);
        run(p, clock, 2000, 3, 9);
        assertEquals(Mode.TEMPLATES, p.current());
        assertEquals(0, p.switches());
        // window 2, then after gaps of 8, 16, ..., 256 (64 x 4) windows: 10, 26, 58, 122, 250, 506, then every 256th:
        // 762, 1018, 1274, 1530, 1786
        assertEquals(12, p.uses(Mode.WINDOW), "probes back off while templates stay faster");
    }

    @Test
    void switchesBackWhenCostsCross() {
        FakeClock clock = new FakeClock();
        SharingPolicy p = new SharingPolicy(4, 0.10, 0.5, () -> clock.now);
        run(p, clock, 10, 20, 5);
        assertEquals(Mode.WINDOW, p.current());
        // the shared part goes: the window now costs more than the templates, measured on every window
        run(p, clock, 10, 20, 40);
        assertEquals(Mode.TEMPLATES, p.current());
        assertEquals(2, p.switches());
        // and comes back: seen at the next probes
        run(p, clock, 20, 20, 5);
        assertEquals(Mode.WINDOW, p.current());
        assertEquals(3, p.switches());
    }

    @Test
    void hysteresisKeepsCloseCostsFromFlapping() {
        FakeClock clock = new FakeClock();
        SharingPolicy p = new SharingPolicy(2, 0.10, 1.0, () -> clock.now);
        // alternately 5 % better and 5 % worse: within the hysteresis, never a switch
        for (int i = 0; i < 50; i++) {
            run(p, clock, 2, 10, i % 2 == 0 ? 9.5 : 10.5);
        }
        assertEquals(0, p.switches());
        assertEquals(Mode.TEMPLATES, p.current());
        // 20 % better: one switch (at the next probe, which the backoff has put up to 128 windows away), then none
        // while it stays so
        run(p, clock, 300, 10, 8);
        assertEquals(1, p.switches());
        assertEquals(Mode.WINDOW, p.current());
    }

    @Test
    void recordTakesTheCallersOwnTimings() {
        SharingPolicy p = new SharingPolicy(16, 0.1, 0.25, () -> {
            throw new AssertionError("no clock when timings are given");
        });
        assertEquals(Mode.TEMPLATES, p.next());
        p.record(Mode.TEMPLATES, 1_000, 100);
        assertEquals(Mode.WINDOW, p.next());
        p.record(Mode.WINDOW, 0, 0);
        assertTrue(Double.isNaN(p.nanosPerByte(Mode.WINDOW)), "an empty window teaches nothing");
        p.record(Mode.WINDOW, 100, 100);
        assertEquals(Mode.WINDOW, p.current());
        assertEquals(1, p.switches());
        p.record(Mode.WINDOW, 10_000, 100);
        assertEquals(25.75, p.nanosPerByte(Mode.WINDOW), 1e-9, "EWMA: 1 + 0.25 * (100 - 1)");
        assertEquals(2, p.switches());
        assertEquals(Mode.TEMPLATES, p.current());
    }

    @Test
    void rejectsBadSettings() {
        assertThrows(IllegalArgumentException.class, () -> new SharingPolicy(1, 0.1, 0.5, System::nanoTime));
        assertThrows(IllegalArgumentException.class, () -> new SharingPolicy(4, 1.0, 0.5, System::nanoTime));
        assertThrows(IllegalArgumentException.class, () -> new SharingPolicy(4, 0.1, 0, System::nanoTime));
    }
}
