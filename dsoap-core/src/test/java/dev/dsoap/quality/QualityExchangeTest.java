package dev.dsoap.quality;

import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client and an endpoint exchanging quality headers on a simulated clock: round trips sampled less the endpoint's
 * processing time, Karn's rule, the estimators' formulas, variants chosen per peer without oscillating, and the full
 * message type always arriving.
 */
class QualityExchangeTest {
    private static final String RULES = """
            bound  = 900
            dwell  = 1000
            k-rise = 0.5
            k-fall = 2
            variant two = last timesteps 2
            variant one = last timesteps 1
            0   200 - full
            200 600 - two
            600 inf - one
            """;
    private static final List<String> PARTS = List.of("step", "timesteps");
    private static final Object[] DEFAULTS = {0, null};

    /** Nanoseconds, moved by the test. */
    private static final class Clock implements java.util.function.LongSupplier {
        long now = 1_000_000_000L;

        @Override
        public long getAsLong() {
            return now;
        }

        void ms(double ms) {
            now += (long) (ms * 1e6);
        }
    }

    private static Map<String, QualityHandler> handlers(QualityFile f) {
        Map<String, QualityHandler> m = new java.util.HashMap<>();
        f.variants().forEach((name, v) -> m.put(name, v.bind(PARTS, DEFAULTS, n -> null)));
        return m;
    }

    private static QualityServer server(Clock clock, MemoryBudget budget) {
        QualityFile f = QualityFile.parse(RULES, "bonds");
        return new QualityServer("getBonds", f, handlers(f), clock, budget);
    }

    /** One call: the request takes {@code there} ms, the endpoint {@code work}, the answer {@code back}. */
    private static QualityServer.Exchange call(QualityClient c, QualityServer s, long peer, Clock clock, double there,
                                               double work, double back, boolean retried) {
        String request = c.call().header();
        clock.ms(there);
        QualityServer.Exchange x = s.request(request, peer);
        clock.ms(work);
        String answer = x.answer();
        clock.ms(back);
        c.answered(answer, retried);
        return x;
    }

    @Test
    void roundTripIsSampledLessTheEndpointsProcessing() {
        Clock clock = new Clock();
        QualityClient c = new QualityClient(null, Map.of(), clock);
        QualityServer s = server(clock, null);
        String request = c.call().header();
        assertTrue(request.startsWith("sent="), request);
        clock.ms(10);
        QualityServer.Exchange x = s.request(request, 7);
        clock.ms(5);
        String answer = x.answer();
        assertTrue(answer.contains("processing=5.0"), answer);
        clock.ms(10);
        assertEquals(20.0, c.answered(answer, false), 1e-9);
        // RFC 6298 2.2: the first sample R gives SRTT = R, RTTVAR = R / 2
        assertEquals(20.0, c.smoothed().srtt(), 1e-9);
        assertEquals(10.0, c.smoothed().rttvar(), 1e-9);
        assertEquals(Map.of("rtt", 20.0, "rttvar", 10.0), c.attributes());

        // RFC 6298 2.3: RTTVAR = 3/4 RTTVAR + 1/4 |SRTT - R'|, then SRTT = 7/8 SRTT + 1/8 R'
        call(c, s, 7, clock, 20, 0, 20, false);
        assertEquals(0.75 * 10 + 0.25 * Math.abs(20 - 40), c.smoothed().rttvar(), 1e-9);
        assertEquals(0.875 * 20 + 0.125 * 40, c.smoothed().srtt(), 1e-9);

        double srtt = c.smoothed().srtt();
        call(c, s, 7, clock, 400, 0, 400, true);
        assertEquals(1, c.smoothed().dropped(), "a retried call is not sampled (Karn)");
        assertEquals(srtt, c.smoothed().srtt());
        assertTrue(Double.isNaN(c.answered("sent=" + (clock.now + 5) + "; processing=1", false)), "a stamp from the future");
        String old = "sent=" + clock.now;
        clock.ms(2 * 3600 * 1000);
        assertTrue(Double.isNaN(c.answered(old, false)), "a stamp over an hour old is not sampled");
        assertTrue(Double.isNaN(c.answered("processing=1", false)), "no stamp echoed");
        assertTrue(Double.isNaN(c.answered(null, false)), "an endpoint without quality management");
        assertThrows(QualityWire.Malformed.class, () -> c.answered("sent=1; processing=soon", false));
    }

    @Test
    void aSmallerVariantsRoundTripIsScaledToTheFullAnswer() {
        Clock clock = new Clock();
        QualityClient c = new QualityClient(null, Map.of(), clock);
        String request = c.call().header();
        String sent = request.substring("sent=".length(), request.indexOf(';') < 0 ? request.length() : request.indexOf(';'));
        clock.ms(30);
        assertEquals(30.0, c.answered("sent=" + sent + "; variant=one", false, 4000), 1e-9, "no full answer seen yet");
        request = c.call().header();
        sent = request.substring("sent=".length(), request.indexOf(';'));
        clock.ms(100);
        assertEquals(100.0, c.answered("sent=" + sent, false, 16000), 1e-9, "the full answer, as it is");
        request = c.call().header();
        sent = request.substring("sent=".length(), request.indexOf(';'));
        clock.ms(30);
        assertEquals(120.0, c.answered("sent=" + sent + "; variant=one", false, 4000), 1e-9,
                "a quarter of the bytes in 30 ms: the full answer would take 120 ms");
        request = c.call().header();
        sent = request.substring("sent=".length(), request.indexOf(';'));
        clock.ms(30);
        assertEquals(30.0, c.answered("sent=" + sent + "; variant=one", false, -1), 1e-9, "size not known");
    }

    @Test
    void theEwmaEstimatorIsThePapersAverage() {
        Clock clock = new Clock();
        QualityFile f = QualityFile.parse("estimator = ewma\n" + RULES, "ewma");
        QualityClient c = new QualityClient(f, handlers(f), clock);
        QualityServer s = server(clock, null);
        double r = Double.NaN;
        double[] samples = {100, 300, 50, 80, 1000, 10};
        for (double m : samples) {
            call(c, s, 1, clock, m / 2, 0, m / 2, false);
            r = Double.isNaN(r) ? m : 0.875 * r + 0.125 * m;
            assertEquals(r, c.estimate(), 1e-9);
        }
        assertNull(c.attributes().get("rttvar"), "the plain average has no deviation");
    }

    @Test
    void variantsFollowTheLinkAndTheFullTypeArrives() {
        Clock clock = new Clock();
        QualityClient c = new QualityClient(null, Map.of(), clock);
        QualityServer s = server(clock, null);
        int[] timesteps = {1, 2, 3, 4};
        Object[] full = {42, timesteps};
        // a fast link: full; a slow one: fewer timesteps, quickly; back to full only after it is clearly fast again
        String[] seen = new String[100];
        for (int i = 0; i < seen.length; i++) {
            double oneWay = i < 20 ? 20 : i < 40 ? 500 : 30;
            QualityServer.Exchange x = call(c, s, 9, clock, oneWay, 1, oneWay, false);
            seen[i] = x.variant();
            Object[] parts = x.parts(full);
            assertEquals(2, parts.length, "the full message type");
            assertEquals(42, parts[0]);
            int[] t = (int[]) parts[1];
            int want = switch (x.variant()) {
                case "full" -> 4;
                case "two" -> 2;
                default -> 1;
            };
            assertArrayEquals(java.util.Arrays.copyOfRange(timesteps, 4 - want, 4), t, "call " + i);
            clock.ms(200);
        }
        assertEquals("full", seen[19]);
        assertEquals("one", seen[39], "a slow link: the smallest variant");
        assertEquals("one", seen[41], "cautious: not back at once (the slow average remembers)");
        assertEquals("full", seen[99], "recovered");
        assertSame(full[1], timesteps, "the caller's values are not modified");
        assertTrue(s.switches() >= 2 && s.switches() <= 4, "switches " + s.switches());
        assertEquals(100, s.variantsSent().values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void aLinkAtAThresholdSwitchesAtMostOncePerDwellPeriod() {
        long seed = 0x9_0A11_0001L;
        Random r = new Random(seed);
        Clock clock = new Clock();
        QualityClient c = new QualityClient(null, Map.of(), clock);
        QualityServer s = server(clock, null);
        // round trips noisy around the 200 ms bound between full and two, the larger message a little slower
        String last = null;
        long lastSwitch = Long.MIN_VALUE / 2;
        int switches = 0;
        for (int i = 0; i < 2000; i++) {
            double rtt = 200 + r.nextGaussian() * 30 + ("full".equals(last) ? 15 : -15);
            QualityServer.Exchange x = call(c, s, 3, clock, Math.max(0, rtt) / 2, 0, Math.max(0, rtt) / 2, false);
            if (last != null && !last.equals(x.variant())) {
                switches++;
                assertTrue(clock.now - lastSwitch >= 1_000_000_000L, "seed " + seed + ": two switches within the"
                        + " dwell period at call " + i);
                lastSwitch = clock.now;
            }
            last = x.variant();
            clock.ms(50);
        }
        long seconds = (clock.now - 1_000_000_000L) / 1_000_000_000L;
        assertTrue(switches <= seconds, "seed " + seed + ": " + switches + " switches in " + seconds + " s");
    }

    @Test
    void endpointAttributesChooseForEveryPeer() {
        Clock clock = new Clock();
        QualityFile f = QualityFile.parse("attributes = load\nattribute = load\nvariant one = last timesteps 1\n"
                + "0 0.8 - full\n0.8 inf - one\n", "load");
        QualityServer s = new QualityServer("op", f, handlers(f), clock, null);
        QualityClient c = new QualityClient(null, Map.of(), clock);
        c.updateAttribute("load", 0.1); // a client cannot override what the endpoint sets
        assertEquals("full", s.request(c.call().header(), 1).variant());
        s.updateAttribute("load", 0.95);
        clock.ms(5000);
        assertEquals("one", s.request(c.call().header(), 1).variant());
        assertEquals("one", s.request(null, 2).variant(), "a plain client too: the endpoint's own attribute");
        s.removeAttribute("load");
        clock.ms(5000);
        assertEquals("full", s.request(c.call().header(), 1).variant(), "the client's value again");
    }

    @Test
    void peersAreBoundedAndCharged() {
        Clock clock = new Clock();
        MemoryBudget budget = new MemoryBudget(64L << 20);
        QualityServer s = server(clock, budget);
        QualityClient c = new QualityClient(null, Map.of(), clock);
        for (long peer = 1; peer <= QualityServer.MAX_PEERS + 100; peer++) {
            s.request(c.call().header(), peer);
        }
        assertEquals(QualityServer.MAX_PEERS * QualityServer.PEER_BYTES, s.retainedBytes());
        assertEquals(s.retainedBytes(), budget.usedBytes());
        assertEquals(10, s.peers(10).size());
        assertTrue(s.peers(1).containsKey(Long.toHexString(QualityServer.MAX_PEERS + 100)), "most recent first");

        MemoryBudget tiny = new MemoryBudget(4096);
        QualityServer small = server(clock, tiny);
        for (long peer = 1; peer <= 100; peer++) {
            small.request(null, peer);
        }
        assertTrue(small.retainedBytes() <= 4096, "over its budget: " + small.retainedBytes());
    }

    @Test
    void malformedHeadersAreRefusedWhole() {
        QualityServer s = server(new Clock(), null);
        for (String bad : new String[] {"rtt", "rtt=fast", "rtt=1; rtt=2", "9x=1", "sent=a b", "sent=" + "1".repeat(65),
                "variant=é", "rtt=NaN", "rtt=Infinity", "x=1".repeat(1000), "rtt=1d"}) {
            QualityWire.Malformed e = assertThrows(QualityWire.Malformed.class, () -> s.request(bad, 1), bad);
            assertTrue(e.getMessage().startsWith("quality"), e.getMessage());
        }
        StringBuilder many = new StringBuilder();
        for (int i = 0; i <= QualityAttributes.MAX_ATTRIBUTES; i++) {
            many.append("a").append(i).append("=1;");
        }
        assertThrows(QualityWire.Malformed.class, () -> QualityWire.read(many.toString()));
        QualityWire.Fields f = QualityWire.read(QualityWire.write("17", "two", Map.of("rtt", -0.0, "tiny", Double.MIN_VALUE)));
        assertEquals("17", f.sent());
        assertEquals("two", f.variant());
        assertEquals(Double.MIN_VALUE, f.attribute("tiny"));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(f.attribute("rtt")));
    }
}
