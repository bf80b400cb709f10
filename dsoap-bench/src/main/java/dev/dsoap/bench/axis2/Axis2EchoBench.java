package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.MeasuredServer;
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
 * End to end over loopback: the same services on two Axis2 2.0.0 SimpleHTTPServers in
 * this JVM, one plain and one with dsoap's module engaged in axis2.xml ({@link EchoServers}), echoing an array
 * of {@code size} items of {@code shape} ({@code doubles}, {@code ints}, {@code mios} or {@code strings}, the
 * strings with a sprinkling of markup characters, non-ASCII characters and surrogate pairs: {@link dev.dsoap.bench.echo.EchoValues}). {@code style} chooses
 * the service, both deployed on both servers ({@link Style}): {@code pojo} calls the POJO service
 * {@link EchoService} (Axis2's RPCMessageReceiver, which dsoap's module takes over), {@code adb} the
 * wsdl2java-generated ADB service {@link AdbEchoService} (generated receivers, skeleton and beans from
 * {@code src/main/wsdl/AdbEcho.wsdl}; its items and their fields are namespace-qualified). Call {@code n} posts
 * message {@code n} of an {@link EchoMessages} stream in the style's convention, in which every message differs
 * from the one before in {@code percent} % of the items (0: all identical). All values are finite (dsoap leaves
 * requests with infinite doubles to ADB's own path, which the setup's check would count as a fallback).
 *
 * <ul>
 *   <li>{@code baselineAxis2}, {@code dsoapAxis2}: one client, one call at a time: ms per call (latency).</li>
 *   <li>{@code baselineAxis2Concurrent}, {@code dsoapAxis2Concurrent}: {@value #CLIENTS} clients calling
 *       without pause, each on its own kept-alive connection, taking message numbers from one counter:
 *       calls per second (throughput).</li>
 * </ul>
 *
 * <p>A call fails the run unless the status is 200 and the response is at least half as long as the request
 * (an echo is longer; a fault is short). The setup checks once, with Woodstox, that both servers echo the
 * values bit for bit and that dsoap carried the messages itself ({@link EchoServers#verify}); the teardown
 * of the dsoap methods prints dsoap's counters (reads identical or resumed, bytes skipped, write match
 * classes, fallbacks).
 *
 * <p><b>Server CPU per request.</b> The auxiliary counters {@code serverCpuNanos} and {@code serverRequests}
 * (JMH "events": totals over the measurement iterations) are, per iteration, the CPU time of the measured
 * server's request threads ({@link EchoServer#connectionCpu()}: Axis2, dsoap, the service and the socket
 * I/O) and the calls completed, both taken at the iteration's setup and teardown. JMH runs those behind
 * barriers, before any thread's first call and after every thread's last (the iteration's warm-up and
 * warm-down calls fall inside), so no call is in flight at either reading. Their ratio is the server's CPU
 * time per request; the suite's report prints it in microseconds. Garbage collection and JIT compilation run
 * on JVM threads shared with the client and are not counted; plain Axis2 allocates far more per request
 * than dsoap (docs/benchmarks.md), so leaving GC out favours the baseline. Client and server share the
 * machine's cores, as over any loopback.
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
 * <p>One instance is shared by the client threads: the message and call counters are atomic, the
 * measurement window is a {@link CpuWindow}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class Axis2EchoBench {
    /** Clients of the concurrent methods. */
    static final int CLIENTS = 4;
    /** The first message the benchmark sends: the setup's check sent messages 0 and 1. */
    private static final long FIRST = 2;

    @Param({"pojo", "adb"})
    public String style;
    @Param({"doubles", "ints", "mios", "strings"})
    public String shape;
    @Param({"1000", "10000", "100000"})
    public int size;
    @Param({"0", "25", "50", "100"})
    public int percent;

    private EchoServers servers;
    private EchoMessages stream;
    /** The server this fork's benchmark method calls, whose CPU time is measured. */
    private EchoServer measured;
    /** {@code pairedAxis2}: the plain server's window; else null. */
    private CpuWindow baselineWindow;
    /** The next message's number. */
    private final AtomicLong next = new AtomicLong(FIRST);
    /** {@link #measured}'s CPU time and completed calls per iteration. */
    private CpuWindow window;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        servers = EchoServers.start();
        Style s = Style.of(style);
        stream = new EchoMessages(Shape.of(shape), s, servers.namespace(s), size, percent);
        servers.verify(stream, new EchoClient());
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        measured = method.startsWith("dsoap") || method.startsWith("paired") ? servers.dsoap() : servers.plain();
        window = new CpuWindow(measured, measured::connectionCpu);
        server.watch(window);
        if (method.startsWith("paired")) {
            baselineWindow = new CpuWindow(servers.plain(), servers.plain()::connectionCpu);
            server.watchBaseline(baselineWindow);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        if (baselineWindow != null) {
            baselineWindow.awaitClosed();
        }
        if (measured == servers.dsoap()) {
            System.out.printf("%n[axis2] dsoap on %s: %s%n", stream, servers.stats(stream.style(), stream.shape()));
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

    private long call(EchoServer server, Client client) throws Exception {
        int length = stream.fill(next.getAndIncrement(), client.buffer);
        return post(server, client, length, window);
    }

    private long post(EchoServer server, Client client, int length, CpuWindow w) throws Exception {
        long start = System.nanoTime();
        long echoed = client.http.post(server.uri(stream.style()), client.buffer, length);
        w.completedSince(start);
        if (echoed < length / 2) {
            throw new IllegalStateException(server + " answered a " + length + "-byte request of " + stream
                    + " with only " + echoed + " bytes");
        }
        return echoed;
    }

    @Benchmark
    public long baselineAxis2(Client client, ServerCpu cpu) throws Exception {
        return call(servers.plain(), client);
    }

    @Benchmark
    public long dsoapAxis2(Client client, ServerCpu cpu) throws Exception {
        return call(servers.dsoap(), client);
    }

    @Benchmark
    @Threads(CLIENTS)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public long baselineAxis2Concurrent(Client client, ServerCpu cpu) throws Exception {
        return call(servers.plain(), client);
    }

    @Benchmark
    @Threads(CLIENTS)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public long dsoapAxis2Concurrent(Client client, ServerCpu cpu) throws Exception {
        return call(servers.dsoap(), client);
    }

    /**
     * dsoap and plain Axis2 in one run: one client posts each message to the server with dsoap.mar and the same message
     * to the plain server (a connection to each), each first in every other round ({@link dev.dsoap.bench.echo.Turns});
     * {@link dev.dsoap.bench.echo.Partners} records both servers'
     * CPU and each call's time. Both see the same moments of a shared machine, and one fork replaces two. Its time per
     * operation is the two calls together; the suite's report gives each side its own row.
     */
    @Benchmark
    public long pairedAxis2(Client client, dev.dsoap.bench.echo.Partners partners) throws Exception {
        long n = next.getAndIncrement();
        int length = stream.fill(n, client.buffer);
        return dev.dsoap.bench.echo.Turns.inTurn(n, () -> post(servers.dsoap(), client, length, window),
                () -> post(servers.plain(), client, length, baselineWindow));
    }

    /**
     * One client per benchmark thread, so each thread keeps its own connection (and server thread), with
     * the buffer its requests are assembled in.
     */
    @State(Scope.Thread)
    public static class Client {
        EchoClient http;
        byte[] buffer;

        @Setup(Level.Trial)
        public void open(Axis2EchoBench bench) {
            http = new EchoClient();
            buffer = new byte[bench.stream.maxLength()];
        }
    }
}
