package dev.dsoap.host;

import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.template.MemoryBudget;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Response sharing on the carrier ({@code dsoap.share}): every answer, whichever way the policy writes it, reads back
 * to its own values, bit for bit, alone and with many writers at once; both ways are used and counted; the window's
 * state is charged and let go.
 */
class CarrierSharingTest {
    private static final String NS = "urn:dsoap:sharing";
    private static final WireConvention DOC = WireConvention.documentLiteralWrapped();
    private static final MessageShape REQUEST = MessageShape.wrapped(NS, "quote", Part.of("symbols", String.class));
    private static final MessageShape RESPONSE = MessageShape.wrapped(NS, "quoteResponse", Part.of("return", double[].class));
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, 2.2250738585072009E-308, Double.MAX_VALUE,
        -Double.MAX_VALUE, 1.0 / 3, 1e-300, 123456789.125};

    private static OperationStats stats(List<String> log) {
        return new OperationStats("Test", log::add, "svc", "quote");
    }

    private static Carrier server(OperationStats stats, MemoryBudget budget, String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return Carrier.builder(Settings.read(m::get, "test"), stats, budget, new PlanCache())
                .reads(() -> REQUEST, DOC).writes(() -> RESPONSE, DOC).sharing("quote").build();
    }

    /** The client's view: it reads the answers. */
    private static Carrier client() {
        return Carrier.builder(Settings.read(k -> null, "client"), stats(new ArrayList<>()), null, new PlanCache())
                .reads(() -> RESPONSE, DOC).writes(() -> REQUEST, DOC).build();
    }

    /** A feed: a base array every client shares, each client's own few values, and edge values here and there. */
    private static double[] answer(Random r, double[] base, int client, int round) {
        if (r.nextInt(40) == 0) {
            return r.nextBoolean() ? null : new double[0];
        }
        int n = r.nextInt(10) == 0 ? base.length + r.nextInt(200) - 100 : base.length; // resized now and then
        double[] v = new double[Math.max(0, n)];
        for (int i = 0; i < v.length; i++) {
            v[i] = base[i % base.length];
        }
        for (int k = 0; k < 3 && v.length > 0; k++) {
            v[r.nextInt(v.length)] = client * 1000.5 + round;
        }
        if (v.length > 0 && r.nextInt(4) == 0) {
            v[r.nextInt(v.length)] = EDGES[r.nextInt(EDGES.length)];
        }
        return v;
    }

    private static void tick(Random r, double[] base) {
        for (int i = 0; i < base.length / 10; i++) { // 10 % of the feed moves between rounds
            base[r.nextInt(base.length)] = Math.round(r.nextDouble() * 1e6) / 100.0;
        }
    }

    private static void assertReadsBack(Carrier client, double[] want, byte[] bytes, String where) {
        Object[] got = client.read(bytes, bytes.length, null, null);
        assertNotNull(got, where + ": the answer was not read");
        double[] v = (double[]) got[0];
        if (want == null) {
            assertTrue(v == null || v.length == 0, where + ": a nil array came back as " + v.length + " values");
            return;
        }
        assertNotNull(v, where);
        assertEquals(want.length, v.length, where + ": length");
        for (int i = 0; i < want.length; i++) {
            if (Double.doubleToRawLongBits(want[i]) != Double.doubleToRawLongBits(v[i])
                    && !(Double.isNaN(want[i]) && Double.isNaN(v[i]))) {
                fail(where + ": value " + i + " is " + v[i] + ", sent " + want[i]);
            }
        }
    }

    @Test
    void everyAnswerReadsBackWhicheverWayItIsWritten() {
        long seed = 0x5A4E_0001L;
        OperationStats stats = stats(new ArrayList<>());
        // windows of 1 microsecond: nearly every answer begins a window, so the policy's probes alternate the ways
        Carrier server = server(stats, new MemoryBudget(64L << 20), Settings.SHARE, "true", Settings.SHARE_WINDOW, "0.001",
                Settings.SHARE_CHUNK, "64");
        Carrier client = client();
        Random r = new Random(seed);
        double[] base = new double[600];
        tick(r, base);
        for (int round = 0; round < 400; round++) {
            tick(r, base);
            for (int c = 0; c < 4; c++) {
                double[] v = answer(r, base, c, round);
                try (Reply reply = server.write(new Object[] {v}, null, null)) {
                    assertNotNull(reply, "seed " + seed);
                    assertReadsBack(client, v, reply.toByteArray(), "seed " + seed + ", round " + round + ", client " + c);
                }
            }
        }
        Map<String, Long> m = stats.getSharing();
        assertTrue(m.get("windowsShared") > 0 && m.get("windowsTemplates") > 0, "both ways were used: " + m);
        assertTrue(m.get("responsesShared") > 0 && m.get("responsesTemplates") > 0, m.toString());
        assertEquals(1600, m.get("responsesShared") + m.get("responsesTemplates"), m.toString());
        assertTrue(m.get("templatePicosPerByte") > 0 && m.get("sharedPicosPerByte") > 0, "both ways measured: " + m);
        assertTrue(m.get("probes") > 0, m.toString());
    }

    @Test
    void longWindowsCopyWhatTheirAnswersShare() {
        long seed = 0x5A4E_0002L;
        MemoryBudget budget = new MemoryBudget(64L << 20);
        Carrier client = client();
        Random r = new Random(seed);
        double[] base = new double[2000];
        tick(r, base);
        // the first window is written on templates; the second is the policy's first probe of the window writer
        Carrier quick = server(stats(new ArrayList<>()), budget, Settings.SHARE, "quote", Settings.SHARE_WINDOW, "50",
                Settings.SHARE_INDEX, "trie:16");
        quick.write(new Object[] {base.clone()}, null, null).close(); // window 1: templates
        sleep(60);
        List<double[]> sent = new ArrayList<>();
        List<byte[]> written = new ArrayList<>();
        for (int c = 0; c < 16; c++) { // window 2: the probe, 16 answers well inside 50 ms
            double[] v = answer(new Random(seed + c), base, c, 0);
            sent.add(v);
            try (Reply reply = quick.write(new Object[] {v}, null, null)) {
                written.add(reply.toByteArray());
            }
        }
        Map<String, Long> m = quick.stats().getSharing();
        assertEquals(2, m.get("windows"), m.toString());
        assertEquals(1, m.get("windowsShared"), m.toString());
        assertTrue(m.get("responsesShared") >= 1, m.toString());
        if (m.get("responsesShared") == 16) { // all in the window (not so on a machine stalled for 50 ms)
            assertTrue(m.get("chunksCopied") > 16 * 63 / 2, "most chunks of answers 2..16 copied: " + m);
            assertTrue(m.get("retainedBytes") > 0 && budget.usedBytes() > 0, "the open window is charged: " + m);
        }
        for (int i = 0; i < sent.size(); i++) {
            assertReadsBack(client, sent.get(i), written.get(i), "seed " + seed + ", answer " + i);
        }
        long window2 = m.get("retainedBytes");
        sleep(60);
        quick.write(new Object[] {base.clone()}, null, null).close(); // window 3 ends window 2 and drops its state
        long window3 = quick.stats().getSharing().get("retainedBytes");
        assertTrue(window3 <= window2, "window 3 (one answer) holds no more than window 2 (16): " + window3 + " <= " + window2);
        assertEquals(quick.retainedBytes(), budget.usedBytes(), "the budget holds the templates and the open window");
    }

    @Test
    void manyWritersAtOnceEachGetTheirOwnValues() throws Exception {
        long seed = 0x5A4E_0003L;
        OperationStats stats = stats(new ArrayList<>());
        Carrier server = server(stats, new MemoryBudget(64L << 20), Settings.SHARE, "true", Settings.SHARE_WINDOW, "0.2");
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                done.add(pool.submit(() -> {
                    Carrier client = client();
                    Random r = new Random(seed + id);
                    double[] base = new double[800];
                    tick(new Random(seed), base); // the same feed for all
                    for (int round = 0; round < 300; round++) {
                        double[] v = answer(r, base, id, round);
                        try (Reply reply = server.write(new Object[] {v}, null, null)) {
                            assertReadsBack(client, v, reply.toByteArray(), "seed " + seed + ", thread " + id + ", round " + round);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        Map<String, Long> m = stats.getSharing();
        assertEquals(threads * 300L, m.get("responsesShared") + m.get("responsesTemplates") , m.toString());
    }

    @Test
    void anAnswerThatIsNotOneDoubleArrayIsWrittenOnTemplatesAndSaidOnce() {
        List<String> log = new ArrayList<>();
        OperationStats stats = stats(log);
        MessageShape two = MessageShape.wrapped(NS, "quoteResponse", Part.of("return", double[].class),
                Part.of("stamp", long.class));
        Carrier server = Carrier.builder(Settings.read(Map.of(Settings.SHARE, "true")::get, "test"), stats, null,
                new PlanCache()).writes(() -> two, DOC).sharing("quote").build();
        try (Reply reply = server.write(new Object[] {new double[] {1, 2}, 7L}, null, null)) {
            assertNotNull(reply);
        }
        assertEquals(Map.of(), stats.getSharing());
        assertEquals(1, log.stream().filter(l -> l.contains(Settings.SHARE)).count(), log.toString());
    }

    @Test
    void offUnlessNamed() {
        OperationStats stats = stats(new ArrayList<>());
        Carrier other = server(stats, null, Settings.SHARE, "price, volume");
        other.write(new Object[] {new double[] {1}}, null, null).close();
        assertEquals(Map.of(), stats.getSharing());
        assertNull(Settings.read(k -> null, "t").sharing("quote"));
        assertNotNull(Settings.read(Map.of(Settings.SHARE, "price, quote")::get, "t").sharing("quote"));
    }

    @Test
    void malformedSettingsNameThemselves() {
        for (String[] bad : new String[][] {{Settings.SHARE_CHUNK, "100"}, {Settings.SHARE_CHUNK, "16"},
            {Settings.SHARE_CHUNK, "8192"}, {Settings.SHARE_INDEX, "tree"}, {Settings.SHARE_INDEX, "trie:0"},
            {Settings.SHARE_INDEX, "trie:5000"}, {Settings.SHARE_WINDOW, "0"}, {Settings.SHARE_WINDOW, "2000"}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Settings.read(Map.of(bad[0], bad[1])::get, "operation quote"), String.join("=", bad));
            assertTrue(e.getMessage().contains(bad[0]) && e.getMessage().contains(bad[1]), e.getMessage());
        }
        Settings s = Settings.read(Map.of(Settings.SHARE, "true", Settings.SHARE_CHUNK, "512",
                Settings.SHARE_INDEX, "trie:24", Settings.SHARE_WINDOW, "0.5")::get, "t");
        assertEquals(512, s.sharing("x").chunkBytes());
        assertEquals(24, s.sharing("x").trieDepth());
        assertEquals(500_000, s.shareWindowNanos());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
