package dev.dsoap.jaxws.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Response sharing on a real CXF endpoint on Jetty ({@code @DifferentialSoap(share = "prices")}), called at once by
 * plain JAX-WS proxies at default settings: every client gets its own values, bit for bit, whichever way each answer
 * was written, and the endpoint's counters show both ways used and measured.
 */
@Timeout(120)
class SharingTest {
    private static final String SERVICE = "FeedService.FeedPort";
    private static Cxf server;
    private static String address;

    @BeforeAll
    static void start() throws Exception {
        server = new Cxf();
        address = server.publish(new FeedImpl());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void concurrentClientsGetTheirOwnValues() throws Exception {
        int clients = 8;
        int rounds = 150;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                done.add(pool.submit(() -> {
                    Feed feed = server.client(address, Feed.class, "FeedService", "FeedPort");
                    for (int round = 0; round < rounds; round++) {
                        int n = round % 50 == 49 ? 0 : round % 25 == 24 ? 700 : 600; // empty and resized now and then
                        double[] want = FeedImpl.expected(client, round, n);
                        double[] got = feed.prices(client, round, n);
                        same(want, got == null ? new double[0] : got, "client " + client + ", round " + round);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(90, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        Map<String, Long> m = server.stats("server", SERVICE, "prices").getSharing();
        System.out.println("sharing counters after " + clients * rounds + " answers: " + m);
        assertEquals((long) clients * rounds, m.get("responsesShared") + m.get("responsesTemplates"), m.toString());
        assertTrue(m.get("windowsShared") > 0 && m.get("windowsTemplates") > 0, "both ways were used: " + m);
        assertTrue(m.get("responsesShared") > 0, m.toString());
        assertTrue(m.get("templatePicosPerByte") > 0 && m.get("sharedPicosPerByte") > 0, "both measured: " + m);
    }

    private static void same(double[] want, double[] got, String where) {
        assertEquals(want.length, got.length, where + ": length");
        for (int i = 0; i < want.length; i++) {
            if (Double.doubleToRawLongBits(want[i]) != Double.doubleToRawLongBits(got[i])
                    && !(Double.isNaN(want[i]) && Double.isNaN(got[i]))) {
                fail(where + ": value " + i + " is " + got[i] + ", the service answered " + want[i]);
            }
        }
    }
}
