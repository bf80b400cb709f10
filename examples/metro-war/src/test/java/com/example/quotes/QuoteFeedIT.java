package com.example.quotes;

import jakarta.xml.ws.Service;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
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
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged WAR in embedded Tomcat 10.1 on 127.0.0.1 (an ephemeral port), called by a plain Metro proxy at its
 * default settings ({@code Service.create(wsdl).getPort}): no dsoap on the client. A sequence of calls whose prices
 * change a little each time, edge values among them; the answers are checked bit for bit, and dsoap's counters are
 * read over JMX, as an operator's console reads them.
 */
class QuoteFeedIT {
    private static final String NS = "urn:example:quotes";
    private static final int INSTRUMENTS = 5_000;
    private static final int CALLS = 25;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 2.0e-310,
            Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1, 7};

    @TempDir
    static Path dir;
    static Tomcat tomcat;
    static QuoteFeed feed;

    @BeforeAll
    static void start() throws Exception {
        Path war = Path.of(System.getProperty("example.war", "target/quotes-metro-war-1.0.0-SNAPSHOT.war"));
        assertTrue(Files.isRegularFile(war), "the packaged web application is missing: " + war);
        tomcat = new Tomcat();
        tomcat.setBaseDir(dir.toString());
        tomcat.getHost().setAppBase(Files.createDirectories(dir.resolve("webapps")).toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        tomcat.setAddDefaultWebXmlToWebapp(false); // the WAR's own web.xml only (no JSP servlet)
        Context app = tomcat.addWebapp("/feed", war.toAbsolutePath().toString());
        tomcat.start();
        assertEquals(LifecycleState.STARTED, app.getState(), "the web application did not start (see the log above)");
        String address = "http://127.0.0.1:" + connector.getLocalPort() + "/feed/quotes";
        feed = Service.create(URI.create(address + "?wsdl").toURL(), new QName(NS, "QuoteFeedService"))
                .getPort(new QName(NS, "QuoteFeedPort"), QuoteFeed.class);
    }

    @AfterAll
    static void stop() throws Exception {
        if (tomcat != null) {
            tomcat.stop();
            tomcat.destroy();
        }
    }

    /** Changes a tenth of the prices, at random positions, to prices of other widths and to the edge values. */
    private static void drift(double[] v, Random r) {
        for (int k = 0; k < v.length / 10; k++) {
            int i = r.nextInt(v.length);
            v[i] = switch (r.nextInt(4)) {
                case 0 -> EDGES[r.nextInt(EDGES.length)];
                case 1 -> r.nextInt(100);
                case 2 -> r.nextDouble() * 1e-200;
                default -> Math.round(r.nextDouble() * 1e6) / 100.0;
            };
        }
    }

    @Test
    void publishedPricesComeBackBitForBit() throws Exception {
        long seed = 20261202L;
        Random r = new Random(seed);
        double[] v = new double[INSTRUMENTS];
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.round((100 + 10 * r.nextGaussian()) * 100) / 100.0;
        }
        for (int call = 0; call < CALLS; call++) {
            if (call > 0) {
                drift(v, r);
            }
            double[] got = feed.publish(v);
            assertTrue(Arrays.equals(v, got), "seed " + seed + " call " + call + ": the prices came back otherwise");
        }
        double[] bids = {1.5, 99.25, -0.0, Double.MAX_VALUE};
        double[] asks = {2.5, 99.75, 0.0, Double.MAX_VALUE};
        assertArrayEquals(new double[] {2.0, 99.5, 0.0, Double.POSITIVE_INFINITY}, feed.mids(bids, asks), "mids");
        assertCarriedByDsoap("publish", CALLS);
    }

    /**
     * dsoap's MBean of the operation, found by its name pattern: every request was read and every answer written by
     * dsoap, none fell back to Metro, and the requests after the first were read against the client's last one.
     */
    private static void assertCarriedByDsoap(String operation, int calls) throws Exception {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = mbs.queryNames(new ObjectName("dev.dsoap:type=MetroOperation,side=server,service="
                + ObjectName.quote("QuoteFeedService.QuoteFeedPort") + ",operation=" + ObjectName.quote(operation) + ",*"), null);
        assertEquals(1, names.size(), "dsoap's MBeans: " + mbs.queryNames(new ObjectName("dev.dsoap:*"), null));
        ObjectName bean = names.iterator().next();
        String report = bean + ": read " + mbs.getAttribute(bean, "MessagesRead") + ", written "
                + mbs.getAttribute(bean, "MessagesWritten") + ", identical " + mbs.getAttribute(bean, "ReadsIdentical")
                + ", resumed " + mbs.getAttribute(bean, "ReadsResumed") + ", read fallbacks "
                + map(mbs, bean, "ReadFallbacks") + ", write fallbacks " + map(mbs, bean, "WriteFallbacks");
        System.out.println(report);
        assertEquals(calls, ((Number) mbs.getAttribute(bean, "MessagesRead")).longValue(), report);
        assertEquals(calls, ((Number) mbs.getAttribute(bean, "MessagesWritten")).longValue(), report);
        assertEquals(Map.of(), map(mbs, bean, "ReadFallbacks"), report);
        assertEquals(Map.of(), map(mbs, bean, "WriteFallbacks"), report);
        long differential = ((Number) mbs.getAttribute(bean, "ReadsIdentical")).longValue()
                + ((Number) mbs.getAttribute(bean, "ReadsResumed")).longValue();
        assertEquals(calls - 1, differential, "requests not read against the client's last one: " + report);
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
