package dev.dsoap.serialize;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.template.MemoryBudget;
import dev.dsoap.tracked.TrackedDoubleArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sixteen threads, each with its own stream on one shared plan, shared statistics and a shared memory
 * budget small enough to evict all the time: every message must read back to exactly its own thread's
 * values (each value carries its thread's number), and the budget must never be over its limit.
 */
class ConcurrentStreamsTest {
    private static final int THREADS = 16;
    private static final int MESSAGES = 300;
    private static final long SEED = 0xC0C0_2026L;
    /** Each template holds about a quarter of the budget here: let it keep them all, so that the budget must evict. */
    private static final SerializerConfig CONFIG = SerializerConfig.builder().chunkSize(512).endSlack(32)
            .maxStateShare(1).build();

    private static final MessagePlan PLAN = new PlanCompiler().compile(MessageShape.wrapped(CompiledPlanSequenceTest.NS,
            "concurrent", Part.of("name", String.class), Part.of("d", double[].class),
            Part.of("tags", SeqBeans.type("strings")), Part.of("m", SeqBeans.Mio[].class), Part.of("i", int[].class),
            Part.of("t", TrackedDoubleArray.class)), CompiledPlanSequenceTest.AXIS2);

    /** One thread's values; every one of them encodes the thread number {@code id}. */
    private static final class Values {
        final int id;
        final Random r;
        String name;
        double[] d = new double[40];
        List<String> tags = new ArrayList<>();
        SeqBeans.Mio[] m = new SeqBeans.Mio[8];
        int[] i = new int[30];
        TrackedDoubleArray t = new TrackedDoubleArray(30);

        Values(int id) {
            this.id = id;
            this.r = new Random(SEED + id);
            name = "thread " + id;
            for (int k = 0; k < d.length; k++) {
                d[k] = dbl(k);
            }
            for (int k = 0; k < 10; k++) {
                tags.add(str(k));
            }
            for (int k = 0; k < m.length; k++) {
                m[k] = new SeqBeans.Mio(id, k, dbl(k));
            }
            for (int k = 0; k < i.length; k++) {
                i[k] = id * 10_000_000 + k;
            }
            for (int k = 0; k < t.length(); k++) {
                t.set(k, dbl(k));
            }
        }

        /** {@code id * 1e6 + something}: the thread shows in the integer part; grows and shrinks in text. */
        double dbl(int k) {
            return id * 1e6 + (r.nextBoolean() ? k : r.nextInt(1_000_000) / 1024.0);
        }

        String str(int k) {
            return "t" + id + "/" + k + "/" + "é&<".repeat(r.nextInt(4)) + (r.nextInt(8) == 0 ? "\uD83D\uDE00" : "");
        }

        /** Changes some values, sometimes none; now and then a length. */
        void next() {
            int pct = new int[] {0, 2, 10, 50}[r.nextInt(4)];
            for (int k = 0; k < d.length; k++) {
                if (r.nextInt(100) < pct) {
                    d[k] = dbl(k);
                }
            }
            for (int k = 0; k < i.length; k++) {
                if (r.nextInt(100) < pct) {
                    i[k] = id * 10_000_000 + r.nextInt(1_000_000);
                }
            }
            for (int k = 0; k < t.length(); k++) {
                if (r.nextInt(100) < pct) {
                    t.set(k, dbl(k));
                }
            }
            for (int k = 0; k < tags.size(); k++) {
                if (r.nextInt(100) < pct) {
                    tags.set(k, str(k));
                }
            }
            for (SeqBeans.Mio x : m) {
                if (r.nextInt(100) < pct) {
                    x.setV(dbl(x.getB()));
                }
            }
            if (pct > 0 && r.nextInt(10) == 0) {
                if (tags.size() > 3 && r.nextBoolean()) {
                    tags.remove(tags.size() - 1);
                } else {
                    tags.add(str(tags.size()));
                }
                name = r.nextBoolean() ? null : "thread " + id + " " + "x".repeat(r.nextInt(30));
            }
        }

        Object[] parts() {
            return new Object[] {name, d, tags, m, i, t};
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void streamsShareAPlanStatsAndBudgetWithoutCrossTalk() throws InterruptedException {
        DifferentialSerializer probe = new DifferentialSerializer(PLAN, CONFIG, new SerializerStats(), null);
        probe.serialize(new Values(0).parts());
        long one = probe.retainedBytes();
        MemoryBudget budget = new MemoryBudget(one * 4);
        SerializerStats stats = new SerializerStats();
        PlanReader reader = new PlanReader(PLAN);
        AtomicLong maxUsed = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int id = 0; id < THREADS; id++) {
                int tid = id;
                done.add(pool.submit(() -> {
                    start.await();
                    Values v = new Values(tid);
                    DifferentialSerializer ds = new DifferentialSerializer(PLAN, CONFIG, stats, budget);
                    for (int msg = 0; msg < MESSAGES; msg++) {
                        if (msg > 0) {
                            v.next();
                        }
                        Object[] parts = v.parts();
                        ds.serialize(parts);
                        long used = budget.usedBytes();
                        maxUsed.accumulateAndGet(used, Math::max);
                        String where = "seed " + (SEED + tid) + " thread " + tid + " message " + msg;
                        assertTrue(used <= budget.limitBytes(), where + ": budget " + used + " > " + budget.limitBytes());
                        byte[] bytes = ds.toByteArray();
                        reader.assertEquivalent(parts, reader.read(bytes), where);
                        if (msg % 25 == 0) {
                            CompiledPlanSequenceTest.assertSameInfoset(
                                    Infoset.of(CompiledPlanSequenceTest.freshBytes(PLAN, parts)), Infoset.of(bytes), where);
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                try {
                    f.get(60, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    throw new AssertionError(e.getCause().getMessage(), e.getCause());
                } catch (java.util.concurrent.TimeoutException e) {
                    throw new AssertionError("a stream did not finish in 60 s", e);
                }
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
        String s = stats + " budget " + budget.usedBytes() + "/" + budget.limitBytes() + " max " + maxUsed
                + " evictions " + budget.evictions() + " refusals " + budget.refusals();
        assertEquals((long) THREADS * MESSAGES, stats.messages(), s);
        assertEquals(0, stats.failures(), s);
        assertTrue(budget.evictions() > 0 && stats.fresh(SerializerStats.FreshReason.EVICTED) > 0, s);
        assertTrue(stats.matches(MatchClass.CONTENT) > 0 && stats.matches(MatchClass.PERFECT_STRUCTURAL) > 0
                && stats.matches(MatchClass.PARTIAL_STRUCTURAL) > 0, s);
        assertTrue(budget.usedBytes() <= budget.limitBytes(), s);
    }
}
