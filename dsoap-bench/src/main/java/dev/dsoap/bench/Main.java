package dev.dsoap.bench;

import dev.dsoap.bench.cxf.GsoapComparison;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.deserialize.CheckpointMemory;
import dev.dsoap.bench.quality.QualityRun;
import dev.dsoap.bench.report.ReportWriter;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.IOException;
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
 *                                             [--report-dir DIR | --no-report] [--png]
 * java -jar dsoap-bench/target/benchmarks.jar --report RESULTS.json... [--out DIR] [--png] [--note TEXT]
 * java -jar dsoap-bench/target/benchmarks.jar --checkpoint-memory [--out DIR]
 * java -jar dsoap-bench/target/benchmarks.jar &lt;any org.openjdk.jmh.Main arguments&gt;
 * </pre>
 *
 * With {@code --suite}, runs dsoap's selection through the JMH runner, then prints a table comparing each
 * dsoap variant with the baselines measured in the same benchmark class and parameters, and writes it as
 * markdown and JSON (with JDK, CPU, date and git commit) to {@code DIR} (default: {@code bench} beside the
 * jar, i.e. {@code dsoap-bench/target/bench}). {@code --only} keeps the suite's classes whose name matches;
 * {@code -p} replaces a parameter's values in every class that has it. When the selection includes
 * {@code DdsReadBench}, the checkpoint memory of {@link CheckpointMemory} (deterministic, a few seconds) joins the
 * results. It then writes the HTML report with its charts ({@code report.ReportWriter}) to {@code --report-dir}:
 * by default {@code docs/report} under the working directory for a whole suite, {@code report} in the output
 * folder for an {@code --only} part, so that a partial run does not replace the report of a whole one; the
 * results' JSON and markdown are copied beside it. {@code --png} adds PNG copies of the charts. Exits 1 if any
 * benchmark failed. Any other arguments go to JMH unchanged.
 *
 * <p>{@code --report} regenerates the report from stored results files (later files win where two hold the same
 * point), into {@code --out} (default {@code docs/report}), saying that it was not a fresh run; {@code --note}
 * adds a sentence under that statement.
 * {@code --checkpoint-memory} writes only {@link CheckpointMemory}'s grid as a results file.
 * {@code --soak} runs the soak command ({@code soak.SoakMain}) instead of benchmarks.
 * {@code --quality} runs the quality management applications ({@code quality.QualityRun}, its arguments after it).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        List<String> argList = List.of(args);
        if (!argList.contains("--suite")) {
            if (argList.contains("--soak")) {
                dev.dsoap.bench.soak.SoakMain.main(args);
            } else if (argList.contains("--report")) {
                report(args);
            } else if (argList.contains("--checkpoint-memory")) {
                checkpointMemory(args);
            } else if (argList.contains("--quality")) {
                QualityRun.main(argList.stream().filter(a -> !a.equals("--quality"))
                        .toArray(String[]::new));
            } else {
                org.openjdk.jmh.Main.main(args);
            }
            return;
        }
        Suite suite = null;
        Pattern only = null;
        boolean gc = false;
        Path outDir = null;
        Path reportDir = null;
        boolean writeReport = true;
        boolean png = false;
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
                case "--report-dir" -> {
                    reportDir = Paths.get(require(a, v));
                    i++;
                }
                case "--no-report" -> writeReport = false;
                case "--png" -> png = true;
                default -> throw new IllegalArgumentException("unknown option with --suite: " + a);
            }
        }
        if (outDir == null) {
            outDir = defaultOutDir();
        }
        Report report = new Report(suite.name(), gc);
        if (only != null) {
            report.only(only.pattern());
        }
        List<String> given = new ArrayList<>();
        overrides.forEach((k, vs) -> given.add(k + "=" + String.join(",", vs)));
        report.overrides(String.join(" ", given));
        int failed = 0;
        boolean dds = false;
        long start = System.nanoTime();
        for (Suite.Entry e : suite.entries()) {
            if (only != null && !only.matcher(e.className()).find()) {
                continue;
            }
            dds |= e.className().endsWith("DdsReadBench");
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
                o.warmupIterations(e.warmups() >= 0 ? e.warmups() : suite.warmups()).warmupTime(TimeValue.seconds(suite.seconds()))
                        .measurementIterations(suite.iterations())
                        .measurementTime(TimeValue.seconds(e.seconds() > 0 ? e.seconds() : suite.seconds()));
            }
            if (e.forks() > 0) {
                o.forks(e.forks());
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
        if (only == null || only.matcher(GSOAP).find()) {
            failed += gsoap(suite, report, outDir.resolve("gsoap"));
        }
        report.durationSeconds((System.nanoTime() - start) / 1e9); // the benchmarks' time, the quality run not in it
        Path qualityDir = outDir.resolve("quality");
        boolean quality = only == null || only.matcher(QUALITY).find();
        if (quality) {
            failed += quality(suite, report, qualityDir);
        }
        if (dds) {
            report.checkpointMemory(CheckpointMemory.measureFigure5());
        }
        report.mainJobSeconds(sinceMavenStarted());
        Files.createDirectories(outDir);
        String base = "results-" + suite.name() + (only != null ? "-partial" : "") + (gc ? "-gc" : "");
        Path md = outDir.resolve(base + ".md");
        Path json = outDir.resolve(base + ".json");
        String markdown = report.markdown();
        String results = report.json();
        Files.writeString(md, markdown);
        Files.writeString(json, results);
        System.out.println();
        System.out.println(markdown);
        System.out.println("written: " + md.toAbsolutePath() + ", " + json.toAbsolutePath());
        if (writeReport) {
            Path dir = reportDir != null ? reportDir : only == null ? Paths.get("docs", "report") : outDir.resolve("report");
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(base + ".json"), results);
            Files.writeString(dir.resolve(base + ".md"), markdown);
            if (quality && Files.isRegularFile(qualityDir.resolve(QualityRun.SUMMARY))) {
                copyQuality(qualityDir, dir.resolve(ReportWriter.qualityFolder(suite.name())));
            }
            Path index = ReportWriter.write(List.of(new ReportWriter.Input(base + ".json", results, base + ".json",
                    base + ".md")), dir, ReportWriter.Origin.THIS_RUN, png, null, stored(Paths.get("docs", "benchmark-results")));
            System.out.println("report: " + index.toAbsolutePath());
        }
        if (failed > 0) {
            System.err.println(failed + " benchmark class(es) failed");
            System.exit(1);
        }
    }

    /**
     * Seconds since the Maven build that started this run did (the main job, {@code ./mvnw -B -Pbench verify}: its
     * build, benchmarks and quality run up to now), or NaN when this JVM was not started by Maven's exec step (the jar
     * run by hand). Maven's launcher is this process's parent.
     */
    private static double sinceMavenStarted() {
        return ProcessHandle.current().parent()
                .filter(p -> p.info().commandLine().orElse("").contains("org.codehaus.plexus.classworlds"))
                .flatMap(p -> p.info().startInstant())
                .map(t -> java.time.Duration.between(t, java.time.Instant.now()).toMillis() / 1e3)
                .orElse(Double.NaN);
    }

    /**
     * The results files stored in {@code dir} (earlier runs, the full suite's among them), for the targets this run's
     * points do not reach; none when the folder is not there (the jar run outside the repository).
     */
    static List<ReportWriter.Input> stored(Path dir) throws IOException {
        List<ReportWriter.Input> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(x -> x.getFileName().toString().endsWith(".json")).sorted().toList()) {
                out.add(new ReportWriter.Input(f.getFileName().toString(), Files.readString(f), null, null));
            }
        }
        return out;
    }

    /** The name under which the gSOAP step's results appear, and which {@code --only} matches. */
    static final String GSOAP = "GsoapPeer";

    /**
     * The gSOAP step ({@link GsoapComparison}: gSOAP's client against gSOAP's server and the CXF and Axis2 servers
     * with and without dsoap, gSOAP's server against dsoap's CXF client): the short suite's point (100K doubles,
     * 25 % changed), or in the full suite every shape at 100K and doubles at 1K and 10K, each point in a JVM of
     * its own with the end-to-end benchmarks' pre-touched 2 GB heap ({@link GsoapComparison#runForked}). Returns
     * 1 if it failed, else 0 (also when gSOAP is not installed: it says so and skips).
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
                System.out.println("# gSOAP 2.8 beside CXF and Axis2 with and without dsoap: " + params);
                // the short suite's 3 measured calls a line at 100K, after one to warm up (about a second each on this
                // machine), keep the main job in its time: a first look, as its other figures; the full suite's 9 after 3
                int calls = size >= 100_000 ? (suite.name().equals("full") ? 9 : 3) : 90;
                int warmups = size >= 100_000 && !suite.name().equals("full") ? 1 : calls / 3;
                for (GsoapComparison.Line l : GsoapComparison.runForked(shape, size, percent, warmups, calls, work)) {
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

    /** The name under which the quality step's results appear, and which {@code --only} matches. */
    static final String QUALITY = "QualityRun";

    /**
     * The quality step ({@link QualityRun}: the SOAP-binQ paper's bond and image servers over a scripted link, three
     * policies): the bond server in phases of 2 seconds in the short suite (a first look, in the main job's time), both
     * servers in phases of 8 in the full one. Writes its summary, samples and charts into {@code out}. Returns 1 if it
     * failed, else 0.
     */
    private static int quality(Suite suite, Report report, Path out) {
        boolean full = suite.name().equals("full");
        double phase = full ? 8 : 2;
        System.out.println("# quality management: " + (full ? "the bond and image servers" : "the bond server")
                + " over a changing link, " + phase + " s a phase");
        try {
            Files.createDirectories(out);
            System.out.print(full ? QualityRun.runAll(phase, out) : QualityRun.runBonds(phase, out));
            return 0;
        } catch (Exception | Error e) {
            report.failed(QUALITY, String.valueOf(e.getMessage()));
            System.err.println("FAILED: " + QUALITY + ": " + e);
            return 1;
        }
    }

    /** Copies the quality step's summary and charts (not its samples) into the report's folder for them. */
    private static void copyQuality(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (java.nio.file.DirectoryStream<Path> ds = Files.newDirectoryStream(from, "*.{md,svg,png}")) {
            for (Path p : ds) {
                Files.copy(p, to.resolve(p.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /**
     * {@code --report FILE... [--out DIR] [--png] [--note TEXT] [--earlier DIR]}: the report from stored results files;
     * with {@code --earlier}, targets those files do not reach are judged on the results files in {@code DIR}.
     */
    private static void report(String[] args) throws IOException {
        List<Path> files = new ArrayList<>();
        Path out = Paths.get("docs", "report");
        boolean png = false;
        String note = null;
        Path earlier = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--report" -> {
                    while (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                        files.add(Paths.get(args[++i]));
                    }
                }
                case "--out" -> out = Paths.get(require(args[i], i + 1 < args.length ? args[++i] : null));
                case "--png" -> png = true;
                case "--note" -> note = require(args[i], i + 1 < args.length ? args[++i] : null);
                case "--earlier" -> earlier = Paths.get(require(args[i], i + 1 < args.length ? args[++i] : null));
                default -> throw new IllegalArgumentException("unknown option with --report: " + args[i]);
            }
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("--report needs at least one results JSON file");
        }
        Files.createDirectories(out);
        Path base = out.toAbsolutePath().normalize();
        List<ReportWriter.Input> inputs = new ArrayList<>();
        for (Path f : files) {
            Path abs = f.toAbsolutePath().normalize();
            String name = f.getFileName().toString();
            Path md = abs.resolveSibling(name.replaceAll("\\.json$", "") + ".md");
            inputs.add(new ReportWriter.Input(name, Files.readString(f), href(base, abs),
                    name.endsWith(".json") && Files.isRegularFile(md) ? href(base, md) : null));
        }
        Path index = ReportWriter.write(inputs, out, ReportWriter.Origin.STORED, png, note,
                earlier == null ? List.of() : stored(earlier));
        System.out.println("report: " + index.toAbsolutePath());
    }

    private static String href(Path from, Path to) {
        return from.relativize(to).toString().replace(java.io.File.separatorChar, '/');
    }

    /** {@code --checkpoint-memory [--out DIR]}: Figure 5's grid as a results file, checkpoint-memory.json. */
    private static void checkpointMemory(String[] args) throws IOException {
        Path out = defaultOutDir();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--checkpoint-memory" -> {
                }
                case "--out" -> out = Paths.get(require(args[i], i + 1 < args.length ? args[++i] : null));
                default -> throw new IllegalArgumentException("unknown option with --checkpoint-memory: " + args[i]);
            }
        }
        Report report = new Report("checkpoint-memory", false);
        List<CheckpointMemory.Row> rows = CheckpointMemory.measureFigure5();
        report.checkpointMemory(rows);
        Files.createDirectories(out);
        Path json = out.resolve("checkpoint-memory.json");
        Files.writeString(json, report.json());
        System.out.print(CheckpointMemory.markdown(rows));
        System.out.println("written: " + json.toAbsolutePath());
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
