package dev.dsoap.negotiation;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A client's choice of XML or binary for one endpoint, through answers, refusals and back-offs. */
class ChoiceTest {
    @Test
    void offNeverAsksNorSendsBinary() {
        Choice c = new Choice(BinaryMode.OFF);
        c.answeredBinary();
        assertFalse(c.ask());
        assertFalse(c.sendBinary());
    }

    @Test
    void interoperabilityAsksForBinaryAnswersButSendsXml() {
        Choice c = new Choice(BinaryMode.INTEROPERABILITY);
        assertTrue(c.ask());
        c.answeredBinary();
        assertTrue(c.ask());
        assertFalse(c.sendBinary());
        assertEquals(0, c.switchesToBinary());
    }

    @Test
    void performanceSwitchesAfterTheFirstBinaryAnswerAndBacksOffOnARefusal() {
        Choice c = new Choice(BinaryMode.PERFORMANCE);
        assertTrue(c.ask());
        assertFalse(c.sendBinary(), "binary requests only after a binary answer");
        c.answeredBinary();
        assertTrue(c.sendBinary());
        assertEquals(1, c.switchesToBinary());
        c.answeredBinary();
        assertEquals(1, c.switchesToBinary(), "already binary");

        int backoff = Choice.FIRST_BACKOFF;
        for (int round = 0; round < 12; round++) {
            c.refused(Choice.Refusal.values()[round % 3]);
            assertFalse(c.sendBinary(), "round " + round);
            for (int i = 0; i < backoff; i++) {
                assertFalse(c.ask(), "round " + round + " call " + i + " of a back-off of " + backoff);
            }
            assertTrue(c.ask(), "round " + round + ": asks again after " + backoff + " calls");
            assertFalse(c.sendBinary());
            backoff = Math.min(Choice.MAX_BACKOFF, backoff * 2);
        }
        assertEquals(12, c.refusals());
        c.answeredBinary();
        assertTrue(c.sendBinary(), "a binary answer after a back-off switches again");
        c.refused(Choice.Refusal.DECODE_ERROR);
        for (int i = 0; i < Choice.FIRST_BACKOFF; i++) {
            assertFalse(c.ask());
        }
        assertTrue(c.ask(), "the back-off started over after the binary answer");
    }

    @Test
    void concurrentCallsCountEveryBackOffCallOnce() throws Exception {
        Choice c = new Choice(BinaryMode.PERFORMANCE);
        c.refused(Choice.Refusal.UNSUPPORTED_MEDIA_TYPE);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Integer>> asked = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            asked.add(pool.submit(() -> {
                int n = 0;
                for (int i = 0; i < 1000; i++) {
                    n += c.ask() ? 1 : 0;
                }
                return n;
            }));
        }
        int total = 0;
        for (Future<Integer> f : asked) {
            total += f.get(1, TimeUnit.MINUTES);
        }
        pool.shutdown();
        assertEquals(4000 - Choice.FIRST_BACKOFF, total);
    }

    @Test
    void modesAreNamedInAnyCase() {
        assertEquals(BinaryMode.PERFORMANCE, BinaryMode.of(" Performance "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BinaryMode.of("fast"));
        assertTrue(e.getMessage().contains("expected off, interoperability or performance"), e.getMessage());
    }
}
