package dev.dsoap.bench.cxf;

import dev.dsoap.bench.axis2.Axis2AdbServers;
import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.gsoap.GsoapPeer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * gSOAP 2.8's client, built on this machine from the Axis2 ADB service's WSDL, against both Axis2 servers (plain,
 * and with dsoap.mar engaged) as the gSOAP step pairs them ({@link GsoapComparison#gsoapClient}): every echo,
 * warm-up calls included, compared with what was sent, bit for bit, and dsoap's counters showing it read and
 * wrote every call itself. Every shape, strings with every edge text ({@link EchoValues#EDGES}: markup
 * characters, escape-like text, two- to four-byte UTF-8) and MIOs among them. Skipped, saying why, where gSOAP
 * is not installed.
 */
class GsoapAxis2InteropTest {
    /** Items per array: enough for every edge text ({@value EchoValues#EDGE_STRIDE} items apart) to appear. */
    private static final int ITEMS = 200;
    private static final int WARM = 2;
    private static final int MEASURED = 6;

    /** Where the client is built; deleted after the class. */
    @TempDir
    static Path dir;
    private static Axis2AdbServers axis2;
    private static GsoapPeer client;

    @BeforeAll
    static void start() throws Exception {
        String missing = GsoapPeer.probe();
        Assumptions.assumeTrue(missing == null, missing);
        axis2 = Axis2AdbServers.start();
        client = GsoapPeer.buildClient(dir, axis2.wsdl());
    }

    @AfterAll
    static void stop() throws Exception {
        if (axis2 != null) {
            axis2.close();
        }
    }

    private static List<Object> arrays(EchoValues values, long from, int count) {
        List<Object> a = new ArrayList<>();
        for (long n = from; n < from + count; n++) {
            a.add(values.values(n));
        }
        return a;
    }

    @ParameterizedTest
    @EnumSource(Shape.class)
    void gsoapClientAgainstBothAxis2Servers(Shape shape) throws Exception {
        EchoValues values = new EchoValues(shape, ITEMS, 25);
        List<Object> warm = arrays(values, 2, WARM);
        List<Object> measured = arrays(values, 2 + WARM, MEASURED);
        if (shape == Shape.STRINGS) {
            StringBuilder all = new StringBuilder();
            for (Object a : measured) {
                all.append(String.join("", (String[]) a));
            }
            for (String edge : EchoValues.EDGES) {
                assertTrue(all.indexOf(edge) >= 0, "the strings sent hold " + edge);
            }
        }
        GsoapComparison.Line plain = GsoapComparison.gsoapClient("baselineAxis2", client, axis2.plain().uri(),
                axis2.plain().toString(), axis2.plain()::requestCpu, null, shape, warm, measured);
        OperationStats stats = axis2.stats(shape);
        long resumed = stats.get("ReadsResumed");
        GsoapComparison.Line dsoap = GsoapComparison.gsoapClient("dsoapAxis2", client, axis2.dsoap().uri(),
                axis2.dsoap().toString(), axis2.dsoap()::requestCpu, stats, shape, warm, measured);
        for (GsoapComparison.Line l : List.of(plain, dsoap)) {
            assertEquals("client=gSOAP", l.measure());
            assertTrue(l.ms() > 0 && l.cpuUs() > 0, l.toString());
        }
        assertTrue(stats.get("ReadsResumed") > resumed, "dsoap read some of gSOAP's requests differentially: " + stats);
    }

    /** The checks fail where they should: on an echo that is not what was sent, and on calls dsoap did not carry. */
    @Test
    void wrongEchoesAndCallsDsoapDidNotCarryFailTheCheck() throws Exception {
        EchoValues values = new EchoValues(Shape.MIOS, ITEMS, 25);
        List<Object> sent = arrays(values, 2, 3);
        List<Object> echoed = client.call(axis2.dsoap().uri(), Shape.MIOS, sent).echoed();
        GsoapComparison.check(sent, echoed, "gSOAP client -> dsoap Axis2");
        List<Object> other = arrays(values, 3, 3);
        IllegalStateException wrong = assertThrows(IllegalStateException.class,
                () -> GsoapComparison.check(other, echoed, "gSOAP client -> dsoap Axis2"));
        assertTrue(wrong.getMessage().startsWith("gSOAP client -> dsoap Axis2 echoed call 0 wrongly: item "),
                wrong.getMessage());
        assertThrows(IllegalStateException.class, () -> GsoapComparison.check(sent, echoed.subList(0, 2), "short"));

        OperationStats stats = axis2.stats(Shape.MIOS);
        long[] before = GsoapComparison.counts(stats);
        GsoapComparison.check(sent, client.call(axis2.plain().uri(), Shape.MIOS, sent).echoed(), "gSOAP client -> plain Axis2");
        IllegalStateException uncarried = assertThrows(IllegalStateException.class,
                () -> GsoapComparison.checkCarried(stats, before, sent.size(), "gSOAP client -> plain Axis2"));
        assertTrue(uncarried.getMessage().contains("dsoap did not carry the 3 calls itself (read 0, written 0"),
                uncarried.getMessage());
    }
}
