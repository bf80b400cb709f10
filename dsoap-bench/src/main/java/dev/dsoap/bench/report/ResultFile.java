package dev.dsoap.bench.report;

import dev.dsoap.bench.Scores;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One results file: the JSON {@code Main --suite} writes (an object with {@code suite}, {@code date}, {@code jdk},
 * {@code cpu}, {@code cores}, {@code gitCommit}, {@code results} and optionally {@code durationSeconds}, {@code mainJobSeconds},
 * {@code only}, {@code checkpointMemory} and {@code failures}), or JMH's own {@code -rf json} output (an array of
 * benchmark results, which records the JDK but no date, CPU or commit: its date is the last {@code YYYY-MM-DD} in its
 * name, as the stored files are named, so that a later run's points win over an earlier one's).
 *
 * @param name             the file's name, shown as the data's source
 * @param suite            the suite's name ({@code short}, {@code full}, {@code checkpoint-memory}), or "jmh"
 * @param date             when it ran, as the file says, or empty
 * @param jdk              the JDK, or empty
 * @param cpu              the CPU model, or empty
 * @param cores            available cores, or 0 when unknown
 * @param commit           the git commit, or empty
 * @param only             the {@code --only} selection, or null for a whole suite (and for JMH's files)
 * @param overrides        the {@code -p} parameter overrides, empty for the suite's own parameters
 * @param durationSeconds  wall-clock seconds of the suite's benchmarks, or NaN
 * @param mainJobSeconds   wall-clock seconds of the main job that ran it, build included, up to the results' writing, or
 *                         NaN (not run by Maven, or stored before it was recorded)
 * @param measurements     every result, in the file's order
 * @param checkpointMemory checkpoint memory rows, possibly empty
 * @param failures         benchmark classes that failed, with their messages
 */
record ResultFile(String name, String suite, String date, String jdk, String cpu, int cores, String commit, String only,
                  String overrides, double durationSeconds, double mainJobSeconds, List<Measurement> measurements, List<CheckpointRow> checkpointMemory,
                  Map<String, String> failures) {

    /**
     * The memory the checkpoints of one message took.
     *
     * @param size         doubles in the message
     * @param messageBytes the message's length
     * @param interval     checkpoint interval N, in bytes
     * @param strategy     {@code FULL}, {@code DIFFERENTIAL} or {@code LIGHTWEIGHT}
     * @param bytes        checkpoint bytes after the message was read
     */
    record CheckpointRow(int size, long messageBytes, int interval, String strategy, long bytes) {
        double fractionOfMessage() {
            return (double) bytes / messageBytes;
        }
    }

    /**
     * Each benchmark class's parameters with the first value it declares, by the class's simple name: a parameter a
     * benchmark gained after some results were stored was added with the behaviour before it as its first value
     * ({@code Axis2EchoBench} ran only the POJO service before it had {@code style}; the plain clients passed boxed
     * arrays before {@code form}, with no features before {@code features}), so an older result lacking it was measured
     * at that value, and is then the same point as a newer one, which replaces it.
     */
    private static volatile Map<String, Map<String, String>> firstValues;

    /**
     * The first declared value of each parameter of benchmark class {@code bench} (its simple name), from JMH's list of
     * the benchmarks compiled with this code ({@value BenchmarkList#BENCHMARK_LIST}); empty for a name it does not hold.
     */
    private static Map<String, String> firstValues(String bench) {
        Map<String, Map<String, String>> all = firstValues;
        if (all == null) {
            Map<String, Map<String, String>> m = new java.util.HashMap<>();
            try (InputStream in = ResultFile.class.getResourceAsStream(BenchmarkList.BENCHMARK_LIST)) {
                if (in != null) {
                    for (BenchmarkListEntry e : BenchmarkList.readBenchmarkList(in)) {
                        String cls = e.getUserClassQName();
                        Map<String, String> first = m.computeIfAbsent(cls.substring(cls.lastIndexOf('.') + 1),
                                k -> new TreeMap<>());
                        if (e.getParams().hasValue()) {
                            e.getParams().get().forEach((name, values) -> {
                                if (values.length > 0) {
                                    first.putIfAbsent(name, values[0]);
                                }
                            });
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + BenchmarkList.BENCHMARK_LIST, e);
            }
            firstValues = all = Map.copyOf(m);
        }
        return all.getOrDefault(bench, Map.of());
    }

    /** Whether this is a whole short suite with its own parameters (not a part, nor other parameters). */
    boolean wholeShortSuite() {
        return "short".equals(suite) && only == null && overrides.isEmpty() && !measurements.isEmpty();
    }

    /** Reads a results file of either format. */
    static ResultFile parse(String name, String json) {
        Object root = Json.parse(json);
        if (root instanceof List<?> list) {
            return fromJmh(name, list);
        }
        if (!(root instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException(name + ": neither a dsoap results object nor a JMH results array");
        }
        List<Measurement> rows = new ArrayList<>();
        for (Object o : list(m.get("results"))) {
            Map<?, ?> r = (Map<?, ?>) o;
            rows.add(new Measurement(name, str(r.get("benchmark")), str(r.get("method")),
                    withAdded(str(r.get("benchmark")), params(str(r.get("params")))),
                    str(r.get("measure")), num(r.get("ms")), num(r.get("msError")), num(r.get("allocBytesPerOp")),
                    num(r.get("serverCpuUsPerRequest")), num(r.get("skippedPerParsed")), num(r.get("stateBytes"))));
        }
        List<CheckpointRow> cps = new ArrayList<>();
        for (Object o : list(m.get("checkpointMemory"))) {
            Map<?, ?> r = (Map<?, ?>) o;
            cps.add(new CheckpointRow((int) num(r.get("size")), (long) num(r.get("messageBytes")),
                    (int) num(r.get("interval")), str(r.get("strategy")), (long) num(r.get("checkpointBytes"))));
        }
        Map<String, String> failures = new LinkedHashMap<>();
        if (m.get("failures") instanceof Map<?, ?> f) {
            f.forEach((k, v) -> failures.put(String.valueOf(k), String.valueOf(v)));
        }
        Object cores = m.get("cores");
        Object only = m.get("only");
        return new ResultFile(name, str(m.get("suite")), str(m.get("date")), str(m.get("jdk")), str(m.get("cpu")),
                cores == null ? 0 : (int) num(cores), str(m.get("gitCommit")), only == null ? null : str(only),
                str(m.get("overrides")), num(m.get("durationSeconds")), num(m.get("mainJobSeconds")), List.copyOf(rows), List.copyOf(cps), Map.copyOf(failures));
    }

    private static final java.util.regex.Pattern DAY = java.util.regex.Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    /** The last {@code YYYY-MM-DD} in a file's name ({@code axis2-adb-e2e-2026-12-03.json}), or "" when it has none. */
    static String dateInName(String name) {
        String day = "";
        for (java.util.regex.Matcher m = DAY.matcher(name); m.find(); ) {
            day = m.group();
        }
        return day;
    }

    private static ResultFile fromJmh(String name, List<?> list) {
        List<Measurement> rows = new ArrayList<>();
        String jdk = "";
        for (Object o : list) {
            Map<?, ?> r = (Map<?, ?>) o;
            String full = str(r.get("benchmark"));
            int dot = full.lastIndexOf('.');
            String cls = full.substring(0, dot);
            Map<String, String> params = new TreeMap<>();
            if (r.get("params") instanceof Map<?, ?> p) {
                p.forEach((k, v) -> params.put(String.valueOf(k), String.valueOf(v)));
            }
            Map<?, ?> primary = (Map<?, ?>) r.get("primaryMetric");
            double score = num(primary.get("score"));
            double error = num(primary.get("scoreError"));
            String unit = str(primary.get("scoreUnit"));
            double ms = Scores.ms(score, unit);
            double msError = Scores.msError(score, error, unit);
            Map<?, ?> sec = r.get("secondaryMetrics") instanceof Map<?, ?> m ? m : Map.of();
            double alloc = secondary(sec, "gc.alloc.rate.norm");
            double requests = secondary(sec, "serverRequests");
            double cpuUs = requests > 0 ? secondary(sec, "serverCpuNanos") / requests / 1000 : Double.NaN;
            String measure = str(r.get("mode")) + " x" + (int) num(r.get("threads"));
            String bench = cls.substring(cls.lastIndexOf('.') + 1);
            String method = full.substring(dot + 1);
            if (Pairing.paired(method)) {
                // one row per server, each with its own call time (the pair's where not recorded) and CPU
                for (Pairing.Side side : Pairing.sides(method, k -> secondary(sec, k), ms)) {
                    rows.add(new Measurement(name, bench, side.method(), withAdded(bench, new TreeMap<>(params)),
                            Pairing.measure(measure, method), side.ms(), Double.NaN, Double.NaN, side.cpuUs(),
                            side.reads()[0], side.reads()[1]));
                }
            } else {
                double[] reads = Pairing.reads(k -> secondary(sec, k));
                rows.add(new Measurement(name, bench, method, withAdded(bench, params), measure, ms, msError, alloc, cpuUs,
                        reads[0], reads[1]));
            }
            jdk = str(r.get("vmName")) + " " + str(r.get("vmVersion"));
        }
        return new ResultFile(name, "jmh", dateInName(name), jdk.trim(), "", 0, "", null, "", Double.NaN, Double.NaN, List.copyOf(rows), List.of(),
                Map.of());
    }

    private static double secondary(Map<?, ?> sec, String key) {
        if (sec.get(key) instanceof Map<?, ?> m) {
            return num(m.get("score"));
        }
        return Double.NaN;
    }

    private static Map<String, String> withAdded(String bench, Map<String, String> params) {
        firstValues(bench).forEach(params::putIfAbsent);
        return params;
    }

    /** "k=v k=v" into a map. */
    static Map<String, String> params(String s) {
        Map<String, String> m = new TreeMap<>();
        for (String kv : s.trim().split("\\s+")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                m.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return m;
    }

    private static List<?> list(Object o) {
        return o instanceof List<?> l ? l : List.of();
    }

    private static String str(Object o) {
        return o == null ? "" : String.valueOf(o);
    }

    private static double num(Object o) {
        return o instanceof Double d ? d : Double.NaN;
    }
}
