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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * More plain clients than kept states ({@code dsoap.states}), each on a connection of its own, sending their own
 * arrays of about 1000 doubles with a tenth replaced per call at random positions by values of other widths: up to
 * as many clients as states, each keeps its state (the skipped share at least 80 % of one client's); at twice and
 * four times as many, only the excess loses (half, and a quarter, of one client's share: all that clients calling in
 * turn can get, since a state pays only when it kept its sender's last message), whether the
 * clients call all at once, in turn or in bursts. Every value is read and written back bit for bit, and what is kept
 * is what the budget reports. Before, a newcomer took over whichever kept state its message looked most like, its
 * owner then took over another's, and at twice the states the skipped share fell to a third of one client's.
 */
class CapacityTest {
    private static final String NS = "urn:dsoap:capacity";
    private static final WireConvention W = WireConvention.documentLiteralWrapped();
    private static final MessageShape IN = MessageShape.wrapped(NS, "echo", Part.of("v", double[].class));
    private static final MessageShape OUT = MessageShape.wrapped(NS, "echoResponse", Part.of("return", double[].class));
    private static final int STATES = 16;
    private static final double[] EDGES = {Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 0.0};

    enum Pattern {
        /** Each client on a thread of its own, all sending at once. */
        AT_ONCE,
        /** One call per client in a fixed order, round after round. */
        IN_TURN,
        /** Clients in random order, each sending 1 to 8 calls in a row. */
        BURSTS
    }

    /** One client: its values, its peer key and a serializer that writes its requests as a plain client would. */
    private static final class Client {
        final long seed;
        final Random r;
        final double[] v;
        final long peer;
        final DifferentialSerializer out;

        Client(int id, long seed, MessagePlan in, boolean named) {
            this.seed = seed + id;
            this.r = new Random(this.seed);
            this.v = new double[1000 + r.nextInt(64)];
            for (int i = 0; i < v.length; i++) {
                v[i] = wide(r);
            }
            this.peer = named ? Carrier.peerKey("client-" + seed + "-" + id, null, null)
                    : Carrier.peerKey(null, null, "127.0.0.1 " + (40_000 + id));
            this.out = new DifferentialSerializer(in, SerializerConfig.defaults(), new SerializerStats(), null);
        }

        void call(Carrier c, int n) throws Exception {
            for (int j = 0; j < v.length / 10; j++) {
                v[r.nextInt(v.length)] = other(r);
            }
            out.serialize(new Object[] {v.clone()});
            byte[] b = out.toByteArray();
            Object[] got = c.read(b, b.length, peer, null, null);
            String where = "client seed " + seed + " call " + n;
            assertTrue(Arrays.equals(v, (double[]) got[0]), where + ": values read");
            ByteArrayOut answer = new ByteArrayOut();
            try (Reply reply = c.write(new Object[] {got[0]}, null, null)) {
                reply.writeTo(answer);
            }
            String text = answer.toString();
            int items = text.split("<return>", -1).length - 1;
            assertEquals(v.length, items, where + ": values written");
        }
    }

    private static final class ByteArrayOut extends java.io.ByteArrayOutputStream {
        @Override
        public String toString() {
            return new String(buf, 0, count, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** Values of 11 to 16 printed characters. */
    static double wide(Random r) {
        return Math.round(r.nextDouble() * 1e9) / Math.pow(10, 4 + r.nextInt(6));
    }

    /** Values of other widths: small integers, prices, tiny and edge values. */
    static double other(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> r.nextInt(1000);
            case 1 -> Math.round(r.nextDouble() * 1e6) / 100.0;
            case 2 -> r.nextDouble() * 1e-7;
            default -> r.nextInt(8) == 0 ? EDGES[r.nextInt(EDGES.length)] : r.nextInt(10);
        };
    }

    /** The share of request bytes skipped with {@code n} clients calling {@code calls} times each. */
    private static double share(Pattern pattern, int n, int calls, long seed, List<String> notes) throws Exception {
        return share(pattern, STATES, n, calls, seed, false, notes);
    }

    private static double share(Pattern pattern, int states, int n, int calls, long seed, boolean named,
                                List<String> notes) throws Exception {
        PlanCache plans = new PlanCache();
        MessagePlan in = plans.get(IN, W);
        OperationStats stats = new OperationStats("Test", line -> { }, "svc", "echo");
        MemoryBudget budget = new MemoryBudget(Settings.DEFAULT_BUDGET);
        Carrier c = Carrier.builder(Settings.read(Map.of(Settings.STATES, String.valueOf(states))::get, "test"), stats,
                budget, plans).reads(() -> IN, W).writes(() -> OUT, W).build();
        stats.templates(c::retainedBytes);
        Client[] clients = new Client[n];
        for (int k = 0; k < n; k++) {
            clients[k] = new Client(k, seed, in, named);
        }
        switch (pattern) {
            case AT_ONCE -> {
                CyclicBarrier start = new CyclicBarrier(n);
                AtomicReference<Throwable> failed = new AtomicReference<>();
                List<Thread> threads = new ArrayList<>();
                for (Client client : clients) {
                    Thread t = new Thread(() -> {
                        try {
                            start.await();
                            for (int call = 0; call < calls; call++) {
                                client.call(c, call);
                            }
                        } catch (Throwable e) {
                            failed.compareAndSet(null, e);
                        }
                    });
                    t.start();
                    threads.add(t);
                }
                for (Thread t : threads) {
                    t.join(120_000);
                }
                if (failed.get() != null) {
                    throw new AssertionError("seed " + seed, failed.get());
                }
            }
            case IN_TURN -> {
                for (int call = 0; call < calls; call++) {
                    for (Client client : clients) {
                        client.call(c, call);
                    }
                }
            }
            case BURSTS -> {
                Random r = new Random(seed);
                int[] made = new int[n];
                int left = n * calls;
                while (left > 0) {
                    int k = r.nextInt(n);
                    for (int b = 1 + r.nextInt(8); b > 0 && made[k] < calls; b--, left--) {
                        clients[k].call(c, made[k]++);
                    }
                }
            }
        }
        long skipped = stats.getBytesSkipped();
        long parsed = stats.getBytesParsed();
        double share = skipped / (double) (skipped + parsed);
        long firstSends = stats.writes().matches(MatchClass.FIRST_SEND);
        notes.add(String.format(java.util.Locale.ROOT, "%s %d %s clients: skipped share %.3f, %d reads at capacity, %d first sends of %d; %s",
                pattern, n, named ? "named" : "anonymous", share, stats.getReadsAtCapacity(), firstSends, stats.writes().messages(), stats.reads()));
        assertEquals(stats.getRetainedBytes(), budget.usedBytes(), "seed " + seed + ": what is kept is what the budget holds");
        if (n <= states) {
            assertEquals(0, stats.getReadsAtCapacity(), "seed " + seed + ": room for every client");
        }
        return share;
    }

    @ParameterizedTest
    @EnumSource(Pattern.class)
    void moreClientsThanStatesLoseOnlyTheExcess(Pattern pattern) throws Exception {
        long seed = 0xCA9A_0000L + pattern.ordinal();
        List<String> notes = new ArrayList<>();
        double one = share(pattern, 1, 40, seed, notes);
        double full = share(pattern, STATES, 40, seed, notes);
        double twice = share(pattern, 2 * STATES, 40, seed, notes);
        double four = share(pattern, 4 * STATES, 40, seed, notes);
        String report = "seed " + seed + "\n" + String.join("\n", notes);
        System.out.println(report);
        assertTrue(full >= 0.8 * one, report);
        // in turn, a state can pay only when it kept its sender's last message: with 2 or 4 senders per state, half or
        // a quarter of one sender's share is the most any policy gives, and only the excess losing is exactly that
        // (2 % below it for what the incumbents' first messages and rounding take)
        assertTrue(twice >= 0.49 * one, report);
        assertTrue(four >= 0.245 * one, report);
        assertTrue(four > 0, report);
    }

    /**
     * As many clients naming themselves as kept states, calling at once, each with a sequence of its own: every client
     * keeps a state of its own from its first call on, over many sets of names. Before, the table that remembered
     * which state read each named client held two clients per bucket: a third client of the same bucket made one of
     * them forgotten, that client then started a second state while there was room, and the clients that came last found
     * every state taken (with 64 clients and states, every other set of names).
     */
    @ParameterizedTest
    @EnumSource(Pattern.class)
    void asManyNamedClientsAsStatesEachKeepTheirOwn(Pattern pattern) throws Exception {
        int states = 64; // as many as by default: the old table's buckets then held three clients in most sets of names
        for (int set = 0; set < 6; set++) {
            long seed = 0x4A3E_0000L + 100L * pattern.ordinal() + 1000L * set;
            List<String> notes = new ArrayList<>();
            double one = share(pattern, states, 1, 12, seed, true, notes);
            double full = share(pattern, states, states, 12, seed, true, notes);
            String report = "seed " + seed + "\n" + String.join("\n", notes);
            assertTrue(full >= 0.8 * one, report);
        }
    }
}
