package dev.dsoap.bench.metro;

import dev.dsoap.bench.deserialize.DdsMessages;
import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Partners;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.echo.ThreadCpu;
import dev.dsoap.bench.echo.Turns;
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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Eclipse Metro endpoints called by the Metro client most users have: a plain Metro proxy
 * ({@code Service.create(URL?wsdl, QName).getPort(...)}, default settings: requests with a {@code Content-Length}),
 * calling a plain Metro endpoint ({@code baselinePlainProxy}: Metro + JAXB) and the same endpoint with
 * {@code @DifferentialSoap} ({@code dsoapPlainProxy}: dsoap reads the requests and writes the answers), each published
 * with {@code Endpoint.create(...).publish(HttpContext)} on a JDK HTTP server of its own (the server Metro's
 * {@code Endpoint.publish} uses), or in a Tomcat of its own as a {@code sun-jaxws.xml} web application
 * ({@code container}). Metro runs in a class loader of its own ({@link MetroWorlds}).
 *
 * <p>Paired runs only, as the CXF plain-proxy points: each request of an {@link EchoValues} stream of doubles
 * ({@code size} items, {@code percent} % of them changed from one call to the next, where {@code pattern} says, to values
 * whose printed width {@code widths} says) goes to the dsoap endpoint and through a second proxy to the plain one (and
 * with the floor, through a third to a transport floor: the same kind of JDK HTTP server in front of the plain endpoint,
 * doing no SOAP work), each first in turn. {@link Partners} gives each server's CPU per request: the CPU time of the
 * server's own request threads (its executor's; the JDK server's single dispatcher thread, which accepts connections
 * and hands them over, is not counted, on any side alike). The setup checks that both endpoints echo arrays 0 and 1 bit
 * for bit, and that dsoap read and wrote them itself (or, with the payload logger, that they went Metro's way, counted).
 *
 * <p>{@code pairedPeers} is the binary anchor: each side's own peers in their binary forms, as a shop with one kind of
 * client on both ends would run them. The plain endpoint is called by a Metro proxy negotiating Fast Infoset (Metro's
 * binary XML; {@code ContentNegotiation.pessimistic}, requests and answers in Fast Infoset after the first), the dsoap
 * endpoint by dsoap's own client ({@code DsoapClient}) in dsoap's binary form (performance mode: binary answers from the
 * first call, binary requests from the second). The setup checks that the plain endpoint received Fast Infoset requests
 * and the dsoap endpoint binary ones ({@code container=jdk}, {@code features=none} only).
 *
 * <p>{@code features} puts the same JAX-WS handlers on both endpoints: {@code none}, {@code header_reader},
 * {@code header_stamper}, {@code header_handlers} (both), {@code timing}, {@code logical_passing},
 * {@code payload_logger} (as the CXF points' handlers).
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar 'MetroPlainProxyEchoBench.pairedPlainProxyWithFloor' -p size=10000
 * java -jar dsoap-bench/target/benchmarks.jar 'MetroPlainProxyEchoBench.pairedPlainProxy$' -p size=10000 \
 *     -p features=none,header_reader,header_stamper,header_handlers,timing,logical_passing,payload_logger
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class MetroPlainProxyEchoBench {
    @Param({"10000", "100000"})
    public int size;
    @Param({"10"})
    public int percent;
    /** Where the changed items fall: {@code clustered}, {@code scattered}, {@code every_kth}. */
    @Param({"scattered"})
    public String pattern;
    /** What a changed item's printed width does: {@code hard}, {@code changing}, {@code mixed}. */
    @Param({"changing"})
    public String widths;
    /** The JAX-WS handlers on both endpoints (see the class comment). */
    @Param({"none"})
    public String features;
    /**
     * Where the endpoints run: {@code jdk} (the JDK HTTP server, {@code Endpoint.create(...).publish(HttpContext)}) or
     * {@code tomcat} (an embedded Tomcat 10.1 running a web application whose {@code WEB-INF/sun-jaxws.xml} declares the
     * endpoint, served by Metro's {@code WSServlet}; {@code features=none} only); the floor is the same kind of server.
     */
    @Param({"jdk"})
    public String container;

    private static final AtomicInteger IDS = new AtomicInteger();
    private static final String SERVICE = "DsoapEchoService.EchoPort";

    private MetroWorlds.World world;
    private EchoValues values;
    private Function<double[], double[]> dsoapPort;
    private Function<double[], double[]> plainPort;
    private Function<double[], double[]> floorPort;
    private CpuWindow window;
    private CpuWindow baselineWindow;
    private CpuWindow floorWindow;
    private String dsoapThreads;
    private long next;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        boolean withFloor = method.endsWith("WithFloor");
        boolean peers = method.equals("pairedPeers");
        if ((withFloor || peers) && !features.equals("none")) {
            throw new IllegalStateException(method + " runs with features=none only, not " + features);
        }
        if (peers && !container.equals("jdk")) {
            throw new IllegalStateException(method + " runs on the JDK HTTP server only (container=jdk), not " + container);
        }
        ThreadCpu.enable();
        String id = "dsoap-metro-" + IDS.incrementAndGet();
        dsoapThreads = id + "-dsoap-";
        String plainThreads = id + "-plain-";
        world = MetroWorlds.start(container, features, plainThreads, dsoapThreads);
        try {
            values = new EchoValues(Shape.DOUBLES, size, percent, EchoValues.SEED, DdsMessages.Pattern.of(pattern),
                    DdsMessages.Widths.of(widths));
            String dsoap = world.dsoapAddress();
            String plain = world.plainAddress();
            dsoapPort = peers ? world.binaryClient(dsoap) : world.proxy(dsoap, dsoap);
            plainPort = peers ? world.fastInfosetProxy(plain) : world.proxy(plain, plain);
            for (long n = 0; n < 2; n++) {
                double[] sent = (double[]) values.values(n);
                same("the dsoap endpoint", sent, dsoapPort.apply(sent));
                same("the plain endpoint", sent, plainPort.apply(sent));
            }
            OperationStats st = OperationStats.of("MetroOperation", "server", SERVICE, "echoDoubles");
            if (peers && (world.requests(plain, "application/fastinfoset") < 1 || st.get("BinaryMessagesRead") < 1)) {
                throw new IllegalStateException("the peers did not go binary in the check's 2 calls: Fast Infoset requests "
                        + world.requests(plain, "application/fastinfoset") + " (of " + world.requests(plain, "text/xml")
                        + " XML), dsoap binary requests read " + st.get("BinaryMessagesRead"));
            }
            boolean carried = !features.equals("payload_logger");
            long read = st.get("MessagesRead") + st.get("BinaryMessagesRead");
            long written = st.get("MessagesWritten") + st.get("BinaryMessagesWritten");
            if (carried ? read < 2 || written < 2 : st.map("ReadFallbacks").isEmpty()) {
                throw new IllegalStateException("dsoap on Metro with features=" + features + ": read "
                        + read + ", wrote " + written + " of the check's 2 calls (XML and binary); "
                        + "fallbacks " + st.map("ReadFallbacks") + " / " + st.map("WriteFallbacks"));
            }
            // both endpoints serve ServerWarmup's small requests first, through clients of their own, as the CXF and Axis2
            // end-to-end benchmarks' servers do (the floor learns its answer from the trial's first request: not warmed);
            // 32 clients at once, as each small call waits some 40 ms (a delayed acknowledgement) on the JDK HTTP server
            java.util.List<dev.dsoap.bench.echo.ServerWarmup.Round> warm = new java.util.ArrayList<>();
            for (int c = 0; c < 32; c++) {
                Function<double[], double[]> warmDsoap = peers ? world.binaryClient(dsoap) : world.proxy(dsoap, dsoap);
                Function<double[], double[]> warmPlain = peers ? world.fastInfosetProxy(plain) : world.proxy(plain, plain);
                warm.add(sent -> {
                    if (warmDsoap.apply(sent).length != sent.length || warmPlain.apply(sent).length != sent.length) {
                        throw new IllegalStateException("a warm-up request was not echoed whole");
                    }
                });
            }
            dev.dsoap.bench.echo.ServerWarmup.run("metro, " + container, pattern, widths, warm);
            window = new CpuWindow("the dsoap Metro endpoint", () -> ThreadCpu.of(dsoapThreads));
            baselineWindow = new CpuWindow("the plain Metro endpoint", () -> ThreadCpu.of(plainThreads));
            server.watch(window);
            server.watchBaseline(baselineWindow);
            if (withFloor) {
                String floorThreads = id + "-floor-";
                floorPort = world.proxy(plain, world.floor(floorThreads));
                floorWindow = new CpuWindow("the transport floor", () -> ThreadCpu.of(floorThreads));
                server.watchFloor(floorWindow);
            }
        } catch (Exception | Error e) {
            world.close();
            throw e;
        }
        next = 2;
    }

    private static void same(String what, double[] sent, double[] got) {
        if (got == null || got.length != sent.length) {
            throw new IllegalStateException(what + " echoed " + (got == null ? "null" : got.length + " items") + " of "
                    + sent.length);
        }
        for (int i = 0; i < sent.length; i++) {
            if (Double.doubleToRawLongBits(sent[i]) != Double.doubleToRawLongBits(got[i])) {
                throw new IllegalStateException(what + ": item " + i + " sent " + sent[i] + ", echoed " + got[i]);
            }
        }
    }

    @Setup(Level.Iteration)
    public void openWindows() {
        window.open();
        baselineWindow.open();
        if (floorWindow != null) {
            floorWindow.open();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        baselineWindow.awaitClosed();
        if (floorWindow != null) {
            floorWindow.awaitClosed();
            System.out.printf("%n[metro, plain proxy with default settings] transport floor: %d requests%n",
                    world.floorRequests());
        }
        OperationStats st = OperationStats.of("MetroOperation", "server", SERVICE, "echoDoubles");
        System.out.printf("%n[metro in %s, plain proxy with default settings, features=%s] dsoap on %s: server read %d"
                + " (%d binary), wrote %d, fallbacks %s / %s%n", container, features, values, st.get("MessagesRead"),
                st.get("BinaryMessagesRead"), st.get("MessagesWritten"), st.map("ReadFallbacks"), st.map("WriteFallbacks"));
        world.close();
    }

    private double[] call() throws Exception {
        long n = next++;
        double[] sent = (double[]) values.values(n);
        Callable<double[]> dsoapCall = () -> timed(dsoapPort, sent, window, "the dsoap Metro endpoint");
        Callable<double[]> plainCall = () -> timed(plainPort, sent, baselineWindow, "the plain Metro endpoint");
        return floorPort == null ? Turns.inTurn(n, dsoapCall, plainCall)
                : Turns.inTurn(n, dsoapCall, plainCall, () -> timed(floorPort, sent, floorWindow, "the transport floor"));
    }

    /** One call through {@code p}, counted in {@code w}; fails unless as many items come back. */
    private double[] timed(Function<double[], double[]> p, double[] sent, CpuWindow w, String server) {
        long start = System.nanoTime();
        double[] got = p.apply(sent);
        w.completedSince(start);
        if (got == null || got.length != size) {
            throw new IllegalStateException(server + " echoed " + (got == null ? "null" : got.length) + " of " + size + " items");
        }
        return got;
    }

    /**
     * dsoap and plain Metro in one run: each request goes to the {@code @DifferentialSoap} endpoint and, through a second
     * plain proxy, to the plain endpoint, each first in every other round.
     */
    @Benchmark
    public double[] pairedPlainProxy(Partners partners) throws Exception {
        return call();
    }

    /**
     * The binary anchor (see the class comment): the plain endpoint called by a Metro proxy in Fast Infoset, the dsoap
     * endpoint by dsoap's own client in dsoap's binary form, each first in every other round.
     */
    @Benchmark
    public double[] pairedPeers(Partners partners) throws Exception {
        return call();
    }

    /** As {@link #pairedPlainProxy}, and each request also to the transport floor ({@code features=none} only). */
    @Benchmark
    public double[] pairedPlainProxyWithFloor(Partners partners) throws Exception {
        return call();
    }
}
