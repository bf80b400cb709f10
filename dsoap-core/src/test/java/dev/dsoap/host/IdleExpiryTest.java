package dev.dsoap.host;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import dev.dsoap.template.Budgets;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An operation's kept state ages out: with a test's clock, a sweep of the budget after the idle timeout drops every
 * kept message and template of the carrier (the budget and the statistics say 0 bytes); the next message from the
 * same client is read and written in full, correctly, and counted as after an eviction.
 */
class IdleExpiryTest {
    private static final String NS = "urn:dsoap:idle";
    private static final WireConvention W = WireConvention.documentLiteralWrapped();
    private static final MessageShape IN = MessageShape.wrapped(NS, "put", Part.of("s", String.class), Part.of("v", double[].class));
    private static final MessageShape OUT = MessageShape.wrapped(NS, "putResponse", Part.of("return", String.class));
    private static final long SECOND = 1_000_000_000L;

    private final PlanCache plans = new PlanCache();
    private final MessagePlan in = plans.get(IN, W);

    private byte[] request(String s, double[] v) {
        DifferentialSerializer ds = new DifferentialSerializer(in, SerializerConfig.defaults(), new SerializerStats(), null);
        ds.serialize(new Object[] {s, v});
        return ds.toByteArray();
    }

    private static byte[] exchange(Carrier c, byte[] request, long peer, Object[][] read) throws Exception {
        Object[] v = c.read(request, request.length, peer, null, null);
        read[0] = v;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Reply r = c.write(new Object[] {v[0] + "!"}, null, null)) {
            r.writeTo(out);
        }
        return out.toByteArray();
    }

    @Test
    void keptStateUnusedForLongerThanTheTimeoutIsDroppedAndTheNextMessageIsReadInFull() throws Exception {
        AtomicLong now = new AtomicLong();
        MemoryBudget budget = Budgets.withClock(256L << 20, 60 * SECOND, now::get);
        OperationStats stats = new OperationStats("Test", line -> { }, "svc", "put");
        Carrier c = Carrier.builder(Settings.read(Map.<String, String>of()::get, "test"), stats, budget, plans)
                .reads(() -> IN, W).writes(() -> OUT, W).build();
        stats.templates(c::retainedBytes);
        long client = Carrier.peerKey("client-a", null, null);
        char[] big = new char[2_000_000];
        Arrays.fill(big, 'x');
        String s = new String(big);
        double[] d = {1.5, -0.0, Double.NaN};
        byte[] req = request(s, d);
        Object[][] got = new Object[1][];
        byte[] first = exchange(c, req, client, got);
        assertEquals(s + "", got[0][0]);
        exchange(c, req, client, got);
        assertEquals(1, stats.getReadsIdentical(), stats.toString());
        long held = budget.usedBytes();
        assertTrue(held > 4_000_000, "the request and the response are kept: " + held + " bytes; " + stats);
        // the budget holds the kept state and the spare buffers (a read buffer, a write stage) reported beside it
        assertEquals(held, stats.getRetainedBytes() + budget.spareBytes(), stats.toString());

        now.addAndGet(59 * SECOND);
        assertEquals(0, budget.sweep(), "used within the timeout");
        now.addAndGet(2 * SECOND);
        int dropped = budget.sweep();
        assertTrue(dropped >= 2, dropped + " holders dropped; " + stats);
        assertEquals(dropped, budget.idleDrops());
        assertEquals(0, budget.usedBytes());
        // what stays is fixed-size: the idle serializer's scratch arrays, not the messages
        assertTrue(stats.getRetainedBytes() < 128 << 10, "kept without further traffic: " + stats.getRetainedBytes() + " bytes; " + stats);
        assertEquals(0, stats.getCheckpointBytes(), stats.toString());
        assertEquals(1, stats.reads().evicted(), stats.toString());

        byte[] again = exchange(c, req, client, got);
        assertEquals(s, got[0][0]);
        assertArrayEquals(d, (double[]) got[0][1]);
        assertArrayEquals(first, again, "the response written in full after the drop");
        assertEquals(1, stats.getReadsIdentical(), "read in full, not against a dropped message: " + stats);
        assertEquals(2, stats.writes().matches(dev.dsoap.serialize.MatchClass.FIRST_SEND), "written in full: " + stats);
        assertTrue(budget.usedBytes() > 4_000_000, "kept again: " + stats);
    }
}
