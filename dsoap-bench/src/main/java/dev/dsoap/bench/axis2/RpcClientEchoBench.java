package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.Shape;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.openjdk.jmh.annotations.AuxCounters;
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

import javax.xml.namespace.QName;
import java.util.concurrent.TimeUnit;

/**
 * The client Axis2 documents for POJO services, as users run it: a plain {@code RPCServiceClient} (default
 * options, no dsoap on the client) calling the POJO echo service of {@link EchoServers} on the plain server
 * ({@code baselineRpcClient}) and on the server with dsoap.mar ({@code dsoapRpcClient}). The argument is a
 * boxed {@code Double[]} of {@code size} items, {@code percent} % of them changed per call as in
 * {@link EchoValues}: {@code RPCServiceClient} writes each item as an unqualified {@code <item0>} element
 * (a primitive {@code double[]} becomes one {@code <arg0>} of {@code <array>} items, which dsoap leaves to
 * Axis2), and Axis2's RPC receiver binds them by position.
 *
 * <p>Score: ms per call (client side: boxing, Axis2's client serialization and parsing included). The
 * auxiliary counters {@code serverCpuNanos}/{@code serverRequests} give the measured server's CPU time per
 * request, as in {@link Axis2EchoBench}; that is the figure this benchmark is for. The setup checks that both
 * servers echo the values bit for bit; the dsoap method's teardown prints dsoap's counters, which must show
 * the requests read by dsoap (no {@code REQUEST_SHAPE} fallbacks).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class RpcClientEchoBench {
    @Param({"10000", "100000"})
    public int size;
    @Param({"0", "25", "100"})
    public int percent;

    private EchoServers servers;
    private EchoValues values;
    private EchoServer measured;
    private RPCServiceClient client;
    private QName echo;
    private long next;
    private CpuWindow window;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) throws Exception {
        servers = EchoServers.start();
        values = new EchoValues(Shape.DOUBLES, size, percent);
        echo = new QName(servers.plain().namespace(Style.POJO), Shape.DOUBLES.operation);
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        measured = method.startsWith("dsoap") ? servers.dsoap() : servers.plain();
        client = new RPCServiceClient();
        client.getOptions().setTo(new EndpointReference(measured.uri(Style.POJO).toString()));
        client.getOptions().setTimeOutInMilliSeconds(120_000);
        for (long n = 0; n < 2; n++) {
            double[] want = (double[]) values.values(n);
            String diff = EchoValues.difference(want, call(want));
            if (diff != null) {
                throw new IllegalStateException(measured + " echoed message " + n + " wrongly: " + diff);
            }
        }
        next = 2;
        window = new CpuWindow(measured, measured::connectionCpu);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        if (measured == servers.dsoap()) {
            System.out.printf("%n[axis2 RPCServiceClient] dsoap on %s: %s%n", values,
                    servers.stats(Style.POJO, Shape.DOUBLES));
        }
        client.cleanup();
        servers.close();
    }

    @Setup(Level.Iteration)
    public void openWindow() {
        window.open();
    }

    private double[] call(double[] v) throws Exception {
        Double[] boxed = new Double[v.length];
        for (int i = 0; i < v.length; i++) {
            boxed[i] = v[i];
        }
        try {
            return (double[]) client.invokeBlocking(echo, new Object[] {boxed}, new Class<?>[] {double[].class})[0];
        } finally {
            client.cleanupTransport();
        }
    }

    private int measuredCall() throws Exception {
        double[] got = call((double[]) values.values(next++));
        if (got.length != size) {
            throw new IllegalStateException(measured + " echoed " + got.length + " of " + size + " items");
        }
        window.completed();
        return got.length;
    }

    @Benchmark
    public int baselineRpcClient(ServerCpu cpu) throws Exception {
        return measuredCall();
    }

    @Benchmark
    public int dsoapRpcClient(ServerCpu cpu) throws Exception {
        return measuredCall();
    }

    /** The measured server's CPU time ({@code serverCpuNanos}, ns) and completed calls per iteration. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class ServerCpu {
        public long serverCpuNanos;
        public long serverRequests;

        @Setup(Level.Iteration)
        public void clear() {
            serverCpuNanos = 0;
            serverRequests = 0;
        }

        @TearDown(Level.Iteration)
        public void record(RpcClientEchoBench bench) {
            long[] w = bench.window.close();
            serverCpuNanos = w[0];
            serverRequests = w[1];
        }
    }
}
