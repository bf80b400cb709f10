package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.it.Echo;
import dev.dsoap.jaxws.it.Quotes;
import dev.dsoap.jaxws.it.QuotesImpl;
import dev.dsoap.jaxws.it.TenantsImpl;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.soap.SOAPFaultException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coalescing on a real Metro endpoint ({@code Endpoint.publish} on the JDK HTTP server), called by plain Metro proxies
 * at default settings and by raw HTTP, by the rules it follows on CXF: identical concurrent requests of a declared
 * operation are processed once and all get the one answer, byte for byte as dsoap wrote it for the first; requests
 * under other credentials never share it; a failure is not shared (each waiting request is processed); an operation
 * not declared is processed for every request; an answer carrying a header the service set is not shared; a long
 * generated mix of identical and distinct requests keeps every value right.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroCoalesceTest {
    private static final String SERVICE = "QuoteService.QuotePort";
    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static String address;
    private final ExecutorService pool = Executors.newCachedThreadPool();

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private static String tenants;

    @BeforeAll
    static void start() throws IOException {
        String base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        address = base + "/quotes";
        tenants = base + "/tenants";
        endpoints.add(Endpoint.publish(address, new QuotesImpl()));
        endpoints.add(Endpoint.publish(tenants, new TenantsImpl()));
    }

    @AfterAll
    static void stop() {
        QuotesImpl.gate = new CountDownLatch(0);
        for (Endpoint e : endpoints) {
            e.stop();
        }
        endpoints.clear();
    }

    @AfterEach
    void open() throws InterruptedException {
        QuotesImpl.gate.countDown();
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "callers still running");
    }

    private static Quotes proxy(String user) throws IOException {
        Service s = Service.create(URI.create(address + "?wsdl").toURL(), new QName(Echo.NS, "QuoteService"));
        Quotes q = s.getPort(new QName(Echo.NS, "QuotePort"), Quotes.class);
        if (user != null) {
            Map<String, Object> rc = ((BindingProvider) q).getRequestContext();
            rc.put(BindingProvider.USERNAME_PROPERTY, user);
            rc.put(BindingProvider.PASSWORD_PROPERTY, user + "-secret");
        }
        return q;
    }

    /** The {@code Authorization} header a Metro proxy sends for {@code user}. */
    private static String basic(String user) {
        return user == null ? null : "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + user + "-secret").getBytes(StandardCharsets.UTF_8));
    }

    private static double[] prices(String symbol, int n, String user) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = QuotesImpl.price(symbol, i, basic(user));
        }
        return d;
    }

    private static long counter(String operation, String name) {
        OperationStatsMXBean s = MetroCarryTest.stats(SERVICE, operation);
        assertNotNull(s, "no MBean of " + SERVICE + "/" + operation);
        Long v = s.getCoalescing().get(name);
        return v == null ? 0 : v;
    }

    /** Waits (at most 20 s) until {@code condition} holds. */
    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "timed out waiting until " + what);
            Thread.sleep(5);
        }
    }

    private static BooleanSupplier quotes(int n) {
        return () -> QuotesImpl.QUOTES.get() == n;
    }

    private static <T> T get(Future<T> f) throws Exception {
        return f.get(60, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 16})
    void identicalConcurrentRequestsAreProcessedOnce(int n) throws Exception {
        proxy(null).quote("WARM", 2); // the operation's state exists before the gate closes
        QuotesImpl.gate = new CountDownLatch(1);
        int quotes = QuotesImpl.QUOTES.get();
        long joined = counter("quote", "joined");
        long fanned = counter("quote", "bytesFannedOut");
        long read = MetroCarryTest.stats(SERVICE, "quote").getMessagesRead();
        List<Future<double[]>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Quotes q = proxy(null);
            calls.add(pool.submit(() -> q.quote("ACME", 100)));
        }
        await("the leader is in the service", quotes(quotes + 1));
        await(n - 1 + " requests wait", () -> counter("quote", "waiting") == n - 1);
        QuotesImpl.gate.countDown();
        double[] want = prices("ACME", 100, null);
        for (Future<double[]> f : calls) {
            assertArrayEquals(want, get(f));
        }
        assertEquals(quotes + 1, QuotesImpl.QUOTES.get(), "processed once");
        assertEquals(joined + n - 1, counter("quote", "joined"));
        assertEquals(n > 1, counter("quote", "bytesFannedOut") > fanned);
        assertEquals(0, counter("quote", "inFlight"));
        assertEquals(read + 1, MetroCarryTest.stats(SERVICE, "quote").getMessagesRead(),
                "only the leader's request was read by dsoap");
    }

    @Test
    void requestsUnderOtherCredentialsNeverShareAnAnswer() throws Exception {
        proxy(null).quote("WARM", 2);
        QuotesImpl.gate = new CountDownLatch(1);
        int quotes = QuotesImpl.QUOTES.get();
        String[] users = {"alice", "bob", null};
        List<Future<double[]>> calls = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            Quotes q = proxy(users[i % 3]);
            calls.add(pool.submit(() -> q.quote("ACME", 20)));
        }
        await("three leaders are in the service", quotes(quotes + 3));
        await("six requests wait", () -> counter("quote", "waiting") == 6);
        QuotesImpl.gate.countDown();
        for (int i = 0; i < 9; i++) {
            assertArrayEquals(prices("ACME", 20, users[i % 3]), get(calls.get(i)), "caller " + users[i % 3]);
        }
        assertEquals(quotes + 3, QuotesImpl.QUOTES.get(), "one leader per caller");
    }

    @Test
    void aFailureIsNotSharedTheRequestsWaitingAreEachProcessed() throws Exception {
        assertThrows(SOAPFaultException.class, () -> proxy(null).refuse("warm"));
        QuotesImpl.gate = new CountDownLatch(1);
        int refusals = QuotesImpl.REFUSALS.get();
        long shared = counter("refuse", "errorsShared");
        long notShared = counter("refuse", "notShared");
        List<Future<String>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Quotes q = proxy(null);
            calls.add(pool.submit(() -> q.refuse("closed market")));
        }
        await("the leader is in the service", () -> QuotesImpl.REFUSALS.get() == refusals + 1);
        await("three requests wait", () -> counter("refuse", "waiting") == 3);
        QuotesImpl.gate.countDown();
        for (Future<String> f : calls) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> get(f));
            SOAPFaultException fault = assertInstanceOf(SOAPFaultException.class, e.getCause());
            assertEquals("refused: closed market", fault.getFault().getFaultString());
        }
        assertEquals(refusals + 4, QuotesImpl.REFUSALS.get(), "a fault is not dsoap's answer: each request was processed");
        assertEquals(shared, counter("refuse", "errorsShared"));
        assertEquals(notShared + 3, counter("refuse", "notShared"), "the three that waited were let go");
        assertThrows(SOAPFaultException.class, () -> proxy(null).refuse("closed market"));
        assertEquals(refusals + 5, QuotesImpl.REFUSALS.get(), "the failure was not kept");
        assertEquals(0, counter("refuse", "inFlight"));
    }

    @Test
    void anOperationNotDeclaredIsProcessedForEveryRequest() throws Exception {
        long ticks = QuotesImpl.TICKS.get();
        List<Future<Long>> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Quotes q = proxy(null);
            calls.add(pool.submit(() -> q.tick("ACME")));
        }
        for (Future<Long> f : calls) {
            get(f);
        }
        assertEquals(ticks + 6, QuotesImpl.TICKS.get());
        assertEquals(Map.of(), MetroCarryTest.stats(SERVICE, "tick").getCoalescing(), "off for tick");
    }

    /** A raw POST with {@code headers} (name, value, ...): status, Content-Type, body and Content-Length. */
    private static Object[] post(byte[] body, String... headers) throws IOException {
        return post(address, body, headers);
    }

    private static Object[] post(String to, byte[] body, String... headers) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(to).toURL().openConnection();
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        c.setRequestProperty("SOAPAction", "\"\"");
        for (int i = 0; i < headers.length; i += 2) {
            c.setRequestProperty(headers[i], headers[i + 1]);
        }
        c.getOutputStream().write(body);
        int code = c.getResponseCode();
        try (InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream()) {
            return new Object[] {code, c.getContentType(), in.readAllBytes(), c.getHeaderField("Content-Length")};
        }
    }

    private static byte[] quoteRequest(String symbol, int n) {
        return ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<q:quote xmlns:q=\"" + Echo.NS + "\"><symbol>" + symbol + "</symbol><n>" + n + "</n></q:quote>"
                + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void sharedAnswersAreByteForByteTheOneWrittenAndAnUncoalescedOne() throws Exception {
        byte[] request = quoteRequest("&amp;&lt;&gt;\"' \t\u00e9\ud83d\ude00", 7);
        Object[] alone = post(request);
        assertEquals(200, alone[0], new String((byte[]) alone[2], StandardCharsets.UTF_8));
        QuotesImpl.gate = new CountDownLatch(1);
        int quotes = QuotesImpl.QUOTES.get();
        List<Future<Object[]>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(pool.submit(() -> post(request)));
        }
        await("the leader is in the service", quotes(quotes + 1));
        await("four requests wait", () -> counter("quote", "waiting") == 4);
        QuotesImpl.gate.countDown();
        for (Future<Object[]> f : calls) {
            Object[] r = get(f);
            assertEquals(200, r[0]);
            assertEquals(alone[1], r[1], "Content-Type");
            assertArrayEquals((byte[]) alone[2], (byte[]) r[2], new String((byte[]) r[2], StandardCharsets.UTF_8));
            assertEquals(String.valueOf(((byte[]) r[2]).length), r[3], "Content-Length");
        }
        assertEquals(quotes + 1, QuotesImpl.QUOTES.get());
    }

    @Test
    void requestsDifferingInAHeaderOrTheQueryNeverShare() throws Exception {
        proxy(null).quote("WARM", 2);
        byte[] request = quoteRequest("ACME", 3);
        QuotesImpl.gate = new CountDownLatch(1);
        int quotes = QuotesImpl.QUOTES.get();
        List<Future<Object[]>> calls = new ArrayList<>();
        calls.add(pool.submit(() -> post(request, "X-Api-Key", "tenant-a")));
        calls.add(pool.submit(() -> post(request, "X-Api-Key", "tenant-b")));
        calls.add(pool.submit(() -> post(request, "Accept-Language", "fr")));
        await("three leaders are in the service", quotes(quotes + 3));
        QuotesImpl.gate.countDown();
        for (Future<Object[]> f : calls) {
            assertEquals(200, get(f)[0]);
        }
        assertEquals(quotes + 3, QuotesImpl.QUOTES.get(), "no two of them share an answer");
    }

    /**
     * An answer carrying a header the service set (a {@code Set-Cookie} through the JAX-WS context) may be its caller's
     * alone: identical requests waiting for it are each processed, and each gets its own cookie.
     */
    @Test
    void anAnswerWithAHeaderTheServiceSetIsNotShared() throws Exception {
        TenantsImpl.mode = TenantsImpl.Mode.SET_COOKIE;
        byte[] request = ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<t:portfolio xmlns:t=\"" + Echo.NS + "\"><symbol>ACME</symbol></t:portfolio>"
                + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8);
        assertEquals(200, post(tenants, request)[0]);
        int calls = TenantsImpl.CALLS.get();
        long notShared = MetroCarryTest.stats("TenantsService.TenantsPort", "portfolio").getCoalescing().get("notShared");
        List<Future<Object[]>> answers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            answers.add(pool.submit(() -> post(tenants, request)));
        }
        java.util.Set<String> bodies = new java.util.HashSet<>();
        for (Future<Object[]> f : answers) {
            Object[] r = get(f);
            assertEquals(200, r[0]);
            bodies.add(new String((byte[]) r[2], StandardCharsets.UTF_8));
        }
        assertEquals(4, bodies.size(), "each caller its own token: " + bodies);
        assertEquals(calls + 4, TenantsImpl.CALLS.get(), "each request processed");
        assertTrue(MetroCarryTest.stats("TenantsService.TenantsPort", "portfolio").getCoalescing().get("notShared")
                > notShared, "requests waited for a leader whose answer was not shared (150 ms a call)");
    }

    @Test
    void aLongMixOfIdenticalAndDistinctRequestsKeepsEveryValueRight() throws Exception {
        long seed = 0xC0A1E5CEL;
        String[] symbols = {"ACME", "&<>\"'", "\u00e9t\u00e9", "\ud83d\ude00", "", "tab\tcr\r"};
        int[] sizes = {0, 1, 5, 64};
        String[] users = {null, "alice", "bob"};
        int threads = 8;
        int perThread = 60;
        List<Future<String>> runs = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long own = seed + t;
            runs.add(pool.submit(() -> {
                Random r = new Random(own);
                Quotes[] proxies = {proxy(null), proxy("alice"), proxy("bob")};
                for (int i = 0; i < perThread; i++) {
                    int u = r.nextInt(users.length);
                    String symbol = symbols[r.nextInt(symbols.length)];
                    int n = sizes[r.nextInt(sizes.length)];
                    double[] got = proxies[u].quote(symbol, n);
                    got = got == null ? new double[0] : got;
                    // (Metro's proxy sends a CR as a character reference: it arrives as a CR)
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
        assertNotEquals(0L, counter("quote", "leaders"), "the requests went through the coalescer");
    }
}
