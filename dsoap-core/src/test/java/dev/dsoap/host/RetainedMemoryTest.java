package dev.dsoap.host;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What dsoap keeps, measured from outside: the heap after a full collection with an operation's carrier holding its
 * state, against the bytes the carrier reports and charges to its memory budget. A huge message is served and not
 * kept; a large one kept is reported as the heap holds it; after small messages the heap shrinks back; many
 * distinct messages stay within the budget.
 */
class RetainedMemoryTest {
    private static final String NS = "urn:dsoap:memory";
    private static final WireConvention W = WireConvention.documentLiteralWrapped();
    private static final MessageShape IN = MessageShape.wrapped(NS, "put", Part.of("s", String.class), Part.of("v", double[].class));
    private static final MessageShape OUT = MessageShape.wrapped(NS, "putResponse", Part.of("return", String.class));
    /** Allowed difference between measured and reported bytes: 10 % plus this much collector noise. */
    private static final long NOISE = 3 << 20;
    private static final OutputStream DISCARD = new OutputStream() {
        @Override
        public void write(int b) {
        }

        @Override
        public void write(byte[] b, int off, int len) {
        }
    };

    private final PlanCache plans = new PlanCache();
    private final MessagePlan in = plans.get(IN, W);

    private static long heapAfterGc() throws InterruptedException {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(30);
            min = Math.min(min, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return min;
    }

    private byte[] request(String s, double[] v) {
        DifferentialSerializer ds = new DifferentialSerializer(in, SerializerConfig.defaults(), new SerializerStats(), null);
        ds.serialize(new Object[] {s, v});
        return ds.toByteArray();
    }

    private static String text(int chars, char c) {
        char[] a = new char[chars];
        Arrays.fill(a, c);
        return new String(a);
    }

    private record Op(Carrier carrier, OperationStats stats, MemoryBudget budget) {
        /** Reads a request and writes the response, as a host does; the response is a fresh string. */
        Object[] exchange(byte[] request) throws Exception {
            return exchange(request, 0);
        }

        /** As {@link #exchange(byte[])}, from the peer with key {@code peer} (0: anonymous). */
        Object[] exchange(byte[] request, long peer) throws Exception {
            Object[] v = carrier.read(request, request.length, peer, null, null);
            try (Reply r = carrier.write(new Object[] {v[0] + "!"}, null, null)) {
                r.writeTo(DISCARD);
            }
            return v;
        }
    }

    private Op operation(long budgetBytes) {
        OperationStats stats = new OperationStats("Test", line -> { }, "svc", "put");
        MemoryBudget budget = new MemoryBudget(budgetBytes);
        Carrier c = Carrier.builder(Settings.read(Map.<String, String>of()::get, "test"), stats, budget, plans)
                .reads(() -> IN, W).writes(() -> OUT, W).build();
        stats.templates(c::retainedBytes);
        return new Op(c, stats, budget);
    }

    private static void assertReported(long measured, Op op, String what) {
        long reported = op.stats.getRetainedBytes();
        String msg = what + ": measured " + (measured >> 10) + " KiB, reported " + (reported >> 10) + " KiB (reads "
                + (op.stats.reads().retainedBytes() >> 10) + " KiB, writes " + (op.carrier.retainedBytes() >> 10) + " KiB), budget used "
                + (op.budget.usedBytes() >> 10) + " KiB; " + op.stats;
        assertTrue(Math.abs(measured - reported) <= reported / 10 + NOISE, msg);
        assertTrue(Math.abs(op.budget.usedBytes() - reported) <= reported / 10 + NOISE, msg);
    }

    @Test
    void aMessageOverItsShareOfTheBudgetIsServedAndNotKept() throws Exception {
        byte[] huge = request(text(50_000_000, 'x'), new double[] {1});
        long base = heapAfterGc();
        Op op = operation(Settings.DEFAULT_BUDGET);
        Object[] v = op.exchange(huge);
        assertEquals(50_000_000, ((String) v[0]).length());
        v = null;
        long grown = heapAfterGc() - base;
        assertTrue(grown < NOISE, "50 MB message left " + (grown >> 10) + " KiB: " + op.stats);
        assertEquals(1, op.stats.getReadStatesDropped(), op.stats.toString());
        assertEquals(1, op.stats.getTemplatesDropped(), op.stats.toString());
        assertReported(grown, op, "after the 50 MB message");
        byte[] small = request("next", new double[] {-0.0, Double.NaN});
        Object[] next = op.exchange(small);
        assertEquals("next", next[0]);
        assertArrayEquals(new double[] {-0.0, Double.NaN}, (double[]) next[1]);
    }

    /**
     * A large message kept, then small ones of another family: the heap holds what is reported at each step. The
     * large message's state stays beside the small ones' (reported, charged, the first the budget evicts), and a
     * small message of its own family shrinks it back.
     */
    @Test
    void aKeptMessageIsReportedAsTheHeapHoldsItAndShrinksBack() throws Exception {
        long client = Carrier.peerKey("client-a", null, null);
        String big = text(10_000_000, 'é') + "\uD834\uDD1E"; // Latin-1 but two UTF-8 bytes a character, then a surrogate pair
        byte[] large = request(big, new double[] {1, 2, 3});
        long base = heapAfterGc();
        Op op = operation(1L << 30);
        Object[] v = op.exchange(large, client);
        assertEquals(big, v[0]);
        v = null;
        long grown = heapAfterGc() - base;
        assertTrue(grown > 40_000_000, "the large message was not kept: " + (grown >> 10) + " KiB, " + op.stats);
        assertReported(grown, op, "after a 20 MB message");
        long seed = 0x5EED_0018L;
        Random r = new Random(seed);
        for (int i = 0; i < 20; i++) {
            double[] d = new double[r.nextInt(50)];
            for (int k = 0; k < d.length; k++) {
                d[k] = r.nextGaussian();
            }
            String s = "small " + i + " &<>\"'\t\r" + "\u00fc";
            Object[] got = op.exchange(request(s, d), client);
            assertEquals(s, got[0], "seed " + seed + " message " + i);
            assertArrayEquals(d, (double[]) got[1], "seed " + seed + " message " + i);
        }
        long after = heapAfterGc() - base;
        assertTrue(after < grown + NOISE, "20 small messages after the large one hold " + (after >> 10) + " KiB: " + op.stats);
        assertReported(after, op, "after 20 small messages");
        String same = text(300, '\u00e9');
        Object[] got = op.exchange(request(same, new double[] {1, 2, 3}));
        assertEquals(same, got[0]);
        long shrunk = heapAfterGc() - base;
        assertTrue(shrunk < NOISE, "a small message of the large one's family left " + (shrunk >> 10) + " KiB: " + op.stats);
        assertReported(shrunk, op, "after a small message of the large one's family");
    }

    @Test
    void manyDistinctMessagesStayWithinTheBudget() throws Exception {
        long budgetBytes = 2L << 20;
        long base = heapAfterGc();
        Op op = operation(budgetBytes);
        long seed = 0x5EED_0019L;
        Random r = new Random(seed);
        for (int i = 0; i < 600; i++) {
            double[] d = new double[200 + r.nextInt(4000)];
            for (int k = 0; k < d.length; k++) {
                d[k] = r.nextInt(1000) / 4.0;
            }
            String s = "client " + i;
            Object[] got = op.exchange(request(s, d));
            assertEquals(s, got[0], "seed " + seed + " message " + i);
            assertArrayEquals(d, (double[]) got[1], "seed " + seed + " message " + i);
        }
        long grown = heapAfterGc() - base;
        assertTrue(op.budget.usedBytes() <= budgetBytes, op.stats.toString());
        assertReported(grown, op, "after 600 distinct messages");
        assertTrue(grown <= budgetBytes + NOISE, "600 distinct messages hold " + (grown >> 10) + " KiB: " + op.stats);
    }
}
