package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.echo.ThreadCpu;
import dev.dsoap.bench.gsoap.GsoapPeer;
import jakarta.xml.ws.BindingProvider;
import org.apache.commons.math3.distribution.TDistribution;

import java.io.PrintStream;
import java.net.URI;
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
