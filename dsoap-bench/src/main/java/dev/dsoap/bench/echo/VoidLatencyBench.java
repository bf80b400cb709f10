package dev.dsoap.bench.echo;

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

import java.util.concurrent.TimeUnit;

/**
 * The latency of an empty call, end to end over loopback (echoVoid latency): the operation
 * {@code void echoVoid()}, no parameters and no result, on the end-to-end benchmarks' servers in this JVM, one
 * client calling one call at a time: µs per call. What is left when there are no values is the host's own
 * cost (HTTP, dispatch, envelope, invocation) and the fixed cost dsoap adds to it or saves; it is the floor
 * under every point of the echo benchmarks. {@code host} chooses the pair ({@link VoidPair#start}):
 *
 * <ul>
 *   <li>{@code axis2}: the POJO service {@code axis2.EchoService} on the two Axis2 2.0 SimpleHTTPServers of
 *       {@code axis2.Axis2EchoBench}, one engaging dsoap.mar. Axis2 deploys a void POJO method as an
 *       <em>in-only</em> operation: the request is an empty wrapper {@code <ns:echoVoid/>}, and the server
 *       invokes the method, then answers HTTP 202 (Accepted) with no body. dsoap reads the request on its
 *       fast path and has no response to write. Both methods' clients post the same bytes with the JDK's
 *       HTTP client over a kept-alive connection, as in the Axis2 echo benchmark ({@code axis2.Axis2VoidPair}).</li>
 *   <li>{@code cxf}: {@code cxf.EchoPort#echoVoid} on the two CXF 4 endpoints of {@code cxf.CxfEchoBench}
 *       (Jetty): an empty request wrapper answered with an empty response wrapper, through JAX-WS proxies,
 *       plain ones for the baseline, ones with {@code DifferentialSoapFeature} for dsoap, so that dsoap
 *       writes and reads every message of the dsoap pair on both sides ({@code cxf.CxfVoidPair}).</li>
 * </ul>
 *
 * <p>{@code baselineVoid} calls the plain server with a plain client, {@code dsoapVoid} the dsoap server with a
 * dsoap client (on Axis2, the same raw client). A call fails the run unless it is answered as the host answers
 * {@code echoVoid} (Axis2: 202 and no body; CXF: no fault). The setup checks once that both servers answer
 * and that dsoap carried the dsoap server's messages itself, with no fallback to the host's path: on Axis2,
 * dsoap read the check's 2 requests and wrote nothing; on CXF, it read and wrote the 2 requests and the 2
 * responses on both sides ({@link VoidPair#verify}). The teardown of {@code dsoapVoid} prints dsoap's counters.
 *
 * <p><b>Server CPU per request.</b> As in the echo benchmarks: the auxiliary counters {@code serverCpuNanos}
 * and {@code serverRequests} (JMH "events", totals over the measurement iterations) are, per iteration, the CPU
 * time of the measured server's request threads and the calls completed, read at the iteration's setup and
 * teardown when no call is in flight ({@link CpuWindow}); their ratio is the server's CPU time per request.
 * GC and JIT threads are not counted. The fork pre-touches its 1 GB heap ({@code -XX:+AlwaysPreTouch}) so
 * that first-touch page faults are not charged to the server's threads.
 *
 * <p><b>Warm-up: 5 iterations of 2 s.</b> Cold, an empty call costs about 1 ms of wall time and 0.3-0.5 ms of
 * server CPU on either host: the interpreter runs the host's whole HTTP, dispatch and envelope stack. On two
 * cores the JIT needs some 10 s of calls to compile it, after which a call costs a few hundred µs (Axis2, measured
 * 2026-11-21 in blocks of 5000 calls: about 1.1 ms, 0.5 ms, then 0.3-0.5 ms of wall time per call). With the
 * echo benchmarks' 6 s of warm-up the first measured iterations were still getting faster; the short suite's 1 s
 * measured mostly the interpreter, which is why echoVoid is left to the full suite.
 *
 * <p>One instance is shared by the client threads (one, unless JMH is told otherwise): the call counter is
 * a {@link CpuWindow}.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar VoidLatencyBench -p host=axis2,cxf
 * java -jar dsoap-bench/target/benchmarks.jar --suite full --only VoidLatencyBench
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class VoidLatencyBench {
    @Param({"axis2", "cxf"})
    public String host;

    VoidPair pair;
    /** Whether this fork's benchmark method is {@code dsoapVoid}. */
    boolean dsoap;
    /** The measured server's CPU time and completed calls per iteration. */
    CpuWindow window;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        start(method.startsWith("dsoap"));
        server.watch(window);
    }

    /** The trial setup for {@code dsoapVoid} ({@code dsoapMethod}) or {@code baselineVoid}. */
    void start(boolean dsoapMethod) throws Exception {
        pair = VoidPair.start(host);
        try {
            pair.verify();
        } catch (Exception | Error e) {
            pair.close();
            throw e;
        }
        dsoap = dsoapMethod;
        window = new CpuWindow(pair.server(dsoap), () -> pair.cpu(dsoap));
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        if (dsoap) {
            System.out.printf("%n[%s] dsoap on echoVoid: %s%n", host, pair.describe());
        }
        pair.close();
    }

    /** Runs before any client starts the iteration. */
    @Setup(Level.Iteration)
    public void openWindow() {
        window.open();
    }

    @Benchmark
    public void baselineVoid(Client client, ServerCpu cpu) throws Exception {
        client.caller.call();
        window.completed();
    }

    @Benchmark
    public void dsoapVoid(Client client, ServerCpu cpu) throws Exception {
        client.caller.call();
        window.completed();
    }

    /** One client per benchmark thread, with its own connection: a dsoap one for {@code dsoapVoid}. */
    @State(Scope.Thread)
    public static class Client {
        VoidPair.Caller caller;

        @Setup(Level.Trial)
        public void open(VoidLatencyBench bench) {
            caller = bench.pair.caller(bench.dsoap);
        }
    }
}
