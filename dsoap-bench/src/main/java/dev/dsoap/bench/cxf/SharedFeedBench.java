package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.ThreadCpu;
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
 * Response sharing on a CXF endpoint, against dsoap's templates alone and plain CXF: each operation is a round in
 * which {@code clients} clients (each its own keep-alive connection and client id) ask the feed for its latest
 * {@code size} prices at once; between rounds {@code changePercent} % of the feed changes, the same for every client,
 * and each answer carries three values of its client's own. {@code shared}: {@code @DifferentialSoap(share =
 * "prices")}, the policy choosing between the shared window and the templates by their measured cost; {@code
 * templates}: {@code @DifferentialSoap} alone; {@code plain}: no dsoap.
 *
 * <p>Score: ms per round. Auxiliary counters {@code serverCpuNanos}/{@code serverRequests}: the endpoint's Jetty
 * threads' CPU per request. After each {@code shared} trial the endpoint's sharing counters are printed (how many
 * windows each way, switches, chunks copied), which say what the policy chose.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class SharedFeedBench {
    private static final String CLIENT_ID = "X-Dsoap-Client";

    @Param({"16", "64"})
    public int clients;
    @Param({"1", "50"})
    public int changePercent;
    @Param({"1000"})
    public int size;

    private Bus bus;
    private Endpoint endpoint;
    private URI uri;
    private String service;
    private HttpClient[] http;
    private CpuWindow window;
    private int round;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        ThreadCpu.enable();
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        Object impl = switch (method) {
            case "shared" -> new FeedImpl.Shared();
            case "templates" -> new FeedImpl.Templates();
            default -> new FeedImpl.Plain();
        };
        service = switch (method) {
            case "shared" -> "SharedFeed";
            case "templates" -> "DsFeed";
            default -> "PlainFeed";
        };
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        bus = BusFactory.newInstance().createBus();
        Bus previous = BusFactory.getThreadDefaultBus(false);
        BusFactory.setThreadDefaultBus(bus);
        try {
            uri = URI.create("http://127.0.0.1:" + port + "/cxf/feed");
            endpoint = Endpoint.publish(uri.toString(), impl);
        } finally {
            BusFactory.setThreadDefaultBus(previous);
        }
        String prefix = CxfEchoServer.threadPrefix(bus, port);
        http = new HttpClient[clients];
        for (int c = 0; c < clients; c++) {
            http[c] = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).build();
        }
        String answer = new String(call(0, 0).get(60, TimeUnit.SECONDS).body(), StandardCharsets.UTF_8);
        double[] want = FeedImpl.feed(0, 0, size, changePercent);
        if (answer.split("<return>", -1).length - 1 != size || !answer.contains("<return>" + want[size / 2] + "</return>")) {
            throw new IllegalStateException("a wrong answer: " + answer.substring(0, Math.min(400, answer.length())));
        }
        window = new CpuWindow(uri, () -> ThreadCpu.of(prefix));
        server.watch(window);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        if (service.equals("SharedFeed")) {
            OperationStats st = OperationStats.find("CxfOperation", Integer.toHexString(System.identityHashCode(bus)),
                    "server", service + ".FeedPort", "prices");
            if (st != null) {
                System.out.printf("%n[sharing] %d clients, %d %% changed: %s%n", clients, changePercent, st.map("Sharing"));
            }
        }
        endpoint.stop();
        bus.shutdown(true);
    }

    @Setup(Level.Iteration)
    public void openWindow() {
        window.open();
    }

    private CompletableFuture<HttpResponse<byte[]>> call(int client, int r) {
        byte[] body = ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<f:prices xmlns:f=\"" + Feed.NS + "\"><client>" + client + "</client><round>" + r + "</round><n>" + size
                + "</n><changePercent>" + changePercent + "</changePercent></f:prices></soap:Body></soap:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
        return http[client].sendAsync(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"\"")
                .header(CLIENT_ID, "feed-client-" + client)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private long round() throws Exception {
        int r = ++round;
        @SuppressWarnings("unchecked")
        CompletableFuture<HttpResponse<byte[]>>[] calls = new CompletableFuture[clients];
        for (int c = 0; c < clients; c++) {
            calls[c] = call(c, r);
        }
        return Batch.await(calls, 60, window);
    }

    @Benchmark
    public long shared(ServerCpu cpu) throws Exception {
        return round();
    }

    @Benchmark
    public long templates(ServerCpu cpu) throws Exception {
        return round();
    }

    @Benchmark
    public long plain(ServerCpu cpu) throws Exception {
        return round();
    }
}
