package dev.dsoap.bench.metro;

import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.ThreadCpu;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Metro benchmarks' world, in its own class loader beside this module's CXF: a plain and a {@code @DifferentialSoap}
 * Metro endpoint with the header handlers, called by plain Metro proxies, echo edge values bit for bit; dsoap (in the
 * world's loader, its MXBeans on the JVM's platform server) read and wrote the dsoap endpoint's calls; the transport
 * floor answers with the plain endpoint's first answer; the servers' request threads are found by their names.
 */
class MetroWorldsTest {
    @Test
    void metroRunsInALoaderOfItsOwnAndDsoapCarriesItsEndpoint() throws Exception {
        ThreadCpu.enable();
        double[] edges = {Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
                Double.MAX_VALUE, 1.0 / 3, -1e-300};
        try (MetroWorlds.World w = MetroWorlds.start("jdk", "header_handlers", "test-metro-plain-",
                "test-metro-dsoap-")) {
            assertNotEquals(getClass().getClassLoader(), MetroWorlds.loader());
            Function<double[], double[]> dsoap = w.proxy(w.dsoapAddress(), w.dsoapAddress());
            Function<double[], double[]> plain = w.proxy(w.plainAddress(), w.plainAddress());
            Random r = new Random(41);
            double[] v = new double[500];
            for (int call = 0; call < 5; call++) {
                for (int i = 0; i < v.length; i++) {
                    v[i] = r.nextInt(10) == 0 ? edges[r.nextInt(edges.length)] : r.nextGaussian() * 1e4;
                }
                same("dsoap, call " + call, v, dsoap.apply(v));
                same("plain, call " + call, v, plain.apply(v));
            }
            OperationStats st = OperationStats.of("MetroOperation", "server", "DsoapEchoService.EchoPort", "echoDoubles");
            assertEquals(5, st.get("MessagesRead"), st.map("ReadFallbacks").toString());
            assertEquals(5, st.get("MessagesWritten"), st.map("WriteFallbacks").toString());
            assertTrue(ThreadCpu.of("test-metro-dsoap-").threads() > 0, "the dsoap endpoint's request threads");
            Function<double[], double[]> floor = w.proxy(w.plainAddress(), w.floor("test-metro-floor-"));
            double[] first = floor.apply(v);
            assertEquals(v.length, floor.apply(new double[] {1}).length, "the floor answers every call with its first answer");
            same("the floor's first answer (relayed)", v, first);
            assertEquals(2, w.floorRequests());
        }
    }

    /**
     * The binary anchor's peers: a Metro proxy negotiating Fast Infoset with the plain endpoint (its requests go as Fast
     * Infoset after the first), and dsoap's own client in dsoap's binary form with the dsoap endpoint (binary answers
     * from the first call, binary requests from the second); both echo edge values bit for bit.
     */
    @Test
    void theBinaryAnchorsPeersGoBinary() throws Exception {
        ThreadCpu.enable();
        double[] v = {1.5, Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 1.0 / 3};
        try (MetroWorlds.World w = MetroWorlds.start("jdk", "none", "test-peers-plain-", "test-peers-dsoap-")) {
            Function<double[], double[]> fastInfoset = w.fastInfosetProxy(w.plainAddress());
            Function<double[], double[]> binary = w.binaryClient(w.dsoapAddress());
            for (int call = 0; call < 4; call++) {
                v[0] = call;
                same("Fast Infoset, call " + call, v, fastInfoset.apply(v));
                same("dsoap's binary form, call " + call, v, binary.apply(v));
            }
            assertTrue(w.requests(w.plainAddress(), "application/fastinfoset") >= 3,
                    "Fast Infoset requests: " + w.requests(w.plainAddress(), "application/fastinfoset") + ", XML "
                            + w.requests(w.plainAddress(), "text/xml"));
            OperationStats st = OperationStats.of("MetroOperation", "server", "DsoapEchoService.EchoPort", "echoDoubles");
            assertEquals(3, st.get("BinaryMessagesRead"), "binary requests from the second call");
            assertEquals(4, st.get("BinaryMessagesWritten"), "binary answers from the first call");
        }
    }

    /**
     * A plain CXF proxy at default settings (CXF is this module's JAX-WS, Metro runs in its own loader) calling the Metro
     * endpoint with dsoap: edge values echoed bit for bit, every request read and every answer written by dsoap, the
     * unchanged bytes of each request after the first skipped.
     */
    @Test
    void aPlainCxfProxyBenefitsOnTheMetroEndpoint() throws Exception {
        ThreadCpu.enable();
        org.apache.cxf.Bus bus = org.apache.cxf.BusFactory.newInstance().createBus();
        org.apache.cxf.Bus previous = org.apache.cxf.BusFactory.getThreadDefaultBus(false);
        try (MetroWorlds.World w = MetroWorlds.start("jdk", "none", "test-cxf-plain-", "test-cxf-dsoap-")) {
            org.apache.cxf.BusFactory.setThreadDefaultBus(bus);
            MetroEchoSei cxf = jakarta.xml.ws.Service.create(java.net.URI.create(w.dsoapAddress() + "?wsdl").toURL(),
                    new javax.xml.namespace.QName(MetroEchoSei.NAMESPACE, "DsoapEchoService"))
                    .getPort(new javax.xml.namespace.QName(MetroEchoSei.NAMESPACE, "EchoPort"), MetroEchoSei.class);
            assertTrue(cxf.getClass().getName().startsWith("jdk.proxy") || java.lang.reflect.Proxy.isProxyClass(cxf.getClass()));
            assertTrue(java.lang.reflect.Proxy.getInvocationHandler(cxf).getClass().getName().startsWith("org.apache.cxf"),
                    "a CXF proxy");
            double[] edges = {Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
                    Double.MAX_VALUE, 1.0 / 3, -1e-300};
            Random r = new Random(43);
            double[] v = new double[400];
            for (int i = 0; i < v.length; i++) {
                v[i] = r.nextGaussian() * 1e3;
            }
            int calls = 6;
            for (int call = 0; call < calls; call++) {
                for (int k = 0; k < 40; k++) {
                    v[r.nextInt(v.length)] = r.nextInt(4) == 0 ? edges[r.nextInt(edges.length)] : r.nextGaussian();
                }
                same("CXF proxy → Metro + dsoap, call " + call, v, cxf.echoDoubles(v));
            }
            OperationStats st = OperationStats.of("MetroOperation", "server", "DsoapEchoService.EchoPort", "echoDoubles");
            assertEquals(calls, st.get("MessagesRead"), st.map("ReadFallbacks").toString());
            assertEquals(calls, st.get("MessagesWritten"), st.map("WriteFallbacks").toString());
            assertTrue(st.get("BytesSkipped") > 0, "the unchanged bytes of the CXF proxy's requests skipped");
        } finally {
            org.apache.cxf.BusFactory.setThreadDefaultBus(previous);
            bus.shutdown(true);
        }
    }

    /**
     * gSOAP's client (from Debian, built here by its wsdl2h and soapcpp2 from the Metro endpoint's WSDL) calling the Metro
     * endpoint with dsoap: 30 arrays of 2,000 doubles, a quarter changed a call, echoed bit for bit, every request read
     * and every answer written by dsoap. Skipped, saying why, where gSOAP is not installed.
     */
    @Test
    void gsoapsClientBenefitsOnTheMetroEndpoint() throws Exception {
        String missing = dev.dsoap.bench.gsoap.GsoapPeer.probe();
        org.junit.jupiter.api.Assumptions.assumeTrue(missing == null, missing);
        ThreadCpu.enable();
        try (MetroWorlds.World w = MetroWorlds.start("jdk", "none", "test-gsoap-plain-", "test-gsoap-dsoap-")) {
            java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("dsoap-gsoap-metro");
            dev.dsoap.bench.gsoap.GsoapPeer peer = dev.dsoap.bench.gsoap.GsoapPeer.buildClient(dir,
                    java.net.URI.create(w.dsoapAddress() + "?wsdl"));
            dev.dsoap.bench.echo.EchoValues values = new dev.dsoap.bench.echo.EchoValues(dev.dsoap.bench.echo.Shape.DOUBLES,
                    2000, 25);
            java.util.List<Object> sent = new java.util.ArrayList<>();
            for (long n = 0; n < 30; n++) {
                sent.add(values.values(n));
            }
            java.util.List<Object> echoed = peer.call(java.net.URI.create(w.dsoapAddress()), dev.dsoap.bench.echo.Shape.DOUBLES,
                    sent).echoed();
            assertEquals(sent.size(), echoed.size());
            for (int i = 0; i < sent.size(); i++) {
                same("gSOAP client → Metro + dsoap, array " + i, (double[]) sent.get(i), (double[]) echoed.get(i));
            }
            OperationStats st = OperationStats.of("MetroOperation", "server", "DsoapEchoService.EchoPort", "echoDoubles");
            assertEquals(30, st.get("MessagesRead"), st.map("ReadFallbacks").toString());
            assertEquals(30, st.get("MessagesWritten"), st.map("WriteFallbacks").toString());
            assertTrue(st.get("BytesSkipped") > 0, "the unchanged bytes of gSOAP's requests skipped");
        }
    }

    /** The same in Tomcat: sun-jaxws.xml web applications, Metro's WSServlet, the floor a servlet. */
    @Test
    void inTomcatToo() throws Exception {
        ThreadCpu.enable();
        try (MetroWorlds.World w = MetroWorlds.start("tomcat", "none", "test-tomcat-plain-", "test-tomcat-dsoap-")) {
            Function<double[], double[]> dsoap = w.proxy(w.dsoapAddress(), w.dsoapAddress());
            double[] v = {1.5, Double.NaN, -0.0, 1e300};
            for (int call = 0; call < 3; call++) {
                v[0] = call;
                same("dsoap in Tomcat, call " + call, v, dsoap.apply(v));
            }
            OperationStats st = OperationStats.of("MetroOperation", "server", "DsoapEchoService.EchoPort", "echoDoubles");
            assertEquals(3, st.get("MessagesRead"), st.map("ReadFallbacks").toString());
            assertTrue(ThreadCpu.of("test-tomcat-dsoap-").threads() > 0, "the dsoap Tomcat's request threads");
            Function<double[], double[]> floor = w.proxy(w.plainAddress(), w.floor("test-tomcat-floor-"));
            same("the floor in Tomcat", v, floor.apply(v));
        }
    }

    private static void same(String what, double[] want, double[] got) {
        assertEquals(want.length, got.length, what);
        for (int i = 0; i < want.length; i++) {
            assertEquals(Double.doubleToRawLongBits(want[i]), Double.doubleToRawLongBits(got[i]), what + ", item " + i);
        }
    }
}
