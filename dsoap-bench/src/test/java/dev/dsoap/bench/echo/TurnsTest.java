package dev.dsoap.bench.echo;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A paired run's rounds: every server's call once a round, each first as often as the others, dsoap's result kept. */
class TurnsTest {
    @Test
    void eachServerGoesFirstInTurnAndEveryRoundCallsEachOnce() throws Exception {
        List<String> order = new ArrayList<>();
        for (long round = 0; round < 6; round++) {
            String r = Turns.inTurn(round, () -> {
                order.add("dsoap");
                return "echoed";
            }, () -> order.add("plain"), () -> order.add("floor"));
            assertEquals("echoed", r, "dsoap's result, whichever went first");
        }
        assertEquals(List.of("dsoap", "plain", "floor", "plain", "floor", "dsoap", "floor", "dsoap", "plain",
                "dsoap", "plain", "floor", "plain", "floor", "dsoap", "floor", "dsoap", "plain"), order);
    }

    @Test
    void twoServersAlternate() throws Exception {
        List<String> order = new ArrayList<>();
        for (long round = 0; round < 4; round++) {
            Turns.inTurn(round, () -> order.add("dsoap"), () -> order.add("plain"));
        }
        assertEquals(List.of("dsoap", "plain", "plain", "dsoap", "dsoap", "plain", "plain", "dsoap"), order);
    }

    @Test
    void aFailingCallStopsTheRound() {
        List<String> order = new ArrayList<>();
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> Turns.inTurn(1,
                () -> order.add("dsoap"), () -> {
                    throw new IllegalStateException("the plain server echoed 0 of 10 items");
                }));
        assertEquals("the plain server echoed 0 of 10 items", e.getMessage());
        assertEquals(List.of(), order, "round 1 starts with the plain server's call, which failed");
    }
}
