package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.ServerCpu;
import dev.dsoap.bench.echo.MeasuredServer;
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

import java.util.concurrent.TimeUnit;

/**
 * Many distinct clients of one Axis2 POJO service, with and without dsoap.mar: {@code clients} clients, each
 * with its own {@code size} doubles (nothing alike between clients: each draws its values from its own seed),
 * {@code percent} % of them changed from one of its calls to its next, each over a keep-alive connection of its own,
 * each call a schema-shaped request as a generated stub writes it, calling as {@code arrival} says: {@code in_turn}
 * (client 0, 1, ..., {@code clients - 1}, 0, ...: one call per operation) or {@code at_once} (one operation is a round:
 * every client sends its next call at the same moment, each from a thread of its own). With one
 * client this is {@link Axis2EchoBench}'s workload; with 64, a server that kept only a few messages per
 * operation would compare each request with another client's.
 *
 * <p>{@code names}: {@code anonymous} clients (the server tells them apart by their messages alone) or {@code named}
 * ones, each sending {@code X-Dsoap-Client: client-N} (read against its own kept message first).
 *
 * <p>Score: ms per call ({@code in_turn}) or per round ({@code at_once}). The auxiliary counters {@code serverCpuNanos}/{@code serverRequests} give the measured
 * server's CPU time per request, as in {@link Axis2EchoBench}; the report compares the dsoap/plain ratio at 64
 * clients with the one at one client. The setup checks every client's first echo bit for bit.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class DistinctClientsBench {
    @Param({"1", "16", "64"})
    public int clients;
    @Param({"10000"})
    public int size;
    @Param({"10"})
    public int percent;
    /** Where each client's changed items fall: {@code clustered} (runs at the centre of 100 partitions), {@code scattered}, {@code every_kth}. */
    @Param({"clustered"})
    public String pattern;
    /** What a changed item's printed width does: {@code hard} (23-24 bytes each time), {@code changing} (short and long in turn). */
    @Param({"hard"})
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

    private EchoServers servers;
    private EchoMessages[] streams;
    private EchoServer measured;
    /** Client {@code c}'s HTTP client: a keep-alive connection of its own, as distinct client programs have. */
    private EchoClient[] http;
    private byte[][] buffers;
    /** The clients calling at once, {@code at_once}: round {@code k} sends each client's message {@code k}. */
    private dev.dsoap.bench.echo.Rounds rounds;
    /** Calls made so far; call {@code n} is client {@code n % clients}'s message {@code n / clients}. */
    private long next;
    private CpuWindow window;
    /** {@code pairedAxis2}: the plain server's window, and its clients' rounds when they call at once; else null. */
    private CpuWindow baselineWindow;
    private dev.dsoap.bench.echo.Rounds baselineRounds;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params, MeasuredServer server) throws Exception {
        servers = EchoServers.start();
        String ns = servers.namespace(Style.POJO);
        streams = new EchoMessages[clients];
        int longest = 0;
        for (int c = 0; c < clients; c++) {
            streams[c] = new EchoMessages(new EchoValues(Shape.of(shape), size, percent, 0xD15_7_1C7L + c,
                    dev.dsoap.bench.deserialize.DdsMessages.Pattern.of(pattern),
                    dev.dsoap.bench.deserialize.DdsMessages.Widths.of(widths)),
                    Style.POJO, ns);
            longest = Math.max(longest, streams[c].maxLength());
        }
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        boolean paired = method.startsWith("paired");
        measured = method.startsWith("dsoap") || paired ? servers.dsoap() : servers.plain();
        http = new EchoClient[clients];
        buffers = new byte[clients][longest];
        boolean named = switch (names) {
            case "anonymous" -> false;
            case "named" -> true;
            default -> throw new IllegalArgumentException("names anonymous or named, not " + names);
        };
        for (int c = 0; c < clients; c++) {
            http[c] = new EchoClient(named ? "client-" + c : null);
            servers.verify(streams[c], http[c]);
        }
        next = 2L * clients; // verify sent each client's messages 0 and 1
        window = new CpuWindow(measured, measured::connectionCpu);
        if (paired) {
            baselineWindow = new CpuWindow(servers.plain(), servers.plain()::connectionCpu);
            server.watchBaseline(baselineWindow);
        }
        if ("at_once".equals(arrival)) {
            rounds = new dev.dsoap.bench.echo.Rounds(clients, 2, (c, k) -> call(measured, window, c, k));
            if (paired) {
                baselineRounds = new dev.dsoap.bench.echo.Rounds(clients, 2, (c, k) -> call(servers.plain(), baselineWindow, c, k));
            }
        } else if (!"in_turn".equals(arrival)) {
            throw new IllegalArgumentException("arrival in_turn or at_once, not " + arrival);
        }
        server.watch(window);
        server.watchReads(() -> servers.stats(Style.POJO, Shape.of(shape)).reads());
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
        if (measured == servers.dsoap()) {
            System.out.printf("%n[axis2 %d distinct clients] dsoap: %s%n", clients, servers.stats(Style.POJO, Shape.of(shape)));
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
        return call(measured, window, (int) (n % clients), n / clients);
    }

    /** Client {@code c} sends its message {@code k} to {@code to} and reads the echo. */
    private long call(EchoServer to, CpuWindow w, int c, long k) throws Exception {
        EchoMessages s = streams[c];
        int length = s.fill(k, buffers[c]);
        long start = System.nanoTime();
        long echoed = http[c].post(to.uri(Style.POJO), buffers[c], length);
        w.completedSince(start);
        if (echoed < length / 2) {
            throw new IllegalStateException(to + " answered a " + length + "-byte request with only " + echoed + " bytes");
        }
        return echoed;
    }

    @Benchmark
    public long baselineAxis2(ServerCpu cpu) throws Exception {
        return call();
    }

    @Benchmark
    public long dsoapAxis2(ServerCpu cpu, dev.dsoap.bench.echo.ReadCounters reads) throws Exception {
        return call();
    }

    /**
     * dsoap and plain Axis2 in one run: each client's next message goes to the server with dsoap.mar and to the plain
     * server (a connection to each); calling at once, all clients' calls to one server make a round, then all their
     * calls to the other, each server's round first in every other operation ({@link dev.dsoap.bench.echo.Turns}). {@link dev.dsoap.bench.echo.Partners} records both servers' CPU and each call's time:
     * both see the same moments of a shared machine, and one fork replaces two.
     */
    @Benchmark
    public long pairedAxis2(dev.dsoap.bench.echo.Partners partners, dev.dsoap.bench.echo.ReadCounters reads)
            throws Exception {
        long n = next++;
        if (rounds != null) {
            return dev.dsoap.bench.echo.Turns.inTurn(n, rounds::next, baselineRounds::next);
        }
        return dev.dsoap.bench.echo.Turns.inTurn(n, () -> call(measured, window, (int) (n % clients), n / clients),
                () -> call(servers.plain(), baselineWindow, (int) (n % clients), n / clients));
    }
}
