package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.rpc.client.RPCServiceClient;
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
 * {@link EchoValues}, passed as {@code invokeBlocking(new QName(ns, "echoDoubles"), new Object[] {boxed}, new
 * Class<?>[] {double[].class})}.
 *
 * <p><b>Why boxed.</b> Captured on a loopback socket (RPCServiceClient, Axis2 2.0, default options), the two
 * forms a user could pass put different requests on the wire:
 * <ul>
 *   <li>a boxed {@code Double[]} {1.5, -2.25, 3.0}: one unqualified element per item, all named
 *       {@code item0}: {@code <echoDoubles xmlns="NS"><item0 xmlns="">1.5</item0><item0 xmlns="">-2.25</item0>
 *       <item0 xmlns="">3.0</item0></echoDoubles>}. Axis2's POJO receiver binds them by position to the
 *       {@code double[]} parameter and echoes the three values, with and without dsoap.mar;</li>
 *   <li>a primitive {@code double[]}: one {@code <arg0 xmlns="">} holding {@code <array>1.5</array>
 *       <array>-2.25</array><array>3.0</array>}. Axis2's POJO service answers it without a fault, but with an
 *       empty array: the values are silently lost (dsoap.mar leaves that request to Axis2, counted as a
 *       {@code REQUEST_SHAPE} fallback, and Axis2 answers the same).</li>
 * </ul>
 * The boxed form is therefore the one a user of this client passes for a {@code double[]} parameter.
 *
 * <p>{@code dsoapEngagedRpcClient} is the same call through {@code DsoapRpcServiceClient}, dsoap's
 * {@code RPCServiceClient}, on a configuration that engages dsoap.mar, against the server with dsoap.mar:
 * the request written by differential serialization and the response's values read by differential
 * deserialization on the client as well. Its score beside {@code dsoapRpcClient} is what the client side
 * gains; the setup checks that the client's dsoap counters show both directions carried.
 *
 * <p>Score: ms per call (client side: boxing, Axis2's client serialization and parsing included). The
 * auxiliary counters {@code serverCpuNanos}/{@code serverRequests} give the measured server's CPU time per
 * request, as in {@link Axis2EchoBench}; that is the figure this benchmark is for. The setup checks that the
 * measured server echoes two arrays bit for bit and, on the server with dsoap.mar, that dsoap read and wrote
 * both itself (no fallback to Axis2's path); the dsoap method's teardown prints dsoap's counters.
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
    /** Where the changed items fall: {@code clustered} (runs at the centre of 100 partitions), {@code scattered}, {@code every_kth}. */
    @Param({"clustered"})
    public String pattern;
    /** What a changed item's printed width does: {@code hard} (23-24 bytes each time), {@code changing} (short and long in turn). */
    @Param({"hard"})
    public String widths;

    private EchoServers servers;
    private EchoValues values;
    private EchoServer measured;
    private RPCServiceClient client;
    /** Whether the client is dsoap's engaged {@code DsoapRpcServiceClient}. */
    private boolean engaged;
    private QName echo;
    private long next;
    private CpuWindow window;
    /** The transport floor in front of the plain service, for {@code floorRpcClient}; else null. */
    private dev.dsoap.bench.echo.FloorServer floor;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        servers = EchoServers.start();
        values = new EchoValues(Shape.DOUBLES, size, percent, EchoValues.SEED,
                dev.dsoap.bench.deserialize.DdsMessages.Pattern.of(pattern),
                dev.dsoap.bench.deserialize.DdsMessages.Widths.of(widths));
        echo = new QName(servers.plain().namespace(Style.POJO), Shape.DOUBLES.operation);
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        measured = method.startsWith("dsoap") ? servers.dsoap() : servers.plain();
        engaged = method.equals("dsoapEngagedRpcClient");
        client = engaged ? measured.dsoapRpcClient() : new RPCServiceClient();
        client.getOptions().setTo(new EndpointReference(measured.uri(Style.POJO).toString()));
        client.getOptions().setTimeOutInMilliSeconds(120_000);
        OperationStats stats = servers.stats(Style.POJO, Shape.DOUBLES);
        long read = stats.get("MessagesRead");
        long written = stats.get("MessagesWritten");
        long fallbacks = stats.fallbacks();
        for (long n = 0; n < 2; n++) {
            double[] want = (double[]) values.values(n);
            String diff = EchoValues.difference(want, call(want));
            if (diff != null) {
                throw new IllegalStateException(measured + " echoed message " + n + " wrongly: " + diff);
            }
        }
        read = stats.get("MessagesRead") - read;
        written = stats.get("MessagesWritten") - written;
        fallbacks = stats.fallbacks() - fallbacks;
        long want = measured == servers.dsoap() ? 2 : 0;
        if (read != want || written != want || fallbacks != 0) {
            throw new IllegalStateException("dsoap did not carry the check's RPCServiceClient calls to " + measured
                    + " as expected (read " + read + ", written " + written + ", fallbacks " + fallbacks + "; expected "
                    + want + ", " + want + ", 0): " + stats);
        }
        if (engaged) {
            OperationStats mine = OperationStats.of("Axis2Operation", "client", "anonService", "anonOutInOp");
            long clientRead = mine.get("MessagesRead");
            long clientWritten = mine.get("MessagesWritten");
            call((double[]) values.values(2));
            if (mine.get("MessagesRead") - clientRead != 1 || mine.get("MessagesWritten") - clientWritten != 1) {
                throw new IllegalStateException("dsoap did not carry the engaged client's call both ways: " + mine);
            }
            next = 3;
        } else {
            next = 2;
        }
        if (method.startsWith("floor")) {
            floor = dev.dsoap.bench.echo.FloorServer.relaying(measured.uri(Style.POJO));
            client.getOptions().setTo(new EndpointReference(floor.uri().toString()));
            window = new CpuWindow(floor, floor::requestCpu);
        } else {
            window = new CpuWindow(measured, measured::connectionCpu);
        }
        server.watch(window);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        if (measured == servers.dsoap()) {
            System.out.printf("%n[axis2 RPCServiceClient] dsoap on %s: %s%n", values,
                    servers.stats(Style.POJO, Shape.DOUBLES));
        }
        if (engaged) {
            System.out.printf("[axis2 DsoapRpcServiceClient] client side: %s%n",
                    OperationStats.of("Axis2Operation", "client", "anonService", "anonOutInOp"));
        }
        if (floor != null) {
            System.out.printf("%n[axis2 RPCServiceClient] %s: %d requests%n", floor, floor.requests());
            floor.close();
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
            throw new IllegalStateException((floor != null ? floor : measured) + " echoed " + got.length + " of " + size + " items");
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

    @Benchmark
    public int dsoapEngagedRpcClient(ServerCpu cpu) throws Exception {
        return measuredCall();
    }

    /**
     * The transport floor: the same plain client calling a {@link dev.dsoap.bench.echo.FloorServer} (an HTTP server
     * that reads the request's bytes and answers with the plain service's answer to the first one, no SOAP work).
     * It runs on Jetty, not on Axis2's own HTTP transport, so it is the floor of moving these bytes on this machine,
     * not of Axis2's transport.
     */
    @Benchmark
    public int floorRpcClient(ServerCpu cpu) throws Exception {
        return measuredCall();
    }
}
