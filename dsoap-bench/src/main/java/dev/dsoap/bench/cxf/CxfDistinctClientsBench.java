package dev.dsoap.bench.cxf;

import dev.dsoap.bench.deserialize.DdsMessages;
import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.ServerCpu;
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

import java.util.concurrent.TimeUnit;

/**
 * Many distinct plain CXF clients of one endpoint, with and without {@code @DifferentialSoap}: {@code clients} JAX-WS
 * proxies at CXF's default settings ({@link CxfEchoServers#defaultPort}), each with a keep-alive connection of its
 * own and its own {@code size} doubles (drawn from its own seed: nothing alike between clients), {@code percent} % of
 * them changed from one of its calls to its next as {@code pattern} and {@code widths} say, calling as {@code arrival}
 * says: {@code in_turn} (client 0, 1, ..., {@code clients - 1}, 0, ...: one call per operation) or {@code at_once} (one
 * operation is a round: every client sends its next call at the same moment, each from a thread of its own). With 64, a server that could not tell its clients apart would compare each
 * request with another client's kept message. The CXF counterpart of {@code axis2.DistinctClientsBench}.
 *
 * <p>{@code names}: {@code anonymous} clients (the server tells them apart by their messages alone) or {@code named}
 * ones, each sending {@code X-Dsoap-Client: client-N} (read against its own kept message first).
 *
 * <p>Score: ms per call ({@code in_turn}) or per round ({@code at_once}). The auxiliary counters {@code serverCpuNanos}/{@code serverRequests} give the endpoint's CPU
 * time per request; the report compares the plain/dsoap ratio at 64 clients with the one at one client. The setup
 * checks every client's first two echoes bit for bit; the dsoap method's teardown prints dsoap's counters (bytes
 * skipped against bytes parsed).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class CxfDistinctClientsBench {
    @Param({"1", "64"})
    public int clients;
    @Param({"1000"})
    public int size;
    @Param({"10"})
    public int percent;
    /** Where each client's changed items fall: {@code clustered}, {@code scattered}, {@code every_kth}. */
    @Param({"scattered"})
    public String pattern;
    /** What a changed item's printed width does: {@code hard}, {@code changing}. */
    @Param({"changing"})
    public String widths;
    /** How the clients call: {@code in_turn}, or {@code at_once} (in rounds, all at the same moment). */
    @Param({"in_turn"})
    public String arrival;
    /**
     * What each client's array holds ({@link Shape}): {@code doubles}, {@code ints}, {@code strings} or {@code mios}
     * (structs of two ints and a double); {@code widths=changing} and {@code mixed} are made for doubles and MIOs.
     */
    @Param({"doubles"})
    public String shape;
    /** Whether the clients are {@code anonymous} or {@code named} (each sends {@code X-Dsoap-Client: client-N}). */
    @Param({"anonymous"})
    public String names;
    /** The clients calling at once, {@code at_once}: round {@code k} sends each client's array {@code k}. */
    private dev.dsoap.bench.echo.Rounds rounds;

    private CxfEchoServers servers;
    private EchoValues[] values;
    private EchoPort[] ports;
    private CxfEchoServer measured;
    private boolean dsoap;
    /** Calls made so far; call {@code n} is client {@code n % clients}'s array {@code n / clients}. */
    private long next;
    private CpuWindow window;
    /** {@code pairedCxf}: proxies of the plain endpoint, its window, and their rounds when they call at once; else null. */
    private EchoPort[] plainPorts;
    private CpuWindow baselineWindow;
    private dev.dsoap.bench.echo.Rounds baselineRounds;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        boolean paired = method.startsWith("paired");
        dsoap = method.startsWith("dsoap") || paired;
        servers = CxfEchoServers.start();
        try {
            measured = dsoap ? servers.dsoap() : servers.plain();
            values = new EchoValues[clients];
            ports = new EchoPort[clients];
            plainPorts = paired ? new EchoPort[clients] : null;
            boolean named = switch (names) {
                case "anonymous" -> false;
                case "named" -> true;
                default -> throw new IllegalArgumentException("names anonymous or named, not " + names);
            };
            for (int c = 0; c < clients; c++) {
                values[c] = new EchoValues(Shape.of(shape), size, percent, 0xC0F_D157L + c,
                        DdsMessages.Pattern.of(pattern),
                        DdsMessages.Widths.of(widths));
                ports[c] = port(dsoap, named, c);
                check(ports[c], measured, c);
                if (paired) {
                    plainPorts[c] = port(false, named, c);
                    check(plainPorts[c], servers.plain(), c);
                }
            }
        } catch (Exception | Error e) {
            servers.close();
            throw e;
        }
        next = 2L * clients;
        window = new CpuWindow(measured, measured::requestCpu);
        if (paired) {
            baselineWindow = new CpuWindow(servers.plain(), servers.plain()::requestCpu);
            server.watchBaseline(baselineWindow);
        }
        if ("at_once".equals(arrival)) {
            rounds = new dev.dsoap.bench.echo.Rounds(clients, 2, (c, k) -> call(ports, measured, window, c, k));
            if (paired) {
                baselineRounds = new dev.dsoap.bench.echo.Rounds(clients, 2,
                        (c, k) -> call(plainPorts, servers.plain(), baselineWindow, c, k));
            }
        } else if (!"in_turn".equals(arrival)) {
            servers.close();
            throw new IllegalArgumentException("arrival in_turn or at_once, not " + arrival);
        }
        server.watch(window);
        server.watchReads(() -> servers.stats("server", Shape.of(shape)).reads());
    }

    /** A default proxy of the dsoap or the plain endpoint for client {@code c}, naming itself if {@code named}. */
    private EchoPort port(boolean dsoapEndpoint, boolean named, int c) {
        EchoPort p = servers.defaultPort(dsoapEndpoint);
        if (named) {
            ((jakarta.xml.ws.BindingProvider) p).getRequestContext().put(
                    jakarta.xml.ws.handler.MessageContext.HTTP_REQUEST_HEADERS,
                    java.util.Map.of("X-Dsoap-Client", java.util.List.of("client-" + c)));
        }
        return p;
    }

    /** Client {@code c}'s arrays 0 and 1 through {@code p}, checked bit for bit. */
    private void check(EchoPort p, CxfEchoServer to, int c) {
        for (long n = 0; n < 2; n++) {
            Object want = values[c].values(n);
            String diff = EchoValues.difference(want, CxfEchoServers.echo(p, Shape.of(shape), want));
            if (diff != null) {
                throw new IllegalStateException(to + " echoed client " + c + "'s array " + n + " wrongly: " + diff);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        if (baselineWindow != null) {
            baselineWindow.awaitClosed();
        }
        for (dev.dsoap.bench.echo.Rounds r : new dev.dsoap.bench.echo.Rounds[] {rounds, baselineRounds}) {
            if (r != null) {
                r.close();
            }
        }
        if (dsoap) {
            System.out.printf("%n[cxf %d distinct plain clients] dsoap on %s: server %s%n", clients, values[0],
                    servers.describe("server", Shape.of(shape)));
        }
        servers.close();
    }

    @Setup(Level.Iteration)
    public void openWindow() {
        window.open();
        if (baselineWindow != null) {
            baselineWindow.open();
        }
    }

    private long call() throws Exception {
        if (rounds != null) {
            return rounds.next();
        }
        long n = next++;
        return call(ports, measured, window, (int) (n % clients), n / clients);
    }

    /** Client {@code c} echoes its array {@code k} through {@code via[c]}. */
    private long call(EchoPort[] via, CxfEchoServer to, CpuWindow w, int c, long k) {
        long start = System.nanoTime();
        Object echoed = CxfEchoServers.echo(via[c], Shape.of(shape), values[c].values(k));
        w.completedSince(start);
        int got = CxfEchoServers.items(echoed);
        if (got != size) {
            throw new IllegalStateException(to + " echoed " + got + " of " + size + " items");
        }
        return got;
    }

    @Benchmark
    public long baselineCxf(ServerCpu cpu) throws Exception {
        return call();
    }

    @Benchmark
    public long dsoapCxf(ServerCpu cpu, dev.dsoap.bench.echo.ReadCounters reads) throws Exception {
        return call();
    }

    /**
     * dsoap and plain CXF in one run: each client's next array goes through its proxy of the {@code @DifferentialSoap}
     * endpoint and through its proxy of the plain one; calling at once, all clients' calls to one endpoint make a
     * round, then all their calls to the other, each endpoint's round first in every other operation
     * ({@link dev.dsoap.bench.echo.Turns}). {@link dev.dsoap.bench.echo.Partners} records both endpoints' CPU and
     * each call's time: both see the same moments of a shared machine, and one fork replaces two.
     */
    @Benchmark
    public long pairedCxf(dev.dsoap.bench.echo.Partners partners, dev.dsoap.bench.echo.ReadCounters reads)
            throws Exception {
        long n = next++;
        if (rounds != null) {
            return dev.dsoap.bench.echo.Turns.inTurn(n, rounds::next, baselineRounds::next);
        }
        return dev.dsoap.bench.echo.Turns.inTurn(n, () -> call(ports, measured, window, (int) (n % clients), n / clients),
                () -> call(plainPorts, servers.plain(), baselineWindow, (int) (n % clients), n / clients));
    }
}
