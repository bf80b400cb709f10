package dev.dsoap.bench.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The results of several files merged: where two files hold the same benchmark, method, parameters and measure
 * (or the same checkpoint memory point), the later file's result replaces the earlier one.
 */
final class Results {
    /** The files, in the order given. */
    private final List<ResultFile> files;
    /** Every measurement after replacement, in first-seen order. */
    private final List<Measurement> measurements;
    /** Checkpoint memory after replacement. */
    private final List<ResultFile.CheckpointRow> checkpointMemory;

    Results(List<ResultFile> files) {
        this.files = List.copyOf(files);
        Map<String, Measurement> m = new LinkedHashMap<>();
        Map<String, ResultFile.CheckpointRow> c = new LinkedHashMap<>();
        for (ResultFile f : files) {
            for (Measurement x : f.measurements()) {
                m.put(x.key(), x);
            }
            for (ResultFile.CheckpointRow r : f.checkpointMemory()) {
                c.put(r.size() + "/" + r.interval() + "/" + r.strategy(), r);
            }
        }
        this.measurements = List.copyOf(m.values());
        this.checkpointMemory = List.copyOf(c.values());
    }

    List<ResultFile> files() {
        return files;
    }

    List<Measurement> measurements() {
        return measurements;
    }

    List<ResultFile.CheckpointRow> checkpointMemory() {
        return checkpointMemory;
    }

    /** The measurements of one benchmark class. */
    List<Measurement> of(String bench) {
        return select(m -> m.bench().equals(bench));
    }

    List<Measurement> select(Predicate<Measurement> p) {
        List<Measurement> out = new ArrayList<>();
        for (Measurement m : measurements) {
            if (p.test(m)) {
                out.add(m);
            }
        }
        return out;
    }

    /** The baseline measured alike (same class, parameters and measure), or null. */
    Measurement partner(Measurement dsoap, String baselineMethod) {
        for (Measurement m : measurements) {
            if (m.method().equals(baselineMethod) && m.bench().equals(dsoap.bench()) && m.params().equals(dsoap.params())
                    && m.measure().equals(dsoap.measure())) {
                return m;
            }
        }
        return null;
    }

    /**
     * Each measurement of {@code dsoapMethod} that {@code p} accepts, with its {@code baselineMethod} partner; of a point
     * measured both ways, only its paired measurements (both sides in one run).
     */
    List<Pair> pairs(Predicate<Measurement> p, String dsoapMethod, String baselineMethod) {
        List<Pair> out = new ArrayList<>();
        for (Measurement d : select(p.and(m -> m.method().equals(dsoapMethod)))) {
            Measurement b = partner(d, baselineMethod);
            if (b != null) {
                out.add(new Pair(d, b));
            }
        }
        // a point measured with both sides in one run supersedes separate runs of the same point (whichever is later):
        // separate forks drift by a tenth on the 2-core machine
        java.util.Set<Map<String, String>> paired = new java.util.HashSet<>();
        for (Pair x : out) {
            if (x.dsoap().paired()) {
                paired.add(x.dsoap().params());
            }
        }
        out.removeIf(x -> !x.dsoap().paired() && paired.contains(x.dsoap().params()));
        return out;
    }

    /** Every dsoap measurement with every baseline measured alike that {@link Pairing#compared} compares it with. */
    List<Pair> allPairs() {
        List<Pair> out = new ArrayList<>();
        for (Measurement d : measurements) {
            if (!d.isDsoap()) {
                continue;
            }
            for (Measurement b : measurements) {
                if (b.isBaseline() && b.bench().equals(d.bench()) && b.params().equals(d.params())
                        && b.measure().equals(d.measure()) && Pairing.compared(d.method(), b.method())) {
                    out.add(new Pair(d, b));
                }
            }
        }
        return out;
    }

    /** The names of the files the measurements came from, in the order given. */
    static List<String> sources(Collection<Measurement> ms) {
        List<String> out = new ArrayList<>();
        for (Measurement m : ms) {
            if (!out.contains(m.source())) {
                out.add(m.source());
            }
        }
        return out;
    }

    /**
     * A dsoap measurement and the baseline measured alike.
     *
     * @param dsoap    the dsoap variant
     * @param baseline the baseline
     */
    record Pair(Measurement dsoap, Measurement baseline) {
        /** Baseline time over dsoap time: above 1, dsoap is faster. */
        double speedup() {
            return baseline.ms() / dsoap.ms();
        }

        /** Baseline server CPU per request over dsoap's, or NaN. */
        double cpuRatio() {
            return baseline.cpuUs() / dsoap.cpuUs();
        }
    }
}
