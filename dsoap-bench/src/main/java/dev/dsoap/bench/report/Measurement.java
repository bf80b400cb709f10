package dev.dsoap.bench.report;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One benchmark result as a results file holds it.
 *
 * @param source   the name of the results file it came from
 * @param bench    the benchmark class's simple name, e.g. {@code ContentMatchBench}
 * @param method   the benchmark method, e.g. {@code dsoapContentMatch}
 * @param params   the JMH parameters, by name (sorted, unmodifiable)
 * @param measure  JMH mode and thread count, e.g. {@code "avgt x1"}; empty when the file did not record it
 * @param ms       time per operation in ms (for a throughput result: ms per operation of all threads together)
 * @param msError  JMH's 99.9 % error of {@code ms}
 * @param alloc    bytes allocated per operation ({@code gc.alloc.rate.norm}), or NaN
 * @param cpuUs    server CPU time per request in µs, or NaN
 * @param skippedPerParsed request bytes dsoap's reads skipped per byte they parsed, or NaN
 * @param stateBytes bytes the operation's kept states held (mean over the measurement), or NaN
 */
record Measurement(String source, String bench, String method, Map<String, String> params, String measure,
                   double ms, double msError, double alloc, double cpuUs, double skippedPerParsed, double stateBytes) {

    Measurement {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
    }

    Measurement(String source, String bench, String method, Map<String, String> params, String measure, double ms,
            double msError, double alloc, double cpuUs) {
        this(source, bench, method, params, measure, ms, msError, alloc, cpuUs, Double.NaN, Double.NaN);
    }

    /** The parameter's value, or null. */
    String param(String name) {
        return params.get(name);
    }

    /** The parameter as a number, or NaN when absent or not a number. */
    double number(String name) {
        String v = params.get(name);
        if (v == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    boolean isDsoap() {
        return method.startsWith("dsoap");
    }

    boolean isBaseline() {
        return method.startsWith("baseline");
    }

    /** Threads the measurement ran with (from {@link #measure}: "avgt x4", "avgt x1 paired in pairedAxis2"), 1 when not recorded. */
    int threads() {
        java.util.regex.Matcher x = THREADS.matcher(measure);
        return x.find() ? Integer.parseInt(x.group(1)) : 1;
    }

    private static final java.util.regex.Pattern THREADS = java.util.regex.Pattern.compile("\\bx(\\d+)\\b");

    /** Whether the measurement is one side of a paired run (dsoap and its partners called in turn in one fork). */
    boolean paired() {
        return measure.contains(Pairing.PAIRED_IN);
    }

    /** The identity under which a later file's result replaces an earlier one. */
    String key() {
        return bench + '#' + method + '#' + params + '#' + measure;
    }

    /** The parameters without the named ones, as "k=v k=v". */
    String paramsWithout(Set<String> names) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (!names.contains(e.getKey())) {
                if (b.length() > 0) {
                    b.append(' ');
                }
                b.append(e.getKey()).append('=').append(e.getValue());
            }
        }
        return b.toString();
    }
}
