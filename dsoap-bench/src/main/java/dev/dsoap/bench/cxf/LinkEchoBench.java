package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.link.ThrottledLink;
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

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * End to end over a link of limited capacity (the SOAP-bin paper's two links, its Figures 4-7): the CXF echo of
 * {@code size} doubles, {@code percent} % changed per call, through a {@link ThrottledLink} relay of
 * {@code link} ({@code 100mbit} or {@code 1mbit}, each direction) in front of the endpoints, one client, one call
 * at a time, milliseconds per call. Beside each other in one run:
 *
 * <ul>
 *   <li>{@code baselineCxf}: plain JAX-WS proxies and the plain endpoint (CXF + JAXB), XML both ways.</li>
 *   <li>{@code dsoapXml}: {@code @DifferentialSoap} proxies with {@code dsoap.binary=off} and the dsoap endpoint: dsoap's
 *       XML both ways (the paper's "SOAP" mode on dsoap).</li>
 *   <li>{@code dsoapInteroperability}: proxies in interoperability mode: XML requests, binary answers.</li>
 *   <li>{@code dsoapPerformance}: proxies in performance mode: binary both ways after the first call.</li>
 *   <li>{@code baselineFastInfoset}: plain JAX-WS proxies with CXF's {@code FastInfosetFeature}, forced, and the
 *       plain endpoint with {@code FastInfosetFeature} (CXF + JAXB): the XML infoset as Fast Infoset both ways,
 *       from the first call on ({@link CxfEchoServers#fastInfosetPort()}).</li>
 * </ul>
 *
 * <p>The default size, 125,000 doubles, is 1 MB of doubles in binary (about 5 MB as XML). Over 1 Mbit/s an XML call
 * then takes about 80 s, so the 1 Mbit/s points belong to a long run. Each fork checks once that every method's
 * echo holds the values sent, and for {@code baselineFastInfoset} that both messages were Fast Infoset on the wire
 * ({@link CxfEchoServers#verifyFastInfoset}).
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar LinkEchoBench -p link=100mbit
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class LinkEchoBench {
    @Param({"100mbit", "1mbit"})
    public String link;
    @Param({"125000"})
    public int size;
    @Param({"25"})
    public int percent;

    private CxfEchoServers servers;
    private ThrottledLink relay;
    private EchoValues values;
    private EchoPort port;
    /** Whether this fork's method is {@code baselineFastInfoset}. */
    private boolean fastInfoset;
    private long next = 2;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) throws Exception {
        start(params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1));
    }

    /** The trial setup for benchmark method {@code method}: endpoints, relay, proxy, and the checked calls. */
    void start(String method) throws Exception {
        long bits = switch (link) {
            case "100mbit" -> 100_000_000L;
            case "1mbit" -> 1_000_000L;
            default -> throw new IllegalArgumentException("link " + link + ": 100mbit or 1mbit");
        };
        servers = CxfEchoServers.start();
        try {
            values = new EchoValues(Shape.DOUBLES, size, percent);
            fastInfoset = method.equals("baselineFastInfoset");
            CxfEchoServer target = switch (method) {
                case "baselineCxf" -> servers.plain();
                case "baselineFastInfoset" -> servers.fastInfoset();
                default -> servers.dsoap();
            };
            port = switch (method) {
                case "baselineCxf" -> servers.port(false);
                case "baselineFastInfoset" -> servers.fastInfosetPort();
                case "dsoapXml" -> servers.modePort("off");
                case "dsoapInteroperability" -> servers.modePort("interoperability");
                default -> servers.modePort("performance");
            };
            relay = ThrottledLink.start(new InetSocketAddress("127.0.0.1", target.uri().getPort()), bits);
            CxfEchoServers.via(port, "http://127.0.0.1:" + relay.port() + target.uri().getRawPath());
            for (long n = 0; n < 2; n++) {
                if (fastInfoset) {
                    servers.verifyFastInfoset(port, values, n);
                } else {
                    check(n);
                }
            }
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    private Object check(long n) {
        Object sent = values.values(n);
        Object got = CxfEchoServers.echo(port, Shape.DOUBLES, sent);
        String diff = EchoValues.difference(sent, got);
        if (diff != null) {
            throw new IllegalStateException("array " + n + " of " + values + " came back wrong through " + relay + ": " + diff);
        }
        return got;
    }

    @TearDown(Level.Trial)
    public void close() {
        if (relay != null) {
            relay.close();
        }
        if (servers != null) {
            servers.close();
        }
    }

    private Object call() {
        Object got = CxfEchoServers.echo(port, Shape.DOUBLES, values.values(next++));
        if (CxfEchoServers.items(got) != size) {
            throw new IllegalStateException("echoed " + CxfEchoServers.items(got) + " items through " + relay);
        }
        return got;
    }

    @Benchmark
    public Object baselineCxf() {
        return call();
    }

    @Benchmark
    public Object dsoapXml() {
        return call();
    }

    @Benchmark
    public Object dsoapInteroperability() {
        return call();
    }

    @Benchmark
    public Object dsoapPerformance() {
        return call();
    }

    @Benchmark
    public Object baselineFastInfoset() {
        return call();
    }
}
