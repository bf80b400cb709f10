package dev.dsoap.bench.metro;

import dev.dsoap.bench.deserialize.DdsMessages;
import dev.dsoap.bench.echo.CpuWindow;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.MeasuredServer;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Partners;
import dev.dsoap.bench.echo.Rounds;
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

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Many distinct plain Metro clients of one Metro endpoint, with and without {@code @DifferentialSoap}, all calling at
 * once: {@code clients} plain Metro proxies at default settings, each with its own {@code size} doubles (drawn from its
 * own seed: nothing alike between clients), {@code percent} % of them changed from one of its calls to its next as
 * {@code pattern} and {@code widths} say; one operation is a round in which every client sends its next call at the same
 * moment, each from a thread of its own. The Metro counterpart of {@code cxf.CxfDistinctClientsBench}; endpoints as in
 * {@link MetroPlainProxyEchoBench} (the JDK HTTP server, Metro in a class loader of its own).
 *
 * <p>{@code names}: {@code anonymous} clients (told apart by their messages alone: Metro's proxies share the JDK's
 * keep-alive connections) or {@code named} ones, each sending {@code X-Dsoap-Client: client-N}.
 *
 * <p>Paired: each round goes to the dsoap endpoint and to the plain one, each first in turn; {@link Partners} gives each
 * server's CPU per request. The report compares the plain/dsoap ratio at 64 clients with the one at one client. The
 * setup checks every client's first two echoes bit for bit; the teardown prints dsoap's counters.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class MetroDistinctClientsBench {
    @Param({"1", "64"})
    public int clients;
    @Param({"1000"})
    public int size;
    @Param({"10"})
    public int percent;
    @Param({"scattered"})
    public String pattern;
    @Param({"changing"})
    public String widths;
    /** {@code anonymous} or {@code named} ({@code X-Dsoap-Client}). */
    @Param({"anonymous"})
    public String names;

    private static final AtomicInteger IDS = new AtomicInteger();

    private MetroWorlds.World world;
    private EchoValues[] values;
    private Function<double[], double[]>[] dsoapPorts;
    private Function<double[], double[]>[] plainPorts;
    private CpuWindow window;
    private CpuWindow baselineWindow;
    private Rounds rounds;
    private Rounds baselineRounds;
    private long next;

    @Setup(Level.Trial)
    @SuppressWarnings("unchecked")
    public void setup(MeasuredServer server) throws Exception {
        boolean named = switch (names) {
            case "anonymous" -> false;
            case "named" -> true;
            default -> throw new IllegalArgumentException("names anonymous or named, not " + names);
        };
        ThreadCpu.enable();
        String id = "dsoap-metro-clients-" + IDS.incrementAndGet();
        String dsoapThreads = id + "-dsoap-";
        String plainThreads = id + "-plain-";
        world = MetroWorlds.start("jdk", "none", plainThreads, dsoapThreads);
        try {
            values = new EchoValues[clients];
            dsoapPorts = new Function[clients];
            plainPorts = new Function[clients];
            String dsoap = world.dsoapAddress();
            String plain = world.plainAddress();
            for (int c = 0; c < clients; c++) {
                values[c] = new EchoValues(Shape.DOUBLES, size, percent, 0xC0F_D157L + c, DdsMessages.Pattern.of(pattern),
                        DdsMessages.Widths.of(widths));
                dsoapPorts[c] = world.proxy(dsoap, dsoap, named ? "client-" + c : null);
                plainPorts[c] = world.proxy(plain, plain, named ? "client-" + c : null);
                for (long n = 0; n < 2; n++) {
                    double[] sent = (double[]) values[c].values(n);
                    check("the dsoap endpoint", c, sent, dsoapPorts[c].apply(sent));
                    check("the plain endpoint", c, sent, plainPorts[c].apply(sent));
                }
            }
            window = new CpuWindow("the dsoap Metro endpoint", () -> ThreadCpu.of(dsoapThreads));
            baselineWindow = new CpuWindow("the plain Metro endpoint", () -> ThreadCpu.of(plainThreads));
            server.watch(window);
            server.watchBaseline(baselineWindow);
            server.watchReads(() -> OperationStats.of("MetroOperation", "server", "DsoapEchoService.EchoPort",
                    "echoDoubles").reads());
            rounds = new Rounds(clients, 2, (c, k) -> call(dsoapPorts, window, c, k));
            baselineRounds = new Rounds(clients, 2, (c, k) -> call(plainPorts, baselineWindow, c, k));
        } catch (Exception | Error e) {
            world.close();
            throw e;
        }
    }

    private static void check(String what, int client, double[] sent, double[] got) {
        if (got == null || got.length != sent.length) {
            throw new IllegalStateException(what + " echoed client " + client + " " + (got == null ? "null" : got.length
                    + " items") + " of " + sent.length);
        }
        for (int i = 0; i < sent.length; i++) {
            if (Double.doubleToRawLongBits(sent[i]) != Double.doubleToRawLongBits(got[i])) {
                throw new IllegalStateException(what + " echoed client " + client + "'s item " + i + " as " + got[i]
                        + ", sent " + sent[i]);
            }
        }
    }

    /** Client {@code c} echoes its array {@code k} through {@code via[c]}. */
    private long call(Function<double[], double[]>[] via, CpuWindow w, int c, long k) {
        long start = System.nanoTime();
        double[] echoed = via[c].apply((double[]) values[c].values(k));
        w.completedSince(start);
        if (echoed == null || echoed.length != size) {
            throw new IllegalStateException("client " + c + " got " + (echoed == null ? "null" : echoed.length) + " of "
                    + size + " items");
        }
        return echoed.length;
    }

    @Setup(Level.Iteration)
    public void openWindows() {
        window.open();
        baselineWindow.open();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        window.awaitClosed();
        baselineWindow.awaitClosed();
        rounds.close();
        baselineRounds.close();
        OperationStats st = OperationStats.of("MetroOperation", "server", "DsoapEchoService.EchoPort", "echoDoubles");
        System.out.printf("%n[metro, %d distinct plain clients at once, %s] dsoap on %s: server read %d, wrote %d,"
                + " bytes skipped %d, parsed %d, fallbacks %s%n", clients, names, values[0], st.get("MessagesRead"),
                st.get("MessagesWritten"), st.get("BytesSkipped"), st.get("BytesParsed"), st.map("ReadFallbacks"));
        world.close();
    }

    /**
     * dsoap and plain Metro in one run: every client's next call to the dsoap endpoint at once, and every client's next
     * call to the plain one at once, each endpoint's round first in every other operation.
     */
    @Benchmark
    public long pairedMetro(Partners partners, dev.dsoap.bench.echo.ReadCounters reads) throws Exception {
        return Turns.inTurn(next++, rounds::next, baselineRounds::next);
    }
}
