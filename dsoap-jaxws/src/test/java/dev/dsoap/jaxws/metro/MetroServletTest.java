package dev.dsoap.jaxws.metro;

import dev.dsoap.host.OperationStatsMXBean;
import jakarta.xml.ws.Service;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.xml.namespace.QName;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Metro's web application deployment in a real servlet container: an embedded Tomcat 10.1 on 127.0.0.1 running a web
 * application whose {@code WEB-INF/sun-jaxws.xml} declares a plain endpoint and a {@code @DifferentialSoap} one of the
 * same service, which Metro's {@code WSServletContainerInitializer} (found by Tomcat in jaxws-rt) serves through
 * {@code WSServlet}. Plain Metro proxies call both; the dsoap endpoint answers as the plain one, bit for bit, and dsoap
 * read and wrote every request itself.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroServletTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20260514L) + 17;
    private static final int STEPS = 30;
    private static final String DSOAP_SERVICE = "ServletDsoapService.ServletDsoapPort";

    private static Tomcat tomcat;
    private static Path base;
    private static MetroEcho plain;
    private static MetroEcho dsoap;

    @BeforeAll
    static void start() throws Exception {
        base = Files.createTempDirectory("dsoap-metro-tomcat");
        Path war = Files.createDirectories(base.resolve("webapps").resolve("metro"));
        Path webInf = Files.createDirectories(war.resolve("WEB-INF"));
        Files.writeString(webInf.resolve("sun-jaxws.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <endpoints xmlns="http://java.sun.com/xml/ns/jax-ws/ri/runtime" version="2.0">
                  <endpoint name="plain" implementation="dev.dsoap.jaxws.metro.ServletPlainEcho" url-pattern="/plain"/>
                  <endpoint name="dsoap" implementation="dev.dsoap.jaxws.metro.ServletDsoapEcho" url-pattern="/dsoap"/>
                </endpoints>
                """, StandardCharsets.UTF_8);
        tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context c = tomcat.addWebapp("/metro", war.toString());
        c.setParentClassLoader(MetroServletTest.class.getClassLoader());
        // jaxws-rt's manifest names its API jars as neighbours, which a Maven repository does not have: not scanned
        ((org.apache.tomcat.util.scan.StandardJarScanner) c.getJarScanner()).setScanManifest(false);
        tomcat.start();
        String root = "http://127.0.0.1:" + connector.getLocalPort() + "/metro";
        plain = Service.create(URI.create(root + "/plain?wsdl").toURL(), new QName(MetroEcho.NS, "ServletPlainService"))
                .getPort(new QName(MetroEcho.NS, "ServletPlainPort"), MetroEcho.class);
        dsoap = Service.create(URI.create(root + "/dsoap?wsdl").toURL(), new QName(MetroEcho.NS, "ServletDsoapService"))
                .getPort(new QName(MetroEcho.NS, "ServletDsoapPort"), MetroEcho.class);
    }

    @AfterAll
    static void stop() throws Exception {
        if (tomcat != null) {
            tomcat.stop();
            tomcat.destroy();
        }
    }

    @Test
    void theWebApplicationsDsoapEndpointAnswersAsThePlainOneAndIsCarried() {
        MetroGen g = new MetroGen(SEED);
        double[] v = null;
        for (int step = 0; step < STEPS; step++) {
            v = g.doubles(v);
            double[] expected = plain.echoDoubles(v);
            double[] got = dsoap.echoDoubles(v);
            assertTrue(Arrays.equals(v, expected), "plain echoDoubles in Tomcat against its input, step " + step + " (seed " + SEED + ")");
            assertTrue(Arrays.equals(expected, got), "dsoap echoDoubles in Tomcat against plain Metro's answer, step " + step
                    + " (seed " + SEED + ")");
        }
        OperationStatsMXBean s = MetroCarryTest.stats(DSOAP_SERVICE, "echoDoubles");
        assertNotNull(s, "a MetroOperation bean for the web application's dsoap endpoint");
        assertEquals(STEPS, s.getMessagesRead(), "requests read by dsoap in Tomcat");
        assertEquals(STEPS, s.getMessagesWritten(), "answers written by dsoap in Tomcat");
        assertEquals(Map.of(), s.getReadFallbacks(), "read fallbacks");
        assertEquals(Map.of(), s.getWriteFallbacks(), "write fallbacks");
        assertTrue(s.getBytesSkipped() > 0, "bytes skipped by differential reads: " + s.getBytesSkipped());
        assertEquals(null, MetroCarryTest.stats("ServletPlainService.ServletPlainPort", "echoDoubles"),
                "the plain endpoint has no dsoap bean");
    }
}
