package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.ServerWarmup;
import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.Partners;
import dev.dsoap.bench.echo.Turns;
import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.Shape;
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

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * The CXF client most users have: a plain JAX-WS proxy ({@code Service.create(URL?wsdl, QName).getPort(EchoPort.class)})
 * with CXF's default client settings, no dsoap on it, calling the endpoints of {@link CxfEchoServers}: the plain
 * one ({@code baselinePlainProxy}: CXF + JAXB on both sides) and the one annotated with {@code @DifferentialSoap}
 * ({@code dsoapPlainProxy}: dsoap reads the requests and writes the responses on the server only). Unlike
 * {@link CxfEchoBench}, whose proxies send 64 KiB HTTP chunks and whose dsoap proxies carry
 * {@code DifferentialSoapFeature}, these proxies set no {@code HTTPClientPolicy} at all
 * ({@link CxfEchoServers#defaultPort}): requests leave in CXF's default 4 KiB chunks, which cost the server more
 * reads per request. The client bus raises only CXF's reader limit on child elements, without which a default
 * proxy faults on a response of 100K items.
 *
 * <p>Call {@code n} echoes array {@code n} of an {@link EchoValues} stream of doubles ({@code size} items,
 * {@code percent} % of them changed from one array to the next), as the other end-to-end benchmarks do. Score: ms
 * per call, one client, one call at a time (the client's JAXB work included). The auxiliary counters
 * {@code serverCpuNanos}/{@code serverRequests} give the measured endpoint's CPU time per request
 * ({@link CxfEchoServer#requestCpu()}), as in {@link CxfEchoBench}: the figure this benchmark is for. The setup
 * checks that the endpoint echoes arrays 0 and 1 bit for bit through the proxy measured, and that dsoap read and
 * wrote them itself on the dsoap endpoint and carried nothing on the client
 * ({@link CxfEchoServers#verifyDefaultPort}); a call fails the run unless it returns as many items as it sent.
 *
 * <p>{@code features} switches on the standard features production endpoints switch on, on both endpoints and on the
 * proxy alike: {@code none} (default), {@code logging_addressing} (CXF's {@code LoggingFeature} and
 * {@code WSAddressingFeature}) or {@code logging_addressing_gzip} (and {@code GZIPFeature}: requests and answers
 * compressed). The log entries go to a sender that counts and drops them: CXF still builds every entry, payload
 * included (up to the feature's default limit), as for any sender; writing them out would cost both endpoints the
 * same. With features on, the setup also checks that the check's exchanges were logged on both sides. The floor
 * runs with {@code none} only (its relayed answer would not relate to later requests).
 *
 * <p>{@code chunks=64k} gives every proxy of the run 64 KiB request chunks ({@code HTTPClientPolicy}), after the
 * setup's checked calls; {@code default} leaves CXF's 4 KiB.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar --suite short --only CxfPlainProxyEchoBench
 * java -jar dsoap-bench/target/benchmarks.jar 'CxfPlainProxyEchoBench.(baseline|dsoap)PlainProxy' -p size=10000 \
 *     -p percent=10 -p pattern=scattered -p widths=changing -p features=none,logging_addressing,logging_addressing_gzip
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class CxfPlainProxyEchoBench {
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
     * The standard features on the endpoints and the proxy: {@code none}, {@code logging_addressing},
     * {@code logging_addressing_gzip}; or JAX-WS handlers on the endpoints only ({@link BenchHandlers}):
     * {@code header_reader}, {@code header_stamper}, {@code header_handlers} (both), {@code timing} (message context
     * properties only), {@code logical_passing} (a logical handler letting every message pass), {@code payload_logger}
     * (writes every message out whole: each goes the host's way).
     */
    @Param({"none"})
    public String features;
    /**
     * The proxies' request chunks: {@code default} (CXF's 4 KiB, no {@code HTTPClientPolicy}) or {@code 64k}
     * ({@code HTTPClientPolicy.setChunkLength(65536)}, as a user sending large arrays sets it): fewer, larger chunks
     * make the transport floor lower, so dsoap's own work weighs more beside it.
     */
    @Param({"default"})
    public String chunks;
    /**
     * The transport floor's server ({@link dev.dsoap.bench.echo.FloorServer}): {@code jetty} (a handler of Jetty's own,
     * below the servlet layer: the floor before this parameter) or {@code servlet} (a servlet on Jetty's servlet layer,
     * which CXF's Jetty transport reads and writes through: what any SOAP stack on CXF's server costs at least; the
     * suite's floor cells run it).
     */
    @Param({"jetty"})
    public String floor;

    /** Log entries the endpoints and proxies built, dropped. */
    static final java.util.concurrent.atomic.LongAdder LOGGED = new java.util.concurrent.atomic.LongAdder();

    private CxfEchoServers servers;
    private EchoValues values;
    private boolean dsoap;
    private CxfEchoServer measured;
    /** The transport floor in front of the plain endpoint, for {@code floorPlainProxy} and {@code pairedPlainProxy}; else null. */
    private dev.dsoap.bench.echo.FloorServer floorServer;
    private EchoPort port;
    /** The paired runs' proxies calling the plain endpoint and (with the floor) the floor, and their windows; else null. */
    private EchoPort baselinePort;
    private EchoPort floorPort;
    private CpuWindow baselineWindow;
    private CpuWindow floorWindow;
    private long next;
    private CpuWindow window;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        boolean paired = method.startsWith("paired");
        boolean withPlain = paired && !method.equals("pairedFloorProxy");
        boolean withFloor = method.endsWith("WithFloor") || paired && !withPlain;
        dsoap = method.startsWith("dsoap") || paired;
        boolean atFloor = method.startsWith("floor");
        if (!floor.equals("servlet") && !floor.equals("jetty")) {
            throw new IllegalArgumentException("floor: servlet or jetty, not " + floor);
        }
        if ((atFloor || withFloor) && !features.equals("none")) {
            throw new IllegalStateException(method + " runs with features=none only, not " + features);
        }
        servers = CxfEchoServers.start(() -> features(features), () -> BenchHandlers.serverOnly(features)
                ? java.util.List.of() : features(features));
        try {
            values = new EchoValues(Shape.DOUBLES, size, percent, EchoValues.SEED,
                    dev.dsoap.bench.deserialize.DdsMessages.Pattern.of(pattern),
                    dev.dsoap.bench.deserialize.DdsMessages.Widths.of(widths));
            measured = dsoap ? servers.dsoap() : servers.plain();
            port = servers.defaultPort(dsoap);
            long logged = LOGGED.sum();
            servers.verifyDefaultPort(port, dsoap, values, BenchHandlers.carried(features));
            if (withPlain) {
                baselinePort = servers.defaultPort(false);
                servers.verifyDefaultPort(baselinePort, false, values);
            }
            if (features.startsWith("logging") && LOGGED.sum() - logged < (paired ? 16 : 8)) {
                throw new IllegalStateException("the check's exchanges made " + (LOGGED.sum() - logged)
                        + " log entries; with logging on both sides each makes 4");
            }
            if (atFloor || withFloor) {
                floorServer = dev.dsoap.bench.echo.FloorServer.relaying(servers.plain().uri(), floor.equals("servlet"));
            }
            if (atFloor) {
                CxfEchoServers.via(port, floorServer.uri().toString());
            } else if (paired) {
                if (withPlain) {
                    baselineWindow = new CpuWindow(servers.plain(), servers.plain()::requestCpu);
                    server.watchBaseline(baselineWindow);
                }
                if (floorServer != null) {
                    floorPort = servers.defaultPort(false);
                    CxfEchoServers.via(floorPort, floorServer.uri().toString());
                    floorWindow = new CpuWindow(floorServer, floorServer::requestCpu);
                    server.watchFloor(floorWindow);
                }
            }
        } catch (Exception | Error e) {
            if (floorServer != null) {
                floorServer.close();
            }
            servers.close();
            throw e;
        }
        warmServers();
        next = 2;
        chunk(port);
        chunk(baselinePort);
        chunk(floorPort);
        window = atFloor ? new CpuWindow(floorServer, floorServer::requestCpu) : new CpuWindow(measured, measured::requestCpu);
        server.watch(window);
    }

    /**
     * Both endpoints serve {@link ServerWarmup#REQUESTS} small requests first, through proxies of their own: two
     * clients at once, one a core, each with its own proxies (one client leaves a core idle while it waits).
     */
    private void warmServers() throws Exception {
        java.util.List<ServerWarmup.Round> clients = new java.util.ArrayList<>();
        for (int c = 0; c < 2; c++) {
            EchoPort toDsoap = servers.defaultPort(true);
            EchoPort toPlain = servers.defaultPort(false);
            clients.add(sent -> {
                if (toDsoap.echoDoubles(sent).length != sent.length || toPlain.echoDoubles(sent).length != sent.length) {
                    throw new IllegalStateException("a warm-up request was not echoed whole");
                }
            });
        }
        ServerWarmup.run("cxf, plain proxy", pattern, widths, clients);
    }

    /** Gives {@code p} (when not null) the request chunks of {@link #chunks}. */
    private void chunk(EchoPort p) {
        switch (chunks) {
            case "default" -> { }
            case "64k" -> {
                if (p != null) {
                    ((org.apache.cxf.transport.http.HTTPConduit) org.apache.cxf.frontend.ClientProxy.getClient(p)
                            .getConduit()).getClient().setChunkLength(64 * 1024);
                }
            }
            default -> throw new IllegalArgumentException("chunks: default or 64k, not " + chunks);
        }
    }

    /** New instances of the features {@code name} switches on, for one endpoint or proxy. */
    static java.util.List<org.apache.cxf.feature.Feature> features(String name) {
        java.util.List<org.apache.cxf.feature.Feature> f = new java.util.ArrayList<>();
        switch (name) {
            case "none" -> { }
            case "logging_addressing", "logging_addressing_gzip" -> {
                org.apache.cxf.ext.logging.LoggingFeature logging = new org.apache.cxf.ext.logging.LoggingFeature();
                logging.setSender(event -> LOGGED.increment());
                f.add(logging);
                f.add(new org.apache.cxf.ws.addressing.WSAddressingFeature());
                if (name.endsWith("gzip")) {
                    f.add(new org.apache.cxf.transport.common.gzip.GZIPFeature());
                }
            }
            case "header_reader", "header_stamper", "header_handlers", "payload_logger", "timing", "logical_passing" ->
                    f.add(BenchHandlers.feature(name));
            default -> throw new IllegalArgumentException("features: none, logging_addressing, logging_addressing_gzip,"
                    + " header_reader, header_stamper, header_handlers, payload_logger, timing, logical_passing; not " + name);
        }
        return f;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        for (CpuWindow w : new CpuWindow[] {baselineWindow, floorWindow}) {
            if (w != null) {
                w.awaitClosed();
            }
        }
        if (dsoap) {
            System.out.printf("%n[cxf, plain proxy with default settings, features=%s] dsoap on %s: server %s%n", features, values,
                    servers.describe("server", values.shape()));
        }
        if (floorServer != null) {
            System.out.printf("%n[cxf, plain proxy with default settings] %s: %d requests%n", floorServer,
                    floorServer.requests());
            floorServer.close();
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

    private double[] call() throws Exception {
        long n = next++;
        double[] sent = (double[]) values.values(n);
        Object own = floorServer != null && floorPort == null ? floorServer : measured;
        if (baselinePort == null && floorPort == null) {
            return timed(port, sent, window, own);
        }
        Callable<double[]> dsoapCall = () -> timed(port, sent, window, own);
        if (baselinePort == null) {
            return Turns.inTurn(n, dsoapCall, () -> timed(floorPort, sent, floorWindow, floorServer));
        }
        Callable<double[]> plainCall = () -> timed(baselinePort, sent, baselineWindow, servers.plain());
        return floorPort == null ? Turns.inTurn(n, dsoapCall, plainCall)
                : Turns.inTurn(n, dsoapCall, plainCall, () -> timed(floorPort, sent, floorWindow, floorServer));
    }

    /** One call through {@code p} to {@code server}, counted in {@code w}; fails unless as many items come back. */
    private double[] timed(EchoPort p, double[] sent, CpuWindow w, Object server) {
        long start = System.nanoTime();
        double[] got = p.echoDoubles(sent);
        w.completedSince(start);
        if (got == null || got.length != size) {
            throw new IllegalStateException(server + " echoed " + CxfEchoServers.items(got) + " of " + size + " items");
        }
        return got;
    }

    @Benchmark
    public double[] baselinePlainProxy(ServerCpu cpu) throws Exception {
        return call();
    }

    @Benchmark
    public double[] dsoapPlainProxy(ServerCpu cpu) throws Exception {
        return call();
    }

    /**
     * The transport floor: the same proxy calling a {@link dev.dsoap.bench.echo.FloorServer} (Jetty, no SOAP work: it
     * reads the request's bytes and answers with the plain endpoint's answer to the first one; behind Jetty's servlet
     * layer as CXF's endpoints are, or below it, as {@link #floor} says). Its server CPU per
     * request is what moving these bytes costs; the echoed values are the first call's, so only their count is checked.
     */
    @Benchmark
    public double[] floorPlainProxy(ServerCpu cpu) throws Exception {
        return call();
    }

    /**
     * dsoap and plain CXF in one run: each request goes to the {@code @DifferentialSoap} endpoint and, through a second
     * plain proxy (a connection of its own), to the plain endpoint, each first in every other round
     * ({@link dev.dsoap.bench.echo.Turns}); {@link dev.dsoap.bench.echo.Partners}
     * records each endpoint's CPU and each call's time. Separate runs of {@code dsoapPlainProxy} and
     * {@code baselinePlainProxy} on this shared machine drifted by a fifth between them; here both see the same
     * moments, and one fork replaces two. Its time per operation is the calls together; the suite's report gives each
     * side its own row.
     */
    @Benchmark
    public double[] pairedPlainProxy(Partners partners) throws Exception {
        return call();
    }

    /**
     * As {@link #pairedPlainProxy}, and each request also through a third plain proxy to a transport floor in front of
     * the plain endpoint ({@code features=none} only): dsoap, plain CXF and the floor at the same moments.
     */
    @Benchmark
    public double[] pairedPlainProxyWithFloor(Partners partners) throws Exception {
        return call();
    }

    /**
     * dsoap and the transport floor in turn, without plain CXF ({@code features=none} only): whether the plain calls
     * between them in {@link #pairedPlainProxyWithFloor} (each some 100 ms of parsing and allocating at 100K doubles)
     * move the ratio of dsoap to the floor.
     */
    @Benchmark
    public double[] pairedFloorProxy(Partners partners) throws Exception {
        return call();
    }
}
