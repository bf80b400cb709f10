package dev.dsoap.axis2.it;

import dev.dsoap.testing.CallerProbe;
import dev.dsoap.testing.CallerProbe.Answer;
import dev.dsoap.testing.CallerProbe.Caller;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No caller ever gets another caller's answer from coalescing, on a real Axis2 SimpleHTTPServer with dsoap.mar: for
 * each way a POJO service tells its callers apart besides the body (an API key header, the query, {@code Host}, the
 * application's cookie, the remote address, {@code X-Forwarded-For}, {@code Accept-Language}), two callers send rounds
 * of eight byte-identical requests each at once, and every answer must name its own caller. Identical requests of one
 * caller still coalesce ({@code joined} grows), and an answer the service set {@code Set-Cookie} on is never handed to
 * another request.
 */
@Timeout(300)
class CallerIsolationIT {
    private static final int ROUNDS = 3;
    private static final int EACH = 8;
    @TempDir
    static Path dir;
    static Axis2Server server;
    static String namespace;

    @BeforeAll
    static void start() throws Exception {
        server = Axis2Server.start(dir, true, "");
        var ac = server.context.getAxisConfiguration();
        AxisService svc = AxisService.createService(TenantsService.class.getName(), ac);
        svc.addParameter(new Parameter("dsoap.coalesce", "portfolio"));
        ac.addService(svc);
        namespace = svc.getTargetNamespace();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static long counter(String name) throws Exception {
        try {
            return Stats.find(server.context, "server", "TenantsService", "portfolio").map("Coalescing").getOrDefault(name, 0L);
        } catch (AssertionError notYet) {
            return 0; // no call yet
        }
    }

    private static final BiPredicate<Caller, Answer> NAMED = (c, a) -> a.status() == 200
            && a.text().contains("=" + c.name() + "</");

    private static String path() {
        return "/axis2/services/TenantsService";
    }

    private static Caller caller(String name, String path, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "SOAPAction";
        all[1] = "\"urn:portfolio\"";
        System.arraycopy(headers, 0, all, 2, headers.length);
        return Caller.of(name, path, all);
    }

    private static void isolated(TenantsService.Mode mode, Caller a, Caller b, BiPredicate<Caller, Answer> belongs,
                                 boolean shared) throws Exception {
        TenantsService.mode = mode;
        long joined = counter("joined");
        int calls = TenantsService.CALLS.get();
        byte[] body = ("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
                + "<ns:portfolio xmlns:ns=\"" + namespace + "\"><symbol>ACME</symbol></ns:portfolio>"
                + "</soapenv:Body></soapenv:Envelope>").getBytes(StandardCharsets.UTF_8);
        CallerProbe.Outcome o = new CallerProbe(server.port, body, "text/xml; charset=UTF-8").run(a, b, ROUNDS, EACH, belongs);
        System.out.printf("%s: %d answers, %d leaked, %d joined, %d processed%n", mode, o.answers(), o.leaked(),
                counter("joined") - joined, TenantsService.CALLS.get() - calls);
        assertEquals(2 * ROUNDS * EACH, o.answers());
        assertEquals(0, o.leaked(), mode + ": " + o.leaks());
        if (shared) {
            assertTrue(counter("joined") > joined, mode + ": identical requests of one caller still coalesce");
        }
    }

    private static void isolated(TenantsService.Mode mode, Caller a, Caller b) throws Exception {
        isolated(mode, a, b, NAMED, true);
    }

    @Test
    void anApiKeyHeader() throws Exception {
        isolated(TenantsService.Mode.API_KEY, caller("tenant-a", path(), "X-Api-Key", "tenant-a"),
                caller("tenant-b", path(), "X-Api-Key", "tenant-b"));
    }

    @Test
    void aCallerWithoutKeyNeverGetsATenantsDataNorTheTenantItsFault() throws Exception {
        Caller keyless = caller("keyless", path());
        Caller tenant = caller("tenant-a", path(), "X-Api-Key", "tenant-a");
        isolated(TenantsService.Mode.API_KEY, keyless, tenant, (c, a) -> c == keyless
                ? a.status() == 500 && a.text().contains("invalid API key") : NAMED.test(c, a), true);
    }

    @Test
    void theQueryString() throws Exception {
        isolated(TenantsService.Mode.QUERY, caller("a", path() + "?key=a"), caller("b", path() + "?key=b"));
    }

    @Test
    void theHostHeader() throws Exception {
        isolated(TenantsService.Mode.HOST, caller("a.example", path(), "Host", "a.example"),
                caller("b.example", path(), "Host", "b.example"));
    }

    @Test
    void theApplicationsCookie() throws Exception {
        isolated(TenantsService.Mode.COOKIE, caller("app-user=alice", path(), "Cookie", "app-user=alice"),
                caller("app-user=bob", path(), "Cookie", "app-user=bob"));
    }

    @Test
    void theRemoteAddress() throws Exception {
        Assumptions.assumeTrue(CallerProbe.secondLoopbackAddress(), "127.0.0.2 cannot be bound here");
        isolated(TenantsService.Mode.ADDRESS, caller("127.0.0.1", path()), caller("127.0.0.2", path()).from("127.0.0.2"));
    }

    @Test
    void xForwardedFor() throws Exception {
        isolated(TenantsService.Mode.FORWARDED, caller("203.0.113.1", path(), "X-Forwarded-For", "203.0.113.1"),
                caller("203.0.113.2", path(), "X-Forwarded-For", "203.0.113.2"));
    }

    @Test
    void acceptLanguage() throws Exception {
        isolated(TenantsService.Mode.LANGUAGE, caller("de", path(), "Accept-Language", "de"),
                caller("fr", path(), "Accept-Language", "fr"));
    }

    @Test
    void anAnswerTheServiceSetACookieOnIsNeverHandedToAnotherRequest() throws Exception {
        Set<String> cookies = new HashSet<>();
        long notShared = counter("notShared");
        isolated(TenantsService.Mode.SET_COOKIE, caller("a", path()), caller("b", path()), (c, x) -> {
            List<String> set = x.header("Set-Cookie");
            return x.status() == 200 && set.size() == 1 && cookies.add(set.get(0))
                    && x.text().contains("=" + set.get(0) + "</");
        }, false);
        assertTrue(counter("notShared") > notShared, "requests waited and were let go");
    }
}
