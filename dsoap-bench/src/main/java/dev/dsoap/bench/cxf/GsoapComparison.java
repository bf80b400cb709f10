package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.echo.ThreadCpu;
import dev.dsoap.bench.gsoap.GsoapPeer;
import jakarta.xml.ws.BindingProvider;
import org.apache.commons.math3.distribution.TDistribution;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The suite's gSOAP step: gSOAP 2.8 (the papers' baseline, {@link GsoapPeer}) beside the CXF endpoints with
 * and without {@code @DifferentialSoap}, on one workload point. Not JMH: the gSOAP client is a C process,
 * timing each call itself with a monotonic clock; the dsoap client's calls are timed the same way in Java.
 *
 * <ul>
 *   <li>measure {@code client=gSOAP}: the same C client calls the gSOAP server ({@code baselineGsoap}),
 *       plain CXF ({@code baselineCxf}) and the dsoap endpoint ({@code dsoapCxf}): latency per call and the
 *       server's CPU time per request (the gSOAP server process's, or the endpoint's Jetty threads').</li>
 *   <li>measure {@code server=gSOAP}: the gSOAP server called by the C client ({@code baselineGsoap}) and by a
 *       dsoap CXF proxy ({@code dsoapCxfClient}): latency per call.</li>
 * </ul>
 *
 * Every call's echo is compared with what was sent, bit for bit ({@link EchoValues} are all finite); a
 * difference fails the step. The first {@code warmup} calls of each pairing are not counted.
 */
public final class GsoapComparison {
    private GsoapComparison() {
    }

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
     * Runs {@link #main} in a new JVM with {@link #JVM_OPTIONS} and this JVM's class path, its output passed
     * through to this JVM's, and returns its lines (empty when gSOAP is not installed).
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
     * @param work a directory for gSOAP's generated code and binaries
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
        try (CxfEchoServers servers = CxfEchoServers.start()) {
            EchoValues values = new EchoValues(shape, size, percent);
            servers.verify(values);
            GsoapPeer peer = GsoapPeer.build(work, URI.create(servers.dsoap().uri() + "?wsdl"));
            List<Object> warm = arrays(values, 2, warmup);
            List<Object> measured = arrays(values, 2 + warmup, calls);
            try (GsoapPeer.Server gsoap = peer.startServer()) {
                peer.call(gsoap.uri(), shape, warm);
                long cpu0 = gsoap.cpuNanos();
                GsoapPeer.Calls c = peer.call(gsoap.uri(), shape, measured);
                long cpu1 = gsoap.cpuNanos();
                check(measured, c.echoed(), "gSOAP client -> gSOAP server");
                double cpuUs = cpu0 < 0 ? Double.NaN : (cpu1 - cpu0) / 1e3 / calls;
                lines.add(line("baselineGsoap", "client=gSOAP", c.nanos(), cpuUs));
                lines.add(line("baselineGsoap", "server=gSOAP", c.nanos(), cpuUs));
                for (CxfEchoServer server : new CxfEchoServer[] {servers.plain(), servers.dsoap()}) {
                    peer.call(server.uri(), shape, warm);
                    ThreadCpu.Reading r0 = server.requestCpu();
                    c = peer.call(server.uri(), shape, measured);
                    long nanos = server.requestCpu().since(r0);
                    check(measured, c.echoed(), "gSOAP client -> " + server);
                    lines.add(line(server == servers.dsoap() ? "dsoapCxf" : "baselineCxf", "client=gSOAP", c.nanos(),
                            nanos / 1e3 / calls));
                }
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

    private static List<Object> arrays(EchoValues values, long from, int count) {
        List<Object> a = new ArrayList<>();
        for (long n = from; n < from + count; n++) {
            a.add(values.values(n));
        }
        return a;
    }

    private static void check(List<Object> sent, List<Object> echoed, String what) {
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
