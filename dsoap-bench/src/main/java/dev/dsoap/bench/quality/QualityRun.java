package dev.dsoap.bench.quality;

import dev.dsoap.bench.link.SharedLink;
import dev.dsoap.bench.report.QualityCharts;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import dev.dsoap.quality.QualityFile;
import dev.dsoap.quality.QualityFiles;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The SOAP-binQ paper's two applications (its Figures 8 and 9) on a CXF endpoint with dsoap and its quality file,
 * behind a {@link SharedLink} whose capacity follows a script: good, ten times worse, good, good with cross traffic
 * (a flow of 90 % of the capacity from a source behind the same link, in the answers' direction: the capacity left
 * swings 10x as in the worse phase, shared the way the link shares it), good. One client calls one call at a
 * time, under three policies, each over the whole script:
 *
 * <ul>
 *   <li>{@code fixed-large}: the full answer always (a dsoap proxy without quality management);</li>
 *   <li>{@code fixed-small}: the smallest answer always (it asks for one timestep, or the half-size image);</li>
 *   <li>{@code adaptive}: a dsoap proxy with {@code dsoap.quality=on}, the endpoint choosing the variant.</li>
 * </ul>
 *
 * Prints each policy's 95th percentile and standard deviation of response time, its items per second while the
 * link is good, and its variant switches; writes the samples (CSV), a summary (Markdown) and a chart of response
 * time over time (SVG). The bond server's timesteps are about 4 KB each in binary; the image is 640 x 480 RGB.
 *
 * <pre>
 * java -cp dsoap-bench/target/benchmarks.jar dev.dsoap.bench.quality.QualityRun [--app=bonds|images|both]
 *     [--phase=SECONDS] [--out=DIR] [--replot=DIR: summary and charts again from a run's CSV]
 * </pre>
 *
 * Loopback only; bounded by the script (5 phases per policy).
 */
public final class QualityRun {
    private static final String[] POLICIES = {"fixed-large", "fixed-small", "adaptive"};
    private static final String[] PHASES = {"good", "10x worse", "good", "cross traffic", "good"};

    /** One call: when it ended (seconds from the policy's start), how long it took, what it delivered. */
    record Sample(double t, double ms, int items, String phase) {
    }

    /** One application: its endpoint, its calls, its link. */
    private interface App {
        String name();

        Object implementation();

        Class<?> sei();

        QName service();

        QName port();

        String rules();

        String operation();

        /** The link's good capacity, bits per second. */
        long good();

        /** One call under {@code policy}; returns the items delivered (timesteps, or pixels / 1000). */
        int call(Object proxy, String policy, int n);

        String items();
    }

    private QualityRun() {
    }

    public static void main(String[] args) throws Exception {
        String app = "both";
        double phase = 6;
        Path out = Path.of("target", "quality");
        Path replot = null;
        for (String a : args) {
            if (a.startsWith("--replot=")) {
                replot = Path.of(a.substring(9));
            } else if (a.startsWith("--app=")) {
                app = a.substring(6);
            } else if (a.startsWith("--phase=")) {
                phase = Double.parseDouble(a.substring(8));
            } else if (a.startsWith("--out=")) {
                out = Path.of(a.substring(6));
            } else {
                throw new IllegalArgumentException("unknown argument " + a
                        + " (--app=bonds|images|both, --phase=SECONDS, --out=DIR, --replot=DIR)");
            }
        }
        if (replot != null) {
            replot(replot, phase);
            return;
        }
        Files.createDirectories(out);
        System.out.print(run(switch (app) {
            case "bonds" -> List.of(bonds());
            case "images" -> List.of(images());
            case "both" -> List.of(bonds(), images());
            default -> throw new IllegalArgumentException("--app=bonds|images|both, not " + app);
        }, phase, out));
    }

    /** The summary's file name in the output folder. */
    public static final String SUMMARY = "quality.md";

    /**
     * Runs both applications over the script with phases of {@code phaseSeconds}, writing the summary
     * ({@value #SUMMARY}), the samples and the charts into {@code out}; returns the summary.
     */
    public static String runAll(double phaseSeconds, Path out) throws Exception {
        return run(List.of(bonds(), images()), phaseSeconds, out);
    }

    /** As {@link #runAll}, the bond server only (the main job's first look; the full suite runs both). */
    public static String runBonds(double phaseSeconds, Path out) throws Exception {
        return run(List.of(bonds()), phaseSeconds, out);
    }

    private static String run(List<App> apps, double phaseSeconds, Path out) throws Exception {
        StringBuilder md = new StringBuilder();
        for (App a : apps) {
            md.append(run(a, phaseSeconds, out));
        }
        Files.writeString(out.resolve(SUMMARY), md.toString());
        return md.toString();
    }

    /** Runs every policy over the script; returns the summary (Markdown) and writes the CSV and the chart. */
    static String run(App app, double phaseSeconds, Path out) throws Exception {
        QualityFile rules = QualityFiles.load(app.rules(), QualityRun.class.getClassLoader())
                .rules(app.service().getLocalPart(), app.operation());
        Bus serverBus = BusFactory.newInstance().createBus();
        serverBus.setProperty(dev.dsoap.host.QualitySetting.HANDLERS, Map.of("half", ImageServer.HALF));
        BusFactory.setThreadDefaultBus(serverBus);
        int port = freePort();
        String address = "http://127.0.0.1:" + port + "/" + app.name();
        Endpoint endpoint = Endpoint.publish(address, app.implementation());
        List<String> labels = new ArrayList<>();
        List<double[]> xs = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        StringBuilder csv = new StringBuilder("policy,seconds,millis,items,phase\n");
        StringBuilder md = new StringBuilder(header(app, phaseSeconds));
        try (Source source = Source.start(); SharedLink link = SharedLink.start(app.good())) {
            int relay = link.relay(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            int cross = link.relay(new InetSocketAddress(InetAddress.getLoopbackAddress(), source.port()));
            for (String policy : POLICIES) {
                Bus clientBus = BusFactory.newInstance().createBus();
                clientBus.setProperty("dsoap.quality", policy.equals("adaptive") ? "on" : "off");
                BusFactory.setThreadDefaultBus(clientBus);
                Object proxy = Service.create(URI.create(address + "?wsdl").toURL(), app.service())
                        .getPort(app.port(), app.sei(), new DifferentialSoapFeature());
                ((BindingProvider) proxy).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                        "http://127.0.0.1:" + relay + "/" + app.name());
                link.bitsPerSecond(app.good());
                for (int i = 0; i < 20; i++) {
                    app.call(proxy, policy, i); // warm up on the good link, not counted
                }
                List<Sample> samples = script(app, proxy, policy, link, cross, phaseSeconds, source);
                clientBus.shutdown(true);
                md.append(summary(policy, samples, rules, app, phaseSeconds));
                labels.add(policy);
                xs.add(samples.stream().mapToDouble(Sample::t).toArray());
                ys.add(samples.stream().mapToDouble(Sample::ms).toArray());
                for (Sample s : samples) {
                    csv.append(String.format(Locale.ROOT, "%s,%.3f,%.3f,%d,%s%n", policy, s.t, s.ms, s.items, s.phase));
                }
            }
        } finally {
            endpoint.stop();
            serverBus.shutdown(true);
        }
        Files.writeString(out.resolve("quality-" + app.name() + ".csv"), csv.toString());
        chart(out, app.name(), labels, xs, ys, rules.bound);
        return md.append(footer(rules)).toString();
    }

    private static String header(App app, double phaseSeconds) {
        return String.format(Locale.ROOT, "%n### %s: %s over a link of %s, %s s a phase%n%n", app.name(), app.items(),
                bits(app.good()), trim(phaseSeconds))
                + "| policy | calls | p95 over time (ms) | std dev over time (ms) | std dev without cross traffic (ms) "
                + "| p95 over time, link worse (ms) | " + app.items() + " per s, link good | switches "
                + "| most switches in one dwell period |\n"
                + "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
    }

    private static String footer(QualityFile rules) {
        return String.format(Locale.ROOT, "%nThe quality file's bound: %.0f ms. Phases: %s.%n", rules.bound,
                String.join(", ", PHASES));
    }

    /** Longest a line of the chart gets, in points: calls are grouped in time, the slowest of a group drawn. */
    private static final int POINTS = 600;

    private static void chart(Path out, String app, List<String> labels, List<double[]> xs, List<double[]> ys,
                              double bound) throws IOException {
        List<double[]> px = new ArrayList<>();
        List<double[]> py = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            double[] x = xs.get(i);
            double[] y = ys.get(i);
            if (x.length <= POINTS) {
                px.add(x);
                py.add(y);
                continue;
            }
            double width = (x[x.length - 1] - x[0]) / POINTS;
            List<double[]> pts = new ArrayList<>();
            int k = 0;
            while (k < x.length) {
                double end = x[k] + width;
                double worst = y[k];
                double at = x[k];
                for (; k < x.length && x[k] < end; k++) {
                    if (y[k] >= worst) {
                        worst = y[k];
                        at = x[k];
                    }
                }
                pts.add(new double[] {at, worst});
            }
            px.add(pts.stream().mapToDouble(p -> p[0]).toArray());
            py.add(pts.stream().mapToDouble(p -> p[1]).toArray());
        }
        QualityCharts.responseTimes(out.resolve("quality-" + app + ".svg"), app + ": response time over time (the slowest"
                + " call of each 1/" + POINTS + " of the run)", labels, px, py, bound);
    }

    /** Draws the charts again from the CSV files a run wrote in {@code dir}. */
    /** Draws the charts and writes the summary again from the samples of an earlier run in {@code dir}. */
    private static void replot(Path dir, double phaseSeconds) throws IOException {
        StringBuilder md = new StringBuilder();
        for (App app : List.of(bonds(), images())) {
            Path csv = dir.resolve("quality-" + app.name() + ".csv");
            if (!Files.exists(csv)) {
                continue;
            }
            QualityFile rules = QualityFiles.load(app.rules(), QualityRun.class.getClassLoader())
                    .rules(app.service().getLocalPart(), app.operation());
            md.append(header(app, phaseSeconds));
            List<String> labels = new ArrayList<>();
            List<double[]> xs = new ArrayList<>();
            List<double[]> ys = new ArrayList<>();
            for (String policy : POLICIES) {
                List<Sample> samples = Files.readAllLines(csv).stream().skip(1).map(l -> l.split(","))
                        .filter(r -> r[0].equals(policy)).map(r -> new Sample(Double.parseDouble(r[1]),
                                Double.parseDouble(r[2]), Integer.parseInt(r[3]), r[4])).toList();
                md.append(summary(policy, samples, rules, app, phaseSeconds));
                labels.add(policy);
                xs.add(samples.stream().mapToDouble(Sample::t).toArray());
                ys.add(samples.stream().mapToDouble(Sample::ms).toArray());
            }
            chart(dir, app.name(), labels, xs, ys, rules.bound);
            md.append(footer(rules));
        }
        Files.writeString(dir.resolve(SUMMARY), md.toString());
        System.out.print(md);
    }

    /** The calls of one policy over the script, one at a time. */
    private static List<Sample> script(App app, Object proxy, String policy, SharedLink link, int cross, double phaseSeconds,
                                       Source source) throws IOException {
        List<Sample> samples = new ArrayList<>();
        long start = System.nanoTime();
        int n = 0;
        for (int p = 0; p < PHASES.length; p++) {
            link.bitsPerSecond(p == 1 ? app.good() / 10 : app.good());
            List<Socket> flows = new ArrayList<>();
            if (p == 3) {
                source.rate(app.good() / 8 * 9 / 10); // 90 % of the capacity: a tenth is left, as in the worse phase
                flows.add(CrossTraffic.open(cross));
            }
            try {
                long end = start + (long) ((p + 1) * phaseSeconds * 1e9);
                while (System.nanoTime() < end) {
                    long t0 = System.nanoTime();
                    int items = app.call(proxy, policy, n++);
                    long t1 = System.nanoTime();
                    samples.add(new Sample((t1 - start) / 1e9, (t1 - t0) / 1e6, items, PHASES[p]));
                }
            } finally {
                for (Socket s : flows) {
                    s.close();
                }
            }
        }
        return samples;
    }

    /**
     * The {@code q} quantile of response time over time: each call weighted by how long it took, so that it is the
     * response time a call started at a random moment would see (a fast policy makes many calls, a slow one few).
     */
    static double quantileOverTime(List<Sample> samples, double q) {
        double[] ms = samples.stream().mapToDouble(Sample::ms).sorted().toArray();
        double total = Arrays.stream(ms).sum();
        double seen = 0;
        for (double v : ms) {
            seen += v;
            if (seen >= q * total) {
                return v;
            }
        }
        return ms.length == 0 ? Double.NaN : ms[ms.length - 1];
    }

    /** The standard deviation of response time over time (each call weighted by how long it took). */
    static double deviationOverTime(List<Sample> samples) {
        double total = samples.stream().mapToDouble(Sample::ms).sum();
        double mean = samples.stream().mapToDouble(s -> s.ms * s.ms).sum() / total;
        double var = samples.stream().mapToDouble(s -> s.ms * (s.ms - mean) * (s.ms - mean)).sum() / total;
        return Math.sqrt(var);
    }

    private static String summary(String policy, List<Sample> samples, QualityFile rules, App app, double phaseSeconds) {
        double p95 = quantileOverTime(samples, 0.95);
        double sd = deviationOverTime(samples);
        double steady = deviationOverTime(samples.stream().filter(s -> !s.phase.equals("cross traffic")).toList());
        double worse = quantileOverTime(samples.stream().filter(s -> !s.phase.equals("good")).toList(), 0.95);
        long goodItems = samples.stream().filter(s -> s.phase.equals("good")).mapToLong(Sample::items).sum();
        double goodSeconds = 3 * phaseSeconds;
        int switches = 0;
        int mostInDwell = 0;
        List<Double> at = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            if (samples.get(i).items != samples.get(i - 1).items) {
                switches++;
                at.add(samples.get(i).t);
            }
        }
        double dwell = rules.dwellMillis / 1000.0;
        for (int i = 0; i < at.size(); i++) {
            int k = 0;
            for (int j = i; j < at.size() && at.get(j) - at.get(i) < dwell; j++) {
                k++;
            }
            mostInDwell = Math.max(mostInDwell, k);
        }
        return String.format(Locale.ROOT, "| %s | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %d | %d |%n", policy,
                samples.size(), p95, sd, steady, worse, goodItems / goodSeconds, switches, mostInDwell);
    }

    private static String bits(long bps) {
        return bps >= 1_000_000 ? (bps / 1_000_000) + " Mbit/s" : (bps / 1000) + " kbit/s";
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    // ------------------------------------------------------------------------------------------ applications

    static App bonds() {
        return new App() {
            public String name() {
                return "bonds";
            }

            public Object implementation() {
                return new BondServer();
            }

            public Class<?> sei() {
                return Bonds.class;
            }

            public QName service() {
                return new QName(Bonds.NS, "BondService");
            }

            public QName port() {
                return new QName(Bonds.NS, "BondPort");
            }

            public String rules() {
                return "/dev/dsoap/bench/quality/bonds-quality.txt";
            }

            public String operation() {
                return "getBonds";
            }

            public long good() {
                return 4_000_000;
            }

            public int call(Object proxy, String policy, int n) {
                Timestep[] t = ((Bonds) proxy).getBonds(1000 + n, policy.equals("fixed-small") ? 1 : 4);
                if (t.length == 0 || t[t.length - 1].getStep() != 1000 + n) {
                    throw new IllegalStateException("bonds: the latest timestep of call " + n + " did not arrive");
                }
                return t.length;
            }

            public String items() {
                return "timesteps";
            }
        };
    }

    static App images() {
        return new App() {
            public String name() {
                return "images";
            }

            public Object implementation() {
                return new ImageServer();
            }

            public Class<?> sei() {
                return Images.class;
            }

            public QName service() {
                return new QName(Bonds.NS, "ImageService");
            }

            public QName port() {
                return new QName(Bonds.NS, "ImagePort");
            }

            public String rules() {
                return "/dev/dsoap/bench/quality/images-quality.txt";
            }

            public String operation() {
                return "getImage";
            }

            public long good() {
                return 100_000_000;
            }

            public int call(Object proxy, String policy, int n) {
                Image i = ((Images) proxy).getImage("m31", policy.equals("fixed-small") ? 2 : 1);
                if (i.getPixels() == null || i.getPixels().length != i.getWidth() * i.getHeight() * 3) {
                    throw new IllegalStateException("images: call " + n + " got an image of " + i.getWidth() + " x "
                            + i.getHeight() + " in " + (i.getPixels() == null ? 0 : i.getPixels().length) + " bytes");
                }
                return i.getWidth() * i.getHeight() / 1000;
            }

            public String items() {
                return "kilopixels";
            }
        };
    }

    // ------------------------------------------------------------------------------------------ cross traffic

    /** A source of bytes on loopback: each connection gets bytes at the set rate, until it closes. */
    private static final class Source implements AutoCloseable {
        private final ServerSocket server;
        private final Thread acceptor;
        /** Bytes per second each flow sends. */
        private volatile long rate = Long.MAX_VALUE;

        private Source(ServerSocket server) {
            this.server = server;
            this.acceptor = new Thread(this::accept, "quality-cross-traffic");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        static Source start() throws IOException {
            return new Source(new ServerSocket(0, 16, InetAddress.getLoopbackAddress()));
        }

        int port() {
            return server.getLocalPort();
        }

        /** Sets the rate of the flows, bytes per second. */
        void rate(long bytesPerSecond) {
            rate = bytesPerSecond;
        }

        private void accept() {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    Thread t = new Thread(() -> pour(s), "quality-cross-flow");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void pour(Socket s) {
            byte[] chunk = new byte[8 << 10];
            long start = System.nanoTime();
            long sent = 0;
            try (s; OutputStream o = s.getOutputStream()) {
                while (true) {
                    o.write(chunk);
                    sent += chunk.length;
                    long due = start + (long) (sent * 1e9 / rate);
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    }
                }
            } catch (IOException closed) {
                // the flow ended
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    /** A client of the source, through the link: reads and drops what comes, until closed. */
    private static final class CrossTraffic {
        private CrossTraffic() {
        }

        static Socket open(int port) throws IOException {
            Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
            Thread t = new Thread(() -> {
                byte[] b = new byte[64 << 10];
                try (InputStream in = s.getInputStream()) {
                    while (in.read(b) >= 0) {
                        // dropped
                    }
                } catch (IOException closed) {
                    // the flow ended
                }
            }, "quality-cross-sink");
            t.setDaemon(true);
            t.start();
            return s;
        }
    }
}
