package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several clients' message families through one differential reader: interleaved, concurrent, and
 * under a memory budget small enough to evict. Every result is the client's own values, in fresh
 * objects.
 */
class DdsInterleavingTest {
    private static final MessagePlan PLAN = new PlanCompiler().compile(MessageShape.wrapped("urn:dsoap:mix", "op",
            Part.of("who", String.class), Part.of("d", double[].class), Part.of("i", int[].class)),
            CompiledPlanSequenceTest.DOC);

    /** One client's messages: its own lengths and values, about 1% of them changing per message. */
    static final class Family {
        final String who;
        final double[] d;
        final int[] i;
        final Random r;
        final DifferentialSerializer ds = new DifferentialSerializer(PLAN, SerializerConfig.defaults(), new SerializerStats(), null);

        Family(int k, long seed) {
            who = "client-" + k;
            r = new Random(seed + k);
            d = new double[300 + 57 * k];
            i = new int[40 + 11 * k];
            for (int j = 0; j < d.length; j++) {
                d[j] = k * 1000 + r.nextInt(100_000) / 16.0;
            }
            for (int j = 0; j < i.length; j++) {
                i[j] = k * 1_000_000 + r.nextInt(1000);
            }
        }

        Object[] next() {
            for (int c = Math.max(1, d.length / 100); c > 0; c--) {
                d[r.nextInt(d.length)] = r.nextInt(100_000) / 16.0;
            }
            i[r.nextInt(i.length)] = r.nextInt(1000);
            return new Object[] {who, d.clone(), i.clone()};
        }

        byte[] bytes(Object[] parts) {
            ds.serialize(parts);
            return ds.toByteArray();
        }
    }

    @Test
    void interleavedFamiliesReadRight() {
        long seed = 0x1A7E_0000L;
        for (int clients = 2; clients <= 3; clients++) {
            assertEquals(300, run(4, clients, 300, seed).stats().messages());
            assertEquals(120, run(1, clients, 120, seed).stats().messages());
        }
    }

    /** A single family (the reference): most bytes are skipped. */
    @Test
    void oneFamilySkipsMostBytes() {
        long seed = 0x1A7E_0000L;
        Run one = run(4, 1, 300, seed);
        assertTrue(one.skipped() > 0.8 * (one.skipped() + one.parsed()), "seed " + seed + " one client: " + one);
    }

    @Test
    void interleavedFamiliesSkipMostBytes() {
        long seed = 0x1A7E_0000L;
        Run four = run(4, 3, 300, seed);
        assertTrue(four.skipped() > 0.8 * (four.skipped() + four.parsed()), "seed " + seed + " states=4: " + four);
    }

    /** Skipped/parsed counted after a warm-up of one message per family. */
    private static Run run(int states, int clients, int messages, long seed) {
        PlanReader reader = new PlanReader(PLAN);
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer dds = new DifferentialDeserializer(PLAN, DeserializerConfig.builder().states(states)
                .build(), stats, null);
        Family[] fams = new Family[clients];
        for (int k = 0; k < clients; k++) {
            fams[k] = new Family(k, seed);
        }
        long skipped0 = 0;
        long parsed0 = 0;
        for (int m = 0; m < messages; m++) {
            Family f = fams[m % clients];
            Object[] parts = f.next();
            byte[] b = f.bytes(parts);
            Object[] got = dds.deserialize(b, 0, b.length);
            reader.assertEquivalent(parts, got, "seed " + seed + " states=" + states + " message " + m + " " + f.who);
            if (m == 2 * clients - 1) {
                skipped0 = stats.bytesSkipped();
                parsed0 = stats.bytesParsed();
            }
        }
        return new Run(stats, stats.bytesSkipped() - skipped0, stats.bytesParsed() - parsed0);
    }

    /** A run's counters, with the bytes skipped and parsed after warm-up. */
    record Run(DeserializerStats stats, long skipped, long parsed) {
        @Override
        public String toString() {
            return stats + " after warm-up: skipped " + skipped + " parsed " + parsed;
        }
    }

    @Test
    void concurrentClientsGetTheirOwnFreshValues() throws Exception {
        long seed = 0xC0C0_0000L;
        int threads = 16;
        DeserializerStats stats = new DeserializerStats();
        DifferentialDeserializer dds = new DifferentialDeserializer(PLAN, DeserializerConfig.builder().states(8)
                .interval(64).build(), stats, null);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Family f = new Family(t, seed);
                done.add(pool.submit(() -> {
                    PlanReader reader = new PlanReader(PLAN);
                    Object[] previous = null;
                    for (int m = 0; m < 300; m++) {
                        Object[] parts = m % 5 == 4 ? previous : f.next();
                        byte[] b = f.bytes(parts);
                        Object[] got = dds.deserialize(b, 0, b.length);
                        String where = "seed " + seed + " " + f.who + " message " + m;
                        reader.assertEquivalent(parts, got, where);
                        // a caller scribbling over its result must not reach the next one
                        Arrays.fill((double[]) got[1], Double.NaN);
                        Arrays.fill((int[]) got[2], -7);
                        previous = parts;
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(16 * 300, stats.messages(), stats.toString());
        assertTrue(stats.identical() + stats.resumed() > 0, stats.toString());
    }

    @Test
    void resultsAreFreshObjects() {
        Family f = new Family(0, 0xF0L);
        DifferentialDeserializer dds = new DifferentialDeserializer(PLAN, DeserializerConfig.defaults(), new DeserializerStats(), null);
        Object[] parts = f.next();
        byte[] b = f.bytes(parts);
        Object[] first = dds.deserialize(b, 0, b.length);
        Object[] second = dds.deserialize(b, 0, b.length);
        assertNotSame(first, second);
        assertNotSame(first[1], second[1]);
        assertNotSame(first[2], second[2]);
    }

    @Test
    void aSmallBudgetEvictsAndResultsStayRight() {
        long seed = 0xB0D6_0000L;
        PlanReader reader = new PlanReader(PLAN);
        Family[] fams = {new Family(0, seed), new Family(1, seed), new Family(2, seed)};
        // how much one kept state takes
        DeserializerStats probe = new DeserializerStats();
        DifferentialDeserializer one = new DifferentialDeserializer(PLAN, DeserializerConfig.defaults(), probe, null);
        byte[] b0 = fams[2].bytes(fams[2].next());
        one.deserialize(b0, 0, b0.length);
        long perState = probe.retainedBytes();
        assertTrue(perState > 0, probe.toString());

        MemoryBudget budget = new MemoryBudget(perState * 3 / 2);
        // each state holds 2/3 of the budget: let it keep them, so that the budget must evict
        DeserializerConfig keepAll = DeserializerConfig.builder().maxStateShare(1).build();
        DeserializerStats statsA = new DeserializerStats();
        DeserializerStats statsB = new DeserializerStats();
        DifferentialDeserializer a = new DifferentialDeserializer(PLAN, keepAll, statsA, budget);
        DifferentialDeserializer b = new DifferentialDeserializer(PLAN, keepAll, statsB, budget);
        for (int m = 0; m < 300; m++) {
            Family f = fams[m % 3];
            DifferentialDeserializer dds = m % 2 == 0 ? a : b;
            Object[] parts = f.next();
            byte[] bytes = f.bytes(parts);
            reader.assertEquivalent(parts, dds.deserialize(bytes, 0, bytes.length), "seed " + seed + " message " + m);
            assertTrue(budget.usedBytes() <= budget.limitBytes(), "seed " + seed + " message " + m + " budget " + budget.usedBytes());
        }
        String s = "seed " + seed + " A " + statsA + " B " + statsB;
        assertTrue(statsA.evicted() + statsB.evicted() > 0, s);
        a.reset();
        b.reset();
        for (DeserializerStats st : new DeserializerStats[] {statsA, statsB}) {
            assertEquals(0, st.retainedBytes(), s);
            assertEquals(0, st.checkpointBytes(), s);
        }
        assertEquals(0, a.checkpointBytes(), s);
    }
}
