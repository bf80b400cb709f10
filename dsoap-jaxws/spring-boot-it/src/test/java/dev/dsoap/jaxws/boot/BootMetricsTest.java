package dev.dsoap.jaxws.boot;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.spring.DsoapMetricsAutoConfiguration;
import dev.dsoap.metrics.DsoapMetrics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.xml.ws.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dsoap's metrics in a real Spring Boot 3.5 application with Actuator: {@link EchoApplication} on Boot's embedded
 * Tomcat (loopback, an ephemeral port) with the metrics endpoint exposed. dsoap's auto-configuration binds
 * {@link DsoapMetrics} to Boot's registry by itself; after a plain JAX-WS proxy's calls the meters in the registry and
 * at {@code /actuator/metrics/<name>} equal the MXBean's figures. Without Micrometer, or without a registry, the
 * auto-configuration adds nothing.
 */
class BootMetricsTest {
    private static final int CALLS = 7;
    private static final String SERVICE = "BootEchoService.EchoPort";

    static ConfigurableApplicationContext app;
    static int port;

    @BeforeAll
    static void start() {
        app = SpringApplication.run(EchoApplication.class, "--server.address=127.0.0.1", "--server.port=0",
                "--spring.main.banner-mode=off", "--spring.jmx.enabled=false",
                "--management.endpoints.web.exposure.include=health,metrics");
        port = ((WebServerApplicationContext) app).getWebServer().getPort();
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    private static OperationStatsMXBean stats() throws Exception {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = mbs.queryNames(new ObjectName("dev.dsoap:type=CxfOperation,side=server,operation="
                + ObjectName.quote("echo") + ",*"), null);
        assertEquals(1, names.size(), "dsoap's MBeans: " + mbs.queryNames(new ObjectName("dev.dsoap:*"), null));
        return JMX.newMXBeanProxy(mbs, names.iterator().next(), OperationStatsMXBean.class);
    }

    private static double meter(MeterRegistry registry, String name) {
        FunctionCounter c = registry.find(name).tags("host", "cxf", "side", "server", "service", SERVICE, "operation", "echo")
                .functionCounter();
        assertNotNull(c, name + " in Boot's registry");
        return c.count();
    }

    /** The value {@code /actuator/metrics/<name>} reports for the server's {@code echo} operation. */
    private static double actuator(String name) throws Exception {
        HttpURLConnection c = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/actuator/metrics/" + name
                + "?tag=side:server&tag=operation:echo").toURL().openConnection();
        assertEquals(200, c.getResponseCode(), "/actuator/metrics/" + name);
        String body;
        try (InputStream in = c.getInputStream()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Matcher m = Pattern.compile("\"statistic\":\"COUNT\",\"value\":([0-9.E+-]+)").matcher(body);
        assertTrue(m.find(), body);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void bootsRegistryAndActuatorShowWhatJmxShows() throws Exception {
        String address = "http://127.0.0.1:" + port + "/services/echo";
        Service service = Service.create(URI.create(address + "?wsdl").toURL(), new QName(Echo.NS, "BootEchoService"));
        Echo client = service.getPort(new QName(Echo.NS, "EchoPort"), Echo.class);
        double[] v = new double[100];
        for (int call = 0; call < CALLS; call++) {
            v[call * 7 % v.length] = call + 0.5;
            assertEquals(v.length, client.echo(v).length);
        }
        assertEquals(1, app.getBeansOfType(DsoapMetrics.class).size(), "the auto-configured binder");
        MeterRegistry registry = app.getBean(MeterRegistry.class);
        OperationStatsMXBean st = stats();
        assertEquals(CALLS, st.getMessagesRead());
        assertEquals(st.getMessagesRead(), meter(registry, "dsoap.messages.read"));
        assertEquals(st.getMessagesWritten(), meter(registry, "dsoap.messages.written"));
        assertEquals(st.getBytesWritten(), meter(registry, "dsoap.bytes.written"));
        assertEquals(st.getBytesParsed(), meter(registry, "dsoap.bytes.parsed"));
        assertEquals((double) st.getWriteMatches().get("FIRST_SEND"), registry.find("dsoap.matches")
                .tags("side", "server", "operation", "echo", "match", "FIRST_SEND").functionCounter().count());
        assertEquals(st.getRetainedBytes(), registry.find("dsoap.memory.retained").tags("side", "server", "operation", "echo")
                .gauge().value());
        assertNotNull(registry.find("dsoap.memory.used").tags("host", "cxf").gauge(), "the bus's budget");

        assertEquals(CALLS, actuator("dsoap.messages.read"));
        assertEquals(st.getBytesWritten(), actuator("dsoap.bytes.written"));
    }

    @Test
    void withoutMicrometerOrARegistryNothingIsAdded() {
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DsoapMetricsAutoConfiguration.class));
        runner.run(ctx -> assertEquals(0, ctx.getBeansOfType(DsoapMetrics.class).size(), "no registry"));
        runner.withClassLoader(new FilteredClassLoader("io.micrometer"))
                .run(ctx -> {
                    assertEquals(null, ctx.getStartupFailure());
                    assertEquals(0, ctx.getBeanNamesForType(DsoapMetricsAutoConfiguration.class).length, "no Micrometer");
                });
        runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .run(ctx -> assertEquals(1, ctx.getBeansOfType(DsoapMetrics.class).size(), "a registry"));
        DsoapMetrics own = new DsoapMetrics();
        runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).withBean(DsoapMetrics.class, () -> own)
                .run(ctx -> assertEquals(own, ctx.getBean(DsoapMetrics.class), "the application's own binder"));
    }
}
