package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.gsoap.GsoapPeer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite's gSOAP step at a small point, in this JVM: every pairing is measured and checked (the step throws on
 * any wrong echo or any call a dsoap server did not carry itself), the Axis2 client is built in a directory of
 * its own, and each line has a time and, where a server was called, its CPU. Skipped, saying why, where gSOAP is
 * not installed.
 */
class GsoapComparisonTest {
    @TempDir
    Path work;

    @Test
    void theStepMeasuresEveryServerTheGsoapClientCalls() throws Exception {
        String missing = GsoapPeer.probe();
        Assumptions.assumeTrue(missing == null, missing);
        List<GsoapComparison.Line> lines = GsoapComparison.run(Shape.DOUBLES, 500, 25, 1, 3, work, System.out);
        assertEquals(List.of("baselineGsoap client=gSOAP", "baselineGsoap server=gSOAP", "baselineCxf client=gSOAP",
                        "dsoapCxf client=gSOAP", "baselineAxis2 client=gSOAP", "dsoapAxis2 client=gSOAP",
                        "dsoapCxfClient server=gSOAP"),
                lines.stream().map(l -> l.method() + " " + l.measure()).toList());
        for (GsoapComparison.Line l : lines) {
            assertTrue(l.ms() > 0 && l.errMs() >= 0, l.toString());
            assertTrue(l.method().equals("dsoapCxfClient") ? Double.isNaN(l.cpuUs()) : l.cpuUs() >= 0, l.toString());
        }
        assertTrue(Files.isExecutable(work.resolve("echo-server")), "the gSOAP server, from CXF's WSDL");
        assertTrue(Files.isExecutable(work.resolve("axis2").resolve("echo-client")), "the client for Axis2's WSDL");
        assertTrue(Files.notExists(work.resolve("axis2").resolve("echo-server")), "no server for Axis2's WSDL");
    }

    /** Built from the ADB service's WSDL as written (its SOAP 1.1 binding first, where Axis2 publishes 1.2 first). */
    @Test
    void aClientOnlyPeerHasNoServer() throws Exception {
        String missing = GsoapPeer.probe();
        Assumptions.assumeTrue(missing == null, missing);
        GsoapPeer peer = GsoapPeer.buildClient(work, Path.of("src", "main", "wsdl", "AdbEcho.wsdl").toUri());
        assertTrue(Files.isExecutable(work.resolve("echo-client")));
        assertThrows(IllegalStateException.class, peer::startServer);
    }
}
