package dev.dsoap.jaxws.it;

import dev.dsoap.host.OperationStatsMXBean;
import org.junit.jupiter.api.Test;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Two dsoap endpoints of the same service and port on one bus (two addresses): each keeps its own templates and
 * its own MXBean, the second under an {@code instance} key, and each counts only its own messages.
 */
class SharedNameTest {
    @Test
    void twoEndpointsOfOnePortKeepTheirOwnStatistics() throws Exception {
        try (Cxf cxf = new Cxf()) {
            Echo a = cxf.dsoap(cxf.publish(new DsoapEchoImpl()));
            Echo b = cxf.dsoap(cxf.publish(new DsoapEchoImpl()));
            double[] x = {1.5, -0.0, Double.NaN};
            double[] y = {2.5, Double.MIN_VALUE};
            for (int i = 0; i < 3; i++) {
                assertArrayEquals(x, a.echoDoubles(x));
            }
            for (int i = 0; i < 2; i++) {
                assertArrayEquals(y, b.echoDoubles(y));
            }
            assertArrayEquals(x, a.echoDoubles(x), "the first endpoint after the second");

            MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
            Map<String, Long> reads = new TreeMap<>();
            for (ObjectName n : mbs.queryNames(new ObjectName("dev.dsoap:type=CxfOperation,context="
                    + Integer.toHexString(System.identityHashCode(cxf.bus))
                    + ",side=server,service=\"EchoService.EchoPort\",operation=\"echoDoubles\",*"), null)) {
                OperationStatsMXBean s = JMX.newMXBeanProxy(mbs, n, OperationStatsMXBean.class);
                assertEquals(Map.of(), s.getReadFallbacks(), n.toString());
                reads.put(String.valueOf(n.getKeyProperty("instance")), s.getMessagesRead());
            }
            assertEquals(Map.of("null", 4L, "2", 2L), reads);
            OperationStatsMXBean client = cxf.stats("client", "EchoService.EchoPort", "echoDoubles");
            assertEquals(6, client.getMessagesRead() + client.getBinaryMessagesRead(),
                    "the proxies of one port share one client state");
        }
    }
}
