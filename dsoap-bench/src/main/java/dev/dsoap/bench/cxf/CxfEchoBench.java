package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.echo.CpuWindow;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * End to end over loopback, the CXF twin of {@code axis2.Axis2EchoBench}: two Apache CXF 4.2 JAX-WS
 * endpoints published with {@code jakarta.xml.ws.Endpoint.publish} on Jetty 12 in this JVM
 * ({@link CxfEchoServers}), one plain ({@link PlainEcho}) and one annotated with {@code @DifferentialSoap}
 * ({@link DsoapEcho}), the same SEI ({@link EchoPort}, document/literal wrapped, JAXB) and CXF configuration
 * otherwise, echoing an array of {@code size} items of {@code shape} ({@code doubles}, {@code ints},
 * {@code mios} or {@code strings}). Call {@code n} passes array {@code n} of an {@link EchoValues} stream (the Axis2
 * benchmark's values: every array differs from the one before in {@code percent} % of the items, 0:
 * all identical) to a real JAX-WS proxy ({@code Service.create(URL?wsdl, QName).getPort(EchoPort.class)}):
 * the baseline methods call the plain endpoint through plain proxies (JAXB on both sides), the dsoap methods
 * the dsoap endpoint through proxies made with {@code DifferentialSoapFeature} (dsoap on both sides). Every
 * proxy sends its requests in 64 KiB HTTP chunks in place of CXF's 4 KiB ({@link CxfEchoServers#CHUNK_LENGTH}).
 * Unlike
 * the Axis2 benchmark, whose client posts pre-rendered bytes, the client here does a real client's work, so
 * latency and throughput include the client's (de)serialization on the same two cores; the server CPU per
 * request does not.
 *
 * <ul>
 *   <li>{@code baselineCxf}, {@code dsoapCxf}: one client, one call at a time: ms per call (latency).</li>
 *   <li>{@code baselineCxfConcurrent}, {@code dsoapCxfConcurrent}: {@value #CLIENTS} clients calling without
 *       pause, each through its own proxy (and kept-alive connection), taking array numbers from one
 *       counter: calls per second (throughput).</li>
 *   <li>{@code dsoapBinaryCxf}, {@code dsoapBinaryCxfConcurrent}: the same calls to the dsoap endpoint through
 *       proxies in dsoap's binary performance mode ({@code dsoap.binary=performance}): requests and answers in
 *       dsoap's binary form instead of XML (the other dsoap methods' proxies keep to XML).</li>
 *   <li>{@code baselineFastInfoset}: one client, as {@code baselineCxf}, but plain proxies with CXF's
 *       {@code FastInfosetFeature} forced call the plain endpoint published with {@code FastInfosetFeature}
 *       ({@link CxfEchoServers#fastInfoset()}): CXF + JAXB with the XML infoset as Fast Infoset both ways, what CXF
 *       users turn on for smaller messages.</li>
 * </ul>
 *
 * <p>A call fails the run unless it returns as many items as it sent (a fault throws). The setup checks once
 * that both endpoints echo the values bit for bit and that dsoap carried the messages itself on the dsoap
 * endpoint and client ({@link CxfEchoServers#verify}), and for {@code baselineFastInfoset} that the Fast Infoset
 * pair echoes them with Fast Infoset on the wire both ways ({@link CxfEchoServers#verifyFastInfoset}); the teardown of the dsoap methods prints dsoap's
 * counters for both sides.
 *
 * <p><b>Server CPU per request.</b> As in the Axis2 benchmark: the auxiliary counters
 * {@code serverCpuNanos} and {@code serverRequests} are, per iteration, the CPU time of the measured
 * endpoint's Jetty thread pool ({@link CxfEchoServer#requestCpu()}: Jetty, CXF, dsoap, the service and the
 * socket I/O) and the calls completed, read at the iteration's setup and teardown, when no call is in flight.
 * Their ratio is the server's CPU time per request. GC and JIT compilation run on JVM threads shared with the
 * client and are not counted; JAXB allocates more per request than dsoap, so leaving GC out favours the
 * baseline. Client and server share the machine's cores.
 *
 * <p><b>Heap pre-touched.</b> The fork runs with {@code -XX:+AlwaysPreTouch}: the JVM touches every page of
 * its 2 GB heap at start-up. Without it, the first writes to each page of the young generation fault in the
 * kernel (which zeroes the page), and those faults are charged, as system time, to whichever thread
 * allocates there: here the server threads reading multi-megabyte requests. A call of this benchmark
 * allocates megabytes and an iteration makes a few dozen calls, so the young generation is first filled
 * only after several seconds, well into the short suite's measurement: measured on CXF with 100K doubles
 * at 25 % change, server CPU per request stepped from 50 ms (almost all system time) down to 14 ms as
 * the heap was touched, and stayed at 14 ms from the first call with pre-touching.
 *
 * <p>One instance is shared by the client threads: the array and call counters are atomic, the measurement
 * window is a {@link CpuWindow}.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar --suite short --only CxfEchoBench -p percent=0,25,50,100
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class CxfEchoBench {
    /** Clients of the concurrent methods. */
    static final int CLIENTS = 4;
    /** The first array the benchmark sends: the setup's check sent arrays 0 and 1. */
    static final long FIRST = 2;

    @Param({"doubles", "ints", "mios", "strings"})
    public String shape;
    @Param({"1000", "10000", "100000"})
    public int size;
    @Param({"0", "25", "50", "100"})
    public int percent;

    CxfEchoServers servers;
    EchoValues values;
    /** Whether this fork's benchmark method is a dsoap one: its clients are dsoap proxies, its server {@link CxfEchoServers#dsoap()}. */
    boolean dsoap;
    /** Whether this fork's benchmark method is a binary one: its proxies are {@link CxfEchoServers#binaryPort()}s. */
    boolean binary;
    /**
     * Whether this fork's benchmark method is {@code baselineFastInfoset}: its proxies are
     * {@link CxfEchoServers#fastInfosetPort()}s, its server {@link CxfEchoServers#fastInfoset()}.
     */
    boolean fastInfoset;
    /** The endpoint this fork's benchmark method calls, whose CPU time is measured. */
    CxfEchoServer measured;
    /** The next array's number. */
    private final AtomicLong next = new AtomicLong(FIRST);
    /** {@link #measured}'s CPU time and completed calls per iteration. */
    CpuWindow window;
    /** {@code pairedCxf}: the plain endpoint's window; else null. */
    CpuWindow baselineWindow;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        binary = method.startsWith("dsoapBinary");
        fastInfoset = method.equals("baselineFastInfoset");
        boolean paired = method.startsWith("paired");
        start(method.startsWith("dsoap") || paired);
        server.watch(window);
        if (paired) {
            baselineWindow = new CpuWindow(servers.plain(), servers.plain()::requestCpu);
            server.watchBaseline(baselineWindow);
        }
    }

    /** The trial setup for a dsoap method ({@code dsoap}) or a baseline one. */
    void start(boolean dsoapMethod) throws Exception {
        servers = CxfEchoServers.start();
        try {
            values = new EchoValues(Shape.of(shape), size, percent);
            servers.verify(values);
            if (binary) {
                servers.verifyBinary(values);
                next.set(FIRST + 1); // the binary check sent array 2 as well
            }
            if (fastInfoset) {
                EchoPort p = servers.fastInfosetPort();
                servers.verifyFastInfoset(p, values, 0);
                servers.verifyFastInfoset(p, values, 1);
            }
        } catch (Exception | Error e) {
            servers.close();
            throw e;
        }
        dsoap = dsoapMethod;
        measured = dsoap ? servers.dsoap() : fastInfoset ? servers.fastInfoset() : servers.plain();
        window = new CpuWindow(measured, measured::requestCpu);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        if (baselineWindow != null) {
            baselineWindow.awaitClosed();
        }
        if (dsoap) {
            System.out.printf("%n[cxf] dsoap on %s: server %s; client %s%n", values,
                    servers.describe("server", values.shape()), servers.describe("client", values.shape()));
            if (binary) {
                System.out.printf("[cxf] dsoap binary on %s: server %s; client %s%n", values,
                        servers.describeBinary("server", values.shape().operation),
                        servers.describeBinary("client", values.shape().operation));
            }
        }
        servers.close();
    }

    /** Runs before any client starts the iteration. */
    @Setup(Level.Iteration)
    public void openWindow() {
        window.open();
        if (baselineWindow != null) {
            baselineWindow.open();
        }
    }

    private Object call(Client client) {
        return call(client.port, next.getAndIncrement(), measured, window);
    }

    private Object call(EchoPort port, long n, CxfEchoServer server, CpuWindow w) {
        long start = System.nanoTime();
        Object echoed = CxfEchoServers.echo(port, values.shape(), values.values(n));
        w.completedSince(start);
        int items = CxfEchoServers.items(echoed);
        if (items != values.size()) {
            throw new IllegalStateException(server + " echoed " + items + " items of array " + n + " of " + values);
        }
        return echoed;
    }

    /**
     * dsoap and plain CXF in one run: each array goes through a dsoap proxy to the {@code @DifferentialSoap} endpoint
     * and through a plain proxy to the plain endpoint, each first in every other round ({@link dev.dsoap.bench.echo.Turns}); {@link dev.dsoap.bench.echo.Partners} records both endpoints'
     * CPU and each call's time. Both see the same moments of a shared machine, and one fork replaces two. Its time per
     * operation is the two calls together; the suite's report gives each side its own row.
     */
    @Benchmark
    public Object pairedCxf(Client client, dev.dsoap.bench.echo.Partners partners) throws Exception {
        long n = next.getAndIncrement();
        return dev.dsoap.bench.echo.Turns.inTurn(n, () -> call(client.port, n, measured, window),
                () -> call(client.plainPort, n, servers.plain(), baselineWindow));
    }

    @Benchmark
    public Object baselineCxf(Client client, ServerCpu cpu) {
        return call(client);
    }

    @Benchmark
    public Object dsoapCxf(Client client, ServerCpu cpu) {
        return call(client);
    }

    @Benchmark
    @Threads(CLIENTS)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Object baselineCxfConcurrent(Client client, ServerCpu cpu) {
        return call(client);
    }

    @Benchmark
    @Threads(CLIENTS)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Object dsoapCxfConcurrent(Client client, ServerCpu cpu) {
        return call(client);
    }

    @Benchmark
    public Object dsoapBinaryCxf(Client client, ServerCpu cpu) {
        return call(client);
    }

    @Benchmark
    @Threads(CLIENTS)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Object dsoapBinaryCxfConcurrent(Client client, ServerCpu cpu) {
        return call(client);
    }

    @Benchmark
    public Object baselineFastInfoset(Client client, ServerCpu cpu) {
        return call(client);
    }

    /**
     * One JAX-WS proxy per benchmark thread, so each thread keeps its own connection: a dsoap proxy for the
     * dsoap methods, a plain one for the baselines (with {@code FastInfosetFeature} for {@code baselineFastInfoset}).
     */
    @State(Scope.Thread)
    public static class Client {
        EchoPort port;
        /** {@code pairedCxf}: a plain proxy of the plain endpoint; else null. */
        EchoPort plainPort;

        @Setup(Level.Trial)
        public void open(CxfEchoBench bench) throws Exception {
            port = bench.fastInfoset ? bench.servers.fastInfosetPort()
                    : bench.binary ? bench.servers.binaryPort() : bench.servers.port(bench.dsoap);
            if (bench.baselineWindow != null) {
                plainPort = bench.servers.port(false);
            }
        }
    }
}
