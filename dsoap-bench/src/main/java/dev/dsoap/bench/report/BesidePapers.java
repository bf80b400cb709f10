package dev.dsoap.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The papers' stated numbers beside dsoap's measurement of the same thing, where the results have it: one row per
 * statement (and per matching Table 1 cell).
 */
final class BesidePapers {
    private BesidePapers() {
    }

    /**
     * One row.
     *
     * @param paper   the paper's title and where the number is
     * @param what    what it measures
     * @param theirs  the paper's number, as stated
     * @param ours    dsoap's, or "not in these results"
     * @param sources the results files ours came from
     */
    record Row(String paper, String what, String theirs, String ours, List<String> sources) {
    }

    private static final String ABSENT = "not in these results";

    static List<Row> rows(Results r, Papers papers) {
        List<Row> out = new ArrayList<>();
        for (String kind : List.of("MIO", "DOUBLE", "INT")) {
            Papers.Statement s = papers.statement("ds-content-" + kind.toLowerCase(Locale.ROOT));
            List<Measurement> cm = r.select(Targets.bench("ContentMatchBench").and(Targets.eq("kind", kind))
                    .and(m -> m.method().equals("dsoapContentMatch")).and(m -> !"COPY".equals(m.param("sink"))));
            Measurement largest = cm.stream().max(Comparator.comparingDouble(m -> m.number("size"))).orElse(null);
            Measurement first = largest == null ? null : r.partner(largest, "dsoapFirstSend");
            String ours = first == null ? ABSENT : Targets.ratio(first.ms() / largest.ms()) + " (dsoap first send / content "
                    + "match, " + Labels.count(largest.param("size")) + ")";
            out.add(new Row(where(s), s.measures(), s.text(), ours, first == null ? List.of()
                    : Results.sources(List.of(largest, first))));
        }
        Papers.Statement shift = papers.statement("ds-worst-shift");
        List<String> parts = new ArrayList<>();
        List<Measurement> used = new ArrayList<>();
        for (Results.Pair p : r.pairs(Targets.bench("WorstCaseShiftBench").and(Targets.eq("adaptive", "false")),
                "dsoapWorstCase", "dsoapNoShift")) {
            parts.add(Targets.ratio(1 / p.speedup()) + " slower (" + p.dsoap().param("kind")
                    + ", " + p.dsoap().param("chunkKb") + " KiB chunks, " + Labels.count(p.dsoap().param("size")) + ")");
            used.add(p.dsoap());
            used.add(p.baseline());
        }
        out.add(new Row(where(shift), shift.measures() + "; dsoap: worst case / no shift, adaptive policy off as in the paper",
                shift.text(), parts.isEmpty() ? ABSENT : String.join(", ", parts), Results.sources(used)));

        Papers.Statement half = papers.statement("lcp-half-unchanged");
        List<Results.Pair> p50 = r.pairs(Targets.bench("DdsReadBench").and(Targets.eq("percent", "50")), "dsoapDds",
                "dsoapPlain");
        out.add(new Row(where(half), half.measures() + "; dsoap: DDS against its own plain parse at P = 50 %", half.text(),
                p50.isEmpty() ? ABSENT : join(p50, p -> pct(p.speedup() - 1) + " faster (" + ddsPoint(p.dsoap()) + ")"),
                pairSources(p50)));

        Papers.Table1 t = papers.table1();
        // the paper's DDS had no bypass: compare runs with dsoap's adaptive bypass off
        for (Results.Pair p : r.pairs(Targets.bench("DdsReadBench").and(Targets.eq("strategy", "LIGHTWEIGHT"))
                .and(Targets.eq("adaptive", "true").negate()), "dsoapDds", "dsoapPlain")) {
            Measurement d = p.dsoap();
            double theirs = t.speedup((int) d.number("percent"), (int) d.number("size"), (int) d.number("partitions"),
                    (int) d.number("interval"));
            if (Double.isNaN(theirs)) {
                continue;
            }
            out.add(new Row(t.paper().title() + ", Table 1", "LCP over the same parser without DDS, " + ddsPoint(d)
                    + "; dsoap: DDS over its own plain parse", pct(theirs - 1) + " (" + Targets.ratio(theirs) + ")",
                    pct(p.speedup() - 1) + " (" + Targets.ratio(p.speedup()) + ")",
                    Results.sources(List.of(d, p.baseline()))));
        }

        out.addAll(figure2(r, papers));
        for (String id : List.of("lcp-mem-fcp", "lcp-mem-dcp")) {
            Papers.Statement s = papers.statement(id);
            String other = id.endsWith("fcp") ? "FULL" : "DIFFERENTIAL";
            Map<String, Long> lcp = new TreeMap<>();
            Map<String, Long> them = new TreeMap<>();
            for (ResultFile.CheckpointRow c : r.checkpointMemory()) {
                String k = c.size() + "/" + c.interval();
                if (c.strategy().equals("LIGHTWEIGHT")) {
                    lcp.put(k, c.bytes());
                } else if (c.strategy().equals(other)) {
                    them.put(k, c.bytes());
                }
            }
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (Map.Entry<String, Long> e : lcp.entrySet()) {
                Long o = them.get(e.getKey());
                if (o != null && o > 0) {
                    double v = 100.0 * e.getValue() / o;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
            String ours = hi == 0 ? ABSENT : String.format(Locale.ROOT, "%.1f-%.1f %% (every size and N measured)", lo, hi);
            out.add(new Row(where(s), s.measures(), s.text(), ours, hi == 0 ? List.of() : memorySources(r)));
        }
        return out;
    }

    /** Section 5.2's averages against dsoap's Figure 2 runs (P = 100 %, T = 1, bypass off). */
    private static List<Row> figure2(Results r, Papers papers) {
        List<Measurement> ms = r.select(Targets.bench("DdsReadBench").and(Targets.eq("percent", "100"))
                .and(Targets.eq("partitions", "1")).and(Targets.eq("adaptive", "false")));
        // per size and interval: FCP, DCP, LCP DDS times and the plain parse of the LCP run
        Map<List<Integer>, double[]> cells = new TreeMap<>(Comparator.comparing((List<Integer> k) -> k.get(0))
                .thenComparing(k -> k.get(1)));
        for (Measurement m : ms) {
            List<Integer> k = List.of((int) m.number("size"), (int) m.number("interval"));
            double[] c = cells.computeIfAbsent(k, x -> new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN});
            if (m.method().equals("dsoapDds")) {
                switch (m.param("strategy")) {
                    case "FULL" -> c[0] = m.ms();
                    case "DIFFERENTIAL" -> c[1] = m.ms();
                    case "LIGHTWEIGHT" -> c[2] = m.ms();
                    default -> {
                    }
                }
            } else if (m.method().equals("dsoapPlain") && "LIGHTWEIGHT".equals(m.param("strategy"))) {
                c[3] = m.ms();
            }
        }
        List<Row> out = new ArrayList<>();
        String[][] wanted = {{"lcp-fig2-dcp", "1"}, {"lcp-fig2-fcp", "0"}, {"lcp-fig2-nodds", "3"},
                {"lcp-fig2-dcp-small-n", "1"}, {"lcp-fig2-fcp-small-n", "0"}, {"lcp-fig2-nodds-small-n", "3"}};
        for (String[] w : wanted) {
            Papers.Statement s = papers.statement(w[0]);
            boolean small = w[0].endsWith("small-n");
            int other = Integer.parseInt(w[1]);
            double sum = 0;
            int n = 0;
            Map<Integer, List<String>> intervals = new TreeMap<>();
            for (Map.Entry<List<Integer>, double[]> e : cells.entrySet()) {
                int interval = e.getKey().get(1);
                double[] c = e.getValue();
                if ((small && interval > 128) || Double.isNaN(c[2]) || Double.isNaN(c[other])) {
                    continue;
                }
                sum += c[other] / c[2] - 1;
                n++;
                intervals.computeIfAbsent(e.getKey().get(0), x -> new ArrayList<>()).add(String.valueOf(interval));
            }
            List<String> where = new ArrayList<>();
            intervals.forEach((size, ns) -> where.add("N = " + String.join(", ", ns) + " at "
                    + Labels.count(String.valueOf(size)) + " doubles"));
            String ours = n == 0 ? ABSENT : pct(sum / n) + " (mean over " + String.join("; ", where) + ")";
            String how = other == 3 ? "dsoap: plain parse time / LCP DDS time - 1 (negative: DDS is slower)"
                    : "dsoap: " + (other == 0 ? "FCP" : "DCP") + " time / LCP time - 1";
            out.add(new Row(where(s), s.measures() + "; " + how, s.text(), ours, n == 0 ? List.of() : Results.sources(ms)));
        }
        return out;
    }

    private static List<String> memorySources(Results r) {
        List<String> out = new ArrayList<>();
        for (ResultFile f : r.files()) {
            if (!f.checkpointMemory().isEmpty()) {
                out.add(f.name());
            }
        }
        return out;
    }

    private static List<String> pairSources(List<Results.Pair> pairs) {
        List<Measurement> ms = new ArrayList<>();
        pairs.forEach(p -> {
            ms.add(p.dsoap());
            ms.add(p.baseline());
        });
        return Results.sources(ms);
    }

    private static String join(List<Results.Pair> pairs, java.util.function.Function<Results.Pair, String> f) {
        List<String> parts = new ArrayList<>();
        pairs.forEach(p -> parts.add(f.apply(p)));
        return String.join(", ", parts);
    }

    private static String ddsPoint(Measurement d) {
        return "P = " + d.param("percent") + " %, T = " + d.param("partitions") + ", N = " + d.param("interval") + ", "
                + Labels.count(d.param("size")) + " doubles";
    }

    private static String where(Papers.Statement s) {
        return s.paper().title() + ", " + s.where();
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%+.0f %%", 100 * fraction);
    }
}
