package dev.dsoap.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which requests of a spelling that keeps failing the shape are tried, and how a read resets the pauses. */
class ShapeBypassTest {
    /** The requests (numbered from 1) tried out of {@code n}, every try failing, after {@code b}'s state so far. */
    private static List<Integer> tried(ShapeBypass b, int n) {
        List<Integer> tried = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            if (!b.skip()) {
                tried.add(i);
                b.failed();
            }
        }
        return tried;
    }

    @Test
    void pausesGrowFourfoldToTheirBound() {
        assertEquals(List.of(1, 2, 7, 24, 89, 346, 1371, 5468, 9565, 13662), tried(new ShapeBypass(), 14_000));
        assertEquals(4096, ShapeBypass.MAX_BACKOFF);
    }

    @Test
    void aReadRequestStartsThePausesAfresh() {
        ShapeBypass b = new ShapeBypass();
        tried(b, 2_000);
        while (b.skip()) {
            // to the end of the pause
        }
        b.read();
        assertEquals(List.of(1, 2, 7, 24, 89), tried(b, 100));
    }
}
