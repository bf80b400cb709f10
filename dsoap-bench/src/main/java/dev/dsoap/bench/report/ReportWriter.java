package dev.dsoap.bench.report;

import org.jfree.chart.text.TextUtils;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Writes the benchmark report: {@code index.html} with the targets at a glance, every toolkit and mode side by
 * side, and charts as SVG files in {@code charts/} beside it (PNG copies on request). Everything is local: the page
 * loads no script and nothing from the network.
 *
 * <p>The input is the results JSON of {@code Main --suite} (or JMH's own JSON), read back, so a report can be
 * regenerated from stored files as well as written right after a run.
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /**
     * One results file.
     *
     * @param name its name, shown as the source of its data
     * @param json its content
     * @param href a link to it relative to the report's folder, or null
     * @param markdownHref a link to its markdown twin relative to the report's folder, or null
     */
    public record Input(String name, String json, String href, String markdownHref) {
    }

    /** Where the results come from, said at the top of the report. */
    public enum Origin {
        /** Measured by the run that writes the report. */
        THIS_RUN,
        /** Read from files stored earlier; the report says so, with their dates. */
        STORED
    }

    /** The sub-folder of the charts. */
    static final String CHARTS = "charts";

    /**
     * The folder, beside {@code index.html}, of a suite's quality management run ({@code QualityRun}'s summary and
     * charts): {@code quality-short} or {@code quality-full}. The report shows it when it is there.
     */
    public static String qualityFolder(String suite) {
        return "quality-" + suite;
    }

    /**
     * Writes {@code index.html} and its charts into {@code outDir}, replacing the charts of an earlier report there.
     *
     * @return the path of {@code index.html}
     */
    public static Path write(List<Input> inputs, Path outDir, Origin origin, boolean png) throws IOException {
        return write(inputs, outDir, origin, png, null);
    }

    /**
     * As {@link #write(List, Path, Origin, boolean)}, with a note shown under the report's origin line (for stored
     * results: which runs were combined and why), or null for none.
     */
    public static Path write(List<Input> inputs, Path outDir, Origin origin, boolean png, String note)
            throws IOException {
        return write(inputs, outDir, origin, png, note, List.of());
    }

    /**
     * As {@link #write(List, Path, Origin, boolean, String)}; a target whose points are not in {@code inputs} is judged
     * on {@code earlier} instead (results stored by earlier runs, the full suite's among them), the report naming the
     * file and date of its last measurement.
     */
    public static Path write(List<Input> inputs, Path outDir, Origin origin, boolean png, String note,
            List<Input> earlier) throws IOException {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("the report needs at least one results file");
        }
        List<ResultFile> files = new ArrayList<>();
        for (Input in : inputs) {
            files.add(ResultFile.parse(in.name(), in.json()));
        }
        Results results = new Results(files);
        Results before = earlier(earlier);
        Papers papers = Papers.load();
        String previous = System.setProperty("java.awt.headless", "true");
        // JFreeChart draws rotated text (the y axis label) through a TextLayout by default, which JFreeSVG writes as
        // glyph outlines; plain drawString keeps it text
        boolean workaround = TextUtils.isUseDrawRotatedStringWorkaround();
        TextUtils.setUseDrawRotatedStringWorkaround(false);
        try {
            List<ReportCharts.Spec> charts = ReportCharts.build(results, papers);
            Path chartDir = outDir.resolve(CHARTS);
            Files.createDirectories(chartDir);
            clean(chartDir);
            for (ReportCharts.Spec c : charts) {
                Charts.writeSvg(c.chart(), chartDir.resolve(c.id() + ".svg"), c.width(), c.height());
                if (png) {
                    Charts.writePng(c.chart(), chartDir.resolve(c.id() + ".png"), c.width(), c.height());
                }
            }
            Path index = outDir.resolve("index.html");
            Files.writeString(index, html(inputs, results, before, papers, charts, origin, note,
                    quality(inputs, outDir)), StandardCharsets.UTF_8);
            return index;
        } finally {
            TextUtils.setUseDrawRotatedStringWorkaround(workaround);
            if (previous == null) {
                System.clearProperty("java.awt.headless");
            } else {
                System.setProperty("java.awt.headless", previous);
            }
        }
    }

    /**
     * The stored results, the latest measurement of each point winning (files ordered by their date), or {@code null}
     * when there are none; a file that does not parse is left out.
     */
    private static Results earlier(List<Input> earlier) {
        List<ResultFile> files = new ArrayList<>();
        for (Input in : earlier) {
            try {
                files.add(ResultFile.parse(in.name(), in.json()));
            } catch (RuntimeException e) {
                System.err.println("report: " + in.name() + " left out of the earlier results: " + e.getMessage());
            }
        }
        if (files.isEmpty()) {
            return null;
        }
        files.sort(java.util.Comparator.comparing(f -> f.date() == null ? "" : f.date()));
        return new Results(files);
    }

    /** Removes the SVG and PNG files an earlier report left in the charts folder. */
    private static void clean(Path chartDir) throws IOException {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(chartDir, "*.{svg,png}")) {
            for (Path p : ds) {
                Files.delete(p);
            }
        }
    }

    /**
     * The quality management section, from the summary ({@code quality.md}) and charts in the quality folder of the
     * inputs' suites, or "" when there is none.
     */
    static String quality(List<Input> inputs, Path outDir) throws IOException {
        StringBuilder h = new StringBuilder();
        Set<String> seen = new LinkedHashSet<>();
        for (Input in : inputs) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^results-(short|full)").matcher(in.name());
            if (!m.find() || !seen.add(m.group(1))) {
                continue;
            }
            String folder = qualityFolder(m.group(1));
            Path summary = outDir.resolve(folder).resolve("quality.md");
            if (!Files.isRegularFile(summary)) {
                continue;
            }
            if (h.isEmpty()) {
                h.append("<section id=\"quality\">\n<h2>Quality management: the SOAP-binQ applications</h2>\n<p>The "
                        + "paper's bond server (the latest 1 to 4 timesteps) and image server (640 x 480, or 320 x 240) on "
                        + "a CXF endpoint with dsoap and its quality file, behind a link whose capacity follows a script "
                        + "(good, 10x worse, good, cross traffic taking 90 %, good). One client calls one call at a time "
                        + "under each policy: fixed-large, fixed-small, adaptive (the endpoint chooses the variant from "
                        + "the client's round trips). Percentiles and deviations are over time.</p>\n");
            }
            String app = null;
            boolean inTable = false;
            for (String line : Files.readAllLines(summary, StandardCharsets.UTF_8)) {
                if (line.startsWith("|")) {
                    if (line.startsWith("| ---")) {
                        continue;
                    }
                    String cell = inTable ? "td" : "th";
                    if (!inTable) {
                        h.append("<table>\n");
                        inTable = true;
                    }
                    h.append("<tr>");
                    String[] cells = line.substring(1, line.length() - 1).split("\\|");
                    for (String c : cells) {
                        h.append('<').append(cell).append('>').append(esc(c.strip())).append("</").append(cell).append('>');
                    }
                    h.append("</tr>\n");
                    continue;
                }
                if (inTable) {
                    h.append("</table>\n");
                    inTable = false;
                    if (app != null) {
                        h.append("<figure><img src=\"").append(folder).append("/quality-").append(app)
                                .append(".svg\" alt=\"").append(esc(app)).append(": response time over time\"/></figure>\n");
                    }
                }
                if (line.startsWith("### ")) {
                    String title = line.substring(4);
                    app = title.contains(":") ? title.substring(0, title.indexOf(':')) : title;
                    h.append("<h3>").append(esc(title)).append(" (").append(esc(m.group(1))).append(" suite)</h3>\n");
                } else if (!line.isBlank()) {
                    h.append("<p>").append(esc(line)).append("</p>\n");
                }
            }
            if (inTable) {
                h.append("</table>\n");
            }
        }
        return h.isEmpty() ? "" : h.append("</section>\n").toString();
    }

    static String html(List<Input> inputs, Results r, Papers papers, List<ReportCharts.Spec> charts, Origin origin,
                       String note, String quality) {
        return html(inputs, r, null, papers, charts, origin, note, quality);
    }

    /** As above; {@code before}: the stored results targets not measured in {@code r} are judged on, or null. */
    static String html(List<Input> inputs, Results r, Results before, Papers papers, List<ReportCharts.Spec> charts,
                       Origin origin, String note, String quality) {
        StringBuilder h = new StringBuilder(64 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>dsoap benchmark report</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
        h.append("<h1>dsoap benchmark report</h1>\n");
        header(h, inputs, r, origin);
        if (note != null && !note.isBlank()) {
            h.append("<p class=\"origin\">").append(esc(note)).append("</p>\n");
        }
        targets(h, r, before);
        worstCells(h, r);
        h.append("<nav><p>Sections: ");
        Set<Families.Section> sections = new LinkedHashSet<>();
        for (ReportCharts.Spec c : charts) {
            sections.add(c.section());
        }
        for (Families.Section s : sections) {
            h.append("<a href=\"#").append(s.name().toLowerCase(Locale.ROOT)).append("\">").append(esc(s.heading))
                    .append("</a> · ");
        }
        if (!quality.isEmpty()) {
            h.append("<a href=\"#quality\">Quality management</a> · ");
        }
        h.append("<a href=\"#side-by-side\">Side by side</a> · <a href=\"#papers\">Beside the papers</a> · ")
                .append("<a href=\"#notes\">Notes</a> · <a href=\"#all\">All measurements</a></p></nav>\n");
        for (Families.Section s : sections) {
            h.append("<section id=\"").append(s.name().toLowerCase(Locale.ROOT)).append("\">\n<h2>").append(esc(s.heading))
                    .append("</h2>\n<p>").append(esc(s.intro)).append("</p>\n<div class=\"charts\">\n");
            for (ReportCharts.Spec c : charts) {
                if (c.section() == s) {
                    figure(h, c);
                }
            }
            h.append("</div>\n");
            if (s == Families.Section.DESERIALIZATION && r.checkpointMemory().isEmpty()) {
                h.append("<p class=\"note\">Checkpoint memory: not in these results. The suite records it when its "
                        + "selection includes DdsReadBench; stored results can add it with a file written by "
                        + "<code>java -jar benchmarks.jar --checkpoint-memory</code>.</p>\n");
            }
            h.append("</section>\n");
        }
        if (r.checkpointMemory().isEmpty() && !sections.contains(Families.Section.DESERIALIZATION)) {
            h.append("<p class=\"note\">Checkpoint memory: not in these results.</p>\n");
        }
        h.append(quality);
        sideBySide(h, r);
        besidePapers(h, r, papers);
        notes(h, r, papers);
        all(h, r);
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    private static void header(StringBuilder h, List<Input> inputs, Results r, Origin origin) {
        h.append("<p class=\"origin\">");
        if (origin == Origin.STORED) {
            h.append("<strong>Generated from stored results, not from a fresh run.</strong> Each file below was measured "
                    + "on the date it shows; where two files hold the same benchmark point, the later file in the list "
                    + "is used. Every chart names the files its data came from.");
        } else {
            ResultFile f = r.files().get(0);
            h.append("<strong>Measured on this machine in this run</strong> (suite ").append(esc(f.suite()));
            if (f.only() != null) {
                h.append(", only classes matching <code>").append(esc(f.only())).append("</code>");
            }
            if (!f.overrides().isEmpty()) {
                h.append(", parameters <code>").append(esc(f.overrides())).append("</code>");
            }
            h.append(", ").append(esc(f.date())).append("). All figures below were measured on the machine described "
                    + "here, in this run.");
        }
        h.append(" Report generated ").append(esc(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)))
                .append(".</p>\n");
        h.append("<table class=\"machine\">\n<tr><th>results file</th><th>suite</th><th>date</th><th>git commit</th>"
                + "<th>JDK</th><th>CPU</th><th>cores</th><th>points</th></tr>\n");
        for (int i = 0; i < inputs.size(); i++) {
            Input in = inputs.get(i);
            ResultFile f = r.files().get(i);
            h.append("<tr><td>");
            if (in.href() != null) {
                h.append("<a href=\"").append(esc(in.href())).append("\">").append(esc(in.name())).append("</a>");
                if (in.markdownHref() != null) {
                    h.append(" (<a href=\"").append(esc(in.markdownHref())).append("\">md</a>)");
                }
            } else {
                h.append(esc(in.name()));
            }
            h.append("</td><td>").append(esc(f.suite())).append(f.only() != null ? ", part: " + esc(f.only()) : "")
                    .append(f.overrides().isEmpty() ? "" : ", -p " + esc(f.overrides()))
                    .append("</td><td>").append(orUnknown(f.date())).append("</td><td><code>").append(orUnknown(f.commit()))
                    .append("</code></td><td>").append(orUnknown(f.jdk())).append("</td><td>").append(orUnknown(f.cpu()))
                    .append("</td><td>").append(f.cores() == 0 ? "not recorded" : String.valueOf(f.cores()))
                    .append("</td><td>").append(f.measurements().size() + f.checkpointMemory().size()).append("</td></tr>\n");
            if (!f.failures().isEmpty()) {
                h.append("<tr><td colspan=\"8\" class=\"not-met\">failed: ").append(esc(String.join(", ",
                        f.failures().keySet()))).append("</td></tr>\n");
            }
        }
        h.append("</table>\n");
    }

    private static void targets(StringBuilder h, Results r, Results before) {
        h.append("<h2 id=\"targets\">Targets at a glance</h2>\n<p>Every benchmark target, checked against the "
                + "results above. Ratios are baseline / dsoap: above 1x, dsoap is faster or uses less. A target that "
                + "names several points is met only when all are.");
        if (before != null) {
            h.append(" A target whose points these results do not hold (the full suite runs them) is judged on its last "
                    + "measurement among the stored results, whose file and date the row names.");
        }
        h.append("</p>\n<table class=\"targets\">\n<tr><th>area</th><th>target</th><th>measured</th><th>status</th>"
                + "<th>from</th></tr>\n");
        for (Targets.Target t : Targets.all()) {
            Targets.Verdict v = t.evaluate(r);
            String status = v.status().text;
            String from = String.join(", ", v.sources());
            if (v.status() == Targets.Status.NOT_MEASURED && before != null) {
                Targets.Verdict last = t.evaluate(before);
                if (last.status() != Targets.Status.NOT_MEASURED) {
                    v = last;
                    status = last.status().text + ", when last measured (not in this run)";
                    from = dated(before, last.sources());
                }
            }
            String cls = switch (v.status()) {
                case MET -> "met";
                case NOT_MET -> "not-met";
                case NOT_MEASURED -> "absent";
            };
            h.append("<tr class=\"").append(cls).append("\"><td>")
                    .append(esc(t.area())).append("</td><td>").append(esc(t.text())).append("</td><td>")
                    .append(esc(v.measured())).append("</td><td class=\"status\">").append(esc(status))
                    .append("</td><td>").append(esc(from)).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    /** The files named, each with its date. */
    private static String dated(Results r, List<String> sources) {
        List<String> out = new ArrayList<>();
        for (String s : sources) {
            String date = null;
            for (ResultFile f : r.files()) {
                if (f.name().equals(s)) {
                    date = f.date();
                }
            }
            out.add(s + (date == null ? "" : " (" + date + ")"));
        }
        return String.join(", ", out);
    }

    /**
     * Per host, the end-to-end cells of these results with server CPU measured: the worst against plain (the lowest
     * plain / dsoap ratio) beside the best, and the worst against the transport floor (the highest dsoap / floor), each
     * with where it is (benchmark and parameters): a figure holds across the grid only as far as its worst cell does.
     */
    static void worstCells(StringBuilder h, Results r) {
        h.append("<h2 id=\"worst-cells\">Worst cells</h2>\n<p>Every end-to-end echo cell of these results (one client "
                + "thread; benchmark and parameters; server CPU per request measured on the server's own threads), per "
                + "host: the worst against "
                + "plain beside the best, and the worst against the transport floor (the same client and bytes against a "
                + "server doing no SOAP work). A figure holds only as far as its worst cell.</p>\n");
        h.append("<table class=\"worst\">\n<tr><th>host</th><th>cells</th><th>worst: plain / dsoap</th><th>where</th>"
                + "<th>best: plain / dsoap</th><th>where</th><th>worst: dsoap / floor</th><th>where</th></tr>\n");
        for (String host : HOSTS) {
            List<Results.Pair> cells = new ArrayList<>();
            for (Results.Pair p : r.allPairs()) {
                if (p.dsoap().threads() == 1 && !Double.isNaN(p.cpuRatio()) && p.cpuRatio() > 0
                        && host.equals(host(p.dsoap().bench()))) {
                    cells.add(p);
                }
            }
            if (cells.isEmpty()) {
                h.append("<tr><td>").append(host).append("</td><td>0</td><td colspan=\"6\">not in these results</td></tr>\n");
                continue;
            }
            Results.Pair worst = cells.get(0);
            Results.Pair best = cells.get(0);
            for (Results.Pair p : cells) {
                worst = p.cpuRatio() < worst.cpuRatio() ? p : worst;
                best = p.cpuRatio() > best.cpuRatio() ? p : best;
            }
            Measurement floorWorst = null;
            double floorRatio = Double.NaN;
            for (Results.Pair p : cells) {
                Measurement f = r.partner(p.dsoap(), p.dsoap().method().replaceFirst("^dsoap", "floor"));
                if (f != null && f.cpuUs() > 0 && !Double.isNaN(p.dsoap().cpuUs())) {
                    double x = p.dsoap().cpuUs() / f.cpuUs();
                    if (floorWorst == null || x > floorRatio) {
                        floorWorst = p.dsoap();
                        floorRatio = x;
                    }
                }
            }
            h.append("<tr><td>").append(host).append("</td><td>").append(cells.size()).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.2fx", worst.cpuRatio())).append("</td><td>").append(esc(where(worst.dsoap())))
                    .append("</td><td>").append(String.format(Locale.ROOT, "%.2fx", best.cpuRatio())).append("</td><td>")
                    .append(esc(where(best.dsoap()))).append("</td><td>")
                    .append(floorWorst == null ? "no floor measured" : String.format(Locale.ROOT, "%.2fx", floorRatio))
                    .append("</td><td>").append(floorWorst == null ? "" : esc(where(floorWorst))).append("</td></tr>\n");
        }
        h.append("</table>\n");
        readsAndState(h, r);
    }

    /** The hosts of the worst-cell tables, in order. */
    private static final String[] HOSTS = {"Axis2", "CXF", "Metro"};

    /**
     * Per host, the end-to-end cells whose dsoap server recorded its reads (the distinct clients' cells): the worst
     * bytes skipped per byte parsed, beside the one-client cell of the same parameters (the share of it held), and
     * the most bytes kept per client (the operation's kept states over the clients calling), each with where it is.
     */
    static void readsAndState(StringBuilder h, Results r) {
        h.append("<p>Reads and kept state, per host: of the cells whose dsoap server recorded what its reads skipped and "
                + "parsed in the measured iterations (many distinct clients), the fewest request bytes skipped per byte "
                + "parsed (beside one client with the same parameters, and the share of its figure held), and the most "
                + "bytes kept per client (every kept state of the operation over the clients calling).</p>\n");
        h.append("<table class=\"worst\">\n<tr><th>host</th><th>cells</th><th>worst: skipped / parsed</th>"
                + "<th>one client</th><th>share</th><th>where</th><th>most kept per client</th><th>where</th></tr>\n");
        for (String host : HOSTS) {
            Measurement worst = null;
            Measurement most = null;
            int cells = 0;
            for (Measurement m : r.measurements()) {
                if (!m.isDsoap() || Double.isNaN(m.skippedPerParsed()) || !host.equals(host(m.bench()))) {
                    continue;
                }
                cells++;
                worst = worst == null || m.skippedPerParsed() < worst.skippedPerParsed() ? m : worst;
                if (!Double.isNaN(m.stateBytes()) && (most == null || perClient(m) > perClient(most))) {
                    most = m;
                }
            }
            if (worst == null) {
                h.append("<tr><td>").append(host).append("</td><td>0</td><td colspan=\"6\">not in these results</td></tr>\n");
                continue;
            }
            Measurement one = oneClient(r, worst);
            h.append("<tr><td>").append(host).append("</td><td>").append(cells).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.2f", worst.skippedPerParsed())).append("</td><td>")
                    .append(one == null ? "not measured" : String.format(Locale.ROOT, "%.2f", one.skippedPerParsed()))
                    .append("</td><td>")
                    .append(one == null || !(one.skippedPerParsed() > 0) ? ""
                            : String.format(Locale.ROOT, "%.0f %%", 100 * worst.skippedPerParsed() / one.skippedPerParsed()))
                    .append("</td><td>").append(esc(where(worst))).append("</td><td>")
                    .append(most == null ? "not measured" : String.format(Locale.ROOT, "%.1f KB", perClient(most) / 1000))
                    .append("</td><td>").append(most == null ? "" : esc(where(most))).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    /** Bytes kept per client in {@code m}: its kept states over its {@code clients} parameter (1 when absent). */
    private static double perClient(Measurement m) {
        double clients = m.number("clients");
        return m.stateBytes() / (clients >= 1 ? clients : 1);
    }

    /** The cell of {@code m}'s benchmark, method and measure with one client and otherwise {@code m}'s parameters, or null. */
    private static Measurement oneClient(Results r, Measurement m) {
        for (Measurement x : r.measurements()) {
            if (x.bench().equals(m.bench()) && x.method().equals(m.method()) && x.measure().equals(m.measure())
                    && "1".equals(x.param("clients")) && !Double.isNaN(x.skippedPerParsed())
                    && x.paramsWithout(Set.of("clients")).equals(m.paramsWithout(Set.of("clients")))) {
                return x;
            }
        }
        return null;
    }

    /** The host of an end-to-end echo grid's benchmark class, or null for any other benchmark. */
    private static String host(String bench) {
        String simple = bench.substring(bench.lastIndexOf('.') + 1);
        return switch (simple) {
            case "Axis2EchoBench", "RpcClientEchoBench", "DistinctClientsBench" -> "Axis2";
            case "CxfEchoBench", "CxfPlainProxyEchoBench", "CxfDistinctClientsBench" -> "CXF";
            case "MetroPlainProxyEchoBench", "MetroDistinctClientsBench" -> "Metro";
            default -> null;
        };
    }

    /** A cell's benchmark (simple name) and parameters. */
    private static String where(Measurement m) {
        String simple = m.bench().substring(m.bench().lastIndexOf('.') + 1);
        return simple + "." + m.method() + " " + m.paramsWithout(Set.of());
    }

    private static void figure(StringBuilder h, ReportCharts.Spec c) {
        h.append("<figure><img src=\"").append(CHARTS).append('/').append(esc(c.id())).append(".svg\" width=\"")
                .append(c.width()).append("\" height=\"").append(c.height()).append("\" alt=\"").append(esc(c.title()))
                .append("\"/>\n<figcaption>").append(esc(c.caption())).append(" <span class=\"src\">Data: ")
                .append(esc(String.join(", ", c.sources()))).append(".</span></figcaption></figure>\n");
    }

    private static void sideBySide(StringBuilder h, Results r) {
        h.append("<section id=\"side-by-side\">\n<h2>Side by side</h2>\n<p>Every dsoap variant against every baseline "
                + "measured alike (same class, parameters, mode and threads), but not against another Java host's plain "
                + "server: the gSOAP step compares Axis2 + dsoap.mar with Axis2 and gSOAP's server, not with CXF. "
                + "Ratio: baseline / dsoap.</p>\n");
        h.append("<table>\n<tr><th>benchmark</th><th>parameters</th><th>dsoap</th><th>ms</th><th>baseline</th><th>ms</th>"
                + "<th>time ratio</th><th>server CPU ratio</th></tr>\n");
        for (Results.Pair p : r.allPairs()) {
            Measurement d = p.dsoap();
            Measurement b = p.baseline();
            h.append("<tr><td>").append(esc(d.bench())).append("</td><td>").append(esc(d.paramsWithout(Set.of())))
                    .append("</td><td>").append(esc(Labels.method(d))).append("</td><td class=\"n\">")
                    .append(ms(d)).append("</td><td>").append(esc(Labels.method(b))).append("</td><td class=\"n\">")
                    .append(ms(b)).append("</td><td class=\"n\"><strong>").append(Targets.ratio(p.speedup()))
                    .append("</strong></td><td class=\"n\">").append(Double.isNaN(p.cpuRatio()) ? ""
                            : Targets.ratio(p.cpuRatio())).append("</td></tr>\n");
        }
        h.append("</table>\n</section>\n");
    }

    private static void besidePapers(StringBuilder h, Results r, Papers papers) {
        h.append("<section id=\"papers\">\n<h2>Beside the papers</h2>\n<p>Numbers the papers state in their text or "
                + "tables, transcribed in <code>papers.json</code>, beside dsoap's measurement of the same thing. The "
                + "papers measured C code on 2004-2006 hardware: compare direction and rough size, not digits.</p>\n");
        h.append("<table>\n<tr><th>paper, where</th><th>what</th><th>paper</th><th>dsoap</th><th>from</th></tr>\n");
        for (BesidePapers.Row row : BesidePapers.rows(r, papers)) {
            h.append("<tr><td>").append(esc(row.paper())).append("</td><td>").append(esc(row.what())).append("</td><td>")
                    .append(esc(row.theirs())).append("</td><td>").append(esc(row.ours())).append("</td><td>")
                    .append(esc(String.join(", ", row.sources()))).append("</td></tr>\n");
        }
        h.append("</table>\n</section>\n");
    }

    private static void notes(StringBuilder h, Results r, Papers papers) {
        h.append("<section id=\"notes\">\n<h2>Notes</h2>\n<ul>\n");
        for (Papers.Paper p : List.of(papers.papers().get("ds"), papers.papers().get("lcp"))) {
            h.append("<li>\"").append(esc(p.title())).append("\" (").append(esc(p.authors()))
                    .append(p.venue().isEmpty() ? "" : ", " + esc(p.venue())).append("), drawn as <em>")
                    .append(esc(p.label())).append("</em>: ").append(esc(p.setup())).append(".</li>\n");
        }
        h.append("<li>Left out because the papers give them only as plots, without numbers: the send-time curves of "
                + "Figures 1-12 of \"Differential Serialization for Optimized SOAP Performance\" (only the ratios its "
                + "text states are used); Figures 2-5 of \"Lightweight Checkpointing for Faster SOAP Deserialization\" "
                + "(only its text's averages and Table 1 are used; Figure 5's megabytes are not stated); the charts of "
                + "the slides \"Benchmark Suite for Web Services\", whose summary \"17% to 10X improvement\" names no "
                + "workload and is not drawn.</li>\n");
        h.append("<li>Table 1 of the lightweight checkpointing paper prints \"percent improvement\"; its text says each "
                + "number is the speedup minus 1, times 100, so the speedup drawn is 1 + value / 100.</li>\n");
        h.append("<li>Times are JMH averages (ms per operation). Throughput results (the 4-client end-to-end runs) appear "
                + "as ms per call of the whole system, 1 / throughput. Error bars (JMH's 99.9 % interval) are in the "
                + "table below; on a shared 2-core machine with 3 measured iterations they are often as large as the "
                + "mean, so read ratios to about a factor of two where they are.</li>\n");
        if (r.checkpointMemory().isEmpty()) {
            h.append("<li>Checkpoint memory is not in these results, so its charts and target are absent.</li>\n");
        }
        h.append("</ul>\n</section>\n");
    }

    private static void all(StringBuilder h, Results r) {
        h.append("<section id=\"all\">\n<h2>All measurements</h2>\n<details><summary>").append(r.measurements().size())
                .append(" results</summary>\n<table>\n<tr><th>benchmark</th><th>method</th><th>parameters</th><th>mode</th>"
                        + "<th>ms</th><th>± (99.9 %)</th><th>alloc B/op</th><th>server CPU µs/request</th><th>file</th></tr>\n");
        for (Measurement m : r.measurements()) {
            h.append("<tr><td>").append(esc(m.bench())).append("</td><td>").append(esc(m.method())).append("</td><td>")
                    .append(esc(m.paramsWithout(Set.of()))).append("</td><td>").append(esc(m.measure()))
                    .append("</td><td class=\"n\">").append(Charts.number(m.ms())).append("</td><td class=\"n\">")
                    .append(Double.isNaN(m.msError()) ? "" : Charts.number(m.msError())).append("</td><td class=\"n\">")
                    .append(Double.isNaN(m.alloc()) ? "" : String.format(Locale.ROOT, "%.0f", m.alloc()))
                    .append("</td><td class=\"n\">").append(Double.isNaN(m.cpuUs()) ? "" : Charts.number(m.cpuUs()))
                    .append("</td><td>").append(esc(m.source())).append("</td></tr>\n");
        }
        h.append("</table>\n</details>\n");
        if (!r.checkpointMemory().isEmpty()) {
            h.append("<details><summary>checkpoint memory, ").append(r.checkpointMemory().size())
                    .append(" points</summary>\n<table>\n<tr><th>doubles</th><th>message bytes</th><th>N</th>"
                            + "<th>strategy</th><th>checkpoint bytes</th><th>% of message</th></tr>\n");
            for (ResultFile.CheckpointRow c : r.checkpointMemory()) {
                h.append("<tr><td class=\"n\">").append(c.size()).append("</td><td class=\"n\">").append(c.messageBytes())
                        .append("</td><td class=\"n\">").append(c.interval()).append("</td><td>")
                        .append(Labels.strategy(c.strategy())).append("</td><td class=\"n\">").append(c.bytes())
                        .append("</td><td class=\"n\">")
                        .append(String.format(Locale.ROOT, "%.2f %%", 100 * c.fractionOfMessage())).append("</td></tr>\n");
            }
            h.append("</table>\n</details>\n");
        }
        h.append("</section>\n");
    }

    private static String ms(Measurement m) {
        return Charts.number(m.ms()) + (Double.isNaN(m.msError()) ? "" : " ± " + Charts.number(m.msError()));
    }

    private static String orUnknown(String s) {
        return s == null || s.isEmpty() ? "not recorded" : esc(s);
    }

    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static final String CSS = """
            body { font-family: sans-serif; margin: 1.5em auto; max-width: 1600px; padding: 0 1em; color: #222; }
            h1 { margin-bottom: 0.2em; }
            h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 1.6em; }
            table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.9em; }
            th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; vertical-align: top; text-align: left; }
            th { background: #f0f0f0; }
            td.n { text-align: right; white-space: nowrap; }
            tr.met td.status { background: #c8ecc8; font-weight: bold; }
            tr.not-met td.status, td.not-met { background: #f6c6c6; font-weight: bold; }
            tr.absent td.status { background: #e8e8e8; color: #555; }
            .charts { display: flex; flex-wrap: wrap; gap: 1em; }
            figure { margin: 0; max-width: 760px; }
            figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
            figcaption { font-size: 0.85em; color: #444; margin-top: 0.3em; }
            .src { color: #777; }
            .origin { background: #fff8dc; padding: 0.5em; border: 1px solid #e6d9a8; }
            .note { color: #555; font-style: italic; }
            """;
}
