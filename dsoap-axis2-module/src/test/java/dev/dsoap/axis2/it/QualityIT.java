package dev.dsoap.axis2.it;

import dev.dsoap.axis2.DsoapQuality;
import dev.dsoap.axis2.DsoapRpcServiceClient;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.namespace.QName;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Quality management on Axis2's engaged path: the POJO EchoService deployed with {@code dsoap.quality} naming its
 * quality file, engaged clients ({@link DsoapRpcServiceClient} and Axis2's own {@code RPCServiceClient} on a
 * configuration engaging dsoap.mar with {@code dsoap.quality=on}) stamping their requests: each gets the variant
 * its round trip chooses (the last 1, 2 or all items), a plain client always the full answer, and a malformed
 * quality header a sender fault. Runs with dsoap's classes on the class path (it calls {@link DsoapQuality}).
 */
class QualityIT {
    @TempDir
    static Path dir;
    static Axis2Server server;
    static ConfigurationContext plainClients;
    static ConfigurationContext qualityClients;
    static RPCServiceClient plain;
    static DsoapRpcServiceClient engaged;
    static RPCServiceClient axis2Engaged;
    static final double[] VALUES = {1.5, -0.0, Double.NaN, Double.MIN_VALUE};

    @BeforeAll
    static void start() throws Exception {
        server = Axis2Server.start(dir, true, "", svc -> {
            try {
                svc.addParameter(new Parameter("dsoap.quality", "classpath:/dev/dsoap/axis2/it/echo-quality.txt"));
            } catch (org.apache.axis2.AxisFault e) {
                throw new IllegalStateException(e);
            }
        });
        plainClients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
        Path repo = Axis2Server.repository(dir, true, "<parameter name=\"dsoap.quality\">on</parameter>");
        qualityClients = ConfigurationContextFactory.createConfigurationContextFromFileSystem(repo.toString(),
                repo.resolve("axis2.xml").toString());
        plain = aim(new RPCServiceClient(plainClients, null));
        engaged = aim(new DsoapRpcServiceClient(qualityClients, null));
        axis2Engaged = aim(new RPCServiceClient(qualityClients, null));
    }

    private static <C extends RPCServiceClient> C aim(C c) {
        c.getOptions().setTo(new EndpointReference(server.url()));
        c.getOptions().setTimeOutInMilliSeconds(60_000);
        return c;
    }

    @AfterAll
    static void stop() throws Exception {
        for (RPCServiceClient c : new RPCServiceClient[] {plain, engaged, axis2Engaged}) {
            if (c != null) {
                c.cleanup();
            }
        }
        for (ConfigurationContext c : new ConfigurationContext[] {plainClients, qualityClients}) {
            if (c != null) {
                c.terminate();
            }
        }
        if (server != null) {
            server.close();
        }
    }

    private static double[] echo(RPCServiceClient c) throws Exception {
        QName op = new QName(server.namespace(), "echo");
        c.getOptions().setAction("urn:echo");
        try {
            Double[] boxed = new Double[VALUES.length];
            for (int i = 0; i < boxed.length; i++) {
                boxed[i] = VALUES[i];
            }
            return (double[]) c.invokeBlocking(op, new Object[] {boxed}, new Class<?>[] {double[].class})[0];
        } finally {
            c.cleanupTransport();
        }
    }

    private static void expect(RPCServiceClient c, int items, String what) throws Exception {
        double[] got = echo(c);
        if (got.length != items) {
            what += " (server's peers: " + peers() + ")";
        }
        double[] want = Arrays.copyOfRange(VALUES, VALUES.length - items, VALUES.length);
        assertEquals(want.length, got.length, what + ": " + Arrays.toString(got));
        for (int i = 0; i < want.length; i++) {
            assertEquals(Double.doubleToRawLongBits(want[i]), Double.doubleToRawLongBits(got[i]), what + ": item " + i);
        }
    }

    /**
     * Calls until the full answer has come 5 times running (at most 400 calls): a JVM's first calls are slow (class
     * loading, connections), and the estimate remembers them for a while.
     */
    private static void settle(RPCServiceClient c, String what) throws Exception {
        int full = 0;
        for (int i = 0; i < 400 && full < 5; i++) {
            full = echo(c).length == VALUES.length ? full + 1 : 0;
        }
        assertEquals(5, full, what + ": never settled on the full answer on loopback; peers " + peers());
        expect(c, 4, what);
    }

    private static String peers() {
        try {
            javax.management.MBeanServer mbs = java.lang.management.ManagementFactory.getPlatformMBeanServer();
            javax.management.ObjectName name = new javax.management.ObjectName("dev.dsoap:type=Axis2Operation,context="
                    + Integer.toHexString(System.identityHashCode(server.context)) + ",side=server,service="
                    + javax.management.ObjectName.quote("EchoService") + ",operation=" + javax.management.ObjectName.quote("echo"));
            return String.valueOf(mbs.getAttribute(name, "QualityPeers"));
        } catch (Exception e) {
            return e.toString();
        }
    }

    @Test
    void eachClientGetsTheVariantOfItsRoundTrip() throws Exception {
        for (RPCServiceClient c : new RPCServiceClient[] {engaged, axis2Engaged}) {
            String name = c == engaged ? "DsoapRpcServiceClient" : "RPCServiceClient on an engaged configuration";
            settle(c, name);
            DsoapQuality.updateAttribute(c, "rtt", 700);
            expect(c, 1, name + " at 700 ms");
            expect(plain, 4, "a plain client meanwhile");
            DsoapQuality.updateAttribute(c, "rtt", 300);
            expect(c, 2, name + " at 300 ms");
            DsoapQuality.removeAttribute(c, "rtt");
            settle(c, name + " back to its measured round trip");
        }
        Stats s = server.stats("echo");
        java.util.Map<String, Long> sent = s.map("QualityVariantsSent");
        assertTrue(sent.getOrDefault("one", 0L) >= 2 && sent.getOrDefault("two", 0L) >= 2, sent.toString());
        assertTrue(s.get("QualitySwitches") >= 6, "at least three switches per client: " + s.get("QualitySwitches"));
        Stats client = Stats.find(qualityClients, "client", "anonService", "anonOutInOp");
        assertEquals(0, client.get("QualityHeadersRefused"));
    }

    @Test
    void aMalformedQualityHeaderIsASenderFault() throws Exception {
        String request = Soap.request(server.namespace(), "echo", Soap.doubles("v", new double[] {4.25}));
        Soap.Response bad = Soap.post11(server.url(), request, "X-Dsoap-Quality", "sent=1; rtt=fast");
        assertTrue(bad.text().contains("X-Dsoap-Quality") && bad.text().contains("not a finite number"),
                bad.status() + " " + bad.text());
        assertEquals(1, server.stats("echo").get("QualityHeadersRefused"));
        Soap.Response good = Soap.post11(server.url(), request, "X-Dsoap-Quality", "sent=1; rtt=900");
        assertEquals(200, good.status(), good.text());
        expect(plain, 4, "a plain client after them");
    }
}
