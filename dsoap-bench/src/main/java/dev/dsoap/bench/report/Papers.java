package dev.dsoap.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The papers' published numbers, as transcribed in {@code papers.json} beside this class: only numbers the
 * papers state in their text or tables, never values read off a plot.
 *
 * @param papers     the papers, by id
 * @param statements numbers stated in the text
 * @param table1     Table 1 of the lightweight checkpointing paper
 */
record Papers(Map<String, Paper> papers, List<Statement> statements, Table1 table1) {

    /**
     * One paper.
     *
     * @param id      its id in {@code papers.json}
     * @param title   its title
     * @param authors its authors
     * @param venue   where it appeared, or empty when the paper does not say
     * @param label   the series label on charts, e.g. "bSOAP (HPDC 2004)"
     * @param setup   the paper's machine and method, in brief
     */
    record Paper(String id, String title, String authors, String venue, String label, String setup) {
    }

    /**
     * A number stated in a paper's text: a value or a range ({@code low} = {@code high} for a value).
     *
     * @param id        its id
     * @param paper     the paper
     * @param where     section or figure the text belongs to
     * @param measures  what the number measures
     * @param kind      the value kind it concerns ({@code DOUBLE}, {@code INT}, {@code MIO}), or empty
     * @param low       the value, or the range's low end
     * @param high      the range's high end
     * @param unit      its unit, e.g. "x" or "% better"
     * @param qualifier "approximately", "at least"... as the text says, or empty
     * @param quote     the sentence, with the text extraction's lost spaces restored
     */
    record Statement(String id, Paper paper, String where, String measures, String kind, double low, double high,
                     String unit, String qualifier, String quote) {
        /** The value as the text gives it, e.g. "approximately 4-5x slower". */
        String text() {
            String v = low == high ? fmt(low) : fmt(low) + "-" + fmt(high);
            String u = unit.startsWith("x") ? unit : " " + unit;
            return (qualifier.isEmpty() ? "" : qualifier + " ") + v + u;
        }

        private static String fmt(double d) {
            return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
        }
    }

    /**
     * Table 1 of the lightweight checkpointing paper: percent improvement of LCP over no DDS.
     *
     * @param paper      the paper
     * @param measures   what the table measures
     * @param reading    how a value turns into a speedup
     * @param partitions the partition counts T of the column groups
     * @param intervals  the interrupt frequencies N within each group
     * @param rows       one row per changed share P and array size
     */
    record Table1(Paper paper, String measures, String reading, List<Integer> partitions, List<Integer> intervals,
                  List<Row> rows) {

        /**
         * One row.
         *
         * @param percent values changed, P %
         * @param size    doubles in the array
         * @param values  improvements in %, {@code values[i * intervals + j]} for partitions i and interval j
         */
        record Row(int percent, int size, double[] values) {
        }

        /** The speedup of LCP over no DDS (1 + improvement / 100), or NaN when the table has no such cell. */
        double speedup(int percent, int size, int partitions, int interval) {
            int i = this.partitions.indexOf(partitions);
            int j = intervals.indexOf(interval);
            if (i < 0 || j < 0) {
                return Double.NaN;
            }
            for (Row r : rows) {
                if (r.percent == percent && r.size == size) {
                    return 1 + r.values[i * intervals.size() + j] / 100;
                }
            }
            return Double.NaN;
        }

        /** The changed shares P the table has, ascending. */
        List<Integer> percents() {
            List<Integer> out = new ArrayList<>();
            for (Row r : rows) {
                if (!out.contains(r.percent)) {
                    out.add(r.percent);
                }
            }
            return out;
        }
    }

    /** The statement with this id; fails when the data file lacks it. */
    Statement statement(String id) {
        for (Statement s : statements) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("papers.json has no statement " + id);
    }

    /** Reads {@code papers.json} from the class path. */
    static Papers load() {
        try (InputStream in = Papers.class.getResourceAsStream("papers.json")) {
            if (in == null) {
                throw new IllegalStateException("papers.json is missing from the class path");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Papers parse(String json) {
        Map<?, ?> root = (Map<?, ?>) Json.parse(json);
        Map<String, Paper> papers = new LinkedHashMap<>();
        ((Map<?, ?>) root.get("papers")).forEach((k, v) -> {
            Map<?, ?> p = (Map<?, ?>) v;
            papers.put((String) k, new Paper((String) k, s(p, "title"), s(p, "authors"), s(p, "venue"), s(p, "label"),
                    s(p, "setup")));
        });
        List<Statement> statements = new ArrayList<>();
        for (Object o : (List<?>) root.get("statements")) {
            Map<?, ?> m = (Map<?, ?>) o;
            statements.add(new Statement(s(m, "id"), paper(papers, s(m, "paper")), s(m, "where"), s(m, "measures"),
                    s(m, "kind"), d(m, "low"), d(m, "high"), s(m, "unit"), s(m, "qualifier"), s(m, "quote")));
        }
        Map<?, ?> t = (Map<?, ?>) root.get("table1");
        List<Table1.Row> rows = new ArrayList<>();
        for (Object o : (List<?>) t.get("rows")) {
            Map<?, ?> m = (Map<?, ?>) o;
            List<?> vs = (List<?>) m.get("values");
            double[] values = new double[vs.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = (Double) vs.get(i);
            }
            rows.add(new Table1.Row((int) d(m, "percent"), (int) d(m, "size"), values));
        }
        Table1 table1 = new Table1(paper(papers, s(t, "paper")), s(t, "measures"), s(t, "reading"), ints(t.get("partitions")),
                ints(t.get("intervals")), List.copyOf(rows));
        for (Table1.Row r : rows) {
            if (r.values.length != table1.partitions.size() * table1.intervals.size()) {
                throw new IllegalArgumentException("papers.json Table 1 row P=" + r.percent + " size=" + r.size + " has "
                        + r.values.length + " values");
            }
        }
        return new Papers(Map.copyOf(papers), List.copyOf(statements), table1);
    }

    private static Paper paper(Map<String, Paper> papers, String id) {
        Paper p = papers.get(id);
        if (p == null) {
            throw new IllegalArgumentException("papers.json names an unknown paper " + id);
        }
        return p;
    }

    private static List<Integer> ints(Object o) {
        List<Integer> out = new ArrayList<>();
        for (Object x : (List<?>) o) {
            out.add(((Double) x).intValue());
        }
        return List.copyOf(out);
    }

    private static String s(Map<?, ?> m, String k) {
        Object v = m.get(k);
        return v == null ? "" : String.valueOf(v);
    }

    private static double d(Map<?, ?> m, String k) {
        Object v = m.get(k);
        return v instanceof Double x ? x : Double.NaN;
    }
}
