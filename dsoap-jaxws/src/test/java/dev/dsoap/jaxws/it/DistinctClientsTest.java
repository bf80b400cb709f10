package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 64 plain JAX-WS proxies (CXF's default client settings, no dsoap on the client, each on connections of its own as
 * distinct client hosts are) calling one
 * {@code @DifferentialSoap} endpoint at once, each with its own 1000 doubles of which about 10 % change per
 * call: every client gets back exactly its own values, and the share of request bytes differential
 * deserialization skips stays close to what one client alone gets from the same endpoint.
 */
class DistinctClientsTest {
    private static final int CLIENTS = 64;
    private static final int CALLS = 8;

    @Test
    void sixtyFourPlainProxiesGetTheirOwnValuesAndKeepTheirShareOfSkippedBytes() throws Exception {
        long reads = sixtyFourClients(0xCF_0064L, false);
        System.out.printf("anonymous proxies: %d reads found the sender's kept message by its connection%n", reads);
    }

    /**
     * The same with proxies that name themselves in dsoap's client id header, as dsoap clients do: nearly
     * every message after a client's first is read against that client's own kept message, found without a
     * search among the others.
     */
    @Test
    void namedClientsAreReadAgainstTheirOwnKeptMessage() throws Exception {
        long reads = sixtyFourClients(0xCF_0065L, true);
        // a client's first message has no kept state of its own; a few find theirs taken over by a newcomer
        assertTrue(reads >= 3L * CLIENTS * (CALLS - 1) / 4, reads + " reads found by the client id");
    }

    /** Runs 64 concurrent clients against a new endpoint; returns how many reads found their sender's kept state. */
    private static long sixtyFourClients(long seed, boolean named) throws Exception {
        try (Cxf cxf = new Cxf()) {
            // room for the 64 clients' kept messages and the one-client measurement's: at the default, 64, one of 65
            // message families would go without, and anonymous clients played musical chairs with their states
            cxf.bus.setProperty("dsoap.states", "72");
            String address = cxf.publish(new DsoapEchoImpl());
            Echo[] proxies = new Echo[CLIENTS];
            for (int c = 0; c < CLIENTS; c++) {
                proxies[c] = cxf.plain(address);
                // each on connections of its own, as distinct client hosts are: CXF's proxies in one JVM share one
                // HTTP client, and so one pool of connections, by default
                ((jakarta.xml.ws.BindingProvider) proxies[c]).getRequestContext().put("share.httpclient.http.conduit", false);
                if (named) {
                    ((jakarta.xml.ws.BindingProvider) proxies[c]).getRequestContext().put(
                            jakarta.xml.ws.handler.MessageContext.HTTP_REQUEST_HEADERS,
                            java.util.Map.of("X-Dsoap-Client", List.of("client-" + c)));
                }
            }
            run(seed, -1, proxies[0], 3 * CALLS);
            OperationStatsMXBean st = cxf.stats("server", "EchoService.EchoPort", "echoDoubles");
            long skipped = st.getBytesSkipped();
            long parsed = st.getBytesParsed();
            double one = skipped / (double) (skipped + parsed);

            long byPeer = st.getReadsByPeer();
            long byItem = st.getReadsByItem();
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Integer>> done = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                done.add(pool.submit(() -> {
                    go.await();
                    return run(seed, client, proxies[client], CALLS);
                }));
            }
            go.countDown();
            int calls = 0;
            for (Future<Integer> f : done) {
                calls += f.get(5, TimeUnit.MINUTES);
            }
            pool.shutdown();
            skipped = st.getBytesSkipped() - skipped;
            parsed = st.getBytesParsed() - parsed;
            double many = skipped / (double) (skipped + parsed);
            System.out.printf("echoDoubles, skipped share of request bytes: 1 client %.3f, %d clients %.3f (%d calls)%n",
                    one, CLIENTS, many, calls);
            assertEquals(0, st.getMessagesRejected());
            assertTrue(st.getReadFallbacks().isEmpty(), st.getReadFallbacks().toString());
            assertTrue(many >= 0.7 * one, "seed " + seed + ": " + CLIENTS + " clients skipped " + many
                    + " of the request bytes, one client " + one);
            // the clients change values only inside their array: after each client's first reads, item by item
            assertTrue(st.getReadsByItem() - byItem >= calls / 2, "seed " + seed + ": " + (st.getReadsByItem() - byItem)
                    + " of " + calls + " reads item by item");
            return st.getReadsByPeer() - byPeer;
        }
    }

    private static Integer run(long seed, int client, Echo echo, int calls) {
        Random r = new Random(seed + client);
        double[] v = new double[1000];
        for (int i = 0; i < v.length; i++) {
            v[i] = value(r);
        }
        for (int call = 0; call < calls; call++) {
            for (int i = 0; i < v.length; i++) {
                if (r.nextInt(10) == 0) {
                    v[i] = value(r);
                }
            }
            double[] got = echo.echoDoubles(v);
            assertArrayEquals(bits(v), bits(got), "seed " + seed + " client " + client + " call " + call);
        }
        return calls;
    }

    /** Mostly prices of up to 3 decimals, sometimes an edge value (NaN, -0.0, subnormal, extreme). */
    private static double value(Random r) {
        double[] edge = {Double.NaN, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 4.9e-320, 1e-300};
        return r.nextInt(20) == 0 ? edge[r.nextInt(edge.length)] : r.nextInt(10_000_000) / 1000.0;
    }

    private static long[] bits(double[] v) {
        long[] b = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Double.doubleToRawLongBits(v[i]);
        }
        return b;
    }
}
