package dev.dsoap.bench;

import dev.dsoap.bench.cxf.GsoapComparison;
import dev.dsoap.bench.echo.Shape;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Entry point of {@code benchmarks.jar}.
 *
 * <pre>
 * java -jar dsoap-bench/target/benchmarks.jar --suite short|full [--only REGEX] [-p name=v1,v2]... [--prof gc] [--out DIR]
 * java -jar dsoap-bench/target/benchmarks.jar &lt;any org.openjdk.jmh.Main arguments&gt;
 * </pre>
 *
 * With {@code --suite}, runs dsoap's selection through the JMH runner, then prints a table comparing each
 * dsoap variant with the baselines measured in the same benchmark class and parameters, and writes it as
 * markdown and JSON (with JDK, CPU, date and git commit) to {@code DIR} (default: {@code bench} beside the
 * jar, i.e. {@code dsoap-bench/target/bench}). {@code --only} keeps the suite's classes whose name matches;
 * {@code -p} replaces a parameter's values in every class that has it. Exits 1 if any benchmark failed.
 * Any other arguments go to JMH unchanged.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        if (!List.of(args).contains("--suite")) {
            org.openjdk.jmh.Main.main(args);
            return;
        }
        Suite suite = null;
        Pattern only = null;
        boolean gc = false;
        Path outDir = null;
        Map<String, String[]> overrides = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--suite" -> {
                    suite = switch (String.valueOf(v)) {
                        case "short" -> Suite.shortSuite();
                        case "full" -> Suite.fullSuite();
                        default -> throw new IllegalArgumentException("--suite short|full, not " + v);
                    };
                    i++;
                }
                case "--only" -> {
                    only = Pattern.compile(require(a, v));
                    i++;
                }
                case "-p" -> {
                    String kv = require(a, v);
                    int eq = kv.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("-p name=v1,v2, not " + kv);
                    }
                    overrides.put(kv.substring(0, eq), kv.substring(eq + 1).split(","));
                    i++;
                }
                case "--prof" -> {
                    if (!"gc".equals(v)) {
                        throw new IllegalArgumentException("--suite supports --prof gc only; use plain JMH arguments for others");
                    }
                    gc = true;
                    i++;
                }
                case "--out" -> {
                    outDir = Paths.get(require(a, v));
                    i++;
                }
                default -> throw new IllegalArgumentException("unknown option with --suite: " + a);
            }
        }
        if (outDir == null) {
            outDir = defaultOutDir();
        }
        Report report = new Report(suite.name(), gc);
        int failed = 0;
        for (Suite.Entry e : suite.entries()) {
            if (only != null && !only.matcher(e.className()).find()) {
                continue;
            }
            String cls = "dev.dsoap.bench." + e.className();
            ChainedOptionsBuilder o = new OptionsBuilder()
                    .include("^" + Pattern.quote(cls) + "\\." + (e.methods() == null ? "" : "(" + e.methods() + ")$"))
                    .shouldFailOnError(true);
            Map<String, String[]> params = new LinkedHashMap<>(e.params());
            Class<?> c = Class.forName(cls);
            for (Map.Entry<String, String[]> p : overrides.entrySet()) {
                if (hasParam(c, p.getKey())) {
                    params.put(p.getKey(), p.getValue());
                }
            }
            params.forEach(o::param);
            if (suite.warmups() >= 0) {
                o.warmupIterations(suite.warmups()).warmupTime(TimeValue.seconds(suite.seconds()))
                        .measurementIterations(suite.iterations()).measurementTime(TimeValue.seconds(suite.seconds()));
            }
            if (gc) {
                o.addProfiler(GCProfiler.class);
            }
            try {
                for (RunResult r : new Runner(o.build()).run()) {
                    report.add(r);
                }
            } catch (RunnerException ex) {
                failed++;
                report.failed(e.className(), String.valueOf(ex.getMessage()));
                System.err.println("FAILED: " + e.className() + ": " + ex);
            }
        }
        Files.createDirectories(outDir);
        if (only == null || only.matcher(GSOAP).find()) {
            failed += gsoap(suite, report, outDir.resolve("gsoap"));
        }
        String base = "results-" + suite.name() + (only != null ? "-partial" : "") + (gc ? "-gc" : "");
        Path md = outDir.resolve(base + ".md");
        Path json = outDir.resolve(base + ".json");
        Files.writeString(md, report.markdown());
        Files.writeString(json, report.json());
        System.out.println();
        System.out.println(report.markdown());
        System.out.println("written: " + md.toAbsolutePath() + ", " + json.toAbsolutePath());
        if (failed > 0) {
            System.err.println(failed + " benchmark class(es) failed");
            System.exit(1);
        }
    }

    /** The name under which the gSOAP step's results appear, and which {@code --only} matches. */
    static final String GSOAP = "GsoapPeer";

    /**
     * The gSOAP step ({@link GsoapComparison}): the short suite's point (100K doubles, 25 % changed), or in the
     * full suite every shape at 100K and doubles at 1K and 10K. Returns 1 if it failed, else 0 (also when gSOAP
     * is not installed: it says so and skips).
     */
    private static int gsoap(Suite suite, Report report, Path work) {
        List<String[]> points = new ArrayList<>();
        points.add(new String[] {"doubles", "100000"});
        if (suite.name().equals("full")) {
            points.add(new String[] {"ints", "100000"});
            points.add(new String[] {"mios", "100000"});
            points.add(new String[] {"doubles", "1000"});
            points.add(new String[] {"doubles", "10000"});
        }
        int percent = 25;
        try {
            for (String[] p : points) {
                Shape shape = Shape.of(p[0]);
                int size = Integer.parseInt(p[1]);
                String params = "percent=" + percent + " shape=" + p[0] + " size=" + size;
                System.out.println("# gSOAP 2.8 beside CXF with and without dsoap: " + params);
                int calls = size >= 100_000 ? 12 : 100;
                for (GsoapComparison.Line l : GsoapComparison.run(shape, size, percent, calls / 3, calls, work, System.out)) {
                    System.out.printf("  %-16s %-13s %10.3f ms/call ± %.3f, server CPU %s%n", l.method(), l.measure(),
                            l.ms(), l.errMs(), Double.isNaN(l.cpuUs()) ? "-" : String.format("%.1f µs/request", l.cpuUs()));
                    report.addExternal(GSOAP, l.method(), params, l.measure(), l.ms(), l.errMs(), l.cpuUs());
                }
            }
            return 0;
        } catch (Exception | Error e) {
            report.failed(GSOAP, String.valueOf(e.getMessage()));
            System.err.println("FAILED: " + GSOAP + ": " + e);
            return 1;
        }
    }

    private static String require(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }

    private static boolean hasParam(Class<?> c, String name) {
        try {
            return c.getField(name).isAnnotationPresent(org.openjdk.jmh.annotations.Param.class);
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    /** {@code bench} beside the jar (dsoap-bench/target/bench), or ./bench-results when not run from a jar. */
    private static Path defaultOutDir() {
        try {
            Path jar = Paths.get(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(jar)) {
                return jar.getParent().resolve("bench");
            }
        } catch (Exception ignored) {
            // fall through
        }
        return Paths.get("bench-results");
    }

    /** Used by {@link Report}. */
    static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (Exception e) {
            return new ArrayList<>();
        }
    }
}
