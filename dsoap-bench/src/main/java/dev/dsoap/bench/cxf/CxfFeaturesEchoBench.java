package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.Shape;
import org.apache.cxf.ext.logging.LoggingFeature;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.transport.common.gzip.GZIPFeature;
import org.apache.cxf.ws.addressing.WSAddressingFeature;
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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * CXF endpoints with the features production endpoints switch on, called by plain JAX-WS proxies at default
 * settings that switch on the same ones: {@code features} is {@code none}, {@code logging_addressing} (CXF's
 * {@code LoggingFeature} and {@code WSAddressingFeature} on endpoint and proxy) or
 * {@code logging_addressing_gzip} (and {@code GZIPFeature}: requests and answers compressed). The plain endpoint
 * ({@code baselineFeatures}: CXF + JAXB) and the one with {@code @DifferentialSoap} ({@code dsoapFeatures}) get the
 * same features. The log entries go to a sender that counts them and drops them: CXF still builds every entry,
 * payload included (up to the feature's default limit), as it does for any sender; writing them out would cost
 * both endpoints the same.
 *
 * <p>Call {@code n} echoes array {@code n} of an {@link EchoValues} stream of doubles ({@code size} items,
 * {@code percent} % changed from one array to the next, scattered, their printed widths changing), as the feed
 * benchmarks do. Score: ms per call; the figure this benchmark is for is the endpoint's CPU time per request
 * ({@code serverCpuNanos}/{@code serverRequests}). The setup checks that the endpoint echoes arrays 0 and 1 bit for
 * bit through the proxy measured, and that dsoap read and wrote them itself on the dsoap endpoint.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar --suite short --only CxfFeaturesEchoBench
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class CxfFeaturesEchoBench {
    @Param({"none", "logging_addressing", "logging_addressing_gzip"})
    public String features;
    @Param({"10000"})
    public int size;
    @Param({"10"})
    public int percent;
    @Param({"scattered"})
    public String pattern;
    @Param({"changing"})
    public String widths;

    /** Log entries the endpoints and proxies built, dropped. */
    static final LongAdder LOGGED = new LongAdder();

    private CxfEchoServers servers;
    private EchoValues values;
    private CxfEchoServer measured;
    private EchoPort port;
    private long next;
    private CpuWindow window;

    /** New instances of the features {@code name} switches on, for one endpoint or proxy. */
    static List<Feature> features(String name) {
        List<Feature> f = new ArrayList<>();
        switch (name) {
            case "none" -> { }
            case "logging_addressing", "logging_addressing_gzip" -> {
                LoggingFeature logging = new LoggingFeature();
                logging.setSender(event -> LOGGED.increment());
                f.add(logging);
                f.add(new WSAddressingFeature());
                if (name.endsWith("gzip")) {
                    f.add(new GZIPFeature());
                }
            }
            default -> throw new IllegalArgumentException("features: none, logging_addressing, logging_addressing_gzip; not " + name);
        }
        return f;
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        boolean dsoap = method.startsWith("dsoap");
        servers = CxfEchoServers.start(() -> features(features), () -> features(features));
        try {
            values = new EchoValues(Shape.DOUBLES, size, percent, EchoValues.SEED,
                    dev.dsoap.bench.deserialize.DdsMessages.Pattern.of(pattern),
                    dev.dsoap.bench.deserialize.DdsMessages.Widths.of(widths));
            measured = dsoap ? servers.dsoap() : servers.plain();
            port = servers.defaultPort(dsoap);
            long logged = LOGGED.sum();
            servers.verifyDefaultPort(port, dsoap, values);
            if (!features.equals("none") && LOGGED.sum() - logged < 8) {
                throw new IllegalStateException("the check's 2 exchanges made " + (LOGGED.sum() - logged)
                        + " log entries; with logging on both sides they make 8");
            }
        } catch (Exception | Error e) {
            servers.close();
            throw e;
        }
        next = 2;
        window = new CpuWindow(measured, measured::requestCpu);
        server.watch(window);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        System.out.printf("%n[cxf, %s] %s on %s: server %s%n", features, measured, values,
                servers.describe("server", values.shape()));
        servers.close();
    }

    @Setup(Level.Iteration)
    public void openWindow() {
        window.open();
    }

    private double[] call() {
        double[] got = port.echoDoubles((double[]) values.values(next++));
        if (got == null || got.length != size) {
            throw new IllegalStateException(measured + " echoed " + CxfEchoServers.items(got) + " of " + size + " items");
        }
        window.completed();
        return got;
    }

    @Benchmark
    public double[] baselineFeatures(ServerCpu cpu) {
        return call();
    }

    @Benchmark
    public double[] dsoapFeatures(ServerCpu cpu) {
        return call();
    }
}
