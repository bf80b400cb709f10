package dev.dsoap.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Charts of the quality management runs: response time over time, one line per policy, the quality file's bound. */
public final class QualityCharts {
    private QualityCharts() {
    }

    /**
     * Writes an SVG chart of response time (milliseconds) over time (seconds), and a PNG copy beside it.
     *
     * @param labels  one per line; a label starting with "adaptive" is drawn as dsoap's, the others as baselines
     * @param seconds per line, the time of each call
     * @param millis  per line, its response time
     * @param bound   the quality file's bound in milliseconds, or NaN
     */
    public static void responseTimes(Path svg, String title, List<String> labels, List<double[]> seconds,
                                     List<double[]> millis, double bound) throws IOException {
        List<Charts.Line> lines = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            lines.add(new Charts.Line(labels.get(i), labels.get(i).startsWith("adaptive") ? Charts.Role.DSOAP
                    : Charts.Role.BASELINE, seconds.get(i), millis.get(i)));
        }
        org.jfree.chart.JFreeChart chart = Charts.overTime(title, "time (s)", "response time (ms)", lines, bound,
                "the quality file's bound, " + Math.round(bound) + " ms");
        Charts.writeSvg(chart, svg, 900, 420);
        String name = svg.getFileName().toString();
        Charts.writePng(chart, svg.resolveSibling(name.substring(0, name.length() - 4) + ".png"), 900, 420);
    }
}
