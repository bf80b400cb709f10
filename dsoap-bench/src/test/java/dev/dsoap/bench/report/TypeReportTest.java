package dev.dsoap.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the report shows the serialization-only and deserialization-only benchmarks by type: their own section, a
 * time-against-size chart per type with the baselines drawn once (the mean of their runs at every %), and a
 * speedup-against-% chart per type with one line per size and comparison.
 */
class TypeReportTest {
    @TempDir
    Path dir;

    /** One result as the suite's JSON holds it. */
    private static String result(String bench, String method, String params, double ms) {
        return String.format(Locale.ROOT, "{\"benchmark\": \"%s\", \"method\": \"%s\", \"params\": \"%s\", "
                + "\"measure\": \"avgt x1\", \"ms\": %s, \"msError\": %s, \"score\": %s, \"scoreError\": %s, "
                + "\"unit\": \"ms/op\", \"allocBytesPerOp\": null, \"serverCpuUsPerRequest\": null}",
                bench, method, params, ms, ms / 10, ms, ms / 10);
    }

    private static String file(List<String> results) {
        return "{\"suite\": \"full\", \"date\": \"2026-01-02T03:04:05Z\", \"jdk\": \"Fixture JDK 17\", \"cpu\": \"Fixture CPU\", "
                + "\"cores\": 2, \"gitCommit\": \"0123456789abcdef\", \"only\": \"Type\", \"durationSeconds\": 60.0, "
                + "\"results\": [" + String.join(",\n", results) + "]}";
    }

    /**
     * Both benches at two sizes and three percentages: the baselines take 10, 20 and 30 ms (per 1K items) at 0, 25
     * and 100 %, the differential path 0.1, 1 and 4 ms, the first send or plain parse 5 ms.
     */
    private static String grid() {
        List<String> rs = new ArrayList<>();
        String[][] benches = {{"TypeSerializeBench", "dsoapFirstSend", "dsoapDifferential"},
                {"TypeDeserializeBench", "dsoapPlain", "dsoapDds"}};
        int[] percents = {0, 25, 100};
        double[] baseline = {10, 20, 30};
        double[] differential = {0.1, 1, 4};
        for (String[] b : benches) {
            for (String type : new String[] {"strings", "base64"}) {
                for (int size : new int[] {1000, 100000}) {
                    double scale = size / 1000.0;
                    for (int i = 0; i < percents.length; i++) {
                        String params = "percent=" + percents[i] + " size=" + size + " type=" + type;
                        rs.add(result(b[0], "baselineWoodstox", params, baseline[i] * scale));
                        rs.add(result(b[0], "baselineAxis2", params, 3 * baseline[i] * scale));
                        rs.add(result(b[0], b[1], params, 5 * scale));
                        rs.add(result(b[0], b[2], params, differential[i] * scale));
                    }
                }
            }
        }
        return file(rs);
    }

    private Path write(String json) throws Exception {
        return ReportWriter.write(List.of(new ReportWriter.Input("types.json", json, null, null)), dir,
                ReportWriter.Origin.STORED, false);
    }

    @Test
    void eachTypeHasATimeChartWithTheBaselinesDrawnOnceAndASpeedupChart() throws Exception {
        Path index = write(grid());
        ReportXml.parse(index);
        String html = Files.readString(index);
        assertTrue(html.contains("<h2>Serialization and deserialization by type</h2>"), "the section");
        assertFalse(html.contains("Other benchmarks"), "both classes have a layout");
        for (String bench : new String[] {"typeserializebench", "typedeserializebench"}) {
            for (String type : new String[] {"strings", "base64"}) {
                Path time = dir.resolve("charts/" + bench + "-type-" + type + "-time.svg");
                Path speedup = dir.resolve("charts/" + bench + "-type-" + type + "-speedup.svg");
                assertTrue(Files.isRegularFile(time), time.toString());
                assertTrue(Files.isRegularFile(speedup), speedup.toString());
                assertTrue(html.contains("charts/" + time.getFileName()) && html.contains("charts/" + speedup.getFileName()));
                assertTrue(ReportXml.svgTexts(time).contains(type), "subtitle names the type");
            }
        }
        List<String> time = ReportXml.svgTexts(dir.resolve("charts/typeserializebench-type-strings-time.svg"));
        assertTrue(time.containsAll(List.of("Woodstox, mean over 0, 25, 100 %", "Axis2, mean over 0, 25, 100 %",
                "dsoap first send, mean over 0, 25, 100 %", "dsoap differential, 0 %", "dsoap differential, 25 %",
                "dsoap differential, 100 %", "elements in the array (log scale)")), time.toString());
        assertFalse(time.contains("Woodstox, 25 %"), "a baseline is one line, not one per %");
        List<String> speedup = ReportXml.svgTexts(dir.resolve("charts/typeserializebench-type-strings-speedup.svg"));
        // Woodstox / differential: 10 / 0.1 = 100x at 0 %, 20 / 1 = 20x at 25 %, 30 / 4 = 7.5x at 100 %
        assertTrue(speedup.containsAll(List.of("1K: Woodstox / dsoap differential", "100K: Woodstox / dsoap differential",
                "1K: dsoap first send / dsoap differential", "100x", "20x", "7.5x", "50x", "1.3x")), speedup.toString());
        assertFalse(speedup.stream().anyMatch(t -> t.contains("Axis2")), "Axis2 is in the time chart only");
        List<String> dds = ReportXml.svgTexts(dir.resolve("charts/typedeserializebench-type-base64-speedup.svg"));
        assertTrue(dds.containsAll(List.of("1K: Woodstox / dsoap DDS", "100K: dsoap plain parse / dsoap DDS")),
                dds.toString());
        List<String> dtime = ReportXml.svgTexts(dir.resolve("charts/typedeserializebench-type-base64-time.svg"));
        assertTrue(dtime.containsAll(List.of("dsoap plain parse, mean over 0, 25, 100 %", "dsoap DDS, 25 %")),
                dtime.toString());
    }

    @Test
    void oneSizeGivesBarsWithTheBaselineMeanAndOnePercentNoSpeedupChart() throws Exception {
        List<String> rs = new ArrayList<>();
        // the short suite's point, plus Woodstox at a second percentage: its bar is the mean, (12 + 36) / 2 = 24
        rs.add(result("TypeSerializeBench", "baselineWoodstox", "percent=25 size=100000 type=strings", 12));
        rs.add(result("TypeSerializeBench", "baselineWoodstox", "percent=100 size=100000 type=strings", 36));
        rs.add(result("TypeSerializeBench", "dsoapDifferential", "percent=25 size=100000 type=strings", 3.5));
        rs.add(result("TypeDeserializeBench", "baselineWoodstox", "percent=25 size=100000 type=base64", 7));
        rs.add(result("TypeDeserializeBench", "dsoapDds", "percent=25 size=100000 type=base64", 6.5));
        write(file(rs));
        List<String> bars = ReportXml.svgTexts(dir.resolve("charts/typeserializebench-type-strings-time.svg"));
        assertTrue(bars.containsAll(List.of("Woodstox, mean over 25, 100 %", "dsoap differential, 25 %", "24", "3.5")),
                bars.toString());
        assertFalse(bars.contains("36") || bars.contains("12"), bars.toString());
        List<String> dds = ReportXml.svgTexts(dir.resolve("charts/typedeserializebench-type-base64-time.svg"));
        assertTrue(dds.containsAll(List.of("Woodstox", "dsoap DDS", "7", "6.5")), dds.toString());
        assertFalse(Files.exists(dir.resolve("charts/typeserializebench-type-strings-speedup.svg")), "one % only");
        assertEquals(List.of(), filesStartingWith("typedeserializebench-type-base64-speedup"));
    }

    private List<Path> filesStartingWith(String prefix) throws Exception {
        try (var s = Files.list(dir.resolve("charts"))) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
        }
    }
}
