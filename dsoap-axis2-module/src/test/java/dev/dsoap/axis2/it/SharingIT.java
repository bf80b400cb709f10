package dev.dsoap.axis2.it;

import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Response sharing on Axis2 with dsoap.mar: the POJO EchoService deployed with {@code dsoap.share = echo}, called at
 * once by Axis2's own {@code RPCServiceClient}s (one per thread, arrays boxed as it needs) with similar arrays (a common feed, each client's own
 * values, edge values, resized and empty arrays): every answer comes back to the values sent, bit for bit, whichever
 * way it was written, and the operation's counters show both ways used.
 */
@Timeout(180)
class SharingIT {
    /** No infinities: RPCServiceClient writes them as Axis2's server refuses them (docs/axis2.md). */
    private static final double[] EDGES = {Double.NaN, -0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 2.2250738585072009E-308, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0 / 3};
    @TempDir
    static Path dir;
    static Axis2Server server;
    static ConfigurationContext clients;

    @BeforeAll
    static void start() throws Exception {
        server = Axis2Server.start(dir, true, "", svc -> {
            try {
                svc.addParameter(new Parameter("dsoap.share", "echo"));
            } catch (AxisFault e) {
                throw new IllegalStateException(e);
            }
        });
        clients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
    }

    @AfterAll
    static void stop() throws Exception {
        if (clients != null) {
            clients.terminate();
        }
        if (server != null) {
            server.close();
        }
    }

    private static double[] echo(RPCServiceClient c, double[] v) throws AxisFault {
        c.getOptions().setAction("urn:echo");
        try {
            Object[] r = c.invokeBlocking(new QName(server.namespace(), "echo"), new Object[] {ServerIT.boxed(v)},
                    new Class<?>[] {double[].class});
            return r[0] == null ? new double[0] : (double[]) r[0];
        } finally {
            c.cleanupTransport();
        }
    }

    @Test
    void concurrentClientsGetTheirOwnValues() throws Exception {
        long seed = 0x5A4E_A215L;
        int threads = 6;
        int rounds = 120;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                done.add(pool.submit(() -> {
                    RPCServiceClient c = new RPCServiceClient(clients, null);
                    c.getOptions().setTo(new EndpointReference(server.url()));
                    c.getOptions().setTimeOutInMilliSeconds(60_000);
                    Random feed = new Random(seed); // the same feed for every client
                    Random own = new Random(seed + id);
                    double[] base = new double[500];
                    for (int round = 0; round < rounds; round++) {
                        for (int i = 0; i < base.length / 10; i++) {
                            base[feed.nextInt(base.length)] = Math.round(feed.nextDouble() * 1e6) / 100.0;
                        }
                        int n = round % 40 == 39 ? 0 : round % 20 == 19 ? 620 : base.length;
                        double[] v = new double[n];
                        for (int i = 0; i < n; i++) {
                            v[i] = base[i % base.length];
                        }
                        if (n > 0) {
                            v[own.nextInt(n)] = id + round * 1e-6;
                            v[own.nextInt(n)] = EDGES[own.nextInt(EDGES.length)];
                        }
                        same(v, echo(c, v), "seed " + seed + ", client " + id + ", round " + round);
                    }
                    c.cleanup();
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(150, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        Map<String, Long> m = Stats.find(server.context, "server", "EchoService", "echo").map("Sharing");
        System.out.println("sharing counters after " + threads * rounds + " answers: " + m);
        assertEquals((long) threads * rounds, m.get("responsesShared") + m.get("responsesTemplates"), m.toString());
        assertTrue(m.get("windowsShared") > 0 && m.get("windowsTemplates") > 0, "both ways were used: " + m);
        assertTrue(m.get("responsesShared") > 0, m.toString());
    }

    private static void same(double[] want, double[] got, String where) {
        assertEquals(want.length, got.length, where + ": length");
        for (int i = 0; i < want.length; i++) {
            if (Double.doubleToRawLongBits(want[i]) != Double.doubleToRawLongBits(got[i])
                    && !(Double.isNaN(want[i]) && Double.isNaN(got[i]))) {
                fail(where + ": value " + i + " is " + got[i] + ", sent " + want[i]);
            }
        }
    }
}
