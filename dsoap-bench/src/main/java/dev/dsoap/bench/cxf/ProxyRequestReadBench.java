package dev.dsoap.bench.cxf;

import com.sun.net.httpserver.HttpServer;
import dev.dsoap.bench.deserialize.DdsMessages;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.deserialize.DeserializerConfig;
import dev.dsoap.deserialize.DeserializerStats;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.PlanDeserializer;
import dev.dsoap.parse.ParserLimits;
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

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the server's reading costs on the bytes a plain client really sends: a plain CXF proxy at default settings
 * calls {@code echoDoubles} with {@value #MESSAGES} consecutive arrays ({@link EchoValues}: {@code size} doubles,
 * {@code percent} changed at {@code pattern} positions to values of another width, {@code widths}), through a relay
 * on 127.0.0.1 that keeps each request's bytes; the benchmark then reads them in turn, as the endpoint's
 * {@code dsoap} read path does ({@code dsoapDds}: a differential deserializer of one kept state, default settings
 * otherwise) beside dsoap's plain parse of the same bytes ({@code dsoapPlain}). The end-to-end benchmarks
 * ({@link CxfPlainProxyEchoBench}) add HTTP and the answer; this one isolates the read, on the proxy's spelling
 * (prefixes, namespace declarations, {@code <v>} items) rather than a generated one.
 *
 * <p>Every read is checked against the arrays sent at setup; the teardown prints the skipped share, the bytes parsed
 * per message and the checkpoint memory.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class ProxyRequestReadBench {
    /** Requests kept and read in turn (an even number: consecutive ones differ in exactly the changed items). */
    static final int MESSAGES = 12;

    @Param({"100000"})
    public int size;
    @Param({"10"})
    public int percent;
    @Param({"scattered"})
    public String pattern;
    @Param({"changing", "mixed"})
    public String widths;

    private byte[][] requests;
    private PlanDeserializer plain;
    private DifferentialDeserializer dds;
    private DeserializerStats stats;
    private int next;
    /** The statistics after the setup's checks, which the teardown leaves out. */
    private long setupMessages;
    private long setupSkipped;
    private long setupParsed;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        EchoValues values = new EchoValues(Shape.DOUBLES, size, percent, EchoValues.SEED,
                DdsMessages.Pattern.of(pattern), DdsMessages.Widths.of(widths));
        requests = capture(values);
        MessagePlan plan = new PlanCompiler().compile(
                MessageShape.wrapped(EchoPort.NAMESPACE, Shape.DOUBLES.operation, MessageShape.Part.of("v", double[].class)),
                WireConvention.documentLiteralWrapped());
        plain = new PlanDeserializer(plan, ParserLimits.defaults());
        stats = new DeserializerStats();
        dds = new DifferentialDeserializer(plan, DeserializerConfig.builder().states(1).build(), stats, null);
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < MESSAGES; i++) {
                byte[] m = requests[i];
                double[] want = (double[]) values.values(2 + i);
                check("plain", (double[]) plain.deserialize(m, 0, m.length)[0], want, i);
                check("dds", (double[]) dds.deserialize(m, 0, m.length)[0], want, i);
            }
        }
        setupMessages = stats.messages();
        setupSkipped = stats.bytesSkipped();
        setupParsed = stats.bytesParsed();
    }

    /** The bytes of the plain proxy's requests carrying arrays 2.. of {@code values}, relayed to a plain endpoint. */
    private static byte[][] capture(EchoValues values) throws Exception {
        List<byte[]> kept = new ArrayList<>();
        CxfEchoServers servers = CxfEchoServers.start();
        HttpServer relay = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        try {
            URI real = servers.plain().uri();
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            relay.createContext("/", exchange -> {
                byte[] body = exchange.getRequestBody().readAllBytes();
                synchronized (kept) {
                    kept.add(body);
                }
                HttpRequest.Builder b = HttpRequest.newBuilder(real).POST(HttpRequest.BodyPublishers.ofByteArray(body));
                b.header("Content-Type", exchange.getRequestHeaders().getFirst("Content-Type"));
                String action = exchange.getRequestHeaders().getFirst("SOAPAction");
                if (action != null) {
                    b.header("SOAPAction", action);
                }
                try {
                    HttpResponse<byte[]> r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
                    exchange.getResponseHeaders().add("Content-Type", r.headers().firstValue("Content-Type").orElse("text/xml"));
                    exchange.sendResponseHeaders(r.statusCode(), r.body().length);
                    exchange.getResponseBody().write(r.body());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                } finally {
                    exchange.close();
                }
            });
            relay.start();
            EchoPort port = servers.defaultPort(false);
            CxfEchoServers.via(port, "http://127.0.0.1:" + relay.getAddress().getPort() + real.getRawPath());
            for (int i = 0; i < MESSAGES; i++) {
                double[] sent = (double[]) values.values(2 + i);
                String diff = EchoValues.difference(sent, port.echoDoubles(sent));
                if (diff != null) {
                    throw new IllegalStateException("the plain endpoint echoed array " + (2 + i) + " wrongly: " + diff);
                }
            }
        } finally {
            relay.stop(0);
            servers.close();
        }
        if (kept.size() != MESSAGES) {
            throw new IllegalStateException("the relay kept " + kept.size() + " requests of " + MESSAGES);
        }
        return kept.toArray(new byte[0][]);
    }

    private static void check(String who, double[] got, double[] want, int i) {
        if (!Arrays.equals(got, want)) {
            throw new IllegalStateException(who + " read the proxy's request " + i + " wrongly: "
                    + EchoValues.difference(want, got));
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        long messages = stats.messages() - setupMessages;
        if (messages == 0) {
            return; // dsoapPlain: nothing read differentially but the setup's checks
        }
        long skipped = stats.bytesSkipped() - setupSkipped;
        long parsed = stats.bytesParsed() - setupParsed;
        System.out.printf("%n[proxy requests, %s] skipped %.1f%% of bytes, %d bytes parsed per message, checkpoints %d bytes "
                        + "(%.2f%% of a %d-byte message)%n", widths, 100.0 * skipped / Math.max(1, skipped + parsed),
                parsed / messages, dds.checkpointBytes(), 100.0 * dds.checkpointBytes() / requests[0].length,
                requests[0].length);
        System.out.println("[proxy requests, " + widths + "] " + stats);
    }

    private byte[] nextRequest() {
        byte[] m = requests[next];
        next = next + 1 == MESSAGES ? 0 : next + 1;
        return m;
    }

    @Benchmark
    public Object[] dsoapDds() {
        byte[] m = nextRequest();
        return dds.deserialize(m, 0, m.length);
    }

    @Benchmark
    public Object[] dsoapPlain() {
        byte[] m = nextRequest();
        return plain.deserialize(m, 0, m.length);
    }
}
