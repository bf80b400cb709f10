package dev.dsoap.axis2.it;

import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.xml.namespace.QName;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coalescing on Axis2 with dsoap.mar: the POJO EchoService deployed with {@code dsoap.coalesce = quote,refuse},
 * called by Axis2's own {@code RPCServiceClient}s (one per thread, as they are not thread-safe): identical concurrent
 * requests are processed once and all get the answer; other credentials never share it; a fault is not shared (the
 * requests waiting are each processed) and not kept; an operation not declared is processed for every request; a generated mix keeps every
 * value right.
 */
@Timeout(180)
class CoalesceIT {
    @TempDir
    static Path dir;
    static Axis2Server server;
    static ConfigurationContext clients;
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @BeforeAll
    static void start() throws Exception {
        server = Axis2Server.start(dir, true, "", svc -> {
            try {
                svc.addParameter(new Parameter("dsoap.coalesce", "quote,refuse"));
            } catch (AxisFault e) {
                throw new IllegalStateException(e);
            }
        });
        clients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
    }

    @AfterAll
    static void stop() throws Exception {
        EchoService.gate = new CountDownLatch(0);
        if (clients != null) {
            clients.terminate();
        }
        if (server != null) {
            server.close();
        }
    }

    @AfterEach
    void open() throws InterruptedException {
        EchoService.gate.countDown();
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "callers still running");
    }

    private static String basic(String user) {
        return user == null ? null : "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + user + "-secret").getBytes(StandardCharsets.UTF_8));
    }

    private static double[] prices(String symbol, int n, String user) {
        String caller = basic(user);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = symbol.hashCode() * 0.001 + i * 1.25 + (caller == null ? 0 : caller.hashCode() % 1000) * 1e-6;
        }
        return d;
    }

    /** A plain RPCServiceClient sending {@code user}'s Authorization header (none for {@code null}). */
    private static RPCServiceClient client(String user) throws AxisFault {
        RPCServiceClient c = new RPCServiceClient(clients, null);
        c.getOptions().setTo(new EndpointReference(server.url()));
        c.getOptions().setTimeOutInMilliSeconds(60_000);
        if (user != null) {
            c.getOptions().setProperty(HTTPConstants.HTTP_HEADERS, List.of(new NamedValue("Authorization", basic(user))));
        }
        return c;
    }

    private static double[] quote(RPCServiceClient c, String symbol, int n) throws AxisFault {
        c.getOptions().setAction("urn:quote");
        try {
            Object[] r = c.invokeBlocking(new QName(server.namespace(), "quote"), new Object[] {symbol, n},
                    new Class<?>[] {double[].class});
            return r[0] == null ? new double[0] : (double[]) r[0];
        } finally {
            c.cleanupTransport();
        }
    }

    private static long counter(String operation, String name) throws Exception {
        return Stats.find(server.context, "server", "EchoService", operation).map("Coalescing").getOrDefault(name, 0L);
    }

    private interface Condition {
        boolean holds() throws Exception;
    }

    /** Waits (at most 20 s) until {@code condition} holds. */
    private static void await(String what, Condition condition) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.holds()) {
            assertTrue(System.nanoTime() < end, "timed out waiting until " + what);
            Thread.sleep(5);
        }
    }

    private static <T> T get(Future<T> f) throws Exception {
        return f.get(60, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 16})
    void identicalConcurrentRequestsAreProcessedOnce(int n) throws Exception {
        quote(client(null), "WARM", 2);
        EchoService.gate = new CountDownLatch(1);
        int quotes = EchoService.QUOTES.get();
        long joined = counter("quote", "joined");
        List<Future<double[]>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            RPCServiceClient c = client(null);
            calls.add(pool.submit(() -> quote(c, "ACME", 100)));
        }
        await("the leader is in the service", () -> EchoService.QUOTES.get() == quotes + 1);
        await(n - 1 + " requests wait", () -> counter("quote", "waiting") == n - 1);
        EchoService.gate.countDown();
        for (Future<double[]> f : calls) {
            assertArrayEquals(prices("ACME", 100, null), get(f));
        }
        assertEquals(quotes + 1, EchoService.QUOTES.get(), "processed once");
        assertEquals(joined + n - 1, counter("quote", "joined"));
        assertEquals(0, counter("quote", "inFlight"));
    }

    @Test
    void requestsUnderOtherCredentialsNeverShareAnAnswer() throws Exception {
        quote(client(null), "WARM", 2);
        EchoService.gate = new CountDownLatch(1);
        int quotes = EchoService.QUOTES.get();
        String[] users = {"alice", "bob", null};
        List<Future<double[]>> calls = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            RPCServiceClient c = client(users[i % 3]);
            calls.add(pool.submit(() -> quote(c, "ACME", 20)));
        }
        await("three leaders are in the service", () -> EchoService.QUOTES.get() == quotes + 3);
        await("six requests wait", () -> counter("quote", "waiting") == 6);
        EchoService.gate.countDown();
        for (int i = 0; i < 9; i++) {
            assertArrayEquals(prices("ACME", 20, users[i % 3]), get(calls.get(i)), "caller " + users[i % 3]);
        }
        assertEquals(quotes + 3, EchoService.QUOTES.get(), "one leader per caller");
    }

    private static String refuse(RPCServiceClient c, String why) throws AxisFault {
        c.getOptions().setAction("urn:refuse");
        try {
            return (String) c.invokeBlocking(new QName(server.namespace(), "refuse"), new Object[] {why},
                    new Class<?>[] {String.class})[0];
        } finally {
            c.cleanupTransport();
        }
    }

    @Test
    void aFaultIsNotSharedTheRequestsWaitingAreEachProcessed() throws Exception {
        assertThrows(AxisFault.class, () -> refuse(client(null), "warm"));
        EchoService.gate = new CountDownLatch(1);
        int refusals = EchoService.REFUSALS.get();
        long shared = counter("refuse", "errorsShared");
        long notShared = counter("refuse", "notShared");
        List<Future<String>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            RPCServiceClient c = client(null);
            calls.add(pool.submit(() -> refuse(c, "closed market")));
        }
        await("the leader is in the service", () -> EchoService.REFUSALS.get() == refusals + 1);
        await("three requests wait", () -> counter("refuse", "waiting") == 3);
        EchoService.gate.countDown();
        for (Future<String> f : calls) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> get(f));
            AxisFault fault = assertInstanceOf(AxisFault.class, e.getCause());
            assertTrue(fault.getMessage().contains("refused: closed market"), fault.getMessage());
        }
        assertEquals(refusals + 4, EchoService.REFUSALS.get(), "a fault is not dsoap's answer: each request was processed");
        assertEquals(shared, counter("refuse", "errorsShared"));
        assertEquals(notShared + 3, counter("refuse", "notShared"), "the three that waited were let go");
        assertThrows(AxisFault.class, () -> refuse(client(null), "closed market"));
        assertEquals(refusals + 5, EchoService.REFUSALS.get(), "the fault was not kept");
    }

    @Test
    void anOperationNotDeclaredIsNotCoalesced() throws Exception {
        RPCServiceClient c = client(null);
        c.getOptions().setAction("urn:hello");
        try {
            assertEquals("hi3", c.invokeBlocking(new QName(server.namespace(), "hello"), new Object[] {"hi", 3},
                    new Class<?>[] {String.class})[0]);
        } finally {
            c.cleanupTransport();
        }
        assertEquals(java.util.Map.of(), Stats.find(server.context, "server", "EchoService", "hello").map("Coalescing"));
    }

    @Test
    void aLongMixOfIdenticalAndDistinctRequestsKeepsEveryValueRight() throws Exception {
        long seed = 0xA815C0A1L;
        String[] symbols = {"ACME", "&<>\"'", "\u00e9t\u00e9", "\ud83d\ude00", "tab\tcr\r"};
        int[] sizes = {0, 1, 5, 64};
        String[] users = {null, "alice", "bob"};
        List<Future<String>> runs = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            long own = seed + t;
            runs.add(pool.submit(() -> {
                Random r = new Random(own);
                RPCServiceClient[] cs = {client(null), client("alice"), client("bob")};
                for (int i = 0; i < 40; i++) {
                    int u = r.nextInt(users.length);
                    String symbol = symbols[r.nextInt(symbols.length)];
                    int n = sizes[r.nextInt(sizes.length)];
                    double[] got = quote(cs[u], symbol, n);
                    double[] want = prices(symbol, n, users[u]);
                    if (!java.util.Arrays.equals(want, got)) {
                        return "seed " + own + ", call " + i + ": " + users[u] + " " + symbol + " " + n + " got "
                                + java.util.Arrays.toString(got);
                    }
                }
                return null;
            }));
        }
        for (Future<String> f : runs) {
            assertEquals(null, get(f), "seed " + seed);
        }
        await("nothing in flight", () -> counter("quote", "inFlight") == 0 && counter("quote", "waiting") == 0);
    }
}
