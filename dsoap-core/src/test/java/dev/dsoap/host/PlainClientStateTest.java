package dev.dsoap.host;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.MatchClass;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One plain client (no client id) echoing a large array whose items change at scattered positions to values of
 * other printed widths: its messages are read against its own kept message, its answers written on its own
 * template, a first send only for its first message, and what it keeps is about the size of its messages: its kept
 * request with checkpoints at most 1.5x the request's bytes (measured 1.49x: the message, its values at 8 bytes each
 * and checkpoints at 3 bytes each, the working tape and log not kept between messages, no more than a 64th of slack in
 * any of them; 1.82x before), its answer's template at most 1.5x the answer's bytes
 * (measured 1.48x: 14 bytes of slot table a value, in columns as narrow as their values, beside the answer's 35; the
 * table took 33 bytes a value in int columns before, 2.1x), all of it charged to the memory budget. Before, a message whose sampled windows had drifted (values of other widths
 * shift everything after them) looked like another client's and started a state of its own: 17 of 35 calls were
 * first reads and first sends, and the client held 183 MB for its 2 MB messages.
 */
class PlainClientStateTest {
    private static final String NS = "urn:dsoap:plain";
    private static final WireConvention W = WireConvention.documentLiteralWrapped();
    private static final MessageShape IN = MessageShape.wrapped(NS, "echo", Part.of("v", double[].class));
    private static final MessageShape OUT = MessageShape.wrapped(NS, "echoResponse", Part.of("return", double[].class));
    private static final OutputStream DISCARD = OutputStream.nullOutputStream();
    /** Values of other widths than the random ones the array starts with, edge values among them. */
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, Double.MIN_NORMAL / 3, Double.MAX_VALUE, -Double.MAX_VALUE, 1, -7, 1e300};

    private final PlanCache plans = new PlanCache();
    private final MessagePlan in = plans.get(IN, W);

    private byte[] request(double[] v) {
        DifferentialSerializer ds = new DifferentialSerializer(in, SerializerConfig.defaults(), new SerializerStats(), null);
        ds.serialize(new Object[] {v});
        return ds.toByteArray();
    }

    static double other(Random r) {
        switch (r.nextInt(4)) {
            case 0:
                return EDGES[r.nextInt(EDGES.length)];
            case 1:
                return r.nextInt(100);
            case 2:
                return r.nextDouble() * 1e-200;
            default:
                return Math.round(r.nextDouble() * 1e6) / 100.0;
        }
    }

    /** 35 calls of {@code items} doubles, 25 % replaced per call, from one peer ({@code peer}, 0: anonymous). */
    private void run(long peer, int items, String what) throws Exception {
        run(peer, items, what, 1.5, 1.5);
    }

    /**
     * As above, the kept request with its checkpoints at most {@code readBound} times the request's bytes, the answer's
     * template at most {@code writeBound} times the answer's bytes.
     */
    private void run(long peer, int items, String what, double readBound, double writeBound) throws Exception {
        OperationStats stats = new OperationStats("Test", line -> { }, "svc", "echo");
        MemoryBudget budget = new MemoryBudget(Settings.DEFAULT_BUDGET);
        Carrier c = Carrier.builder(Settings.read(Map.<String, String>of()::get, "test"), stats, budget, plans)
                .reads(() -> IN, W).writes(() -> OUT, W).build();
        stats.templates(c::retainedBytes);
        long seed = 0x5EED_0035L;
        Random r = new Random(seed);
        double[] v = new double[items];
        for (int i = 0; i < items; i++) {
            v[i] = r.nextDouble() * 1000;
        }
        long messageBytes = 0;
        long maxRetained = 0;
        for (int call = 0; call < 35; call++) {
            if (call > 0) {
                for (int k = 0; k < items / 4; k++) {
                    int i = r.nextInt(items);
                    v[i] = r.nextBoolean() ? other(r) : r.nextDouble() * 1000;
                }
            }
            byte[] b = request(v);
            messageBytes = b.length;
            Object[] got = c.read(b, b.length, peer, null, null);
            assertArrayEquals(v, (double[]) got[0], "seed " + seed + " call " + call);
            try (Reply reply = c.write(new Object[] {got[0]}, null, null)) {
                reply.writeTo(DISCARD);
            }
            maxRetained = Math.max(maxRetained, stats.getRetainedBytes());
        }
        String msg = what + ": message " + messageBytes + " B, retained " + stats.getRetainedBytes() + " B (max "
                + maxRetained + "), budget " + budget.usedBytes() + " B (spares " + budget.spareBytes() + " B), first reads " + stats.reads().firstReads()
                + ", first sends " + stats.writes().matches(MatchClass.FIRST_SEND) + ", skipped "
                + stats.getBytesSkipped() * 100 / (stats.getBytesSkipped() + stats.getBytesParsed()) + " %; " + stats;
        System.out.println(msg);
        assertEquals(1, stats.writes().matches(MatchClass.FIRST_SEND), msg);
        assertEquals(1, stats.reads().firstReads(), msg);
        long responseBytes = stats.writes().messageBytes() / stats.writes().messages();
        long read = stats.reads().retainedBytes();
        long written = stats.getRetainedBytes() - read;
        System.out.printf("%s: kept request %.2fx the request, template %.2fx the answer (%d B for %d B)%n", what,
                read / (double) messageBytes, written / (double) responseBytes, written, responseBytes);
        assertTrue(read <= readBound * messageBytes, "kept request and checkpoints " + read + " B; " + msg);
        assertTrue(written <= writeBound * responseBytes, "template " + written + " B, response " + responseBytes + " B; "
                + msg);
        // the budget holds the kept state and the spare buffers (a read buffer, a write stage) reported beside it
        assertEquals(stats.getRetainedBytes() + budget.spareBytes(), budget.usedBytes(), msg);
    }

    @Test
    void anonymousPlainClient() throws Exception {
        run(0, 100_000, "anonymous");
    }

    /**
     * 1000 doubles (a 21 KB request, a 35 KB answer): what a state keeps whatever the message's size (the parser's
     * tables and scratch, 2.5 KB; the template's writer rows for rebuilds) weighs more; the kept request measured 1.82x
     * (2.14x while the parser's name tables started at 64 names and the kept message's array could be 4 KiB over it, 2.7x
     * while the working tape and checkpoint log were kept between messages), the template 1.9x (2.6x while the
     * slot table kept 33 bytes a value). Before the template's spare chunk buffers were bounded by half the message, it
     * kept four of 33 KiB beside its chunk (6.4x).
     */
    @Test
    void smallMessagesOnItsConnection() throws Exception {
        run(Carrier.peerKey(null, null, "127.0.0.1 50125"), 1000, "small", 2, 2);
    }

    @Test
    void plainClientOnItsConnection() throws Exception {
        run(Carrier.peerKey(null, null, "127.0.0.1 50123"), 100_000, "connection");
    }

    /**
     * A message of a known sender that changed almost wholly (the values around one sampled window kept) looks like no
     * kept message: it replaces its sender's kept message, read against it, instead of starting a second state beside
     * it, and its answer is written on the sender's template.
     */
    @Test
    void aMessageChangedBeyondRecognitionReplacesItsSendersState() throws Exception {
        OperationStats stats = new OperationStats("Test", line -> { }, "svc", "echo");
        MemoryBudget budget = new MemoryBudget(Settings.DEFAULT_BUDGET);
        Carrier c = Carrier.builder(Settings.read(Map.<String, String>of()::get, "test"), stats, budget, plans)
                .reads(() -> IN, W).writes(() -> OUT, W).build();
        stats.templates(c::retainedBytes);
        long peer = Carrier.peerKey(null, null, "127.0.0.1 50124");
        long seed = 0x5EED_0036L;
        Random r = new Random(seed);
        int n = 20_000;
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = 100 + r.nextInt(800) + r.nextInt(1000) / 1000.0; // all of one printed width: positions stay put
        }
        for (int call = 0; call < 4; call++) {
            if (call == 1 || call == 3) {
                for (int k = 0; k < n / 100; k++) {
                    v[r.nextInt(n)] = 100 + r.nextInt(800) + r.nextInt(1000) / 1000.0;
                }
            } else if (call == 2) {
                int keep = n / 17; // the item under the first sampled window
                for (int i = 0; i < n; i++) {
                    if (Math.abs(i - keep) > 40) {
                        v[i] = 100 + r.nextInt(800) + r.nextInt(1000) / 1000.0;
                    }
                }
            }
            byte[] b = request(v);
            Object[] got = c.read(b, b.length, peer, null, null);
            assertArrayEquals(v, (double[]) got[0], "seed " + seed + " call " + call);
            try (Reply reply = c.write(new Object[] {got[0]}, null, null)) {
                reply.writeTo(DISCARD);
            }
        }
        String msg = "seed " + seed + ": " + stats;
        assertEquals(1, stats.reads().firstReads(), msg);
        assertEquals(3, stats.reads().resumed(), msg);
        assertEquals(1, stats.writes().matches(MatchClass.FIRST_SEND), msg);
    }
}
