package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.ThreadCpu;
import dev.dsoap.testing.Nginx;
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

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Several CXF servers behind a real nginx: {@code servers} endpoints (each its own bus and Jetty server on
 * 127.0.0.1) with nginx in front balancing by {@code policy} (round robin, {@code hash $http_x_dsoap_client
 * consistent}, {@code least_conn}). {@code clients} clients each name themselves in dsoap's client id header
 * ({@code X-Dsoap-Client}) and send their own sequence of similar {@code double[]} echo requests (a fixed seed per
 * client; each request changes {@code changePercent} % of the values, in runs of 10, from the client's previous one).
 * One operation is a round: every client sends its next request at once (one keep-alive connection each, to nginx)
 * and the round ends when all are answered, each answer checked for its item count.
 *
 * <p>{@code dsoap}: the servers are {@link DsoapEcho} ({@code @DifferentialSoap}, default settings); {@code plain}:
 * {@link PlainEcho}, the same service without dsoap, the same requests. Score: ms per round (16 requests by
 * default), so throughput is {@code clients / score}. Auxiliary counters {@code serverCpuNanos}/{@code serverRequests}:
 * the CPU time of all servers' Jetty threads per request (nginx and the clients, on the same cores, are not
 * counted). dsoap's benefit survives the balancer when its CPU per request against plain's stays what it is with one
 * server: a client that nginx keeps on one server is read against its own last request there.
 *
 * <p>Skipped, with the line that installs it, when there is no nginx (the trial throws, and the suite goes on).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class ScaleOutBench {
    /** The header dsoap clients name themselves in (dsoap.clientIdHeader's default). */
    private static final String CLIENT_ID = "X-Dsoap-Client";
    /** Requests generated ahead per client, sent in a cycle (so generating them costs nothing while measured). */
    private static final int SEQUENCE = 64;

    @Param({"1", "2", "3"})
    public int servers;
    @Param({"CONSISTENT_HASH", "ROUND_ROBIN", "LEAST_CONN"})
    public String policy;
    @Param({"16"})
    public int clients;
    @Param({"1000"})
    public int size;
    @Param({"10"})
    public int changePercent;

    private final List<Bus> buses = new ArrayList<>();
    private final List<CxfEchoServer> started = new ArrayList<>();
    private Nginx nginx;
    private HttpClient[] http;
    private URI uri;
    private byte[][][] requests;
    private String[] ids;
    private CpuWindow window;
    private long round;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer measured) throws Exception {
        if (Nginx.find() == null) {
            throw new IllegalStateException("skipped: " + Nginx.MISSING);
        }
        boolean dsoap = params.getBenchmark().endsWith(".dsoap");
        String service = dsoap ? DsoapEcho.SERVICE : PlainEcho.SERVICE;
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < servers; i++) {
            Bus bus = BusFactory.newInstance().createBus();
            buses.add(bus);
            CxfEchoServer s = CxfEchoServer.start(bus, dsoap ? new DsoapEcho() : new PlainEcho(), service);
            started.add(s);
            ports.add(s.uri().getPort());
        }
        nginx = Nginx.start(Nginx.Policy.valueOf(policy), false, ports);
        uri = URI.create(nginx.url(started.get(0).uri().getPath().substring(1)));
        http = new HttpClient[clients];
        ids = new String[clients];
        requests = new byte[clients][][];
        for (int c = 0; c < clients; c++) {
            http[c] = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).build();
            ids[c] = "bench-client-" + c + "-" + Long.toHexString(new Random(c).nextLong());
            requests[c] = sequence(new Random(0x5CA1E0L + c), size, changePercent);
        }
        for (int c = 0; c < clients; c++) { // every client's first request, and a check of the answer
            String answer = new String(send(c, 0).get(60, TimeUnit.SECONDS).body(), StandardCharsets.UTF_8);
            int items = answer.split("<return>", -1).length - 1;
            if (items != size) {
                throw new IllegalStateException("expected " + size + " values, got " + items + ": "
                        + answer.substring(0, Math.min(400, answer.length())));
            }
        }
        window = new CpuWindow(uri, this::serversCpu);
        measured.watch(window);
    }

    /** The Jetty threads' CPU of every server, as one reading (thread ids are unique across them). */
    private ThreadCpu.Reading serversCpu() {
        Map<Long, Long> all = new HashMap<>();
        for (CxfEchoServer s : started) {
            all.putAll(s.requestCpu().nanos());
        }
        return new ThreadCpu.Reading(all);
    }

    /**
     * A client's requests: {@link #SEQUENCE} echo requests of {@code size} doubles, each from the one before with
     * {@code changePercent} % of the values changed in runs of 10 (a new value where a run starts, a slow drift
     * along it), and one in 16 values an integer (a short lexical form) so lengths vary as in real data.
     */
    static byte[][] sequence(Random r, int size, int changePercent) {
        double[] v = new double[size];
        for (int i = 0; i < size; i++) {
            v[i] = i % 16 == 0 ? r.nextInt(1000) : Math.round(r.nextDouble() * 1e6) / 1e3;
        }
        byte[][] out = new byte[SEQUENCE][];
        int runs = Math.max(1, size * changePercent / 100 / 10);
        for (int k = 0; k < SEQUENCE; k++) {
            if (k > 0) {
                for (int j = 0; j < runs; j++) {
                    int at = r.nextInt(Math.max(1, size - 10));
                    double base = Math.round(r.nextDouble() * 1e6) / 1e3;
                    for (int i = at; i < Math.min(size, at + 10); i++) {
                        v[i] = base + (i - at) * 0.125;
                    }
                }
            }
            out[k] = request(v);
        }
        return out;
    }

    private static byte[] request(double[] v) {
        StringBuilder b = new StringBuilder(v.length * 16 + 256);
        b.append("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>")
                .append("<ns2:echoDoubles xmlns:ns2=\"").append(EchoPort.NAMESPACE).append("\">");
        for (double d : v) {
            b.append("<v>").append(d).append("</v>");
        }
        b.append("</ns2:echoDoubles></soap:Body></soap:Envelope>");
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private CompletableFuture<HttpResponse<byte[]>> send(int client, long k) {
        byte[] body = requests[client][(int) (k % SEQUENCE)];
        return http[client].sendAsync(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"\"")
                .header(CLIENT_ID, ids[client])
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Setup(Level.Iteration)
    public void openWindow() {
        window.open();
    }

    @TearDown(Level.Trial)
    public void tearDown(BenchmarkParams params) throws Exception {
        if (window != null) {
            window.awaitClosed();
        }
        if (params.getBenchmark().endsWith(".dsoap")) {
            System.out.println();
            for (Bus b : buses) { // how each server read its requests: against the client's own last one, or not
                dev.dsoap.bench.echo.OperationStats st = dev.dsoap.bench.echo.OperationStats.find("CxfOperation",
                        Integer.toHexString(System.identityHashCode(b)), "server", DsoapEcho.SERVICE + "." + EchoPort.PORT,
                        "echoDoubles");
                if (st != null) {
                    long skipped = st.get("BytesSkipped");
                    long parsed = st.get("BytesParsed");
                    System.out.printf(java.util.Locale.ROOT, "[scale-out] %s %d servers: a server read %d requests, %d by"
                            + " their client's own state, %.1f %% of their bytes skipped%n", policy, servers,
                            st.get("MessagesRead"), st.get("ReadsByPeer"), 100.0 * skipped / Math.max(1, skipped + parsed));
                }
            }
        }
        if (nginx != null) {
            nginx.close();
        }
        for (CxfEchoServer s : started) {
            s.close();
        }
        for (Bus b : buses) {
            b.shutdown(true);
        }
    }

    private long round() throws Exception {
        long k = ++round;
        @SuppressWarnings("unchecked")
        CompletableFuture<HttpResponse<byte[]>>[] calls = new CompletableFuture[clients];
        for (int c = 0; c < clients; c++) {
            calls[c] = send(c, k);
        }
        return Batch.await(calls, 60, window);
    }

    @Benchmark
    public long dsoap(ServerCpu cpu) throws Exception {
        return round();
    }

    @Benchmark
    public long plain(ServerCpu cpu) throws Exception {
        return round();
    }
}
