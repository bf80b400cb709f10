package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.developer.SchemaValidation;
import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.soap.MTOMFeature;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What dsoap leaves to Metro on a carried endpoint, answered as plain Metro answers it and counted by reason: schema
 * validation ({@code @SchemaValidation}) and message dumping ({@code MessageDumpingFeature}), which read every
 * message's body ({@code INTERCEPTORS}); Fast Infoset requests of a Metro proxy that negotiates it, and MTOM requests
 * ({@code ATTACHMENTS}), passed to Metro untouched. Values as a plain Metro proxy gets them from a plain endpoint.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class MetroFallbackTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261205L);
    private static final int CALLS = 12;
    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static String base;
    private static MetroEcho plain;

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /** The dsoap echo endpoint with Metro's schema validation on. */
    @DifferentialSoap
    @SchemaValidation
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "ValidatedEchoService",
            portName = "ValidatedEchoPort", targetNamespace = MetroEcho.NS)
    public static class ValidatedEcho extends MetroEchoLogic {
    }

    /** The dsoap echo endpoint, published with Metro's message dumping. */
    @DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "DumpedEchoService",
            portName = "DumpedEchoPort", targetNamespace = MetroEcho.NS)
    public static class DumpedEcho extends MetroEchoLogic {
    }

    @BeforeAll
    static void publish() throws IOException {
        base = "http://127.0.0.1:" + MetroCarryTest.freePort();
        endpoints.add(Endpoint.publish(base + "/plain", new PlainMetroEcho()));
        endpoints.add(Endpoint.publish(base + "/validated", new ValidatedEcho()));
        Endpoint dumped = Endpoint.create(new DumpedEcho(), new com.sun.xml.ws.dump.MessageDumpingFeature(false));
        dumped.publish(base + "/dumped");
        endpoints.add(dumped);
        endpoints.add(Endpoint.publish(base + "/dsoap", new DsoapMetroEcho()));
        plain = port("/plain", "PlainEchoService", "PlainEchoPort", new jakarta.xml.ws.WebServiceFeature[0]);
    }

    @AfterAll
    static void stop() {
        for (Endpoint e : endpoints) {
            e.stop();
        }
        endpoints.clear();
    }

    private static MetroEcho port(String path, String service, String port, jakarta.xml.ws.WebServiceFeature... features)
            throws IOException {
        return Service.create(URI.create(base + path + "?wsdl").toURL(), new QName(MetroEcho.NS, service))
                .getPort(new QName(MetroEcho.NS, port), MetroEcho.class, features);
    }

    private static long fallbacks(String service, String operation, String reason) {
        OperationStatsMXBean s = MetroCarryTest.stats(service, operation);
        Map<String, Long> f = s == null ? Map.of() : s.getReadFallbacks();
        return f.getOrDefault(reason, 0L);
    }

    /** {@code CALLS} calls of seeded doubles through {@code port}, each answered as the plain endpoint answers it. */
    private static void calls(MetroEcho port, String what) {
        MetroGen g = new MetroGen(SEED);
        double[] v = null;
        for (int call = 0; call < CALLS; call++) {
            v = g.doubles(v);
            assertArrayEquals(plain.echoDoubles(v), port.echoDoubles(v), what + ", call " + call + " (seed " + SEED + ")");
        }
    }

    @Test
    void schemaValidationReadsEveryMessageItsWay() throws IOException {
        String service = "ValidatedEchoService.ValidatedEchoPort";
        MetroEcho p = port("/validated", "ValidatedEchoService", "ValidatedEchoPort");
        p.echoDoubles(new double[] {1});
        long before = fallbacks(service, "echoDoubles", "INTERCEPTORS");
        calls(p, "with schema validation");
        assertEquals(CALLS, fallbacks(service, "echoDoubles", "INTERCEPTORS") - before,
                "every request Metro's way, validated: " + MetroCarryTest.stats(service, "echoDoubles").getReadFallbacks());
    }

    @Test
    void messageDumpingReadsEveryMessageItsWay() throws IOException {
        String service = "DumpedEchoService.DumpedEchoPort";
        MetroEcho p = port("/dumped", "DumpedEchoService", "DumpedEchoPort");
        p.echoDoubles(new double[] {1});
        long before = fallbacks(service, "echoDoubles", "INTERCEPTORS");
        calls(p, "with message dumping");
        assertEquals(CALLS, fallbacks(service, "echoDoubles", "INTERCEPTORS") - before,
                "every request Metro's way, dumped: " + MetroCarryTest.stats(service, "echoDoubles").getReadFallbacks());
    }

    @Test
    void fastInfosetAndMtomRequestsPassToMetroUntouched() throws IOException {
        String service = "DsoapEchoService.DsoapEchoPort";
        MetroEcho fi = port("/dsoap", "DsoapEchoService", "DsoapEchoPort");
        ((BindingProvider) fi).getRequestContext().put(com.sun.xml.ws.client.ContentNegotiation.PROPERTY,
                com.sun.xml.ws.client.ContentNegotiation.optimistic.toString());
        MetroEcho mtom = port("/dsoap", "DsoapEchoService", "DsoapEchoPort", new MTOMFeature(true, 0));
        fi.echoDoubles(new double[] {1});
        long unplanned = MetroCarryTest.stats(service, "*").getReadFallbacks().getOrDefault("ATTACHMENTS", 0L);
        calls(fi, "Fast Infoset");
        calls(mtom, "MTOM");
        long attachments = MetroCarryTest.stats(service, "*").getReadFallbacks().getOrDefault("ATTACHMENTS", 0L) - unplanned;
        assertTrue(attachments >= 2L * CALLS, "Fast Infoset and MTOM requests passed to Metro, counted: " + attachments);
    }
}
