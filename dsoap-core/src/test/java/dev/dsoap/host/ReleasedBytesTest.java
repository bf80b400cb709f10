package dev.dsoap.host;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerConfig;
import dev.dsoap.serialize.SerializerStats;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A host that releases each request's array ({@link DifferentialDeserializer#RELEASE}): the kept state gives the array
 * of the sender's message before last to the memory budget as a spare when the next message replaces it, and the
 * message after is read into it ({@link MessageBytes#readAtMost}) and kept as it is, without a copy. Checked over a
 * long run of one sender's requests whose values change to values of other widths (edge values among them, drawn
 * from one mix of widths) and whose arrays are resized now and then: every value read equals the one sent, every answer reads back to the values sent,
 * the bytes in flight go back to zero, and the budget holds exactly the kept state and the spares.
 */
class ReleasedBytesTest {
    private static final String NS = "urn:dsoap:released";
    private static final WireConvention W = WireConvention.documentLiteralWrapped();
    private static final MessageShape IN = MessageShape.wrapped(NS, "echo", Part.of("v", double[].class));
    private static final MessageShape OUT = MessageShape.wrapped(NS, "echoResponse", Part.of("return", double[].class));

    private final PlanCache plans = new PlanCache();
    private final MessagePlan in = plans.get(IN, W);
    private final MessagePlan out = plans.get(OUT, W);

    private static byte[] serialize(MessagePlan plan, double[] v) {
        DifferentialSerializer ds = new DifferentialSerializer(plan, SerializerConfig.defaults(), new SerializerStats(), null);
        ds.serialize(new Object[] {v});
        return ds.toByteArray();
    }

    /**
     * A value of a mix of widths (edge values among them), the same mix each time: a message's length moves a little
     * from call to call, as a feed's does, though each changed value takes another width.
     */
    private static double value(Random r) {
        return r.nextBoolean() ? PlainClientStateTest.other(r) : r.nextDouble() * 1000;
    }

    /** A stream that hands out at most {@code step} bytes a read, as a transport's chunks. */
    private static InputStream trickle(byte[] b, int step) {
        return new FilterInputStream(new ByteArrayInputStream(b)) {
            @Override
            public int read(byte[] into, int off, int len) throws IOException {
                return super.read(into, off, Math.min(len, step));
            }
        };
    }

    /**
     * {@code calls} requests of one sender through a carrier, each read from a stream into the budget's spares and
     * read by the carrier with {@code hold}; returns how many were read into an array an earlier request was read into.
     */
    private int run(int hold, int calls, long seed) throws IOException {
        return run(hold, calls, seed, false);
    }

    /**
     * As {@link #run(int, int, long)}; with {@code alternate}, the sender's requests alternate between two versions of
     * one array, the second with a tenth of its values replaced by values printed in 23 or 24 bytes (its message some
     * 4 % longer), a hundredth of the values changed alike in both each call and the array never resized: a feed of two
     * kinds of update, whose messages alternate between two lengths.
     */
    private int run(int hold, int calls, long seed, boolean alternate) throws IOException {
        OperationStats stats = new OperationStats("Test", line -> { }, "svc", "echo");
        MemoryBudget budget = new MemoryBudget(Settings.DEFAULT_BUDGET);
        Carrier c = Carrier.builder(Settings.read(Map.<String, String>of()::get, "test"), stats, budget, plans)
                .reads(() -> IN, W).writes(() -> OUT, W).build();
        stats.templates(c::retainedBytes);
        Random r = new Random(seed);
        double[] v = new double[30_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = value(r);
        }
        double[] w = v.clone();
        for (int k = 0; k < w.length / 10; k++) {
            w[r.nextInt(w.length)] = r.nextDouble() * 1e-200; // 23 or 24 bytes printed
        }
        Set<byte[]> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        int reused = 0;
        long peer = Carrier.peerKey("client-a", null, null);
        for (int call = 0; call < calls; call++) {
            String at = "seed " + seed + " call " + call;
            if (alternate) {
                double[] t = v;
                v = w;
                w = t;
                for (int k = 0; k < v.length / 100; k++) {
                    int i = r.nextInt(v.length);
                    v[i] = value(r);
                    w[i] = v[i];
                }
            } else if (call > 0 && call % 9 == 0) {
                // resized: longer or shorter by up to a twentieth
                int n = Math.max(1, v.length + r.nextInt(v.length / 10) - v.length / 20);
                int old = v.length;
                v = Arrays.copyOf(v, n);
                for (int i = old; i < n; i++) {
                    v[i] = value(r);
                }
            } else if (call > 0) {
                for (int k = 0; k < v.length / 10; k++) {
                    v[r.nextInt(v.length)] = value(r);
                }
            }
            byte[] req = serialize(in, v);
            MessageBytes got = MessageBytes.readAtMost(trickle(req, 4096 + r.nextInt(65536)), 8 << 20, -1,
                    new InputStream[1], budget);
            assertArrayEquals(req, Arrays.copyOf(got.bytes(), got.length()), at);
            if (!seen.add(got.bytes())) {
                reused++;
            }
            Object[] values = c.read(got.bytes(), got.length(), peer, hold, null, null);
            assertArrayEquals(v, (double[]) values[0], at);
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            try (Reply reply = c.write(new Object[] {values[0]}, null, null)) {
                reply.writeTo(answer);
            }
            // the answer reads back to the same values with a reader of its own (a template pads changed fields: its
            // bytes need not be a fresh serializer's)
            byte[] a = answer.toByteArray();
            Object[] echoed = new DifferentialDeserializer(out, DeserializerConfig.defaults(), new DeserializerStats(), null)
                    .deserialize(a, 0, a.length, null);
            assertArrayEquals(v, (double[]) echoed[0], at + " (answer)");
            assertEquals(0, budget.inFlightBytes(), at);
            // the budget holds the kept state and the spare buffers reported beside it, nothing else
            assertEquals(stats.getRetainedBytes() + budget.spareBytes(), budget.usedBytes(), at + "; " + stats);
        }
        return reused;
    }

    @Test
    void releasedRequestsAreReadIntoTheArraysTheirSenderReleased() throws IOException {
        int calls = 60;
        int reused = run(DifferentialDeserializer.RELEASE, calls, 0x5EED_0060L);
        // all but the first few, and those after a resize that outgrew the released array
        assertTrue(reused >= calls * 2 / 3, reused + " of " + calls + " read into a released array");
    }

    @Test
    void requestsOfTwoAlternatingLengthsAreReadIntoReleasedArrays() throws IOException {
        // each read asks for a spare as long as the request before last: the array its kind released, kept as it is read
        // (asked for the last request's length, each got the other kind's array and was copied out of it every other
        // call: 27 of 60 reused)
        int calls = 60;
        int reused = run(DifferentialDeserializer.RELEASE, calls, 0x5EED_0061L, true);
        assertTrue(reused >= calls * 5 / 6, reused + " of " + calls + " read into a released array");
    }

    @Test
    void handedOverRequestsAreNeverReadInto() throws IOException {
        // the host may still read a handed-over array while its request lasts: it is never a spare
        assertEquals(0, run(DifferentialDeserializer.HAND_OVER, 30, 0x5EED_0030L));
    }
}
