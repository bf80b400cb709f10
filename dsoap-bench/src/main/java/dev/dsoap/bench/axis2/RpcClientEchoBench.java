package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.ServerWarmup;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.addressing.RelatesTo;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.OperationContext;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.wsdl.WSDLConstants;
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
 * <p>{@code features} switches on what production configurations switch on, the same on both servers and on the
 * client:
 * <ul>
 *   <li>{@code none} (default): Axis2's default configuration, {@code new RPCServiceClient()} with default options;</li>
 *   <li>{@code addressing}: WS-Addressing engaged on both servers (plain and with dsoap.mar) and on the client. The
 *       real addressing module ({@code addressing-2.0.0.mar}) is not obtainable here, so its stand-in
 *       {@link dev.dsoap.axis2.it.WsaHandlers} is engaged ({@code <module ref="wsatest"/>}), in the module's phases: each request and
 *       answer carries {@code wsa:To}, {@code wsa:Action}, {@code wsa:MessageID} (and the answer {@code wsa:RelatesTo})
 *       header blocks, and each side reads those of the other into its message context. The plain client is
 *       {@code new RPCServiceClient(ctx, null)} on a configuration of its own that engages the stand-in (not dsoap),
 *       with the action {@code urn:echoDoubles}; the engaged client's configuration is the dsoap server's, so it has
 *       both;</li>
 *   <li>{@code addressing_gzip}: as {@code addressing}, and the client compresses its requests
 *       ({@code HTTPConstants.MC_GZIP_REQUEST}, {@code Content-Encoding: gzip}). Answers stay uncompressed:
 *       compressing them needs AxisServlet, since Axis2's SimpleHTTPServer, which these servers run on, compresses an
 *       answer without saying so in {@code Content-Encoding}.</li>
 * </ul>
 * {@code dsoapEngagedRpcClient} takes every value: the engaged client reads answers past their WS-Addressing blocks,
 * which its addressing handlers read. {@code floorRpcClient} takes every value: the floor relays the plain server's answer to the first request, sent
 * with the client's features (its {@code Content-Encoding} included), and then only moves bytes.
 *
 * <p>Score: ms per call (client side: boxing, Axis2's client serialization and parsing included). The
 * auxiliary counters {@code serverCpuNanos}/{@code serverRequests} give the measured server's CPU time per
 * request, as in {@link Axis2EchoBench}; that is the figure this benchmark is for. The setup checks that the
 * measured server echoes two arrays bit for bit, with addressing that each answer's {@code wsa:RelatesTo} is its
 * request's {@code wsa:MessageID}, and, on the server with dsoap.mar, that dsoap read and wrote both itself (no
 * fallback to Axis2's path); the dsoap method's teardown prints dsoap's counters.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar 'RpcClientEchoBench.(baselineRpcClient|dsoapRpcClient)' -p size=10000 \
 *     -p percent=10 -p pattern=scattered -p widths=changing -p features=none,addressing,addressing_gzip
 * </pre>
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
    /**
     * The features switched on: {@code none} (Axis2's defaults), {@code addressing} (the WS-Addressing stand-in
     * {@link dev.dsoap.axis2.it.WsaHandlers} engaged on both servers and on the client) or {@code addressing_gzip} (and compressed
     * requests).
     */
    @Param({"none"})
    public String features;
    /**
     * How the client passes the array: {@code boxed} (a {@code Double[]}, one {@code item0} element per value, which
     * dsoap carries) or {@code primitive} (a {@code double[]}, which RPCServiceClient writes as one {@code arg0} of
     * {@code array} items: Axis2 answers it with an empty array, and dsoap leaves every such request to Axis2,
     * counted as {@code REQUEST_SHAPE}). {@code primitive} is a fallback's cell: what a request dsoap does not carry
     * costs beside the plain server.
     */
    @Param({"boxed"})
    public String form;

    private EchoServers servers;
    private EchoValues values;
    private EchoServer measured;
    private RPCServiceClient client;
    /** Whether the client is dsoap's engaged {@code DsoapRpcServiceClient}. */
    private boolean engaged;
    private QName echo;
    private long next;
    private CpuWindow window;
    /** The transport floor in front of the plain service, for {@code floorRpcClient} and {@code pairedRpcClient}; else null. */
    private dev.dsoap.bench.echo.FloorServer floor;
    /** The paired runs' plain clients of the plain service and (with the floor) of the floor, and their windows; else null. */
    private RPCServiceClient baselineClient;
    private RPCServiceClient floorClient;
    private CpuWindow baselineWindow;
    private CpuWindow floorWindow;
    /** Whether {@link dev.dsoap.axis2.it.WsaHandlers} are engaged on the servers and the client. */
    private boolean addressing;
    /** Whether the array is passed as a primitive {@code double[]} ({@link #form}). */
    private boolean primitive;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        boolean gzip;
        switch (features) {
            case "none" -> {
                addressing = false;
                gzip = false;
            }
            case "addressing" -> {
                addressing = true;
                gzip = false;
            }
            case "addressing_gzip" -> {
                addressing = true;
                gzip = true;
            }
            default -> throw new IllegalArgumentException("features: none, addressing, addressing_gzip; not " + features);
        }
        servers = EchoServers.start(addressing);
        try {
            start(params, server, gzip);
        } catch (Exception | Error e) {
            if (floor != null) {
                floor.close();
            }
            servers.close();
            throw e;
        }
    }

    private void start(BenchmarkParams params, MeasuredServer server, boolean gzip) throws Exception {
        values = new EchoValues(Shape.DOUBLES, size, percent, EchoValues.SEED,
                dev.dsoap.bench.deserialize.DdsMessages.Pattern.of(pattern),
                dev.dsoap.bench.deserialize.DdsMessages.Widths.of(widths));
        echo = new QName(servers.plain().namespace(Style.POJO), Shape.DOUBLES.operation);
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        boolean paired = method.startsWith("paired");
        measured = method.startsWith("dsoap") || paired ? servers.dsoap() : servers.plain();
        engaged = method.equals("dsoapEngagedRpcClient");
        if (engaged) {
            client = measured.dsoapRpcClient(); // on the server's configuration: addressing engaged there too, if on
            options(client, measured.uri(Style.POJO).toString(), gzip);
        } else {
            client = plainClient(measured.uri(Style.POJO).toString(), gzip);
        }
        switch (form) {
            case "boxed" -> primitive = false;
            case "primitive" -> primitive = true;
            default -> throw new IllegalArgumentException("form: boxed, primitive; not " + form);
        }
        if (primitive && (method.startsWith("floor") || method.endsWith("WithFloor") || engaged)) {
            throw new IllegalArgumentException("form=primitive is a fallback's cell: baselineRpcClient, dsoapRpcClient and "
                    + "pairedRpcClient only");
        }
        if (paired) {
            baselineClient = plainClient(servers.plain().uri(Style.POJO).toString(), gzip);
            for (long n = 0; n < 2; n++) {
                double[] want = (double[]) values.values(n);
                String diff = EchoValues.difference(primitive ? new double[0] : want, call(baselineClient, want));
                if (diff != null) {
                    throw new IllegalStateException(servers.plain() + " echoed message " + n + " wrongly: " + diff);
                }
                if (addressing) {
                    checkRelatesTo(baselineClient, n);
                }
            }
        }
        OperationStats stats = servers.stats(Style.POJO, Shape.DOUBLES);
        long read = stats.get("MessagesRead");
        long written = stats.get("MessagesWritten");
        long fallbacks = stats.fallbacks();
        long shapeBefore = stats.map("ReadFallbacks").getOrDefault("REQUEST_SHAPE", 0L);
        for (long n = 0; n < 2; n++) {
            double[] want = (double[]) values.values(n);
            // a primitive array reaches Axis2's POJO receiver as no items: Axis2 answers an empty array, so must dsoap
            String diff = EchoValues.difference(primitive ? new double[0] : want, call(client, want));
            if (diff != null) {
                throw new IllegalStateException(measured + " echoed message " + n + " wrongly: " + diff);
            }
            if (addressing) {
                checkRelatesTo(client, n);
            }
        }
        read = stats.get("MessagesRead") - read;
        written = stats.get("MessagesWritten") - written;
        fallbacks = stats.fallbacks() - fallbacks;
        long want = measured == servers.dsoap() && !primitive ? 2 : 0;
        long wantFallbacks = measured == servers.dsoap() && primitive ? 2 : 0;
        if (primitive && measured == servers.dsoap()) {
            // the requests go Axis2's way, counted as REQUEST_SHAPE; whoever writes the (empty) answers
            read = want;
            written = want;
            fallbacks = stats.map("ReadFallbacks").getOrDefault("REQUEST_SHAPE", 0L) - shapeBefore;
        }
        if (read != want || written != want || fallbacks != wantFallbacks) {
            throw new IllegalStateException("dsoap did not carry the check's RPCServiceClient calls to " + measured
                    + " as expected (read " + read + ", written " + written + ", fallbacks " + fallbacks + "; expected "
                    + want + ", " + want + ", " + wantFallbacks + "): " + stats);
        }
        if (engaged) {
            OperationStats mine = OperationStats.of("Axis2Operation", "client", "anonService", "anonOutInOp");
            long clientRead = mine.get("MessagesRead");
            long clientWritten = mine.get("MessagesWritten");
            call(client, (double[]) values.values(2));
            if (addressing) {
                checkRelatesTo(client, 2);
            }
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
        if (paired) {
            baselineWindow = new CpuWindow(servers.plain(), servers.plain()::connectionCpu);
            server.watchBaseline(baselineWindow);
            if (method.endsWith("WithFloor")) {
                floor = dev.dsoap.bench.echo.FloorServer.relaying(servers.plain().uri(Style.POJO));
                floorClient = plainClient(floor.uri().toString(), gzip);
                floorWindow = new CpuWindow(floor, floor::requestCpu);
                server.watchFloor(floorWindow);
            }
        }
        warmServers(gzip);
        server.watch(window);
    }

    /**
     * Both servers serve {@link ServerWarmup#REQUESTS} small requests first, in this cell's form, through clients of
     * their own: two at once, one a core, each with its own {@code RPCServiceClient}s.
     */
    private void warmServers(boolean gzip) throws Exception {
        int want = primitive ? 0 : ServerWarmup.ITEMS;
        java.util.List<RPCServiceClient> made = new java.util.ArrayList<>();
        try {
            java.util.List<ServerWarmup.Round> clients = new java.util.ArrayList<>();
            for (int c = 0; c < 2; c++) {
                RPCServiceClient toDsoap = plainClient(servers.dsoap().uri(Style.POJO).toString(), gzip);
                made.add(toDsoap);
                RPCServiceClient toPlain = plainClient(servers.plain().uri(Style.POJO).toString(), gzip);
                made.add(toPlain);
                clients.add(sent -> {
                    if (call(toDsoap, sent).length != want || call(toPlain, sent).length != want) {
                        throw new IllegalStateException("a warm-up request was not echoed whole");
                    }
                });
            }
            ServerWarmup.run("axis2 RPCServiceClient", pattern, widths, clients);
        } finally {
            for (RPCServiceClient c : made) {
                c.cleanup();
            }
        }
    }

    /** A plain {@code RPCServiceClient} of {@code to}, with the features on (its own configuration's, if addressing). */
    private RPCServiceClient plainClient(String to, boolean gzip) throws AxisFault {
        RPCServiceClient c = addressing ? new RPCServiceClient(servers.addressingClients(), null) : new RPCServiceClient();
        options(c, to, gzip);
        return c;
    }

    private void options(RPCServiceClient c, String to, boolean gzip) {
        c.getOptions().setTo(new EndpointReference(to));
        c.getOptions().setTimeOutInMilliSeconds(120_000);
        if (addressing) {
            c.getOptions().setAction("urn:" + Shape.DOUBLES.operation);
        }
        if (gzip) {
            c.getOptions().setProperty(HTTPConstants.MC_GZIP_REQUEST, Boolean.TRUE);
        }
    }

    /** Checks that the answer to the last call carries a wsa:RelatesTo equal to its request's wsa:MessageID. */
    private void checkRelatesTo(RPCServiceClient c, long n) throws AxisFault {
        OperationContext op = c.getLastOperationContext();
        MessageContext out = op.getMessageContext(WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
        MessageContext in = op.getMessageContext(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        String id = out == null ? null : out.getMessageID();
        RelatesTo relates = in == null ? null : in.getRelatesTo();
        if (id == null || relates == null || !id.equals(relates.getValue())) {
            throw new IllegalStateException(measured + ", features=" + features + ": the answer to message " + n
                    + " does not relate to its request (request wsa:MessageID " + id + ", answer wsa:RelatesTo "
                    + (relates == null ? null : relates.getValue()) + ")");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        for (CpuWindow w : new CpuWindow[] {baselineWindow, floorWindow}) {
            if (w != null) {
                w.awaitClosed();
            }
        }
        if (measured == servers.dsoap()) {
            System.out.printf("%n[axis2 RPCServiceClient, features=%s] dsoap on %s: %s%n", features, values,
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
        for (RPCServiceClient c : new RPCServiceClient[] {client, baselineClient, floorClient}) {
            if (c != null) {
                c.cleanup();
            }
        }
        servers.close();
    }

    @Setup(Level.Iteration)
    public void openWindow() {
        window.open();
        for (CpuWindow w : new CpuWindow[] {baselineWindow, floorWindow}) {
            if (w != null) {
                w.open();
            }
        }
    }

    private double[] call(RPCServiceClient client, double[] v) throws Exception {
        Object arg = v;
        if (!primitive) {
            Double[] boxed = new Double[v.length];
            for (int i = 0; i < v.length; i++) {
                boxed[i] = v[i];
            }
            arg = boxed;
        }
        try {
            return (double[]) client.invokeBlocking(echo, new Object[] {arg}, new Class<?>[] {double[].class})[0];
        } finally {
            client.cleanupTransport();
        }
    }

    private int measuredCall() throws Exception {
        long n = next++;
        double[] sent = (double[]) values.values(n);
        java.util.concurrent.Callable<Integer> own = () -> timedCall(client, sent, window,
                floor != null && floorClient == null ? floor : measured);
        if (baselineClient == null) {
            return own.call();
        }
        java.util.concurrent.Callable<Integer> plain = () -> timedCall(baselineClient, sent, baselineWindow, servers.plain());
        return floorClient == null ? dev.dsoap.bench.echo.Turns.inTurn(n, own, plain)
                : dev.dsoap.bench.echo.Turns.inTurn(n, own, plain, () -> timedCall(floorClient, sent, floorWindow, floor));
    }

    private int timedCall(RPCServiceClient c, double[] sent, CpuWindow w, Object server) throws Exception {
        long start = System.nanoTime();
        double[] got = call(c, sent);
        w.completedSince(start);
        if (got.length != (primitive ? 0 : size)) {
            throw new IllegalStateException(server + " echoed " + got.length + " of " + size + " items");
        }
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

    /**
     * dsoap and plain Axis2 in one run: each request goes from a plain client to the server with dsoap.mar and from a
     * second plain client to the plain server, each first in every other round ({@link dev.dsoap.bench.echo.Turns});
     * {@link dev.dsoap.bench.echo.Partners} records each server's CPU and each
     * call's time. Both see the same moments of a shared machine, and one fork replaces two. Its time per operation is
     * the calls together; the suite's report gives each side its own row.
     */
    @Benchmark
    public int pairedRpcClient(dev.dsoap.bench.echo.Partners partners) throws Exception {
        return measuredCall();
    }

    /**
     * As {@link #pairedRpcClient}, and each request also from a third plain client to a transport floor in front of the
     * plain server (not with a primitive array): dsoap, plain Axis2 and the floor at the same moments.
     */
    @Benchmark
    public int pairedRpcClientWithFloor(dev.dsoap.bench.echo.Partners partners) throws Exception {
        return measuredCall();
    }
}
