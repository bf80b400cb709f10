package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A plain Metro endpoint and a {@code @DifferentialSoap} one of the same service, published with
 * {@code Endpoint.publish} on the JDK HTTP server over loopback and called through plain Metro proxies with long
 * seeded sequences: the dsoap endpoint answers bit for bit what plain Metro answers for the same input, and its
 * MXBean shows that dsoap read and wrote the messages itself, skipping the bytes that had not changed.
 */
@Timeout(value = 40, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroCarryTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20260514L);
    private static final int STEPS = 60;
    private static final int SHORT_STEPS = 16;
    private static final String PLAIN_SERVICE = "PlainEchoService";
    private static final String DSOAP_SERVICE = "DsoapEchoService.DsoapEchoPort";

    private static final List<Endpoint> endpoints = new ArrayList<>();

    static {
        // The JDK HTTP server leaves Nagle's algorithm on by default, which with the client's delayed ACKs costs about
        // 40 ms a call on loopback. Read once, when the server classes load; a -D setting is kept.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private static MetroEcho plain;
    private static MetroEcho dsoap;
    private static String dsoapAddress;
    private static final PlainMetroFeed plainFeedImpl = new PlainMetroFeed();
    private static final DsoapMetroFeed dsoapFeedImpl = new DsoapMetroFeed();
    private static MetroFeed plainFeed;
    private static MetroFeed dsoapFeed;

    @BeforeAll
    static void publish() throws IOException {
        String base = "http://127.0.0.1:" + freePort();
        String plainAddress = base + "/plain";
        dsoapAddress = base + "/dsoap";
        endpoints.add(Endpoint.publish(plainAddress, new PlainMetroEcho()));
        endpoints.add(Endpoint.publish(dsoapAddress, new DsoapMetroEcho()));
        plain = proxy(plainAddress, "PlainEchoService", "PlainEchoPort");
        dsoap = proxy(dsoapAddress, "DsoapEchoService", "DsoapEchoPort");
        endpoints.add(Endpoint.publish(base + "/plainFeed", plainFeedImpl));
        endpoints.add(Endpoint.publish(base + "/dsoapFeed", dsoapFeedImpl));
        plainFeed = Service.create(URI.create(base + "/plainFeed?wsdl").toURL(), new QName(MetroEcho.NS, "PlainFeedService"))
                .getPort(new QName(MetroEcho.NS, "PlainFeedPort"), MetroFeed.class);
        dsoapFeed = Service.create(URI.create(base + "/dsoapFeed?wsdl").toURL(), new QName(MetroEcho.NS, "DsoapFeedService"))
                .getPort(new QName(MetroEcho.NS, "DsoapFeedPort"), MetroFeed.class);
    }

    @AfterAll
    static void stop() {
        for (Endpoint e : endpoints) {
            e.stop();
        }
        endpoints.clear();
    }

    private static MetroEcho proxy(String address, String service, String port) throws IOException {
        Service s = Service.create(URI.create(address + "?wsdl").toURL(), new QName(MetroEcho.NS, service));
        return s.getPort(new QName(MetroEcho.NS, port), MetroEcho.class);
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static String at(String what, int step) {
        return what + " step " + step + " (seed " + SEED + ", -Ddsoap.seed to repeat)";
    }

    @Test
    void theClassPathHasMetroAndNotCxf() throws Exception {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.apache.cxf.Bus"),
                "CXF must not be on the Metro tests' class path");
        assertEquals("com.sun.xml.ws.spi.ProviderImpl", jakarta.xml.ws.spi.Provider.provider().getClass().getName(),
                "the JAX-WS provider publishing the endpoints");
        Class.forName("com.sun.xml.ws.api.pipe.TubelineAssemblerFactory");
    }

    @Test
    void doublesAnswerAsPlainMetroAndAreCarriedByDsoap() {
        Counts before = Counts.of(stats(DSOAP_SERVICE, "echoDoubles"));
        MetroGen g = new MetroGen(SEED);
        double[] v = null;
        int calls = 0;
        for (int step = 0; step < STEPS; step++) {
            v = g.doubles(v);
            double[] x = step % 15 == 7 ? new double[0] : v;
            double[] expected = plain.echoDoubles(x);
            assertDoubles(at("plain echoDoubles against its input", step), x, expected);
            double[] got = dsoap.echoDoubles(x);
            calls++;
            assertDoubles(at("dsoap echoDoubles against plain Metro's answer", step), expected, got);
            assertDoubles(at("dsoap echoDoubles against its input", step), x, got);
        }
        OperationStatsMXBean s = stats(DSOAP_SERVICE, "echoDoubles");
        assertTrue(s != null, "no MetroOperation MBean for the dsoap endpoint's echoDoubles; dsoap MBeans: " + allDsoapNames());
        Counts after = Counts.of(s);
        String all = "echoDoubles on the dsoap endpoint after " + calls + " calls (seed " + SEED + "): read "
                + (after.read - before.read) + " written " + (after.written - before.written) + " skipped "
                + (after.skipped - before.skipped) + " parsed " + (after.parsed - before.parsed) + " rejected "
                + (after.rejected - before.rejected) + " read fallbacks " + s.getReadFallbacks() + " write fallbacks "
                + s.getWriteFallbacks();
        assertEquals(calls, after.read - before.read, "messages read; " + all);
        assertEquals(calls, after.written - before.written, "messages written; " + all);
        assertEquals(Map.of(), s.getReadFallbacks(), "read fallbacks; " + all);
        assertEquals(Map.of(), s.getWriteFallbacks(), "write fallbacks; " + all);
        assertTrue(after.skipped - before.skipped > 0, "differential reads skipped no bytes; " + all);
        assertTrue(s.getReadsByItem() > 0, "no read item by item; " + all);
    }

    @Test
    void intsAnswerAsPlainMetro() {
        MetroGen g = new MetroGen(SEED + 1);
        int[] v = null;
        for (int step = 0; step < STEPS; step++) {
            v = g.ints(v);
            int[] x = step % 15 == 7 ? new int[0] : v;
            int[] expected = plain.echoInts(x);
            assertTrue(Arrays.equals(x, expected), at("plain echoInts against its input", step) + ": "
                    + firstDifference(x, expected));
            int[] got = dsoap.echoInts(x);
            assertTrue(Arrays.equals(expected, got), at("dsoap echoInts against plain Metro's answer", step) + ": "
                    + firstDifference(expected, got));
        }
    }

    @Test
    void stringsAnswerAsPlainMetro() {
        MetroGen g = new MetroGen(SEED + 2);
        String[] v = null;
        for (int step = 0; step < STEPS; step++) {
            v = g.strings(v);
            String[] x = step % 15 == 7 ? new String[0] : v;
            String[] expected = plain.echoStrings(x);
            String[] got = dsoap.echoStrings(x);
            assertTrue(Arrays.equals(expected, got), at("dsoap echoStrings against plain Metro's answer", step) + ": "
                    + firstDifference(expected, got));
        }
    }

    @Test
    void twoPartsAndBeansAnswerAsPlainMetro() {
        MetroGen g = new MetroGen(SEED + 3);
        double[] xs = null;
        for (int step = 0; step < SHORT_STEPS; step++) {
            xs = step % 8 == 5 ? new double[0] : g.doubles(xs == null || xs.length == 0 ? null : xs);
            double scale = step % 4 == 0 ? MetroGen.EDGE_DOUBLES[g.random.nextInt(MetroGen.EDGE_DOUBLES.length)] : g.dbl();
            double expected = plain.sum(xs, scale);
            double got = dsoap.sum(xs, scale);
            assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(got),
                    at("dsoap sum against plain Metro's answer", step) + ": scale " + scale + ", expected " + expected
                            + " but got " + got);
        }
        for (int step = 0; step < SHORT_STEPS; step++) {
            Point p = step % 7 == 3 ? null : new Point(step % 3 == 0 ? MetroGen.EDGE_INTS[step % MetroGen.EDGE_INTS.length]
                    : g.integer(), step % 2 == 0 ? MetroGen.EDGE_DOUBLES[step % MetroGen.EDGE_DOUBLES.length] : g.dbl(),
                    step % 5 == 4 ? null : g.text());
            int dx = g.integer();
            Point expected = plain.move(p, dx);
            Point got = dsoap.move(p, dx);
            assertTrue(samePoint(expected, got), at("dsoap move against plain Metro's answer", step) + ": move(" + p
                    + ", " + dx + ") expected " + expected + " but got " + got);
        }
    }

    @Test
    void soap12InOutAndOneWayAreCarried() throws InterruptedException {
        Counts echoBefore = Counts.of(stats("DsoapFeedService.DsoapFeedPort", "echo"));
        Counts recordBefore = Counts.of(stats("DsoapFeedService.DsoapFeedPort", "record"));
        MetroGen g = new MetroGen(SEED + 5);
        double[] v = null;
        for (int step = 0; step < SHORT_STEPS; step++) {
            v = g.doubles(v);
            double[] expected = plainFeed.echo(v);
            double[] got = dsoapFeed.echo(v);
            assertTrue(Arrays.equals(expected, got), at("dsoap SOAP 1.2 echo against plain Metro's answer", step));
            plainFeed.record(v);
            dsoapFeed.record(v);
            double[] plainGot = plainFeedImpl.recorded.poll(10, java.util.concurrent.TimeUnit.SECONDS);
            double[] dsoapGot = dsoapFeedImpl.recorded.poll(10, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(Arrays.equals(v, plainGot), at("what plain Metro's one-way record was given", step));
            assertTrue(Arrays.equals(plainGot, dsoapGot), at("what dsoap's one-way record was given against plain Metro", step));
        }
        Counts echo = Counts.of(stats("DsoapFeedService.DsoapFeedPort", "echo"));
        Counts record = Counts.of(stats("DsoapFeedService.DsoapFeedPort", "record"));
        assertEquals(SHORT_STEPS, echo.read() - echoBefore.read(), "SOAP 1.2 echo requests read by dsoap");
        assertEquals(SHORT_STEPS, echo.written() - echoBefore.written(), "SOAP 1.2 echo answers written by dsoap");
        assertEquals(SHORT_STEPS, record.read() - recordBefore.read(), "one-way record requests read by dsoap");
        assertEquals(0, record.written() - recordBefore.written(), "one-way record: no answer written");
    }

    @Test
    void stoppingAnEndpointUnregistersItsBeans() throws IOException {
        int before = metroNames().size();
        String address = "http://127.0.0.1:" + freePort() + "/stopped";
        Endpoint e = Endpoint.publish(address, new DsoapMetroEcho());
        try {
            MetroEcho p = proxy(address, "DsoapEchoService", "DsoapEchoPort");
            double[] x = {1.25, -3.5};
            assertDoubles("echoDoubles of an endpoint to stop", x, p.echoDoubles(x));
            assertTrue(metroNames().size() > before, "the new endpoint's beans: " + metroNames());
        } finally {
            e.stop();
        }
        assertEquals(before, metroNames().size(), "MetroOperation beans after the endpoint stopped: " + metroNames());
    }

    @Test
    void namedClientsReadAgainstTheirOwnKeptMessages() throws IOException {
        int clients = 8;
        int rounds = 10;
        MetroEcho[] ports = new MetroEcho[clients];
        double[][] values = new double[clients][];
        MetroGen[] gens = new MetroGen[clients];
        for (int k = 0; k < clients; k++) {
            ports[k] = proxy(dsoapAddress, "DsoapEchoService", "DsoapEchoPort");
            ((jakarta.xml.ws.BindingProvider) ports[k]).getRequestContext().put(jakarta.xml.ws.handler.MessageContext.HTTP_REQUEST_HEADERS,
                    java.util.Map.of("X-Dsoap-Client", List.of("metro-client-" + k)));
            gens[k] = new MetroGen(SEED + 100 + k);
        }
        OperationStatsMXBean before = stats(DSOAP_SERVICE, "echoDoubles");
        long byPeer = before == null ? 0 : before.getReadsByPeer();
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < clients; k++) {
                values[k] = gens[k].doubles(values[k]);
                assertDoubles(at("client " + k + "'s echoDoubles", round), values[k], ports[k].echoDoubles(values[k]));
            }
        }
        long found = stats(DSOAP_SERVICE, "echoDoubles").getReadsByPeer() - byPeer;
        assertTrue(found >= (long) clients * (rounds - 2), "reads that found their client's own kept message: " + found
                + " of " + clients * rounds);
    }

    @Test
    void anXmlListPartGoesMetrosWayCounted() {
        int[][] inputs = {{1, 2, 3}, {}, {Integer.MIN_VALUE, 0, Integer.MAX_VALUE}};
        for (int[] x : inputs) {
            assertTrue(Arrays.equals(plain.reversed(x), dsoap.reversed(x)), "reversed(" + Arrays.toString(x)
                    + "): dsoap's endpoint against plain Metro's");
        }
        OperationStatsMXBean s = stats(DSOAP_SERVICE, "reversed");
        assertEquals(Long.valueOf(inputs.length), s.getReadFallbacks().get("UNSUPPORTED_TYPE"),
                "an @XmlList part is Metro's to read: " + s.getReadFallbacks());
        assertEquals(0, s.getMessagesRead(), "requests dsoap read");
    }

    @Test
    void micrometerMetersAreTaggedHostMetro() {
        io.micrometer.core.instrument.simple.SimpleMeterRegistry registry = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
        try (dev.dsoap.metrics.DsoapMetrics metrics = new dev.dsoap.metrics.DsoapMetrics()) {
            metrics.bindTo(registry);
            double[] x = {0.5, -1.25e-300, 7};
            long read = stats(DSOAP_SERVICE, "echoDoubles") == null ? 0 : stats(DSOAP_SERVICE, "echoDoubles").getMessagesRead();
            assertDoubles("echoDoubles with meters bound", x, dsoap.echoDoubles(x));
            io.micrometer.core.instrument.FunctionCounter c = registry.find("dsoap.messages.read")
                    .tags("host", "metro", "side", "server", "service", DSOAP_SERVICE, "operation", "echoDoubles").functionCounter();
            assertTrue(c != null, "a dsoap.messages.read meter tagged host=metro: " + registry.getMeters().stream()
                    .map(m -> m.getId().toString()).toList());
            assertEquals(read + 1, (long) c.count(), "the meter reads what the MXBean reads");
            assertTrue(registry.find("dsoap.memory.limit").tags("host", "metro").gauge() != null, "the endpoint's budget meters");
        }
    }

    @Test
    void theServiceIsGivenWhatPlainMetroGivesIt() {
        double[][] xs = {null, new double[0], {2.5}, {1, 2, 3}};
        String[][] names = {null, new String[0], {"a"}, {"", "b"}};
        for (double[] x : xs) {
            for (String[] n : names) {
                assertEquals(plain.count(x, n), dsoap.count(x, n), "count(" + Arrays.toString(x) + ", "
                        + Arrays.toString(n) + "): what dsoap's service was given against plain Metro's");
            }
        }
    }

    /**
     * dsoap knows its answer's length before writing it: the answer goes out with a {@code Content-Length} equal to its
     * bytes (plain Metro streams its answers in chunks), with and without header blocks in the request.
     */
    @Test
    void answersGoOutWithTheirLength() throws Exception {
        String body = "<m:echoDoubles xmlns:m=\"" + MetroEcho.NS + "\"><v>1.5</v><v>-0.0</v><v>NaN</v></m:echoDoubles>";
        for (String header : new String[] {"", "<S:Header><x:Note xmlns:x=\"urn:x\">n</x:Note></S:Header>"}) {
            String envelope = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\">" + header + "<S:Body>"
                    + body + "</S:Body></S:Envelope>";
            java.net.http.HttpResponse<byte[]> r = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(URI.create(dsoapAddress))
                            .header("Content-Type", "text/xml; charset=utf-8").header("SOAPAction", "\"\"")
                            .POST(java.net.http.HttpRequest.BodyPublishers.ofString(envelope)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, r.statusCode(), new String(r.body(), java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(java.util.Optional.of(Integer.toString(r.body().length)), r.headers().firstValue("Content-Length"),
                    "with header \"" + header + "\": " + r.headers().map());
            assertTrue(new String(r.body(), java.nio.charset.StandardCharsets.UTF_8).contains("<return>NaN</return>"));
        }
    }

    @Test
    void plainEndpointsHaveNoDsoapMBean() {
        double[] x = {1.5, -0.0, Double.NaN};
        assertDoubles("plain echoDoubles", x, plain.echoDoubles(x));
        assertEquals(2, plain.echoInts(new int[] {2})[0], "plain echoInts");
        assertDoubles("dsoap echoDoubles", x, dsoap.echoDoubles(x));
        List<ObjectName> plainNames = new ArrayList<>();
        for (ObjectName n : metroNames()) {
            if (key(n, "service").contains(PLAIN_SERVICE) && key(n, "side").equals("server")) {
                plainNames.add(n); // (dsoap's client proxies of the plain endpoint, in other tests, have client MBeans)
            }
        }
        assertEquals(List.of(), plainNames, "MetroOperation MBeans of the plain endpoint");
        assertTrue(stats(DSOAP_SERVICE, "echoDoubles") != null,
                "the dsoap endpoint's echoDoubles has an MBean (the query finds them); dsoap MBeans: " + allDsoapNames());
    }

    /** Equal bit for bit ({@link Double#doubleToLongBits}: every NaN alike, -0.0 apart from 0.0). */
    private static void assertDoubles(String what, double[] expected, double[] got) {
        if (!Arrays.equals(expected, got)) {
            fail(what + ": " + firstDifference(expected, got));
        }
    }

    private static String firstDifference(Object expected, Object got) {
        if (expected == null || got == null) {
            return "expected " + show(expected) + " but got " + show(got);
        }
        int n = java.lang.reflect.Array.getLength(expected);
        int m = java.lang.reflect.Array.getLength(got);
        for (int i = 0; i < Math.min(n, m); i++) {
            Object a = java.lang.reflect.Array.get(expected, i);
            Object b = java.lang.reflect.Array.get(got, i);
            boolean same = a instanceof Double da ? Double.doubleToLongBits(da) == Double.doubleToLongBits((Double) b)
                    : Objects.equals(a, b);
            if (!same) {
                return "lengths " + n + " and " + m + ", first difference at [" + i + "]: expected " + quote(a)
                        + " but got " + quote(b);
            }
        }
        return "lengths " + n + " and " + m + (n == m ? ", no difference" : ", equal up to the shorter");
    }

    private static String quote(Object o) {
        return o instanceof String s ? '"' + s + '"' : String.valueOf(o);
    }

    private static String show(Object o) {
        return o == null ? "null" : "an array of " + java.lang.reflect.Array.getLength(o);
    }

    private static boolean samePoint(Point a, Point b) {
        if (a == null || b == null) {
            return a == b;
        }
        return a.getX() == b.getX() && Double.doubleToLongBits(a.getY()) == Double.doubleToLongBits(b.getY())
                && Objects.equals(a.getLabel(), b.getLabel());
    }

    /** The key's value, unquoted if dsoap quoted it; "" when absent. */
    private static String key(ObjectName n, String key) {
        String v = n.getKeyProperty(key);
        return v == null ? "" : v.startsWith("\"") ? ObjectName.unquote(v) : v;
    }

    private static Set<ObjectName> metroNames() {
        try {
            return ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("dev.dsoap:type=MetroOperation,*"), null);
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Set<ObjectName> allDsoapNames() {
        try {
            return ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("dev.dsoap:*"), null);
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The server-side statistics of {@code service} ({@code Service.Port}) and {@code operation}; null if none. */
    static OperationStatsMXBean stats(String service, String operation) {
        List<ObjectName> found = new ArrayList<>();
        for (ObjectName n : metroNames()) {
            if (key(n, "side").equals("server") && key(n, "service").equals(service) && key(n, "operation").equals(operation)) {
                found.add(n);
            }
        }
        if (found.isEmpty()) {
            return null;
        }
        if (found.size() != 1) {
            throw new AssertionError("expected one MetroOperation MBean for " + service + "/" + operation + ", found " + found);
        }
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        return JMX.newMXBeanProxy(mbs, found.get(0), OperationStatsMXBean.class);
    }

    /** The counters this test reads, zero before the operation has an MBean. */
    private record Counts(long read, long written, long rejected, long skipped, long parsed) {
        static Counts of(OperationStatsMXBean s) {
            return s == null ? new Counts(0, 0, 0, 0, 0) : new Counts(s.getMessagesRead(), s.getMessagesWritten(),
                    s.getMessagesRejected(), s.getBytesSkipped(), s.getBytesParsed());
        }
    }
}
