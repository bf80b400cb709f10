package dev.dsoap.bench.report;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.title.TextTitle;

import java.awt.Font;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds the report's charts from the results: for every benchmark family, time against elements (bars when
 * the results have one size, log-log lines when they have several), speedup against % changed, server CPU per
 * request of the end-to-end benchmarks, DDS checkpoint overhead and memory, and the papers' stated numbers
 * beside dsoap's where they measure the same thing.
 */
final class ReportCharts {
    private ReportCharts() {
    }

    /**
     * One chart of the report.
     *
     * @param section where it goes
     * @param id      its file name, without extension
     * @param caption what it shows, in a sentence or two (plain text)
     * @param chart   the chart
     * @param width   width in pixels
     * @param height  height in pixels
     * @param sources the results files its data came from
     */
    record Spec(Families.Section section, String id, String caption, JFreeChart chart, int width, int height,
                List<String> sources) {
        String title() {
            return chart.getTitle().getText();
        }
    }

    private static final int WIDTH = 760;
    private static final Font SUBTITLE = new Font("SansSerif", Font.PLAIN, 12);

    /** Every chart the results allow, in report order. */
    static List<Spec> build(Results r, Papers papers) {
        List<Spec> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Families.Family f : families(r)) {
            List<Measurement> ms = r.of(f.bench());
            out.addAll(timeCharts(f, ms));
            out.addAll(speedupCharts(f, r, papers));
            if (f.bench().equals("ContentMatchBench")) {
                addIfPresent(out, contentMatchBesidePaper(r, papers));
            }
            if (f.bench().equals("DdsReadBench")) {
                out.addAll(checkpointOverhead(r));
            }
            if (f.endToEnd()) {
                out.addAll(serverCpu(f, r));
            }
        }
        out.addAll(checkpointMemory(r, papers));
        for (Spec s : out) {
            if (!ids.add(s.id)) {
                throw new IllegalStateException("two charts named " + s.id);
            }
        }
        return out;
    }

    /** The families the results hold, in report order (unknown classes last). */
    static List<Families.Family> families(Results r) {
        Set<String> present = new TreeSet<>();
        for (Measurement m : r.measurements()) {
            present.add(m.bench());
        }
        List<Families.Family> out = new ArrayList<>();
        for (Families.Family f : Families.ALL) {
            if (present.remove(f.bench())) {
                out.add(f);
            }
        }
        for (String other : present) {
            out.add(Families.of(other));
        }
        return out;
    }

    private static List<Spec> timeCharts(Families.Family f, List<Measurement> ms) {
        Set<String> exclude = new HashSet<>(f.seriesParams());
        exclude.add("size");
        Map<String, List<Measurement>> groups = new TreeMap<>();
        for (Measurement m : ms) {
            groups.computeIfAbsent(m.paramsWithout(exclude), k -> new ArrayList<>()).add(m);
        }
        List<Spec> out = new ArrayList<>();
        for (Map.Entry<String, List<Measurement>> g : groups.entrySet()) {
            List<Measurement> group = g.getValue();
            Set<String> varying = varying(group, f.seriesParams());
            Map<String, List<Measurement>> series = new LinkedHashMap<>();
            List<Measurement> sorted = new ArrayList<>(group);
            Comparator<Measurement> order = Comparator.comparing((Measurement m) -> m.isDsoap())
                    .thenComparing(m -> Labels.method(m));
            for (String p : varying) {
                order = order.thenComparingDouble(m -> m.number(p)).thenComparing(m -> String.valueOf(m.param(p)));
            }
            sorted.sort(order.thenComparingDouble(m -> m.number("size")));
            for (Measurement m : sorted) {
                boolean once = f.unvaried().contains(m.method());
                series.computeIfAbsent(once ? seriesLabel(m, Set.of()) + meanOver(group, m.method(), varying)
                        : seriesLabel(m, varying), k -> new ArrayList<>()).add(m);
            }
            Set<String> sizes = new TreeSet<>();
            group.forEach(m -> sizes.add(String.valueOf(m.param("size"))));
            String subtitle = describe(group.get(0), varying, sizes.size() == 1);
            String what = f.perCall() ? "ms per call" : "ms per operation";
            JFreeChart chart;
            int height;
            if (sizes.size() >= 2) {
                List<Charts.Line> lines = new ArrayList<>();
                for (Map.Entry<String, List<Measurement>> s : series.entrySet()) {
                    List<Measurement> pts = s.getValue();
                    lines.add(line(s.getKey(), role(pts.get(0)), meanBySize(pts)));
                }
                chart = Charts.logLog(f.title(), "elements in the array (log scale)", what + " (log scale)", lines);
                height = 440;
            } else {
                List<Charts.Bar> bars = new ArrayList<>();
                for (Map.Entry<String, List<Measurement>> s : series.entrySet()) {
                    bars.add(new Charts.Bar(s.getKey(), meanBySize(s.getValue()).firstEntry().getValue(),
                            role(s.getValue().get(0))));
                }
                chart = Charts.bars(f.title(), what + " (log scale)", bars);
                height = 110 + 30 * bars.size();
            }
            chart.addSubtitle(new TextTitle(subtitle, SUBTITLE));
            String caption = (sizes.size() >= 2 ? "Time against the number of elements, log-log, one line per toolkit and mode"
                    : group.get(0).param("size") == null ? "Time per call, one bar per toolkit and mode"
                    : (f.perCall() ? "Time per call at " : "Time per operation at ") + Labels.count(sizes.iterator().next())
                    + " elements, one bar per toolkit "
                    + "and mode (the results have one size; runs with several sizes draw log-log lines)")
                    + ". Warm colours: baselines; cool colours: dsoap. " + (f.unvaried().isEmpty() ? ""
                    : "Methods that do the same work whatever changed (" + String.join(", ", f.unvaried().stream()
                    .sorted().map(Labels::method).toList()) + ") are drawn once per size, the mean of their runs at "
                    + "every % measured. ") + (f.endToEnd() ? "1 client: the latency of a "
                    + "call; 4 clients: ms per call of the whole system (1 / throughput). " : "")
                    + (f.paper().isEmpty() ? "" : "Reproduces " + f.paper() + ".");
            out.add(new Spec(f.section(), slug(f.bench() + "-" + g.getKey() + "-time"), caption, chart, WIDTH, height,
                    Results.sources(group)));
        }
        return out;
    }

    private static List<Spec> speedupCharts(Families.Family f, Results r, Papers papers) {
        List<Measurement> ms = r.of(f.bench());
        if (ms.isEmpty()) {
            return List.of();
        }
        String p = ms.get(0).params().containsKey("percent") ? "percent"
                : ms.get(0).params().containsKey("dirtyPercent") ? "dirtyPercent" : null;
        if (p == null) {
            return List.of();
        }
        List<Results.Pair> pairs = new ArrayList<>();
        if (f.speedups().isEmpty()) {
            for (Results.Pair x : r.allPairs()) {
                if (x.dsoap().bench().equals(f.bench())) {
                    pairs.add(x);
                }
            }
        }
        for (List<String> ratio : f.speedups()) {
            pairs.addAll(r.pairs(Targets.bench(f.bench()), ratio.get(0), ratio.get(1)));
        }
        if (f.bench().equals("DdsReadBench")) {
            pairs.addAll(r.pairs(Targets.bench(f.bench()), "dsoapDds", "dsoapPlain"));
        }
        if (f.endToEnd()) {
            pairs.removeIf(x -> x.dsoap().threads() != 1 || Double.isNaN(x.cpuRatio()));
        }
        Set<String> exclude = new HashSet<>(f.speedupSeries());
        exclude.add(p);
        Map<String, List<Results.Pair>> groups = new TreeMap<>();
        for (Results.Pair x : pairs) {
            groups.computeIfAbsent(x.dsoap().paramsWithout(exclude), k -> new ArrayList<>()).add(x);
        }
        List<Spec> out = new ArrayList<>();
        for (Map.Entry<String, List<Results.Pair>> g : groups.entrySet()) {
            List<Results.Pair> group = g.getValue();
            Set<Double> percents = new TreeSet<>();
            group.forEach(x -> percents.add(x.dsoap().number(p)));
            if (percents.size() < 2 && !f.endToEnd()) {
                continue;
            }
            Set<String> varying = varying(group.stream().map(Results.Pair::dsoap).toList(), f.speedupSeries());
            Map<String, TreeMap<Double, Double>> series = new LinkedHashMap<>();
            for (Results.Pair x : group) {
                List<String> point = new ArrayList<>();
                for (String k : varying) {
                    if (x.dsoap().param(k) != null) {
                        point.add(Labels.param(k, x.dsoap().param(k)).replace(" elements", ""));
                    }
                }
                StringBuilder label = new StringBuilder(String.join(", ", point));
                if (!point.isEmpty()) {
                    label.append(": ");
                }
                if (f.endToEnd()) {
                    label.append("server CPU, ").append(Labels.method(x.baseline().method())).append(" / dsoap");
                } else {
                    label.append(Labels.method(x.baseline())).append(" / ").append(Labels.method(x.dsoap()));
                }
                double v = f.endToEnd() ? x.cpuRatio() : x.speedup();
                series.computeIfAbsent(label.toString().trim(), k -> new TreeMap<>()).put(x.dsoap().number(p), v);
            }
            List<Charts.Line> lines = new ArrayList<>();
            series.forEach((label, pts) -> lines.add(line(label, Charts.Role.DSOAP, pts)));
            List<String> sources = new ArrayList<>();
            group.forEach(x -> {
                sources.addAll(Results.sources(List.of(x.dsoap(), x.baseline())));
            });
            Measurement first = group.get(0).dsoap();
            String paperNote = "";
            if (f.bench().equals("DdsReadBench")) {
                Charts.Line paper = table1Line(papers, first);
                if (paper != null) {
                    lines.add(paper);
                    paperNote = " The black dashed line is the paper's Table 1 for the same T, N and array size: LCP over "
                            + "the same parser without DDS, like dsoap DDS over dsoap's plain parse.";
                }
            }
            double maxP = percents.stream().mapToDouble(Double::doubleValue).max().orElse(100);
            double span = Math.max(maxP, 1);
            String xLabel = p.equals("dirtyPercent") ? "% of the items set (dirty) before each message"
                    : "% of the values changed between consecutive messages";
            String title = f.endToEnd() ? f.name() + ": server CPU saved against % changed"
                    : f.name() + ": speedup against % changed";
            JFreeChart chart = Charts.ratios(title, xLabel, -0.06 * span, maxP + 0.06 * span,
                    f.endToEnd() ? "baseline CPU / dsoap CPU per request (log scale)" : "baseline time / dsoap time (log scale)",
                    lines);
            String sub = describe(first, exclude, true);
            if (!sub.isEmpty()) {
                chart.addSubtitle(new TextTitle(sub, SUBTITLE));
            }
            String caption = (f.endToEnd() ? "Server CPU per request of the baseline over dsoap's, with 1 client"
                    : "Baseline time over dsoap time") + ", against the share of values changed; above 1x dsoap is faster. "
                    + "Each point is labelled with its ratio." + paperNote;
            out.add(new Spec(f.section(), slug(f.bench() + "-" + g.getKey() + "-speedup"), caption, chart, WIDTH,
                    360 + 22 * ((lines.size() + 1) / 2), dedupe(sources)));
        }
        return out;
    }

    private static Charts.Line table1Line(Papers papers, Measurement dds) {
        Papers.Table1 t = papers.table1();
        int partitions = (int) dds.number("partitions");
        int interval = (int) dds.number("interval");
        int size = (int) dds.number("size");
        if (!"LIGHTWEIGHT".equals(dds.param("strategy"))) {
            return null;
        }
        TreeMap<Double, Double> pts = new TreeMap<>();
        for (int percent : t.percents()) {
            double v = t.speedup(percent, size, partitions, interval);
            if (!Double.isNaN(v)) {
                pts.put((double) percent, v);
            }
        }
        if (pts.isEmpty()) {
            return null;
        }
        return line(t.paper().label() + ": LCP / no DDS, Table 1", Charts.Role.PAPER, pts);
    }

    private static Spec contentMatchBesidePaper(Results r, Papers papers) {
        List<String> kinds = List.of("DOUBLE", "INT", "MIO");
        List<Charts.Group> groups = new ArrayList<>();
        List<Measurement> used = new ArrayList<>();
        String sizeNote = "";
        for (String kind : kinds) {
            List<Measurement> cm = r.select(Targets.bench("ContentMatchBench").and(Targets.eq("kind", kind))
                    .and(m -> m.method().equals("dsoapContentMatch")).and(m -> !"COPY".equals(m.param("sink"))));
            if (cm.isEmpty()) {
                continue;
            }
            Measurement largest = cm.stream().max(Comparator.comparingDouble(m -> m.number("size"))).orElseThrow();
            Measurement first = r.partner(largest, "dsoapFirstSend");
            Measurement woodstox = r.partner(largest, "baselineWoodstox");
            double paper = papers.statement("ds-content-" + kind.toLowerCase(java.util.Locale.ROOT)).low();
            groups.add(new Charts.Group(kind + ", " + Labels.count(largest.param("size")) + " elements", new double[] {
                    first == null ? Double.NaN : first.ms() / largest.ms(),
                    woodstox == null ? Double.NaN : woodstox.ms() / largest.ms(), paper}));
            used.add(largest);
            if (first != null) {
                used.add(first);
            }
            if (woodstox != null) {
                used.add(woodstox);
            }
            sizeNote = largest.param("size");
        }
        if (groups.isEmpty()) {
            return null;
        }
        String label = papers.papers().get("ds").label();
        JFreeChart chart = Charts.groupedBars("Content match beside the paper: full serialization / content match",
                "times faster than a full serialization (log scale)",
                List.of("dsoap first send / dsoap content match", "Woodstox / dsoap content match",
                        label + ": full serialization / content match (Section 4.1)"),
                List.of(Charts.Role.DSOAP, Charts.Role.DSOAP, Charts.Role.PAPER), groups);
        String caption = "The paper states its content-match gains only in words (\"approximately seven times\" for MIOs, "
                + "\"approximately ten times\" for large double arrays, \"at least four times\" for large int arrays, "
                + "bSOAP's own full serialization against its content match); its Figures 1-3 give no other numbers. "
                + "dsoap's bars use the largest size measured (" + Labels.count(sizeNote) + "), discarding sink. The paper "
                + "timed sends over Gigabit Ethernet in C; compare direction and size, not digits.";
        return new Spec(Families.Section.SERIALIZATION, "content-match-beside-paper", caption, chart, WIDTH,
                110 + 62 * groups.size(), Results.sources(used));
    }

    private static List<Spec> checkpointOverhead(Results r) {
        List<Measurement> ms = r.select(Targets.bench("DdsReadBench").and(Targets.eq("percent", "100"))
                .and(Targets.eq("partitions", "1")).and(Targets.eq("adaptive", "false")));
        Map<String, List<Measurement>> bySize = new TreeMap<>();
        ms.forEach(m -> bySize.computeIfAbsent(m.param("size"), k -> new ArrayList<>()).add(m));
        List<Spec> out = new ArrayList<>();
        for (Map.Entry<String, List<Measurement>> e : bySize.entrySet()) {
            List<Measurement> g = e.getValue();
            Set<Double> intervals = new TreeSet<>();
            g.forEach(m -> intervals.add(m.number("interval")));
            if (intervals.size() < 2) {
                continue;
            }
            Map<String, TreeMap<Double, double[]>> acc = new LinkedHashMap<>();
            for (Measurement m : g) {
                String label = switch (m.method()) {
                    case "dsoapDds" -> "dsoap DDS, " + Labels.strategy(m.param("strategy"));
                    case "dsoapPlain" -> "dsoap plain parse (mean of the strategies' runs)";
                    case "baselineWoodstox" -> "Woodstox + parseDouble (mean of the strategies' runs)";
                    default -> Labels.method(m);
                };
                double[] sum = acc.computeIfAbsent(label, k -> new TreeMap<>()).computeIfAbsent(m.number("interval"),
                        k -> new double[2]);
                sum[0] += m.ms();
                sum[1]++;
            }
            List<Charts.Line> lines = new ArrayList<>();
            acc.forEach((label, pts) -> {
                TreeMap<Double, Double> mean = new TreeMap<>();
                pts.forEach((x, s) -> mean.put(x, s[0] / s[1]));
                lines.add(line(label, label.startsWith("Woodstox") ? Charts.Role.BASELINE : Charts.Role.DSOAP, mean));
            });
            JFreeChart chart = Charts.byInterval("Checkpoint overhead when every message differs (P = 100 %, T = 1, "
                    + "bypass off)", "checkpoint interval N in bytes (log scale)", "ms per message", false, lines);
            chart.addSubtitle(new TextTitle(Labels.count(e.getKey()) + " hard doubles", SUBTITLE));
            String caption = "Figure 2 of \"Lightweight Checkpointing for Faster SOAP Deserialization\": the cost of taking "
                    + "full (FCP), differential (DCP) and lightweight (LCP) checkpoints every N bytes when nothing can be "
                    + "skipped. The paper's figure is a plot; its text gives only averages, which are in the table "
                    + "\"Beside the papers\".";
            out.add(new Spec(Families.Section.DESERIALIZATION, "dds-checkpoint-overhead-" + e.getKey(), caption, chart,
                    WIDTH, 420, Results.sources(g)));
        }
        return out;
    }

    private static List<Spec> checkpointMemory(Results r, Papers papers) {
        List<ResultFile.CheckpointRow> rows = r.checkpointMemory();
        if (rows.isEmpty()) {
            return List.of();
        }
        List<String> sources = new ArrayList<>();
        for (ResultFile f : r.files()) {
            if (!f.checkpointMemory().isEmpty()) {
                sources.add(f.name());
            }
        }
        int size = rows.stream().mapToInt(ResultFile.CheckpointRow::size).max().orElseThrow();
        Map<String, TreeMap<Double, Double>> bytes = new LinkedHashMap<>();
        Map<Double, Map<String, Long>> byInterval = new TreeMap<>();
        long message = 0;
        for (ResultFile.CheckpointRow c : rows) {
            if (c.size() == size) {
                bytes.computeIfAbsent(Labels.strategy(c.strategy()), k -> new TreeMap<>()).put((double) c.interval(),
                        (double) c.bytes());
                byInterval.computeIfAbsent((double) c.interval(), k -> new LinkedHashMap<>()).put(c.strategy(), c.bytes());
                message = c.messageBytes();
            }
        }
        List<Charts.Line> lines = new ArrayList<>();
        bytes.forEach((label, pts) -> lines.add(line(label, Charts.Role.DSOAP, pts)));
        TreeMap<Double, Double> msg = new TreeMap<>();
        for (Double n : byInterval.keySet()) {
            msg.put(n, (double) message);
        }
        lines.add(line("the message itself", Charts.Role.REFERENCE, msg));
        List<Spec> out = new ArrayList<>();
        JFreeChart mem = Charts.byInterval("Checkpoint memory of one message, by strategy",
                "checkpoint interval N in bytes (log scale)", "bytes (log scale)", true, lines);
        mem.addSubtitle(new TextTitle(Labels.count(String.valueOf(size)) + " hard doubles, " + Charts.number(message)
                + " bytes", SUBTITLE));
        out.add(new Spec(Families.Section.DESERIALIZATION, "checkpoint-memory", "Figure 5 of \"Lightweight Checkpointing "
                + "for Faster SOAP Deserialization\": the memory the checkpoints of one message take, counted by "
                + "DifferentialDeserializer.checkpointBytes() after the message is read (deterministic, not a timing).",
                mem, WIDTH, 420, sources));

        TreeMap<Double, Double> ofFcp = new TreeMap<>();
        TreeMap<Double, Double> ofDcp = new TreeMap<>();
        TreeMap<Double, Double> ofMessage = new TreeMap<>();
        for (Map.Entry<Double, Map<String, Long>> e : byInterval.entrySet()) {
            Map<String, Long> m = e.getValue();
            Long l = m.get("LIGHTWEIGHT");
            if (l == null) {
                continue;
            }
            if (m.get("FULL") != null) {
                ofFcp.put(e.getKey(), 100.0 * l / m.get("FULL"));
            }
            if (m.get("DIFFERENTIAL") != null) {
                ofDcp.put(e.getKey(), 100.0 * l / m.get("DIFFERENTIAL"));
            }
            ofMessage.put(e.getKey(), 100.0 * l / message);
        }
        List<Charts.Line> shares = new ArrayList<>();
        shares.add(line("dsoap LCP as % of FCP", Charts.Role.DSOAP, ofFcp));
        shares.add(line("dsoap LCP as % of DCP", Charts.Role.DSOAP, ofDcp));
        shares.add(line("dsoap LCP as % of the message", Charts.Role.DSOAP, ofMessage));
        String label = papers.table1().paper().label();
        for (String id : List.of("lcp-mem-fcp", "lcp-mem-dcp")) {
            Papers.Statement s = papers.statement(id);
            TreeMap<Double, Double> flat = new TreeMap<>();
            for (Double n : byInterval.keySet()) {
                flat.put(n, s.low());
            }
            shares.add(line(label + ": LCP about " + (int) s.low() + " % of " + (id.endsWith("fcp") ? "FCP" : "DCP")
                    + " (text, no N given)", Charts.Role.PAPER, flat));
        }
        shares.removeIf(x -> x.xs().length == 0);
        JFreeChart share = Charts.byInterval("Lightweight checkpoints as a share of full and differential ones",
                "checkpoint interval N in bytes (log scale)", "% (log scale)", true, shares);
        share.addSubtitle(new TextTitle(Labels.count(String.valueOf(size)) + " hard doubles", SUBTITLE));
        out.add(new Spec(Families.Section.DESERIALIZATION, "checkpoint-memory-share", "LCP's memory as a share of FCP's, "
                + "DCP's and the message's. The paper states only \"about 3 %\" of FCP and \"10 %\" of DCP (Section 5.4); "
                + "its Figure 5 gives no numbers, so its two statements are drawn flat across N.", share, WIDTH, 420,
                sources));
        return out;
    }

    /**
     * Server CPU per request of an end-to-end family: baseline and dsoap side by side for every pair measured,
     * one chart per shape (a family without shapes, one chart), each bar group labelled with its point.
     */
    private static List<Spec> serverCpu(Families.Family f, Results r) {
        Map<String, List<Results.Pair>> byShape = new TreeMap<>();
        for (Results.Pair x : r.allPairs()) {
            if (x.dsoap().bench().equals(f.bench()) && !Double.isNaN(x.cpuRatio())) {
                String shape = x.dsoap().param("shape");
                byShape.computeIfAbsent(shape == null ? "" : shape, k -> new ArrayList<>()).add(x);
            }
        }
        List<Spec> out = new ArrayList<>();
        byShape.forEach((shape, pairs) -> out.add(serverCpu(f, shape, pairs)));
        return out;
    }

    private static Spec serverCpu(Families.Family f, String shape, List<Results.Pair> pairs) {
        pairs.sort(Comparator.comparing((Results.Pair x) -> x.dsoap().paramsWithout(Set.of("percent")))
                .thenComparingDouble(x -> x.dsoap().number("percent")).thenComparingInt(x -> x.dsoap().threads()));
        List<Charts.Group> groups = new ArrayList<>();
        List<Measurement> used = new ArrayList<>();
        for (Results.Pair x : pairs) {
            Measurement d = x.dsoap();
            StringBuilder label = new StringBuilder();
            for (String k : List.of("host", "style", "size", "percent")) {
                if (d.param(k) != null) {
                    label.append(Labels.param(k, d.param(k)).replace(" elements", "")).append(", ");
                }
            }
            label.append(d.threads() == 1 ? "1 client" : d.threads() + " clients").append(": ")
                    .append(Targets.ratio(x.cpuRatio())).append(" less");
            groups.add(new Charts.Group(label.toString(), new double[] {x.baseline().cpuUs() / 1000, d.cpuUs() / 1000}));
            used.add(d);
            used.add(x.baseline());
        }
        String baseline = Labels.method(pairs.get(0).baseline().method());
        String dsoap = Labels.method(pairs.get(0).dsoap().method());
        JFreeChart chart = Charts.groupedBars("Server CPU per request: " + baseline + " and " + dsoap,
                "ms of server CPU per request (log scale)", List.of(baseline, dsoap),
                List.of(Charts.Role.BASELINE, Charts.Role.DSOAP), groups);
        if (!shape.isEmpty()) {
            chart.addSubtitle(new TextTitle(Labels.param("shape", shape), SUBTITLE));
        }
        String caption = "CPU time of the server's request threads over a measurement iteration, divided by the requests "
                + "served (GC and JIT threads not counted); each label gives the ratio baseline / dsoap.";
        return new Spec(f.section(), slug(f.bench() + (shape.isEmpty() ? "" : "-shape-" + shape) + "-server-cpu"), caption,
                chart, WIDTH, 90 + 46 * groups.size(), Results.sources(used));
    }

    private static Charts.Line line(String label, Charts.Role role, TreeMap<Double, Double> pts) {
        double[] xs = new double[pts.size()];
        double[] ys = new double[pts.size()];
        int i = 0;
        for (Map.Entry<Double, Double> e : pts.entrySet()) {
            xs[i] = e.getKey();
            ys[i++] = e.getValue();
        }
        return new Charts.Line(label, role, xs, ys);
    }

    /** Time per operation by size: the mean where several measurements (of the series parameters) share a size. */
    private static TreeMap<Double, Double> meanBySize(List<Measurement> ms) {
        TreeMap<Double, double[]> sums = new TreeMap<>();
        for (Measurement m : ms) {
            double[] s = sums.computeIfAbsent(m.number("size"), k -> new double[2]);
            s[0] += m.ms();
            s[1]++;
        }
        TreeMap<Double, Double> out = new TreeMap<>();
        sums.forEach((size, s) -> out.put(size, s[0] / s[1]));
        return out;
    }

    /**
     * For a method drawn once: ", mean over 0, 25, 50, 100 %", the values of the series parameters its runs in the
     * group had, or empty when it has one run per size.
     */
    private static String meanOver(List<Measurement> group, String method, Set<String> varying) {
        List<String> parts = new ArrayList<>();
        for (String p : varying) {
            TreeMap<Double, String> values = new TreeMap<>();
            for (Measurement m : group) {
                if (m.method().equals(method) && m.param(p) != null) {
                    values.put(m.number(p), m.param(p));
                }
            }
            if (values.size() > 1) {
                parts.add(Labels.param(p, String.join(", ", values.values())));
            }
        }
        return parts.isEmpty() ? "" : ", mean over " + String.join("; ", parts);
    }

    private static void addIfPresent(List<Spec> out, Spec s) {
        if (s != null) {
            out.add(s);
        }
    }

    private static Charts.Role role(Measurement m) {
        return m.isDsoap() ? Charts.Role.DSOAP : Charts.Role.BASELINE;
    }

    /** The series parameters whose values differ within the group. */
    private static Set<String> varying(List<Measurement> group, Set<String> params) {
        Set<String> out = new TreeSet<>();
        for (String p : params) {
            Set<String> values = new HashSet<>();
            group.forEach(m -> values.add(String.valueOf(m.param(p))));
            if (values.size() > 1) {
                out.add(p);
            }
        }
        return out;
    }

    private static String seriesLabel(Measurement m, Set<String> varying) {
        StringBuilder b = new StringBuilder(Labels.method(m));
        for (String p : varying) {
            if (m.param(p) != null) {
                b.append(", ").append(Labels.param(p, m.param(p)));
            }
        }
        return b.toString();
    }

    /** The chart's fixed parameters for its subtitle: all but {@code omit} (and size unless {@code withSize}). */
    private static String describe(Measurement m, Set<String> omit, boolean withSize) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : m.params().entrySet()) {
            String k = e.getKey();
            if (omit.contains(k) || (k.equals("size") && !withSize)) {
                continue;
            }
            parts.add(Labels.param(k, e.getValue()));
        }
        return String.join(", ", parts);
    }

    private static List<String> dedupe(List<String> xs) {
        List<String> out = new ArrayList<>();
        for (String x : xs) {
            if (!out.contains(x)) {
                out.add(x);
            }
        }
        return out;
    }

    /** A file-name-safe id. */
    static String slug(String s) {
        String x = s.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return x.isEmpty() ? "chart" : x;
    }
}
