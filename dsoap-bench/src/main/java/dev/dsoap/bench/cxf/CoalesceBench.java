package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.Partners;
import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.ThreadCpu;
import dev.dsoap.bench.echo.Turns;
import jakarta.xml.ws.Endpoint;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Coalescing of identical concurrent requests on a CXF endpoint: each operation is a batch of {@code batch} requests
 * sent at once (one connection each), {@code identical} (the same body within a batch, a new one each batch),
 * {@code distinct} (all different) or {@code mixP} (P % of the batch identical, the rest distinct), to the pricing
 * service, whose calls each spend {@code workMicros} of CPU and
 * answer {@code size} doubles. {@code dsoapCoalesced}: dsoap with {@code price} declared safe to coalesce;
 * {@code dsoapAlone}: dsoap's templates without coalescing, in the same run; {@code pairedCoalesced}: both endpoints
 * in one fork, each batch sent to each; {@code pairedControl}: the same with coalescing off on both endpoints (two
 * endpoints of the templates alone, reported as {@code dsoapControl} and {@code baselineControl}), a negative control:
 * what the paired measurement shows between two identical endpoints.
 *
 * <p>Score: ms per batch. The auxiliary counters {@code serverCpuNanos}/{@code serverRequests} give the server's
 * CPU time (its Jetty threads) per request: a batch of 64 identical requests costs {@code 64 x} that. With
 * {@code distinct} requests coalescing can only cost (a hash, a table, a digest of the caller); the two methods'
 * difference there is its overhead. {@code floorCoalesced}: the same batches to a transport floor (Jetty, CXF's HTTP
 * server, doing no SOAP work and answering every request with the endpoint's first answer): what moving a batch's
 * bytes costs any server, the part of a coalesced batch's CPU no coalescing can remove. Each trial prints its requests' latency percentiles (p50, p95, p99, from
 * sending a request to its whole answer, measured iterations only).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class CoalesceBench {
    @Param({"1", "4", "16", "64"})
    public int batch;
    @Param({"identical", "distinct", "mix50"})
    public String requests;
    @Param({"1000"})
    public int workMicros;
    @Param({"1000"})
    public int size;
    /**
     * Callers in a batch: 1 (anonymous), or that many tenants told apart only by an {@code X-Api-Key} header, taking
     * the batch's requests in turn. Every answer's first price is checked against its own caller's: a trial with an
     * answer of another caller fails.
     */
    @Param({"1"})
    public int callers;

    private Bus bus;
    private Endpoint endpoint;
    private URI uri;
    /** {@code pairedCoalesced}: the endpoint without coalescing (dsoap's templates alone), its bus and window; else null. */
    private Bus aloneBus;
    private Endpoint aloneEndpoint;
    private URI aloneUri;
    private CpuWindow aloneWindow;
    private HttpClient http;
    private CpuWindow window;
    /** {@code floorCoalesced}: the transport floor in front of the endpoint; else null. */
    private dev.dsoap.bench.echo.FloorServer floor;
    private long next;
    /** Each request's latency (ns) in the measured iterations, at most {@link #MAX_SAMPLES}; guarded by itself. */
    private final long[] latencies = new long[MAX_SAMPLES];
    private int samples;
    private volatile boolean measuring;
    private static final int MAX_SAMPLES = 1 << 20;
    private final java.util.concurrent.atomic.AtomicLong checked = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicLong leaked = new java.util.concurrent.atomic.AtomicLong();
    private volatile String firstLeak;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        if (!requests.equals("identical") && !requests.equals("distinct") && !requests.matches("mix[0-9]{1,2}")) {
            throw new IllegalArgumentException("requests: identical, distinct or mixP (P % identical), not " + requests);
        }
        ThreadCpu.enable();
        PricingImpl.workNanos = workMicros * 1000L;
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        boolean paired = method.equals("pairedCoalesced") || method.equals("pairedControl");
        if (callers < 1) {
            throw new IllegalArgumentException("callers: at least 1, not " + callers);
        }
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        Published p = publish(method.equals("dsoapAlone") || method.equals("pairedControl") ? new PricingImpl.DsOnly()
                : new PricingImpl.Coalesced());
        bus = p.bus;
        endpoint = p.endpoint;
        uri = p.uri;
        window = p.window;
        if (method.equals("floorCoalesced")) {
            floor = dev.dsoap.bench.echo.FloorServer.relaying(uri);
            uri = floor.uri();
            window = new CpuWindow(floor, floor::requestCpu);
        }
        server.watch(window);
        if (paired) {
            Published alone;
            try {
                alone = publish(new PricingImpl.DsOnly());
            } catch (Exception | Error e) {
                endpoint.stop();
                bus.shutdown(true);
                throw e;
            }
            aloneBus = alone.bus;
            aloneEndpoint = alone.endpoint;
            aloneUri = alone.uri;
            aloneWindow = alone.window;
            server.watchBaseline(aloneWindow);
        }
    }

    /** An endpoint of the pricing service on a bus and port of its own, checked with one call. */
    private record Published(Bus bus, Endpoint endpoint, URI uri, CpuWindow window) {
    }

    private Published publish(Object impl) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Bus b = BusFactory.newInstance().createBus();
        Bus previous = BusFactory.getThreadDefaultBus(false);
        BusFactory.setThreadDefaultBus(b);
        URI at = URI.create("http://127.0.0.1:" + port + "/cxf/pricing");
        Endpoint e;
        try {
            e = Endpoint.publish(at.toString(), impl);
        } finally {
            BusFactory.setThreadDefaultBus(previous);
        }
        byte[] answer = post(at, "CHECK", null).get(60, TimeUnit.SECONDS).body();
        String text = new String(answer, StandardCharsets.UTF_8);
        int items = text.split("<return>", -1).length - 1;
        if (items != size) {
            throw new IllegalStateException("expected " + size + " prices from " + at + ", got " + items + ": "
                    + text.substring(0, Math.min(500, text.length())));
        }
        String prefix = CxfEchoServer.threadPrefix(b, port);
        return new Published(b, e, at, new CpuWindow(at, () -> ThreadCpu.of(prefix)));
    }

    @TearDown(Level.Trial)
    public void tearDown(BenchmarkParams params) throws Exception {
        window.awaitClosed();
        printStats();
        if (aloneWindow != null) {
            aloneWindow.awaitClosed();
            aloneEndpoint.stop();
            aloneBus.shutdown(true);
        }
        long[] l;
        synchronized (latencies) {
            l = java.util.Arrays.copyOf(latencies, samples);
        }
        java.util.Arrays.sort(l);
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        if (l.length > 0) {
            System.out.printf(java.util.Locale.ROOT, "%n[coalesce] %s batch %d %s: per-request latency p50 %.2f ms, p95 %.2f"
                    + " ms, p99 %.2f ms (%d requests)%n", method, batch, requests, at(l, 0.50), at(l, 0.95), at(l, 0.99),
                    l.length);
        }
        System.out.printf(java.util.Locale.ROOT, "[coalesce] %s batch %d %s, %d caller(s): %d answers checked, %d of another"
                + " caller's%n", method, batch, requests, callers, checked.get(), leaked.get());
        if (floor != null) {
            floor.close();
        }
        endpoint.stop();
        bus.shutdown(true);
        if (leaked.get() > 0) {
            throw new IllegalStateException(leaked.get() + " answers went to the wrong caller; the first: " + firstLeak);
        }
    }

    /** Prints what dsoap counted on each endpoint's {@code price} operation. */
    private static void printStats() throws javax.management.JMException {
        for (dev.dsoap.bench.echo.OperationStats s : dev.dsoap.bench.echo.OperationStats.all(CxfEchoServers.MBEAN_TYPE,
                "*", "server")) {
            if (s.name().getKeyProperty("operation").equals("\"price\"")) {
                System.out.println("[coalesce] " + s.name().getKeyProperty("service") + ": " + s);
            }
        }
    }

    /** Checks that {@code answer} is {@code apiKey}'s caller's answer for {@code symbol}. */
    private void check(byte[] answer, String symbol, String apiKey) {
        String text = new String(answer, StandardCharsets.UTF_8);
        int at = text.indexOf("<return>");
        int end = at < 0 ? -1 : text.indexOf("</return>", at);
        double first = end < 0 ? Double.NaN : Double.parseDouble(text.substring(at + 8, end).trim());
        checked.incrementAndGet();
        if (Double.doubleToLongBits(first) != Double.doubleToLongBits(PricingImpl.firstPrice(symbol, apiKey))) {
            leaked.incrementAndGet();
            firstLeak = "caller " + apiKey + ", " + symbol + ": " + text.substring(0, Math.min(300, text.length()));
        }
    }

    @Setup(Level.Iteration)
    public void openWindow(org.openjdk.jmh.infra.IterationParams iteration) {
        measuring = iteration.getType() == org.openjdk.jmh.runner.IterationType.MEASUREMENT;
        window.open();
        if (aloneWindow != null) {
            aloneWindow.open();
        }
    }

    /** The {@code q} quantile of sorted {@code l}, in ms. */
    private static double at(long[] l, double q) {
        return l[Math.min(l.length - 1, (int) Math.floor(q * l.length))] / 1e6;
    }

    private void sample(long nanos) {
        if (measuring) {
            synchronized (latencies) {
                if (samples < MAX_SAMPLES) {
                    latencies[samples++] = nanos;
                }
            }
        }
    }

    private CompletableFuture<HttpResponse<byte[]>> post(URI to, String symbol, String apiKey) {
        byte[] body = ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<p:price xmlns:p=\"" + Pricing.NS + "\"><symbol>" + symbol + "</symbol><n>" + size + "</n></p:price>"
                + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder b = HttpRequest.newBuilder(to).timeout(Duration.ofSeconds(120))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"\"");
        if (apiKey != null) {
            b.header("X-Api-Key", apiKey);
        }
        return http.sendAsync(b.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    private long batch() throws Exception {
        return batch(next++, uri, window);
    }

    /** Batch {@code k} to the endpoint at {@code to}, its calls counted in {@code w}. */
    private long batch(long k, URI to, CpuWindow w) throws Exception {
        int same = requests.equals("identical") ? batch : requests.equals("distinct") ? 0
                : Math.round(batch * Integer.parseInt(requests.substring(3)) / 100f);
        @SuppressWarnings("unchecked")
        CompletableFuture<HttpResponse<byte[]>>[] calls = new CompletableFuture[batch];
        for (int i = 0; i < batch; i++) {
            long start = System.nanoTime();
            String symbol = i < same ? "S" + k : "S" + k + "-" + i;
            String key = callers == 1 ? null : "tenant-" + i % callers;
            boolean timed = to == uri; // the latencies printed are the measured endpoint's
            calls[i] = post(to, symbol, key).whenComplete((r, e) -> {
                if (timed) {
                    sample(System.nanoTime() - start);
                }
                if (r != null && r.statusCode() == 200 && floor == null) { // the floor answers every symbol alike
                    check(r.body(), symbol, key);
                }
            });
        }
        return Batch.await(calls, 120, w);
    }

    @Benchmark
    public long dsoapCoalesced(ServerCpu cpu) throws Exception {
        return batch();
    }

    @Benchmark
    public long dsoapAlone(ServerCpu cpu) throws Exception {
        return batch();
    }

    /**
     * The same batches to the transport floor in front of the coalescing endpoint (its first answer, relayed once,
     * answers every request): the server CPU per request any server on Jetty spends to take a request on a connection
     * of its own and send an answer of this length.
     */
    @Benchmark
    public long floorCoalesced(ServerCpu cpu) throws Exception {
        return batch();
    }

    /**
     * Coalescing on and off in one run: each batch goes to the endpoint with {@code price} declared safe to coalesce,
     * and the same batch to an endpoint of dsoap's templates alone (each first in every other round, {@link Turns}).
     * {@link Partners} records both endpoints' CPU; the suite's report gives each side its own row,
     * {@code dsoapCoalesced} and, as its baseline, {@code baselineCoalesced}: dsoap without coalescing. Separate runs of
     * the two drifted by a tenth or more between them on the 2-core machine, more than the overhead to be judged.
     */
    @Benchmark
    public long pairedCoalesced(Partners partners) throws Exception {
        long k = next++;
        return Turns.inTurn(k, () -> batch(k, uri, window), () -> batch(k, aloneUri, aloneWindow));
    }

    /**
     * As {@link #pairedCoalesced}, with coalescing off on both endpoints: the paired measurement's own difference
     * between two identical endpoints, beside which coalescing's overhead is read.
     */
    @Benchmark
    public long pairedControl(Partners partners) throws Exception {
        long k = next++;
        return Turns.inTurn(k, () -> batch(k, uri, window), () -> batch(k, aloneUri, aloneWindow));
    }
}
