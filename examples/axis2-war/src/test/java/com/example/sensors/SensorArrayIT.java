package com.example.sensors;

import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import javax.xml.namespace.QName;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged WAR in embedded Tomcat 10.1 on 127.0.0.1 (an ephemeral port), called by a plain
 * {@link RPCServiceClient} at its default settings: no dsoap on the client. Each operation gets a sequence of calls
 * whose readings change a little each time, edge values among them; the answers are checked bit for bit, and dsoap's
 * counters are read over JMX, as an operator's console reads them.
 */
class SensorArrayIT {
    /** The POJO service's namespace: Axis2 derives it from the package, com.example.sensors. */
    private static final String NS = "http://sensors.example.com";
    private static final int READINGS = 20_000;
    private static final int CALLS = 25;
    /** Values a plain Axis2 client reads back as sent (it refuses the schema's INF, so infinities go to fingerprint). */
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 2.0e-310,
            Double.MAX_VALUE, -Double.MAX_VALUE, 1e-300, 0.1, 7};
    private static final double[] INFINITIES = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    @TempDir
    static Path dir;
    static Tomcat tomcat;
    static String address;

    @BeforeAll
    static void start() throws Exception {
        Path war = Path.of(System.getProperty("example.war", "target/sensor-array.war"));
        assertTrue(Files.isRegularFile(war), "the packaged web application is missing: " + war);
        tomcat = new Tomcat();
        tomcat.setBaseDir(dir.toString());
        tomcat.getHost().setAppBase(Files.createDirectories(dir.resolve("webapps")).toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        tomcat.setAddDefaultWebXmlToWebapp(false); // the WAR's own web.xml only (no JSP servlet)
        Context app = tomcat.addWebapp("/sensors", war.toAbsolutePath().toString());
        ((StandardContext) app).setFailCtxIfServletStartFails(true); // AxisServlet failing to load fails the start
        tomcat.start();
        assertEquals(LifecycleState.STARTED, app.getState(), "the web application did not start (see the log above)");
        address = "http://127.0.0.1:" + connector.getLocalPort() + "/sensors/services/SensorArray";
    }

    @AfterAll
    static void stop() throws Exception {
        if (tomcat != null) {
            tomcat.stop();
            tomcat.destroy();
        }
    }

    /** Changes a tenth of the readings, at random positions, to values of other widths and to {@code edges}. */
    private static void drift(double[] v, Random r, double[] edges) {
        for (int k = 0; k < v.length / 10; k++) {
            int i = r.nextInt(v.length);
            v[i] = switch (r.nextInt(4)) {
                case 0 -> edges[r.nextInt(edges.length)];
                case 1 -> r.nextInt(100);
                case 2 -> r.nextDouble() * 1e-200;
                default -> Math.round(r.nextDouble() * 1e6) / 100.0;
            };
        }
    }

    private static double[] readings(Random r) {
        double[] v = new double[READINGS];
        for (int i = 0; i < v.length; i++) {
            v[i] = 20 + r.nextGaussian();
        }
        return v;
    }

    /** RPCServiceClient writes an array argument item by item when given boxed values. */
    private static Double[] boxed(double[] v) {
        Double[] b = new Double[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = v[i];
        }
        return b;
    }

    @Test
    void echoedReadingsComeBackBitForBit() throws Exception {
        long seed = Long.getLong("example.seed", System.nanoTime());
        Random r = new Random(seed);
        double[] v = readings(r);
        RPCServiceClient client = new RPCServiceClient();
        client.getOptions().setTo(new EndpointReference(address));
        try {
            for (int call = 0; call < CALLS; call++) {
                if (call > 0) {
                    drift(v, r, EDGES);
                }
                Object[] got = client.invokeBlocking(new QName(NS, "echo"), new Object[] {boxed(v)},
                        new Class<?>[] {double[].class});
                double[] back = (double[]) got[0];
                assertEquals(v.length, back.length, "seed " + seed + " call " + call);
                for (int i = 0; i < v.length; i++) {
                    if (Double.doubleToRawLongBits(back[i]) != Double.doubleToRawLongBits(v[i])) {
                        throw new AssertionError("seed " + seed + " call " + call + " reading " + i + ": sent " + v[i]
                                + ", got " + back[i]);
                    }
                }
                client.cleanupTransport();
            }
        } finally {
            client.cleanup();
        }
        assertCarriedByDsoap("echo", CALLS);
    }

    @Test
    void infinitiesReachTheServiceBitForBit() throws Exception {
        long seed = Long.getLong("example.seed", System.nanoTime());
        Random r = new Random(seed);
        double[] v = readings(r);
        double[] edges = new double[EDGES.length + INFINITIES.length];
        System.arraycopy(EDGES, 0, edges, 0, EDGES.length);
        System.arraycopy(INFINITIES, 0, edges, EDGES.length, INFINITIES.length);
        RPCServiceClient client = new RPCServiceClient();
        client.getOptions().setTo(new EndpointReference(address));
        try {
            for (int call = 0; call < CALLS; call++) {
                if (call > 0) {
                    drift(v, r, edges);
                }
                v[call] = INFINITIES[call % 2]; // every request holds an infinity
                Object[] got = client.invokeBlocking(new QName(NS, "fingerprint"), new Object[] {boxed(v)},
                        new Class<?>[] {String.class});
                assertEquals(SensorArrayService.fingerprintOf(v), got[0], "seed " + seed + " call " + call);
                client.cleanupTransport();
            }
        } finally {
            client.cleanup();
        }
        assertCarriedByDsoap("fingerprint", CALLS);
    }

    /**
     * dsoap's MBean of the operation, found by its name pattern: every request was read and every answer written by
     * dsoap, none fell back to Axis2, and the requests after the first were read against the client's last one.
     */
    private static void assertCarriedByDsoap(String operation, int calls) throws Exception {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = mbs.queryNames(new ObjectName("dev.dsoap:type=Axis2Operation,side=server,service="
                + ObjectName.quote("SensorArray") + ",operation=" + ObjectName.quote(operation) + ",*"), null);
        assertEquals(1, names.size(), "dsoap's MBeans: " + mbs.queryNames(new ObjectName("dev.dsoap:*"), null));
        ObjectName bean = names.iterator().next();
        String report = bean + ": read " + mbs.getAttribute(bean, "MessagesRead") + ", written "
                + mbs.getAttribute(bean, "MessagesWritten") + ", identical " + mbs.getAttribute(bean, "ReadsIdentical")
                + ", resumed " + mbs.getAttribute(bean, "ReadsResumed") + ", read fallbacks "
                + map(mbs, bean, "ReadFallbacks") + ", write fallbacks " + map(mbs, bean, "WriteFallbacks")
                + ", matches " + map(mbs, bean, "WriteMatches");
        System.out.println(report);
        assertEquals(calls, ((Number) mbs.getAttribute(bean, "MessagesRead")).longValue(), report);
        assertEquals(calls, ((Number) mbs.getAttribute(bean, "MessagesWritten")).longValue(), report);
        assertEquals(Map.of(), map(mbs, bean, "ReadFallbacks"), report);
        assertEquals(Map.of(), map(mbs, bean, "WriteFallbacks"), report);
        long differential = ((Number) mbs.getAttribute(bean, "ReadsIdentical")).longValue()
                + ((Number) mbs.getAttribute(bean, "ReadsResumed")).longValue();
        assertEquals(calls - 1, differential, "requests not read against the client's last one: " + report);

        Set<ObjectName> modules = mbs.queryNames(new ObjectName("dev.dsoap:type=Axis2Module,*"), null);
        assertEquals(1, modules.size(), "dsoap's module MBeans: " + modules);
        ObjectName module = modules.iterator().next();
        assertEquals(64L << 20, ((Number) mbs.getAttribute(module, "MemoryBudgetBytes")).longValue(),
                "dsoap.memoryBudget of WEB-INF/conf/axis2.xml");
        long used = ((Number) mbs.getAttribute(module, "MemoryUsedBytes")).longValue();
        assertTrue(used > 0 && used <= 64L << 20, "memory used " + used);
    }

    /** A map attribute of an MXBean (TabularData of key and value rows). */
    private static Map<String, Long> map(MBeanServer mbs, ObjectName bean, String attribute) throws Exception {
        Map<String, Long> m = new TreeMap<>();
        for (Object row : ((TabularData) mbs.getAttribute(bean, attribute)).values()) {
            CompositeData c = (CompositeData) row;
            m.put((String) c.get("key"), ((Number) c.get("value")).longValue());
        }
        return m;
    }
}
