package dev.dsoap.jaxws.bootbus;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.ws.Service;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.bus.CXFBusFactory;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code DifferentialSoapFeature} as a bus feature in Spring Boot 3.5 applications ({@link BusApplications}, Boot's
 * embedded Tomcat on 127.0.0.1, {@code cxf-spring-boot-starter-jaxws}): a feature bean added to the starter's bus,
 * and {@code <cxf:bus><cxf:features>} in Spring XML. The endpoint's class carries no annotation. A plain JAX-WS proxy
 * (on a bus of its own, CXF's defaults) makes 30 calls of 10,000 doubles, a tenth changed per call, edge values among
 * them: every answer holds the values sent, bit for bit, and dsoap's counters say it read and wrote every message.
 */
class BusFeatureTest {
    private static final int CALLS = 30;
    private static final int ITEMS = 10_000;
    private static final double[] EDGES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, 2.0e-310, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE};

    @Test
    void aFeatureBeanAddedToTheStartersBus() throws Exception {
        carried(BusApplications.FeatureBean.class);
    }

    @Test
    void cxfBusFeaturesInSpringXml() throws Exception {
        // <cxf:bus> registers CXF's bus wiring post-processor, which the starter's cxf.xml registered already
        carried(BusApplications.SpringXml.class, "--spring.main.allow-bean-definition-overriding=true");
    }

    private static void carried(Class<?> application, String... more) throws Exception {
        String[] args = {"--server.address=127.0.0.1", "--server.port=0", "--spring.main.banner-mode=off",
                "--spring.jmx.enabled=false"};
        String[] given = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, given, args.length, more.length);
        ConfigurableApplicationContext app = SpringApplication.run(application, given);
        Bus clientBus = new CXFBusFactory().createBus();
        try {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            String address = "http://127.0.0.1:" + port + "/services/doubles";
            BusFactory.setThreadDefaultBus(clientBus);
            Service service = Service.create(URI.create(address + "?wsdl").toURL(), new QName(Doubles.NS, "BusService"));
            Doubles client = service.getPort(new QName(Doubles.NS, "BusPort"), Doubles.class);
            long seed = Long.getLong("dsoap.seed", 20260518L);
            Random r = new Random(seed);
            double[] v = new double[ITEMS];
            for (int i = 0; i < ITEMS; i++) {
                v[i] = i < EDGES.length ? EDGES[i] : r.nextDouble() * 1000;
            }
            for (int call = 0; call < CALLS; call++) {
                if (call > 0) {
                    for (int k = 0; k < ITEMS / 10; k++) {
                        v[r.nextInt(ITEMS)] = switch (r.nextInt(3)) {
                            case 0 -> EDGES[r.nextInt(EDGES.length)];
                            case 1 -> r.nextInt(100);
                            default -> r.nextDouble() * 1e-200;
                        };
                    }
                }
                double[] back = client.echoDoubles(v);
                assertEquals(ITEMS, back.length);
                for (int i = 0; i < ITEMS; i++) {
                    if (Double.doubleToRawLongBits(back[i]) != Double.doubleToRawLongBits(v[i])) {
                        throw new AssertionError(application.getSimpleName() + " seed " + seed + " call " + call
                                + " item " + i + ": sent " + v[i] + ", got " + back[i]);
                    }
                }
            }
            OperationStatsMXBean st = stats();
            String all = application.getSimpleName() + ": read " + st.getMessagesRead() + ", written "
                    + st.getMessagesWritten() + ", read fallbacks " + st.getReadFallbacks() + ", write fallbacks "
                    + st.getWriteFallbacks();
            assertEquals(CALLS, st.getMessagesRead(), all);
            assertEquals(CALLS, st.getMessagesWritten(), all);
            assertEquals(Map.of(), st.getReadFallbacks(), all);
            assertEquals(Map.of(), st.getWriteFallbacks(), all);
        } finally {
            BusFactory.setThreadDefaultBus(null);
            clientBus.shutdown(true);
            app.close();
        }
    }

    /** The endpoint's statistics of {@code echoDoubles}, as a JMX console reads them. */
    private static OperationStatsMXBean stats() throws Exception {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = mbs.queryNames(new ObjectName("dev.dsoap:type=CxfOperation,side=server,service="
                + ObjectName.quote("BusService.BusPort") + ",operation=" + ObjectName.quote("echoDoubles") + ",*"), null);
        assertEquals(1, names.size(), "dsoap's MBeans: " + mbs.queryNames(new ObjectName("dev.dsoap:*"), null));
        return JMX.newMXBeanProxy(mbs, names.iterator().next(), OperationStatsMXBean.class);
    }
}
