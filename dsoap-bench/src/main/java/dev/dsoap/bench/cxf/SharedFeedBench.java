package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Partners;
import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.Turns;
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
 * templates}: {@code @DifferentialSoap} alone; {@code plain}: no dsoap; {@code pairedShared}: the first two in one run,
 * each round to both endpoints in turn (each first in every other round), reported as {@code dsoapShared} and, as its
 * baseline, {@code baselineShared} (the templates alone): separate runs of the two drift by a tenth between forks on
 * the 2-core machine, as much as the difference judged.
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

    /** The endpoint measured. */
    private Published measured;
    /** {@code pairedShared}: the endpoint of the templates alone, called in turn with {@link #measured}; else null. */
    private Published partner;
    private HttpClient[] http;
    private int round;

    /** An endpoint of the feed on a bus and port of its own, its service name, and the window of its threads' CPU. */
    private record Published(Bus bus, Endpoint endpoint, URI uri, String service, CpuWindow window) {
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        ThreadCpu.enable();
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        http = new HttpClient[clients];
        for (int c = 0; c < clients; c++) {
            http[c] = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).build();
        }
        measured = switch (method) {
            case "shared", "pairedShared" -> publish(new FeedImpl.Shared(), "SharedFeed");
            case "templates" -> publish(new FeedImpl.Templates(), "DsFeed");
            default -> publish(new FeedImpl.Plain(), "PlainFeed");
        };
        server.watch(measured.window());
        if (method.equals("pairedShared")) {
            try {
                partner = publish(new FeedImpl.Templates(), "DsFeed");
            } catch (Exception | Error e) {
                stop(measured);
                throw e;
            }
            server.watchBaseline(partner.window());
        }
    }

    /** Publishes {@code impl} on a bus and port of its own, and checks one answer. */
    private Published publish(Object impl, String service) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Bus bus = BusFactory.newInstance().createBus();
        Bus previous = BusFactory.getThreadDefaultBus(false);
        BusFactory.setThreadDefaultBus(bus);
        URI uri = URI.create("http://127.0.0.1:" + port + "/cxf/feed");
        Endpoint endpoint;
        try {
            endpoint = Endpoint.publish(uri.toString(), impl);
        } finally {
            BusFactory.setThreadDefaultBus(previous);
        }
        String answer = new String(call(uri, 0, 0).get(60, TimeUnit.SECONDS).body(), StandardCharsets.UTF_8);
        double[] want = FeedImpl.feed(0, 0, size, changePercent);
        if (answer.split("<return>", -1).length - 1 != size || !answer.contains("<return>" + want[size / 2] + "</return>")) {
            endpoint.stop();
            bus.shutdown(true);
            throw new IllegalStateException("a wrong answer: " + answer.substring(0, Math.min(400, answer.length())));
        }
        String prefix = CxfEchoServer.threadPrefix(bus, port);
        return new Published(bus, endpoint, uri, service, new CpuWindow(uri, () -> ThreadCpu.of(prefix)));
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        measured.window().awaitClosed();
        if (partner != null) {
            partner.window().awaitClosed();
        }
        if (measured.service().equals("SharedFeed")) {
            OperationStats st = OperationStats.find("CxfOperation", Integer.toHexString(System.identityHashCode(measured.bus())),
                    "server", measured.service() + ".FeedPort", "prices");
            if (st != null) {
                System.out.printf("%n[sharing] %d clients, %d %% changed: %s%n", clients, changePercent, st.map("Sharing"));
            }
        }
        stop(measured);
        if (partner != null) {
            stop(partner);
        }
    }

    private static void stop(Published p) {
        p.endpoint().stop();
        p.bus().shutdown(true);
    }

    @Setup(Level.Iteration)
    public void openWindow() {
        measured.window().open();
        if (partner != null) {
            partner.window().open();
        }
    }

    private CompletableFuture<HttpResponse<byte[]>> call(URI uri, int client, int r) {
        byte[] body = ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<f:prices xmlns:f=\"" + Feed.NS + "\"><client>" + client + "</client><round>" + r + "</round><n>" + size
                + "</n><changePercent>" + changePercent + "</changePercent></f:prices></soap:Body></soap:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
        return http[client].sendAsync(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"\"")
                .header(CLIENT_ID, "feed-client-" + client)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** One round of every client at once to {@code p}: round {@code r}'s feed. */
    private long round(Published p, int r) throws Exception {
        @SuppressWarnings("unchecked")
        CompletableFuture<HttpResponse<byte[]>>[] calls = new CompletableFuture[clients];
        for (int c = 0; c < clients; c++) {
            calls[c] = call(p.uri(), c, r);
        }
        return Batch.await(calls, 60, p.window());
    }

    private long round() throws Exception {
        return round(measured, ++round);
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

    /**
     * The shared endpoint and the templates alone in one run: each round's feed to both, in turn ({@link Turns}).
     * {@link Partners} records both endpoints' CPU.
     */
    @Benchmark
    public long pairedShared(Partners partners) throws Exception {
        int r = ++round;
        return Turns.inTurn(r, () -> round(measured, r), () -> round(partner, r));
    }
}
