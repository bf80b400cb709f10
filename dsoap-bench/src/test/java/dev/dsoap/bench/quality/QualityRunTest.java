package dev.dsoap.bench.quality;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The quality management run on short phases, for both applications: every policy calls through the whole script
 * over the real link and endpoint, the fixed policies get what they ask for every time, and the samples, summary and
 * chart are written.
 */
@org.junit.jupiter.api.Tag("long") // a corpus or memory at length: CI's second JDK pass leaves it out
class QualityRunTest {
    @TempDir
    Path out;

    @Test
    void shortScriptForBothApplications() throws Exception {
        QualityRun.main(new String[] {"--app=both", "--phase=0.4", "--out=" + out});
        for (String app : new String[] {"bonds", "images"}) {
            List<String> csv = Files.readAllLines(out.resolve("quality-" + app + ".csv"));
            int large = app.equals("bonds") ? 4 : 307;
            int small = app.equals("bonds") ? 1 : 76;
            for (String policy : new String[] {"fixed-large", "fixed-small", "adaptive"}) {
                List<String> rows = csv.stream().filter(l -> l.startsWith(policy + ",")).toList();
                assertTrue(rows.size() >= 5, app + " " + policy + ": " + rows.size() + " calls");
                for (String phase : new String[] {"good", "10x worse", "cross traffic"}) {
                    assertTrue(rows.stream().anyMatch(r -> r.endsWith("," + phase)), app + " " + policy + ": no call in " + phase);
                }
                for (String r : rows) {
                    int items = Integer.parseInt(r.split(",")[3]);
                    if (policy.equals("fixed-large")) {
                        assertEquals(large, items, app + " " + r);
                    } else if (policy.equals("fixed-small")) {
                        assertEquals(small, items, app + " " + r);
                    } else {
                        assertTrue(items == large || items <= large && items >= small, app + " " + r);
                    }
                }
            }
            String svg = Files.readString(out.resolve("quality-" + app + ".svg"));
            assertTrue(svg.startsWith("<?xml") || svg.startsWith("<svg"), svg.substring(0, 40));
        }
        String md = Files.readString(out.resolve("quality.md"));
        assertEquals(6, md.lines().filter(l -> l.startsWith("| fixed") || l.startsWith("| adaptive")).count(), md);
    }
}
