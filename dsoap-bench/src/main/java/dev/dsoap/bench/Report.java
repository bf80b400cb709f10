package dev.dsoap.bench;

import dev.dsoap.bench.deserialize.CheckpointMemory;
import dev.dsoap.bench.report.Pairing;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.nio.file.Paths;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The results of one {@link Main} suite run: every measurement, and each dsoap variant ({@code dsoap*}
 * methods) set against each baseline ({@code baseline*} methods) of the same benchmark class and parameters
 * measured alike (same JMH mode and thread count), rendered as markdown and JSON together with the machine
 * it ran on.
 *
 * <p>Times are in ms per operation. A throughput result (JMH unit {@code ops/s} and the like, the score of
 * all the benchmark's threads together) enters as its inverse, the time per operation of the whole system,
 * so that baseline / dsoap is dsoap's throughput over the baseline's. A benchmark with the auxiliary counters
 * {@value #SERVER_CPU_NANOS} and {@value #SERVER_REQUESTS} (totals over the measurement, as
 * {@code axis2.Axis2EchoBench} and {@code cxf.CxfEchoBench} report them) also gets its server CPU time per request, in microseconds:
 * their ratio. A paired run ({@code paired*} methods, whose {@code echo.Partners} counters hold each server's CPU,
 * requests and call time) gives one row per server instead ({@link Pairing#sides}), paired with each other only.
 *
 * <p>The JSON also carries, when set, the suite's wall-clock time ({@code durationSeconds}), the main job's up to the
 * results' writing when Maven ran it ({@code mainJobSeconds}, build included), the {@code --only}
 * selection ({@code only}, null for the whole suite), the {@code -p} overrides ({@code overrides}, empty for the
 * suite's own parameters) and the checkpoint memory of
 * {@link CheckpointMemory} ({@code checkpointMemory}), which {@code report.ReportWriter} reads back.
 */
final class Report {
    /** Auxiliary counter: server CPU time in the measurement, in ns. */
    static final String SERVER_CPU_NANOS = "serverCpuNanos";
    /** Auxiliary counter: requests served in the measurement. */
    static final String SERVER_REQUESTS = "serverRequests";

    /**
     * One benchmark result; {@code measure} is the JMH mode and thread count, {@code cpuUs} the server CPU
     * time per request in µs, or NaN.
     */
    record Row(String bench, String method, String params, String measure, double ms, double errMs, String unit,
               double score, double error, double allocPerOp, double cpuUs, double skippedPerParsed, double stateBytes) {
        Row(String bench, String method, String params, String measure, double ms, double errMs, String unit,
                double score, double error, double allocPerOp, double cpuUs) {
            this(bench, method, params, measure, ms, errMs, unit, score, error, allocPerOp, cpuUs, Double.NaN, Double.NaN);
        }
    }

    /** One dsoap variant against one baseline. */
    record Comparison(String bench, String params, String dsoap, double dsoapMs, double dsoapErr, String baseline,
                      double baselineMs, double baselineErr, double dsoapCpuUs, double baselineCpuUs) {
        double ratio() {
            return baselineMs / dsoapMs;
        }

        double cpuRatio() {
            return baselineCpuUs / dsoapCpuUs;
        }
    }

    private final String suite;
    private final boolean gc;
    private final List<Row> rows = new ArrayList<>();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final String date = ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    /** The {@code --only} pattern, or null when the whole suite ran. */
    private String only;
    /** The {@code -p} overrides as given ("size=1000 percent=0,25"), empty when none. */
    private String overrides = "";
    /** Wall-clock seconds of the suite's benchmarks, or NaN when not measured. */
    private double durationSeconds = Double.NaN;
    /** Wall-clock seconds of the main job up to the results' writing (build included), or NaN when not run by Maven. */
    private double mainJobSeconds = Double.NaN;
    /** Checkpoint memory per size, interval and strategy; empty when not measured. */
    private List<CheckpointMemory.Row> checkpointMemory = List.of();

    Report(String suite, boolean gc) {
        this.suite = suite;
        this.gc = gc;
    }

    void add(RunResult r) {
        BenchmarkParams bp = r.getParams();
        String full = bp.getBenchmark();
        int dot = full.lastIndexOf('.');
        String cls = full.substring(0, dot);
        String bench = cls.substring(cls.lastIndexOf('.') + 1);
        String method = full.substring(dot + 1);
        StringBuilder params = new StringBuilder();
        for (String k : bp.getParamsKeys()) {
            if (params.length() > 0) {
                params.append(' ');
            }
            params.append(k).append('=').append(bp.getParam(k));
        }
        Result<?> p = r.getPrimaryResult();
        String unit = p.getScoreUnit();
        double ms = Scores.ms(p.getScore(), unit);
        double errMs = Scores.msError(p.getScore(), p.getScoreError(), unit);
        double alloc = Double.NaN;
        Result<?> a = r.getSecondaryResults().get("gc.alloc.rate.norm");
        if (a != null) {
            alloc = a.getScore();
        }
        double cpuUs = Double.NaN;
        Result<?> cpu = r.getSecondaryResults().get(SERVER_CPU_NANOS);
        Result<?> requests = r.getSecondaryResults().get(SERVER_REQUESTS);
        if (cpu != null && requests != null && requests.getScore() > 0) {
            cpuUs = cpu.getScore() / requests.getScore() / 1000;
        }
        String measure = bp.getMode().shortLabel() + " x" + bp.getThreads();
        if (Pairing.paired(method)) {
            // one row per server, each with its own call time and CPU, paired with each other only
            for (Pairing.Side side : Pairing.sides(method, name -> score(r, name), ms)) {
                rows.add(new Row(bench, side.method(), params.toString(), Pairing.measure(measure, method), side.ms(),
                        Double.NaN, "ms/op", side.ms(), Double.NaN, Double.NaN, side.cpuUs(), side.reads()[0],
                        side.reads()[1]));
            }
            return;
        }
        double[] reads = Pairing.reads(name -> score(r, name));
        rows.add(new Row(bench, method, params.toString(), measure, ms, errMs, unit, p.getScore(), p.getScoreError(), alloc,
                cpuUs, reads[0], reads[1]));
    }

    /** The score of {@code r}'s secondary result {@code name}, or NaN. */
    private static double score(RunResult r, String name) {
        Result<?> x = r.getSecondaryResults().get(name);
        return x == null ? Double.NaN : x.getScore();
    }

    /**
     * A measurement made outside JMH (the gSOAP peer): {@code ms} per call and its error, and the server's CPU
     * time per request in µs (NaN if not measured). Rows pair as JMH's do: same bench, params and measure.
     */
    void addExternal(String bench, String method, String params, String measure, double ms, double errMs, double cpuUs) {
        rows.add(new Row(bench, method, params, measure, ms, errMs, "ms/op", ms, errMs, Double.NaN, cpuUs));
    }

    void only(String pattern) {
        this.only = pattern;
    }

    void overrides(String params) {
        this.overrides = params;
    }

    void mainJobSeconds(double seconds) {
        this.mainJobSeconds = seconds;
    }

    void durationSeconds(double seconds) {
        this.durationSeconds = seconds;
    }

    void checkpointMemory(List<CheckpointMemory.Row> rows) {
        this.checkpointMemory = List.copyOf(rows);
    }

    void failed(String bench, String message) {
        failures.put(bench, message);
    }

    /** Every dsoap row with every baseline row measured alike that {@link Pairing#compared} compares it with. */
    List<Comparison> comparisons() {
        List<Comparison> out = new ArrayList<>();
        for (Row d : rows) {
            if (!d.method.startsWith("dsoap")) {
                continue;
            }
            for (Row b : rows) {
                if (b.method.startsWith("baseline") && b.bench.equals(d.bench) && b.params.equals(d.params)
                        && b.measure.equals(d.measure) && Pairing.compared(d.method, b.method)) {
                    out.add(new Comparison(d.bench, d.params, d.method, d.ms, d.errMs, b.method, b.ms, b.errMs,
                            d.cpuUs, b.cpuUs));
                }
            }
        }
        return out;
    }

    String markdown() {
        StringBuilder s = new StringBuilder();
        s.append("# dsoap benchmarks: ").append(suite).append(" suite\n\n");
        s.append("- date: ").append(date).append('\n');
        s.append("- JDK: ").append(jdk()).append('\n');
        s.append("- CPU: ").append(cpu()).append(", ").append(Runtime.getRuntime().availableProcessors())
                .append(" cores available\n");
        s.append("- git commit: ").append(git()).append("\n\n");
        s.append("## Comparisons (baseline / dsoap > 1: dsoap is faster)\n\n");
        if (rows.stream().anyMatch(r -> r.unit.startsWith("ops/"))) {
            s.append("Throughput results appear as ms per operation of all threads together (1 / throughput).\n\n");
        }
        s.append("| benchmark | params | dsoap variant | dsoap ms/op | baseline | baseline ms/op | baseline / dsoap |\n");
        s.append("| --- | --- | --- | ---: | --- | ---: | ---: |\n");
        for (Comparison c : comparisons()) {
            s.append("| ").append(c.bench).append(" | ").append(c.params).append(" | ").append(c.dsoap).append(" | ")
                    .append(ms(c.dsoapMs, c.dsoapErr)).append(" | ").append(c.baseline).append(" | ")
                    .append(ms(c.baselineMs, c.baselineErr)).append(" | ").append(ratio(c.ratio())).append(" |\n");
        }
        boolean cpu = rows.stream().anyMatch(r -> !Double.isNaN(r.cpuUs));
        if (cpu) {
            s.append("\n## Server CPU per request (baseline / dsoap > 1: dsoap uses less)\n\n");
            s.append("| benchmark | params | dsoap variant | dsoap µs/request | baseline | baseline µs/request | baseline / dsoap |\n");
            s.append("| --- | --- | --- | ---: | --- | ---: | ---: |\n");
            for (Comparison c : comparisons()) {
                if (!Double.isNaN(c.dsoapCpuUs) && !Double.isNaN(c.baselineCpuUs)) {
                    s.append("| ").append(c.bench).append(" | ").append(c.params).append(" | ").append(c.dsoap).append(" | ")
                            .append(num(c.dsoapCpuUs)).append(" | ").append(c.baseline).append(" | ")
                            .append(num(c.baselineCpuUs)).append(" | ").append(ratio(c.cpuRatio())).append(" |\n");
                }
            }
        }
        s.append("\n## All measurements\n\n");
        s.append("| benchmark | params | method | ms/op | ± (99.9 %) |").append(gc ? " alloc B/op |" : "")
                .append(cpu ? " server CPU µs/request |" : "").append('\n');
        s.append("| --- | --- | --- | ---: | ---: |").append(gc ? " ---: |" : "").append(cpu ? " ---: |" : "").append('\n');
        for (Row r : rows) {
            s.append("| ").append(r.bench).append(" | ").append(r.params).append(" | ").append(r.method).append(" | ")
                    .append(num(r.ms)).append(" | ").append(Double.isNaN(r.errMs) ? "" : num(r.errMs)).append(" |");
            if (gc) {
                s.append(' ').append(Double.isNaN(r.allocPerOp) ? "" : String.format(Locale.ROOT, "%.0f", r.allocPerOp)).append(" |");
            }
            if (cpu) {
                s.append(' ').append(Double.isNaN(r.cpuUs) ? "" : num(r.cpuUs)).append(" |");
            }
            s.append('\n');
        }
        if (!checkpointMemory.isEmpty()) {
            s.append("\n## Checkpoint memory (bytes after one message, hard doubles)\n\n");
            s.append(CheckpointMemory.markdown(checkpointMemory));
        }
        if (!failures.isEmpty()) {
            s.append("\n## Failures\n\n");
            failures.forEach((k, v) -> s.append("- ").append(k).append(": ").append(v).append('\n'));
        }
        return s.toString();
    }

    String json() {
        StringBuilder s = new StringBuilder("{\n");
        s.append("  \"suite\": ").append(q(suite)).append(",\n");
        s.append("  \"date\": ").append(q(date)).append(",\n");
        s.append("  \"jdk\": ").append(q(jdk())).append(",\n");
        s.append("  \"cpu\": ").append(q(cpu())).append(",\n");
        s.append("  \"cores\": ").append(Runtime.getRuntime().availableProcessors()).append(",\n");
        s.append("  \"gitCommit\": ").append(q(git())).append(",\n");
        s.append("  \"only\": ").append(only == null ? "null" : q(only)).append(",\n");
        s.append("  \"overrides\": ").append(q(overrides)).append(",\n");
        s.append("  \"durationSeconds\": ").append(jnum(durationSeconds)).append(",\n");
        s.append("  \"mainJobSeconds\": ").append(jnum(mainJobSeconds)).append(",\n");
        s.append("  \"results\": [");
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            s.append(i == 0 ? "\n" : ",\n").append("    {\"benchmark\": ").append(q(r.bench)).append(", \"method\": ")
                    .append(q(r.method)).append(", \"params\": ").append(q(r.params)).append(", \"measure\": ")
                    .append(q(r.measure)).append(", \"ms\": ")
                    .append(jnum(r.ms)).append(", \"msError\": ").append(jnum(r.errMs)).append(", \"score\": ")
                    .append(jnum(r.score)).append(", \"scoreError\": ").append(jnum(r.error)).append(", \"unit\": ")
                    .append(q(r.unit)).append(", \"allocBytesPerOp\": ").append(jnum(r.allocPerOp))
                    .append(", \"serverCpuUsPerRequest\": ").append(jnum(r.cpuUs));
            if (!Double.isNaN(r.skippedPerParsed) || !Double.isNaN(r.stateBytes)) {
                s.append(", \"skippedPerParsed\": ").append(jnum(r.skippedPerParsed)).append(", \"stateBytes\": ")
                        .append(jnum(r.stateBytes));
            }
            s.append('}');
        }
        s.append("\n  ],\n  \"comparisons\": [");
        List<Comparison> cs = comparisons();
        for (int i = 0; i < cs.size(); i++) {
            Comparison c = cs.get(i);
            s.append(i == 0 ? "\n" : ",\n").append("    {\"benchmark\": ").append(q(c.bench)).append(", \"params\": ")
                    .append(q(c.params)).append(", \"dsoap\": ").append(q(c.dsoap)).append(", \"dsoapMs\": ")
                    .append(jnum(c.dsoapMs)).append(", \"baseline\": ").append(q(c.baseline)).append(", \"baselineMs\": ")
                    .append(jnum(c.baselineMs)).append(", \"baselineOverDsoap\": ").append(jnum(c.ratio()))
                    .append(", \"dsoapServerCpuUs\": ").append(jnum(c.dsoapCpuUs)).append(", \"baselineServerCpuUs\": ")
                    .append(jnum(c.baselineCpuUs)).append('}');
        }
        s.append("\n  ],\n  \"checkpointMemory\": [");
        for (int i = 0; i < checkpointMemory.size(); i++) {
            CheckpointMemory.Row r = checkpointMemory.get(i);
            s.append(i == 0 ? "\n" : ",\n").append("    {\"size\": ").append(r.size()).append(", \"messageBytes\": ")
                    .append(r.messageBytes()).append(", \"interval\": ").append(r.interval()).append(", \"strategy\": ")
                    .append(q(r.strategy().name())).append(", \"checkpointBytes\": ").append(r.checkpointBytes()).append('}');
        }
        s.append("\n  ],\n  \"failures\": {");
        int i = 0;
        for (Map.Entry<String, String> f : failures.entrySet()) {
            s.append(i++ == 0 ? "\n" : ",\n").append("    ").append(q(f.getKey())).append(": ").append(q(f.getValue()));
        }
        s.append("\n  }\n}\n");
        return s.toString();
    }

    /** A time with its error, or alone where there is none (a paired run's rows: JMH's error is the pair's). */
    private static String ms(double v, double err) {
        return Double.isNaN(err) ? num(v) : num(v) + " ± " + num(err);
    }

    private static String num(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        double a = Math.abs(v);
        String f = a >= 100 ? "%.1f" : a >= 1 ? "%.3f" : a >= 0.01 ? "%.4f" : "%.6f";
        return String.format(Locale.ROOT, f, v);
    }

    private static String ratio(double r) {
        return String.format(Locale.ROOT, r >= 10 ? "%.0fx" : "%.2fx", r);
    }

    private static String jnum(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "null" : Double.toString(v);
    }

    private static String q(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    static String jdk() {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vendor") + ")";
    }

    static String cpu() {
        for (String line : Main.lines(Paths.get("/proc/cpuinfo"))) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return System.getProperty("os.arch");
    }

    static String git() {
        try {
            String head = run("git", "rev-parse", "HEAD");
            if (head.isEmpty()) {
                return "unknown";
            }
            String dirty = run("git", "status", "--porcelain", "--untracked-files=no");
            return head + (dirty.isEmpty() ? "" : " (with uncommitted changes)");
        } catch (Exception e) {
            return "unknown";
        }
    }

    private static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        return p.waitFor() == 0 ? out : "";
    }
}
