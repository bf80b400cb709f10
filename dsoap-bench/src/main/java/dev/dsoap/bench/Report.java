package dev.dsoap.bench;

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
import java.util.concurrent.TimeUnit;

/**
 * The results of one {@link Main} suite run: every measurement, and each dsoap variant ({@code dsoap*}
 * methods) set against each baseline ({@code baseline*} methods) of the same benchmark class and parameters,
 * rendered as markdown and JSON together with the machine it ran on.
 */
final class Report {
    /** One benchmark result. */
    record Row(String bench, String method, String params, double ms, double errMs, String unit, double score,
               double error, double allocPerOp) {
    }

    /** One dsoap variant against one baseline. */
    record Comparison(String bench, String params, String dsoap, double dsoapMs, double dsoapErr, String baseline,
                      double baselineMs, double baselineErr) {
        double ratio() {
            return baselineMs / dsoapMs;
        }
    }

    private final String suite;
    private final boolean gc;
    private final List<Row> rows = new ArrayList<>();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final String date = ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);

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
        double toMs = toMs(p.getScoreUnit());
        double alloc = Double.NaN;
        Result<?> a = r.getSecondaryResults().get("gc.alloc.rate.norm");
        if (a != null) {
            alloc = a.getScore();
        }
        rows.add(new Row(bench, method, params.toString(), p.getScore() * toMs, p.getScoreError() * toMs,
                p.getScoreUnit(), p.getScore(), p.getScoreError(), alloc));
    }

    void failed(String bench, String message) {
        failures.put(bench, message);
    }

    private static double toMs(String unit) {
        String u = unit.replace("/op", "");
        TimeUnit t = switch (u) {
            case "s" -> TimeUnit.SECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            case "us" -> TimeUnit.MICROSECONDS;
            case "ns" -> TimeUnit.NANOSECONDS;
            default -> throw new IllegalArgumentException("unit " + unit);
        };
        return t.toNanos(1) / 1e6;
    }

    List<Comparison> comparisons() {
        List<Comparison> out = new ArrayList<>();
        for (Row d : rows) {
            if (!d.method.startsWith("dsoap")) {
                continue;
            }
            for (Row b : rows) {
                if (b.method.startsWith("baseline") && b.bench.equals(d.bench) && b.params.equals(d.params)) {
                    out.add(new Comparison(d.bench, d.params, d.method, d.ms, d.errMs, b.method, b.ms, b.errMs));
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
        s.append("| benchmark | params | dsoap variant | dsoap ms/op | baseline | baseline ms/op | baseline / dsoap |\n");
        s.append("| --- | --- | --- | ---: | --- | ---: | ---: |\n");
        for (Comparison c : comparisons()) {
            s.append("| ").append(c.bench).append(" | ").append(c.params).append(" | ").append(c.dsoap).append(" | ")
                    .append(ms(c.dsoapMs, c.dsoapErr)).append(" | ").append(c.baseline).append(" | ")
                    .append(ms(c.baselineMs, c.baselineErr)).append(" | ").append(ratio(c.ratio())).append(" |\n");
        }
        s.append("\n## All measurements\n\n");
        s.append("| benchmark | params | method | ms/op | ± (99.9 %) |").append(gc ? " alloc B/op |" : "").append('\n');
        s.append("| --- | --- | --- | ---: | ---: |").append(gc ? " ---: |" : "").append('\n');
        for (Row r : rows) {
            s.append("| ").append(r.bench).append(" | ").append(r.params).append(" | ").append(r.method).append(" | ")
                    .append(num(r.ms)).append(" | ").append(num(r.errMs)).append(" |");
            if (gc) {
                s.append(' ').append(Double.isNaN(r.allocPerOp) ? "" : String.format(Locale.ROOT, "%.0f", r.allocPerOp)).append(" |");
            }
            s.append('\n');
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
        s.append("  \"results\": [");
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            s.append(i == 0 ? "\n" : ",\n").append("    {\"benchmark\": ").append(q(r.bench)).append(", \"method\": ")
                    .append(q(r.method)).append(", \"params\": ").append(q(r.params)).append(", \"ms\": ")
                    .append(jnum(r.ms)).append(", \"msError\": ").append(jnum(r.errMs)).append(", \"score\": ")
                    .append(jnum(r.score)).append(", \"scoreError\": ").append(jnum(r.error)).append(", \"unit\": ")
                    .append(q(r.unit)).append(", \"allocBytesPerOp\": ").append(jnum(r.allocPerOp)).append('}');
        }
        s.append("\n  ],\n  \"comparisons\": [");
        List<Comparison> cs = comparisons();
        for (int i = 0; i < cs.size(); i++) {
            Comparison c = cs.get(i);
            s.append(i == 0 ? "\n" : ",\n").append("    {\"benchmark\": ").append(q(c.bench)).append(", \"params\": ")
                    .append(q(c.params)).append(", \"dsoap\": ").append(q(c.dsoap)).append(", \"dsoapMs\": ")
                    .append(jnum(c.dsoapMs)).append(", \"baseline\": ").append(q(c.baseline)).append(", \"baselineMs\": ")
                    .append(jnum(c.baselineMs)).append(", \"baselineOverDsoap\": ").append(jnum(c.ratio())).append('}');
        }
        s.append("\n  ],\n  \"failures\": {");
        int i = 0;
        for (Map.Entry<String, String> f : failures.entrySet()) {
            s.append(i++ == 0 ? "\n" : ",\n").append("    ").append(q(f.getKey())).append(": ").append(q(f.getValue()));
        }
        s.append("\n  }\n}\n");
        return s.toString();
    }

    private static String ms(double v, double err) {
        return num(v) + " ± " + num(err);
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
