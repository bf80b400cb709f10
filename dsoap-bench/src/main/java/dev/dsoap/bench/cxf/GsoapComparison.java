package dev.dsoap.bench.cxf;

import dev.dsoap.bench.axis2.Axis2AdbServers;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.echo.ThreadCpu;
import dev.dsoap.bench.gsoap.GsoapPeer;
import jakarta.xml.ws.BindingProvider;
import org.apache.commons.math3.distribution.TDistribution;

import javax.management.JMException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The suite's gSOAP step: gSOAP 2.8 (the papers' baseline, {@link GsoapPeer}) beside the Java servers with and
 * without dsoap, on one workload point: the CXF endpoints with and without {@code @DifferentialSoap}, and the
 * Axis2 SimpleHTTPServers with and without dsoap.mar ({@link Axis2AdbServers}, their ADB service). Not JMH: the
 * gSOAP client is a C process, timing each call itself with a monotonic clock; the dsoap client's calls are
 * timed the same way in Java.
 *
 * <ul>
 *   <li>measure {@code client=gSOAP}: the same C client (built from the CXF endpoint's WSDL; for Axis2, a second
 *       one built from the ADB service's WSDL, in {@code WORK_DIR/axis2}) calls the gSOAP server
 *       ({@code baselineGsoap}), plain CXF ({@code baselineCxf}), the dsoap CXF endpoint ({@code dsoapCxf}),
 *       plain Axis2 ({@code baselineAxis2}) and Axis2 with dsoap.mar engaged ({@code dsoapAxis2}): latency per
 *       call and the server's CPU time per request (the gSOAP server process's, the endpoint's Jetty threads',
 *       or the Axis2 server's connection threads').</li>
 *   <li>measure {@code server=gSOAP}: the gSOAP server called by the C client ({@code baselineGsoap}) and by a
 *       dsoap CXF proxy ({@code dsoapCxfClient}): latency per call.</li>
 * </ul>
 *
 * The two C clients (and gSOAP's server) are built side by side while the CXF endpoints' own check runs.
 * Every call's echo, warm-up calls included, is compared with what was sent, bit for bit ({@link EchoValues}
 * are all finite); a difference fails the step. So does a dsoap server that did not read and write every one of
 * the C client's calls itself (its counters must grow by the calls made, with no fallback to its host's path),
 * so that neither dsoap line can be timing the host's own path. The first {@code warmup} calls of each pairing
 * are not counted.
 */
public final class GsoapComparison {
    private GsoapComparison() {
    }

    /** The system property naming dsoap's module archive for the Axis2 server ({@code axis2.EchoServer}). */
    private static final String MAR_PROPERTY = "dsoap.mar";

    /** The JVM options of the step's fork: the end-to-end benchmarks' heap, pre-touched as theirs is. */
    public static final List<String> JVM_OPTIONS = List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch");

    /**
     * The step in a JVM of its own, as the suite runs it (the suite's own JVM has neither the benchmarks' heap
     * nor a pre-touched one, and has run the JMH runner): {@code SHAPE SIZE PERCENT WARMUP CALLS WORK_DIR OUT}
     * runs {@link #run} and writes its lines to {@code OUT}, one per line, tab-separated (method, measure,
     * ms, error ms, CPU µs); an empty file when gSOAP is not installed. Exits with 1 on failure.
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: GsoapComparison SHAPE SIZE PERCENT WARMUP CALLS WORK_DIR OUT");
            System.exit(2);
        }
        List<Line> lines = run(Shape.of(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2]),
                Integer.parseInt(args[3]), Integer.parseInt(args[4]), Path.of(args[5]), System.out);
        StringBuilder out = new StringBuilder();
        for (Line l : lines) {
            out.append(l.method()).append('\t').append(l.measure()).append('\t').append(l.ms()).append('\t')
                    .append(l.errMs()).append('\t').append(l.cpuUs()).append('\n');
        }
        Files.writeString(Path.of(args[6]), out);
        System.exit(0);
    }

    /**
     * Runs {@link #main} in a new JVM with {@link #JVM_OPTIONS}, this JVM's class path, working directory and
     * {@code -Ddsoap.mar} if set (where the Axis2 server with dsoap engaged finds dsoap's module archive), its
     * output passed through to this JVM's, and returns its lines (empty when gSOAP is not installed).
     *
     * @throws IOException if the fork fails (its exit code and the reason it printed are in its output)
     */
    public static List<Line> runForked(Shape shape, int size, int percent, int warmup, int calls, Path work)
            throws IOException, InterruptedException {
        Files.createDirectories(work);
        Path out = Files.createTempFile(work, "lines", ".tsv");
        try {
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(JVM_OPTIONS);
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            String mar = System.getProperty(MAR_PROPERTY);
            if (mar != null) {
                cmd.add(1, "-D" + MAR_PROPERTY + "=" + mar);
            }
            cmd.add(GsoapComparison.class.getName());
            cmd.addAll(List.of(shape.param, Integer.toString(size), Integer.toString(percent),
                    Integer.toString(warmup), Integer.toString(calls), work.toString(), out.toString()));
            int exit = new ProcessBuilder(cmd).inheritIO().start().waitFor();
            if (exit != 0) {
                throw new IOException("the gSOAP step's JVM exited with " + exit + " (its output says why)");
            }
            List<Line> lines = new ArrayList<>();
            for (String l : Files.readAllLines(out)) {
                String[] f = l.split("\t");
                lines.add(new Line(f[0], f[1], Double.parseDouble(f[2]), Double.parseDouble(f[3]),
                        Double.parseDouble(f[4])));
            }
            return lines;
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * One pairing's result: milliseconds per call, the half-width of its 99.9 % confidence interval (Student's
     * t, as JMH reports its errors), and server CPU per request in µs (NaN: not measured).
     */
    public record Line(String method, String measure, double ms, double errMs, double cpuUs) {
    }

    /**
     * Runs the step on {@code shape}, {@code size} items, {@code percent} % changed between calls.
     *
     * @param work a directory for gSOAP's generated code and binaries (the Axis2 client's in {@code work/axis2})
     * @return the lines, or an empty list (after saying why on {@code log}) if gSOAP is not installed
     */
    public static List<Line> run(Shape shape, int size, int percent, int warmup, int calls, Path work, PrintStream log)
            throws Exception {
        String missing = GsoapPeer.probe();
        if (missing != null) {
            log.println("[gsoap] skipped: " + missing);
            return List.of();
        }
        ThreadCpu.enable();
        List<Line> lines = new ArrayList<>();
        try (Axis2AdbServers axis2 = Axis2AdbServers.start(); CxfEchoServers servers = CxfEchoServers.start()) {
            ExecutorService builds = Executors.newFixedThreadPool(2);
            GsoapPeer peer;
            GsoapPeer axis2Peer;
            EchoValues values = new EchoValues(shape, size, percent);
            try {
                Future<GsoapPeer> cxfBuild = builds.submit(() -> GsoapPeer.build(work,
                        URI.create(servers.dsoap().uri() + "?wsdl")));
                Future<GsoapPeer> axis2Build = builds.submit(() -> GsoapPeer.buildClient(work.resolve("axis2"),
                        axis2.wsdl()));
                servers.verify(values);
                peer = built(cxfBuild);
                axis2Peer = built(axis2Build);
            } finally {
                builds.shutdownNow();
            }
            List<Object> warm = arrays(values, 2, warmup);
            List<Object> measured = arrays(values, 2 + warmup, calls);
            try (GsoapPeer.Server gsoap = peer.startServer()) {
                check(warm, peer.call(gsoap.uri(), shape, warm).echoed(), "gSOAP client -> gSOAP server");
                long cpu0 = gsoap.cpuNanos();
                GsoapPeer.Calls c = peer.call(gsoap.uri(), shape, measured);
                long cpu1 = gsoap.cpuNanos();
                check(measured, c.echoed(), "gSOAP client -> gSOAP server");
                double cpuUs = cpu0 < 0 ? Double.NaN : (cpu1 - cpu0) / 1e3 / calls;
                lines.add(line("baselineGsoap", "client=gSOAP", c.nanos(), cpuUs));
                lines.add(line("baselineGsoap", "server=gSOAP", c.nanos(), cpuUs));
                lines.add(gsoapClient("baselineCxf", peer, servers.plain().uri(), servers.plain().toString(),
                        servers.plain()::requestCpu, null, shape, warm, measured));
                lines.add(gsoapClient("dsoapCxf", peer, servers.dsoap().uri(), servers.dsoap().toString(),
                        servers.dsoap()::requestCpu, servers.stats("server", shape), shape, warm, measured));
                lines.add(gsoapClient("baselineAxis2", axis2Peer, axis2.plain().uri(), axis2.plain().toString(),
                        axis2.plain()::requestCpu, null, shape, warm, measured));
                lines.add(gsoapClient("dsoapAxis2", axis2Peer, axis2.dsoap().uri(), axis2.dsoap().toString(),
                        axis2.dsoap()::requestCpu, axis2.stats(shape), shape, warm, measured));
                EchoPort port = servers.port(true);
                ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                        gsoap.uri().toString());
                for (Object a : warm) {
                    CxfEchoServers.echo(port, shape, a);
                }
                long[] nanos = new long[calls];
                List<Object> echoed = new ArrayList<>();
                for (int i = 0; i < calls; i++) {
                    long t0 = System.nanoTime();
                    echoed.add(CxfEchoServers.echo(port, shape, measured.get(i)));
                    nanos[i] = System.nanoTime() - t0;
                }
                check(measured, echoed, "dsoap CXF client -> gSOAP server");
                lines.add(line("dsoapCxfClient", "server=gSOAP", nanos, Double.NaN));
            }
        }
        return lines;
    }

    /** The peer {@code build} made, waiting for it; its failure rethrown as it was thrown. */
    private static GsoapPeer built(Future<GsoapPeer> build) throws Exception {
        try {
            return build.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    /**
     * One pairing of measure {@code client=gSOAP}: {@code client} calls {@code server} at {@code uri} with the
     * {@code warm} arrays, then with the {@code measured} ones, and every echo is checked. Server CPU per request
     * is that of {@code cpu} (the server's request threads, ns) over the measured calls. When {@code dsoap} is
     * not null (dsoap's counters of the operation on that server), dsoap must have read and written every call
     * itself ({@link #checkCarried}).
     *
     * @throws IllegalStateException if an echo differs from what was sent, or dsoap did not carry every call
     */
    static Line gsoapClient(String method, GsoapPeer client, URI uri, String server, Supplier<ThreadCpu.Reading> cpu,
                            OperationStats dsoap, Shape shape, List<Object> warm, List<Object> measured)
            throws Exception {
        long[] before = dsoap == null ? null : counts(dsoap);
        check(warm, client.call(uri, shape, warm).echoed(), "gSOAP client -> " + server);
        ThreadCpu.Reading r0 = cpu.get();
        GsoapPeer.Calls c = client.call(uri, shape, measured);
        long nanos = cpu.get().since(r0);
        check(measured, c.echoed(), "gSOAP client -> " + server);
        if (dsoap != null) {
            checkCarried(dsoap, before, warm.size() + measured.size(), "gSOAP client -> " + server);
        }
        return line(method, "client=gSOAP", c.nanos(), nanos / 1e3 / measured.size());
    }

    /** Seconds {@link #checkCarried} waits for dsoap's counters to reach the calls made. */
    private static final int COUNTS_WAIT_SECONDS = 2;

    /** Messages read, messages written, and fallbacks (both directions) so far. */
    static long[] counts(OperationStats stats) throws JMException {
        return new long[] {stats.get("MessagesRead"), stats.get("MessagesWritten"), stats.fallbacks()};
    }

    /**
     * Checks that since {@code before} ({@link #counts}) dsoap read and wrote {@code calls} messages and fell back
     * on none, waiting up to {@value #COUNTS_WAIT_SECONDS} s for the counters to catch up (a server may count a
     * response once the client has it).
     *
     * @throws IllegalStateException if not
     */
    static void checkCarried(OperationStats stats, long[] before, int calls, String what) throws Exception {
        long deadline = System.nanoTime() + COUNTS_WAIT_SECONDS * 1_000_000_000L;
        long[] now = counts(stats);
        while ((now[0] - before[0] < calls || now[1] - before[1] < calls) && now[2] == before[2]
                && System.nanoTime() < deadline) {
            Thread.sleep(10);
            now = counts(stats);
        }
        long read = now[0] - before[0];
        long written = now[1] - before[1];
        long fallbacks = now[2] - before[2];
        if (read != calls || written != calls || fallbacks != 0) {
            throw new IllegalStateException(what + ": dsoap did not carry the " + calls + " calls itself (read " + read
                    + ", written " + written + ", fallbacks " + fallbacks + "): " + stats);
        }
    }

    private static List<Object> arrays(EchoValues values, long from, int count) {
        List<Object> a = new ArrayList<>();
        for (long n = from; n < from + count; n++) {
            a.add(values.values(n));
        }
        return a;
    }

    /**
     * Checks each echo against what was sent, bit for bit ({@link EchoValues#difference}).
     *
     * @throws IllegalStateException at the first difference, or if the counts differ
     */
    static void check(List<Object> sent, List<Object> echoed, String what) {
        if (sent.size() != echoed.size()) {
            throw new IllegalStateException(what + " echoed " + echoed.size() + " arrays, not " + sent.size());
        }
        for (int i = 0; i < sent.size(); i++) {
            String d = EchoValues.difference(sent.get(i), echoed.get(i));
            if (d != null) {
                throw new IllegalStateException(what + " echoed call " + i + " wrongly: " + d);
            }
        }
    }

    private static Line line(String method, String measure, long[] nanos, double cpuUs) {
        double mean = 0;
        for (long n : nanos) {
            mean += n;
        }
        mean /= nanos.length;
        double var = 0;
        for (long n : nanos) {
            var += (n - mean) * (n - mean);
        }
        double err = Double.NaN;
        if (nanos.length > 1) {
            double se = Math.sqrt(var / (nanos.length - 1) / nanos.length);
            err = new TDistribution(nanos.length - 1).inverseCumulativeProbability(0.9995) * se;
        }
        return new Line(method, measure, mean / 1e6, err / 1e6, cpuUs);
    }
}
