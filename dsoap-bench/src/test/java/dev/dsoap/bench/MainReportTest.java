package dev.dsoap.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MainReportTest {
    @TempDir
    Path dir;

    @Test
    void reportFromStoredFilesLinksThemAndSaysSo() throws Exception {
        Path results = dir.resolve("results").resolve("run.json");
        Files.createDirectories(results.getParent());
        Files.copy(Paths.get("..", "docs", "benchmark-results", "short-run3.json"), results);
        Files.writeString(dir.resolve("results").resolve("run.md"), "# run\n");
        Path out = dir.resolve("report");
        Main.main(new String[] {"--report", results.toString(), "--out", out.toString(), "--note", "combined by hand"});
        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("Generated from stored results, not from a fresh run"));
        assertTrue(html.contains("combined by hand"));
        assertTrue(html.contains("href=\"../results/run.json\""), "link to the results file");
        assertTrue(html.contains("href=\"../results/run.md\""), "link to its markdown twin");
        assertTrue(Files.isRegularFile(out.resolve("charts/contentmatchbench-kind-double-sink-discard-time.svg")));
    }

    @Test
    void checkpointMemoryWritesAResultsFileTheReportReads() throws Exception {
        Main.main(new String[] {"--checkpoint-memory", "--out", dir.toString()});
        String json = Files.readString(dir.resolve("checkpoint-memory.json"));
        assertTrue(json.contains("\"suite\": \"checkpoint-memory\""));
        // 5 sizes x 6 intervals x 3 strategies; 100K doubles at N = 128 with LCP: the stored Figure 5 value
        assertEquals(90, json.split("\"checkpointBytes\"", -1).length - 1);
        assertTrue(json.contains("{\"size\": 100000, \"messageBytes\": 3622466, \"interval\": 128, \"strategy\": "
                + "\"LIGHTWEIGHT\", \"checkpointBytes\": 89411}"), json);
        Path out = dir.resolve("report");
        Main.main(new String[] {"--report", dir.resolve("checkpoint-memory.json").toString(), "--out", out.toString()});
        assertTrue(Files.isRegularFile(out.resolve("charts/checkpoint-memory.svg")));
    }

    /** The suite's own tables set each dsoap server of the gSOAP step against its own host and gSOAP only. */
    @Test
    void gsoapComparisonsStayWithinEachHost() {
        Report report = new Report("short", false);
        String params = "percent=25 shape=doubles size=100000";
        for (String m : new String[] {"baselineGsoap", "baselineCxf", "dsoapCxf", "baselineAxis2", "dsoapAxis2"}) {
            report.addExternal(Main.GSOAP, m, params, "client=gSOAP", 10, 1, 1000);
        }
        report.addExternal(Main.GSOAP, "baselineGsoap", params, "server=gSOAP", 10, 1, 1000);
        report.addExternal(Main.GSOAP, "dsoapCxfClient", params, "server=gSOAP", 10, 1, Double.NaN);
        assertEquals(List.of("dsoapCxf/baselineGsoap", "dsoapCxf/baselineCxf", "dsoapAxis2/baselineGsoap",
                        "dsoapAxis2/baselineAxis2", "dsoapCxfClient/baselineGsoap"),
                report.comparisons().stream().map(c -> c.dsoap() + "/" + c.baseline()).toList());
        assertFalse(report.markdown().contains("| dsoapAxis2 | 10.000 ± 1.000 | baselineCxf |"), report.markdown());
    }

    @Test
    void reportNeedsFiles() {
        assertThrows(IllegalArgumentException.class, () -> Main.main(new String[] {"--report", "--out", dir.toString()}));
    }
}
