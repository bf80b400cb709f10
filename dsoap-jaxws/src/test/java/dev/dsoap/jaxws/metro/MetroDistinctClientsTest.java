package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.handler.MessageContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * Sixty-four plain Metro proxies calling a {@code @DifferentialSoap} Metro endpoint at once (on the JDK HTTP server
 * with a pool of request threads, as a deployment gives it), each with an array of its own: every client gets its
 * own values back, bit for bit, and the endpoint keeps at least 80 % of the share of request bytes it skips for one
 * client alone. Anonymous proxies (the JDK's keep-alive connections are shared by all of them, so a connection does not
 * name its client) and proxies naming themselves with {@code X-Dsoap-Client}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroDistinctClientsTest {
    private static final int CLIENTS = 64;
    /** Calls of each client at once: with 8, the 63 first calls (which skip nothing) alone hold the share to 88 %. */
    private static final int CALLS = 16;
    private static final long SEED = Long.getLong("dsoap.seed", 20261202L);

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static ExecutorService requests;
    private static String base;

    @BeforeAll
    static void publish() throws IOException {
        base = "http://127.0.0.1:" + freePort();
        requests = Executors.newFixedThreadPool(8);
        for (Object service : new Object[] {new DistinctDsoapEcho(), new NamedDsoapEcho()}) {
            Endpoint e = Endpoint.create(service);
            e.setExecutor(requests);
            e.publish(base + "/" + service.getClass().getSimpleName());
            endpoints.add(e);
        }
    }

    @AfterAll
    static void stop() {
        endpoints.forEach(Endpoint::stop);
        requests.shutdownNow();
    }

    /**
     * The service under a name of its own, so that its MXBean counts only this test's calls, and its kept states are
     * this test's clients' (the other test's 64 named clients would hold every one of them).
     */
    @dev.dsoap.jaxws.DifferentialSoap
    @jakarta.jws.WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "DistinctEchoService",
            portName = "DistinctEchoPort", targetNamespace = MetroEcho.NS)
    public static class DistinctDsoapEcho extends MetroEchoLogic {
    }

    /** As {@link DistinctDsoapEcho}, for the named clients. */
    @dev.dsoap.jaxws.DifferentialSoap
    @jakarta.jws.WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "NamedEchoService",
            portName = "NamedEchoPort", targetNamespace = MetroEcho.NS)
    public static class NamedDsoapEcho extends MetroEchoLogic {
    }

    @Test
    void sixtyFourAnonymousProxiesAtOnceGetTheirOwnValuesAndKeepTheirShareOfSkippedBytes() throws Exception {
        clients(SEED, false);
    }

    @Test
    void sixtyFourNamedProxiesAtOnceAreReadAgainstTheirOwnKeptMessages() throws Exception {
        long byPeer = clients(SEED + 1, true);
        assertTrue(byPeer >= 3L * CLIENTS * (CALLS - 1) / 4, byPeer + " reads found by the client id");
    }

    /**
     * Runs client 0 alone, then all of them at once (client 0 going on with its sequence, so that the clients are as
     * many as the kept states); returns the reads found by the client's identity meanwhile.
     */
    private static long clients(long seed, boolean named) throws Exception {
        List<Client> clients = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            String service = named ? "NamedEcho" : "DistinctEcho";
            String address = base + "/" + (named ? NamedDsoapEcho.class : DistinctDsoapEcho.class).getSimpleName();
            MetroEcho p = Service.create(URI.create(address + "?wsdl").toURL(), new QName(MetroEcho.NS, service + "Service"))
                    .getPort(new QName(MetroEcho.NS, service + "Port"), MetroEcho.class);
            if (named) {
                ((BindingProvider) p).getRequestContext().put(MessageContext.HTTP_REQUEST_HEADERS,
                        Map.of("X-Dsoap-Client", List.of("metro-client-" + seed + "-" + c)));
            }
            clients.add(new Client(seed, c, p));
        }
        clients.get(0).run(1); // its first read, which makes the operation's MXBean
        OperationStatsMXBean st = stats(named ? "NamedEchoService.NamedEchoPort" : "DistinctEchoService.DistinctEchoPort");
        long skipped = st.getBytesSkipped();
        long parsed = st.getBytesParsed();
        clients.get(0).run(3 * CALLS);
        skipped = st.getBytesSkipped() - skipped;
        parsed = st.getBytesParsed() - parsed;
        double one = skipped / (double) (skipped + parsed);

        long byPeer = st.getReadsByPeer();
        long byItem = st.getReadsByItem();
        skipped = st.getBytesSkipped();
        parsed = st.getBytesParsed();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> done = new ArrayList<>();
        for (Client c : clients) {
            done.add(pool.submit(() -> {
                go.await();
                return c.run(CALLS);
            }));
        }
        go.countDown();
        int calls = 0;
        try {
            for (Future<Integer> f : done) {
                calls += f.get(100, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        skipped = st.getBytesSkipped() - skipped;
        parsed = st.getBytesParsed() - parsed;
        double many = skipped / (double) (skipped + parsed);
        String what = (named ? "named" : "anonymous") + " Metro proxies, seed " + seed + ": skipped share 1 client "
                + String.format("%.3f", one) + ", " + CLIENTS + " at once " + String.format("%.3f", many) + " (" + calls
                + " calls, 63 of them first calls, " + (st.getReadsByItem() - byItem) + " read item by item, "
                + (st.getReadsByPeer() - byPeer) + " found by identity, " + st.getReadsAtCapacity() + " at capacity)";
        System.out.println(what);
        assertEquals(CLIENTS * CALLS, calls, what);
        assertEquals(0, st.getMessagesRejected(), what);
        assertEquals(Map.of(), st.getReadFallbacks(), what);
        assertTrue(many >= 0.8 * one, what);
        assertTrue(st.getReadsByItem() - byItem >= calls / 2, what);
        return st.getReadsByPeer() - byPeer;
    }

    /** One proxy and the array it sends, 10 % of it changed before each call. */
    private static final class Client {
        private final long seed;
        private final int id;
        private final MetroEcho echo;
        private final Random r;
        private final double[] v;
        private int call;

        Client(long seed, int id, MetroEcho echo) {
            this.seed = seed;
            this.id = id;
            this.echo = echo;
            this.r = new Random(seed * 31 + id);
            this.v = new double[1000 + r.nextInt(64)];
            for (int i = 0; i < v.length; i++) {
                v[i] = value(r);
            }
        }

        int run(int calls) {
            for (int k = 0; k < calls; k++, call++) {
                for (int i = 0; i < v.length; i++) {
                    if (r.nextInt(10) == 0) {
                        v[i] = value(r);
                    }
                }
                double[] got = echo.echoDoubles(v);
                assertArrayEquals(bits(v), bits(got), "seed " + seed + " client " + id + " call " + call);
            }
            return calls;
        }
    }

    /** Prices of up to 3 decimals, full-precision doubles across decades, now and then an edge value. */
    private static double value(Random r) {
        double[] edge = {Double.NaN, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 4.9e-320,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        return switch (r.nextInt(20)) {
            case 0 -> edge[r.nextInt(edge.length)];
            case 1, 2, 3 -> r.nextDouble() * Math.pow(10, r.nextInt(16) - 8);
            default -> r.nextInt(10_000_000) / 1000.0;
        };
    }

    private static long[] bits(double[] v) {
        long[] b = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Double.doubleToRawLongBits(v[i]);
        }
        return b;
    }

    private static OperationStatsMXBean stats(String service) {
        OperationStatsMXBean s = MetroCarryTest.stats(service, "echoDoubles");
        if (s == null) {
            throw new AssertionError("no MetroOperation MBean for " + service + "'s echoDoubles");
        }
        return s;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
