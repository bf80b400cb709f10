package dev.dsoap.jaxws.it;

import dev.dsoap.testing.CallerProbe;
import dev.dsoap.testing.CallerProbe.Answer;
import dev.dsoap.testing.CallerProbe.Caller;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.security.SecurityContext;
import org.apache.cxf.transport.http_jetty.JettyHTTPServerEngineFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No caller ever gets another caller's answer from coalescing, on a real CXF endpoint on Jetty: for each way a service
 * tells its callers apart besides the body (an API key header, the query, {@code Host}, the application's cookie, a
 * servlet session, the remote address, {@code X-Forwarded-For}, {@code Accept-Language}, a principal an authentication
 * interceptor sets in {@code PRE_INVOKE}), two callers send rounds of eight byte-identical requests each at once, and
 * every answer must name its own caller. Identical requests of one caller still coalesce ({@code joined} grows), and an
 * answer the application set {@code Set-Cookie} on is never handed to another request.
 */
@Timeout(300)
class CallerIsolationTest {
    private static final String SERVICE = "TenantsService.TenantsPort";
    private static final int ROUNDS = 3;
    private static final int EACH = 8;
    private static final byte[] PORTFOLIO = soap("<t:portfolio xmlns:t=\"" + Echo.NS + "\"><symbol>ACME</symbol></t:portfolio>");
    private static Cxf server;
    private static Cxf guarded;
    private static int port;
    private static int guardedPort;

    /** Sets the caller's principal from its {@code X-Auth-Token}, as an authentication interceptor does. */
    public static final class TokenLogin extends AbstractPhaseInterceptor<Message> {
        public TokenLogin() {
            super(Phase.PRE_INVOKE);
        }

        @Override
        public void handleMessage(Message m) throws Fault {
            if (m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> h && h.get("X-Auth-Token") instanceof List<?> v && !v.isEmpty()) {
                String user = String.valueOf(v.get(0)).replace("token-of-", "");
                Principal p = () -> user;
                m.put(SecurityContext.class, new SecurityContext() {
                    @Override
                    public Principal getUserPrincipal() {
                        return p;
                    }

                    @Override
                    public boolean isUserInRole(String role) {
                        return false;
                    }
                });
            }
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = new Cxf();
        String address = server.address("tenants");
        port = URI.create(address).getPort();
        server.bus.getExtension(JettyHTTPServerEngineFactory.class).createJettyHTTPServerEngine("127.0.0.1", port, "http")
                .setSessionSupport(true);
        server.track(jakarta.xml.ws.Endpoint.publish(address, new TenantsImpl()));

        guarded = new Cxf();
        guarded.bus.setProperty("dsoap.coalesceIgnore", "X-Auth-Token, traceparent");
        guarded.bus.setProperty("dsoap.trustedInterceptors", TokenLogin.class.getName());
        guarded.bus.getInInterceptors().add(new TokenLogin());
        String g = guarded.address("tenants");
        guardedPort = URI.create(g).getPort();
        guarded.track(jakarta.xml.ws.Endpoint.publish(g, new TenantsImpl()));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (guarded != null) {
            guarded.close();
        }
    }

    private static byte[] soap(String body) {
        return ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>" + body
                + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    private static long counter(Cxf on, String name) {
        dev.dsoap.host.OperationStatsMXBean stats = on.stats("server", SERVICE, "portfolio", true);
        Long v = stats == null ? null : stats.getCoalescing().get(name);
        return v == null ? 0 : v;
    }

    /** Right for its caller: HTTP 200 naming the caller as the service told it ({@code MODE=name}). */
    private static final BiPredicate<Caller, Answer> NAMED = (c, a) -> a.status() == 200
            && a.text().contains("=" + c.name() + "</return>");

    private static Caller caller(String name, String path, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "SOAPAction";
        all[1] = "\"\"";
        System.arraycopy(headers, 0, all, 2, headers.length);
        return Caller.of(name, path, all);
    }

    /** Runs the rounds for two callers; asserts no leak and that identical requests still coalesced. */
    private static void isolated(TenantsImpl.Mode mode, Caller a, Caller b, BiPredicate<Caller, Answer> belongs)
            throws Exception {
        isolated(server, port, mode, a, b, belongs, true);
    }

    private static void isolated(Cxf on, int at, TenantsImpl.Mode mode, Caller a, Caller b,
                                 BiPredicate<Caller, Answer> belongs, boolean shared) throws Exception {
        TenantsImpl.mode = mode;
        long joined = counter(on, "joined");
        int calls = TenantsImpl.CALLS.get();
        CallerProbe.Outcome o = new CallerProbe(at, PORTFOLIO, "text/xml; charset=UTF-8").run(a, b, ROUNDS, EACH, belongs);
        System.out.printf("%s: %d answers, %d leaked, %d joined, %d processed%n", mode, o.answers(), o.leaked(),
                counter(on, "joined") - joined, TenantsImpl.CALLS.get() - calls);
        assertEquals(2 * ROUNDS * EACH, o.answers());
        assertEquals(0, o.leaked(), mode + ": " + o.leaks());
        if (shared) {
            assertTrue(counter(on, "joined") > joined, mode + ": identical requests of one caller still coalesce");
        }
    }

    private static String path() {
        return "/tenants";
    }

    @Test
    void anApiKeyHeader() throws Exception {
        isolated(TenantsImpl.Mode.API_KEY, caller("tenant-a", path(), "X-Api-Key", "tenant-a"),
                caller("tenant-b", path(), "X-Api-Key", "tenant-b"), NAMED);
    }

    @Test
    void aCallerWithoutKeyNeverGetsATenantsDataNorTheTenantItsFault() throws Exception {
        Caller keyless = caller("keyless", path());
        Caller tenant = caller("tenant-a", path(), "X-Api-Key", "tenant-a");
        isolated(TenantsImpl.Mode.API_KEY, keyless, tenant, (c, a) -> c == keyless
                ? a.status() == 500 && a.text().contains("invalid API key") : NAMED.test(c, a));
    }

    @Test
    void theQueryString() throws Exception {
        isolated(TenantsImpl.Mode.QUERY, caller("a", path() + "?key=a"), caller("b", path() + "?key=b"), NAMED);
    }

    @Test
    void theHostHeader() throws Exception {
        isolated(TenantsImpl.Mode.HOST, caller("a.example", path(), "Host", "a.example"),
                caller("b.example", path(), "Host", "b.example"), NAMED);
    }

    @Test
    void theApplicationsCookie() throws Exception {
        isolated(TenantsImpl.Mode.COOKIE, caller("app-user=alice", path(), "Cookie", "app-user=alice"),
                caller("app-user=bob", path(), "Cookie", "app-user=bob"), NAMED);
    }

    @Test
    void aServletSession() throws Exception {
        CallerProbe login = new CallerProbe(port, soap("<t:login xmlns:t=\"" + Echo.NS + "\"><user>alice</user></t:login>"),
                "text/xml; charset=UTF-8");
        String alice = session(login.post(caller("x", path())));
        login = new CallerProbe(port, soap("<t:login xmlns:t=\"" + Echo.NS + "\"><user>bob</user></t:login>"),
                "text/xml; charset=UTF-8");
        String bob = session(login.post(caller("x", path())));
        isolated(TenantsImpl.Mode.SESSION, caller("alice", path(), "Cookie", alice), caller("bob", path(), "Cookie", bob),
                NAMED);
    }

    private static String session(Answer a) {
        assertEquals(200, a.status(), a.text());
        String cookie = a.header("Set-Cookie").stream().filter(c -> c.startsWith("JSESSIONID=")).findFirst()
                .orElseThrow(() -> new AssertionError("no session cookie: " + a.headers()));
        return cookie.split(";")[0];
    }

    @Test
    void theRemoteAddress() throws Exception {
        Assumptions.assumeTrue(CallerProbe.secondLoopbackAddress(), "127.0.0.2 cannot be bound here");
        isolated(TenantsImpl.Mode.ADDRESS, caller("127.0.0.1", path()), caller("127.0.0.2", path()).from("127.0.0.2"),
                NAMED);
    }

    @Test
    void xForwardedFor() throws Exception {
        isolated(TenantsImpl.Mode.FORWARDED, caller("203.0.113.1", path(), "X-Forwarded-For", "203.0.113.1"),
                caller("203.0.113.2", path(), "X-Forwarded-For", "203.0.113.2"), NAMED);
    }

    @Test
    void acceptLanguage() throws Exception {
        isolated(TenantsImpl.Mode.LANGUAGE, caller("de", path(), "Accept-Language", "de"),
                caller("fr", path(), "Accept-Language", "fr"), NAMED);
    }

    @Test
    void aPrincipalSetByAnAuthenticationInterceptorBeforeInvocation() throws Exception {
        // the operator said the token header does not shape answers: the principal read at invocation still does
        isolated(guarded, guardedPort, TenantsImpl.Mode.PRINCIPAL,
                caller("alice", path(), "X-Auth-Token", "token-of-alice", "traceparent", "00-a"),
                caller("bob", path(), "X-Auth-Token", "token-of-bob", "traceparent", "00-b"), NAMED, true);
    }

    @Test
    void anAnswerTheApplicationSetACookieOnIsNeverHandedToAnotherRequest() throws Exception {
        Caller a = caller("a", path());
        Caller b = caller("b", path()); // the same caller twice: identical requests that would coalesce
        Set<String> cookies = new HashSet<>();
        long notShared = counter(server, "notShared");
        isolated(server, port, TenantsImpl.Mode.SET_COOKIE, a, b, (c, x) -> {
            List<String> set = x.header("Set-Cookie");
            // each answer carries the cookie the service issued for it, and names it in its body
            return x.status() == 200 && set.size() == 1 && cookies.add(set.get(0))
                    && x.text().contains("=" + set.get(0) + "</return>");
        }, false);
        assertTrue(counter(server, "notShared") > notShared, "requests waited and were let go");
    }
}
