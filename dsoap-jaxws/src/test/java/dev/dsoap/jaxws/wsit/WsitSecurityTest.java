package dev.dsoap.jaxws.wsit;

import dev.dsoap.host.OperationStatsMXBean;
import dev.dsoap.jaxws.DifferentialSoap;
import dev.dsoap.jaxws.metro.DifferentialMetroEcho;
import dev.dsoap.jaxws.metro.DsoapMetro;
import dev.dsoap.jaxws.metro.MetroEcho;
import dev.dsoap.jaxws.metro.MetroEchoLogic;
import dev.dsoap.jaxws.metro.Point;
import jakarta.jws.WebService;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.management.JMX;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dsoap on Metro with WSIT's WS-Security (Metro's full bundle, {@code webservices-rt}, whose tube-line assembler is
 * WSIT's): an annotated endpoint without a security policy is carried as under jaxws-rt alone; one whose policy signs
 * and encrypts every body is answered by Metro's path, through WSIT's security tubes both ways (every request counted
 * by reason), with the values a plain secured endpoint gives; one whose policy signs only a timestamp gets the same
 * values; and a request without the security its policy asks for is refused on the dsoap endpoint exactly as on the
 * plain one, its service never called.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
final class WsitSecurityTest {
    private static final long SEED = Long.getLong("dsoap.seed", 20261203L);
    private static final int CALLS = 10;
    private static final String PASSWORD = "changeit";
    private static final String ALIAS = "server";
    private static final List<Endpoint> endpoints = new ArrayList<>();
    private static Path dir;
    private static String base;
    private static X509Certificate certificate;

    static {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /** Calls of any operation that reached the service of the dsoap endpoints. */
    static final AtomicInteger served = new AtomicInteger();

    /** The echo service, counting the calls that reach it. */
    public abstract static class Counted extends MetroEchoLogic {
        @Override
        public double[] echoDoubles(double[] v) {
            served.incrementAndGet();
            return super.echoDoubles(v);
        }
    }

    /** dsoap's endpoint whose policy signs and encrypts every body. */
    @DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "SecuredDsoapService",
            portName = "SecuredDsoapPort", targetNamespace = MetroEcho.NS)
    public static class SecuredDsoap extends Counted {
    }

    /** The same policy on a plain endpoint: the oracle. */
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "SecuredPlainService",
            portName = "SecuredPlainPort", targetNamespace = MetroEcho.NS)
    public static class SecuredPlain extends MetroEchoLogic {
    }

    /** dsoap's endpoint whose policy signs every body, in the clear. */
    @DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "SignedDsoapService",
            portName = "SignedDsoapPort", targetNamespace = MetroEcho.NS)
    public static class SignedDsoap extends Counted {
    }

    /** The signing policy on a plain endpoint: the oracle. */
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "SignedPlainService",
            portName = "SignedPlainPort", targetNamespace = MetroEcho.NS)
    public static class SignedPlain extends MetroEchoLogic {
    }

    /** dsoap's endpoint without a security policy, under WSIT's assembler. */
    @DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "OpenDsoapService",
            portName = "OpenDsoapPort", targetNamespace = MetroEcho.NS)
    public static class OpenDsoap extends MetroEchoLogic {
    }

    @BeforeAll
    static void publish() throws Exception {
        dir = Files.createTempDirectory("dsoap-wsit");
        Path keyStore = dir.resolve("server.p12");
        keyPair(keyStore);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        certificate = (X509Certificate) ks.getCertificate(ALIAS);
        WsitPolicy.write(dir, SecuredDsoap.class, "SecuredDsoapService", "SecuredDsoapPort", WsitPolicy.Protection.BODY,
                keyStore, ALIAS, PASSWORD);
        WsitPolicy.write(dir, SecuredPlain.class, "SecuredPlainService", "SecuredPlainPort", WsitPolicy.Protection.BODY,
                keyStore, ALIAS, PASSWORD);
        WsitPolicy.write(dir, SignedDsoap.class, "SignedDsoapService", "SignedDsoapPort",
                WsitPolicy.Protection.SIGNED, keyStore, ALIAS, PASSWORD);
        WsitPolicy.write(dir, SignedPlain.class, "SignedPlainService", "SignedPlainPort",
                WsitPolicy.Protection.SIGNED, keyStore, ALIAS, PASSWORD);
        base = "http://127.0.0.1:" + freePort();
        Thread t = Thread.currentThread();
        ClassLoader context = t.getContextClassLoader();
        try (URLClassLoader configs = new URLClassLoader(new URL[] {dir.toUri().toURL()}, context)) {
            t.setContextClassLoader(configs); // WSIT finds META-INF/wsit-<class>.xml through it, while publishing
            endpoints.add(Endpoint.publish(base + "/secured-dsoap", new SecuredDsoap()));
            endpoints.add(Endpoint.publish(base + "/secured-plain", new SecuredPlain()));
            endpoints.add(Endpoint.publish(base + "/signed-dsoap", new SignedDsoap()));
            endpoints.add(Endpoint.publish(base + "/signed-plain", new SignedPlain()));
            endpoints.add(Endpoint.publish(base + "/open-dsoap", new OpenDsoap()));
        } finally {
            t.setContextClassLoader(context);
        }
    }

    @AfterAll
    static void stop() throws IOException {
        for (Endpoint e : endpoints) {
            e.stop();
        }
        endpoints.clear();
        if (dir != null) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** A self-signed RSA key pair in a PKCS#12 store, made by the JDK's keytool. */
    private static void keyPair(Path store) throws IOException, InterruptedException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", ALIAS, "-keyalg", "RSA",
                "-keysize", "2048", "-validity", "2", "-dname", "CN=dsoap-wsit-test", "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "keytool finished");
        assertEquals(0, p.exitValue(), "keytool: " + out);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** A plain Metro proxy of the endpoint at {@code path}, given the server's certificate as WSIT's clients take it. */
    private static MetroEcho proxy(String path, String service, String port) throws IOException {
        MetroEcho p = Service.create(URI.create(base + path + "?wsdl").toURL(), new QName(MetroEcho.NS, service))
                .getPort(new QName(MetroEcho.NS, port), MetroEcho.class);
        ((BindingProvider) p).getRequestContext().put("server-certificate", certificate);
        return p;
    }

    private static OperationStatsMXBean stats(String service, String operation) {
        try {
            for (ObjectName n : ManagementFactory.getPlatformMBeanServer()
                    .queryNames(new ObjectName("dev.dsoap:type=MetroOperation,side=server,*"), null)) {
                if (unquote(n.getKeyProperty("service")).equals(service)
                        && unquote(n.getKeyProperty("operation")).equals(operation)) {
                    return JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(), n, OperationStatsMXBean.class);
                }
            }
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
        return null;
    }

    private static String unquote(String v) {
        return v == null ? "" : v.startsWith("\"") ? ObjectName.unquote(v) : v;
    }

    private static long read(OperationStatsMXBean s) {
        return s == null ? 0 : s.getMessagesRead();
    }

    /** Seeded doubles with the edge values among them, of changing lengths. */
    private static double[] doubles(Random r, int call) {
        double[] edges = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
                Double.MAX_VALUE, -Double.MIN_NORMAL, 4.9e-324 * 3, 1.0 / 3};
        double[] v = new double[40 + call % 7];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextInt(5) == 0 ? edges[r.nextInt(edges.length)] : (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(30) - 15);
        }
        return v;
    }

    private static String at(String what, int call) {
        return what + ", call " + call + " (seed " + SEED + ", -Ddsoap.seed to repeat)";
    }

    /** {@code CALLS} calls of echoDoubles, sum and move through {@code p}, each as {@code oracle} answers it. */
    private static void calls(MetroEcho p, MetroEcho oracle, String what) {
        Random r = new Random(SEED);
        for (int call = 0; call < CALLS; call++) {
            double[] v = doubles(r, call);
            double[] expected = oracle == null ? v : oracle.echoDoubles(v);
            assertArrayEquals(expected, p.echoDoubles(v), at(what + " echoDoubles", call));
            double scale = r.nextDouble();
            double sum = oracle == null ? new SecuredPlain().sum(v, scale) : oracle.sum(v, scale);
            assertEquals(Double.doubleToLongBits(sum), Double.doubleToLongBits(p.sum(v, scale)), at(what + " sum", call));
            Point q = new Point();
            q.setX(r.nextInt());
            q.setY(r.nextGaussian());
            // (no surrogate pair: WSIT itself refuses them in secured bodies, with or without dsoap)
            q.setLabel("p&<>\"'\t\r\u00e9\u20ac" + call);
            Point expect = oracle == null ? new SecuredPlain().move(q, call) : oracle.move(q, call);
            Point moved = p.move(q, call);
            assertEquals(expect.getX(), moved.getX(), at(what + " move x", call));
            assertEquals(Double.doubleToRawLongBits(expect.getY()), Double.doubleToRawLongBits(moved.getY()), at(what + " move y", call));
            assertEquals(expect.getLabel(), moved.getLabel(), at(what + " move label", call));
        }
    }

    @Test
    void theAssemblerIsWsitsAndAnEndpointWithoutAPolicyIsCarried() throws Exception {
        Class.forName("com.sun.xml.wss.XWSSConstants"); // WSIT's security is on the class path
        Class.forName("com.sun.xml.ws.assembler.metro.impl.MetroTubelineAssemblerFactoryImpl");
        MetroEcho p = Service.create(URI.create(base + "/open-dsoap?wsdl").toURL(), new QName(MetroEcho.NS, "OpenDsoapService"))
                .getPort(new QName(MetroEcho.NS, "OpenDsoapPort"), MetroEcho.class);
        long before = read(stats("OpenDsoapService.OpenDsoapPort", "echoDoubles"));
        calls(p, null, "the endpoint without a policy");
        OperationStatsMXBean s = stats("OpenDsoapService.OpenDsoapPort", "echoDoubles");
        assertNotNull(s, "the endpoint without a policy has dsoap's beans under WSIT's assembler");
        assertEquals(CALLS, s.getMessagesRead() - before, "every request read by dsoap: " + s.getReadFallbacks());
        assertEquals(Map.of(), s.getReadFallbacks(), "no request went Metro's way");
        assertTrue(s.getBytesSkipped() > 0, "requests read against the kept one: " + s.getBytesSkipped());
    }

    @Test
    void signedAndEncryptedBodiesGoThroughWsitBothWays() throws IOException {
        securedCalls("/secured-plain", "SecuredPlain", "/secured-dsoap", "SecuredDsoap", "signed and encrypted");
    }

    @Test
    void signedBodiesInTheClearGoThroughWsitBothWays() throws IOException {
        securedCalls("/signed-plain", "SignedPlain", "/signed-dsoap", "SignedDsoap", "signed in the clear");
    }

    /**
     * {@code CALLS} rounds of three calls through a plain WSIT proxy of the dsoap endpoint, answered as the plain
     * endpoint answers them: every request left to WSIT and Metro as it arrives, counted both ways, none read by dsoap.
     */
    private static void securedCalls(String plainPath, String plainName, String dsoapPath, String dsoapName, String what)
            throws IOException {
        MetroEcho plain = proxy(plainPath, plainName + "Service", plainName + "Port");
        MetroEcho dsoap = proxy(dsoapPath, dsoapName + "Service", dsoapName + "Port");
        String service = dsoapName + "Service." + dsoapName + "Port";
        OperationStatsMXBean all = stats(service, "*");
        assertNotNull(all, "the secured endpoint's beans");
        long readsBefore = all.getReadFallbacks().getOrDefault("INTERCEPTORS", 0L);
        long writesBefore = all.getWriteFallbacks().getOrDefault("INTERCEPTORS", 0L);
        int servedBefore = served.get();
        calls(dsoap, plain, what);
        assertEquals(CALLS, served.get() - servedBefore, "every echoDoubles reached the service once");
        assertEquals(3L * CALLS, all.getReadFallbacks().getOrDefault("INTERCEPTORS", 0L) - readsBefore,
                "every request WSIT's and Metro's, counted: " + all.getReadFallbacks());
        assertEquals(3L * CALLS, all.getWriteFallbacks().getOrDefault("INTERCEPTORS", 0L) - writesBefore,
                "every answer Metro's, secured by WSIT, counted: " + all.getWriteFallbacks());
        for (String op : new String[] {"echoDoubles", "sum", "move"}) {
            assertEquals(0, read(stats(service, op)), op + ": no request read by dsoap");
        }
    }

    /** dsoap's client proxy of a secured port is Metro's own: WSIT writes and verifies its messages. */
    @Test
    void aDsoapClientProxyOfASecuredPortStaysMetros() throws IOException {
        DifferentialMetroEcho port = Service.create(URI.create(base + "/secured-dsoap?wsdl").toURL(),
                new QName(MetroEcho.NS, "SecuredDsoapService")).getPort(new QName(MetroEcho.NS, "SecuredDsoapPort"),
                DifferentialMetroEcho.class);
        ((BindingProvider) port).getRequestContext().put("server-certificate", certificate);
        DifferentialMetroEcho d = DsoapMetro.differential(port);
        assertSame(port, d, "the secured port's proxy, as Metro made it");
        assertFalse(DsoapMetro.isDifferential(d));
        Random r = new Random(SEED);
        for (int call = 0; call < CALLS; call++) {
            double[] v = doubles(r, call);
            assertArrayEquals(v, d.echoDoubles(v), at("dsoap's client proxy of a secured port", call));
        }
    }

    /** A request without the security the policy asks for: refused on the dsoap endpoint as on the plain one. */
    @Test
    void aRequestWithoutItsSecurityIsRefusedAsMetroRefusesIt() throws IOException {
        String request = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body>"
                + "<ns:echoDoubles xmlns:ns=\"" + MetroEcho.NS + "\"><v>1.5</v><v>-2</v></ns:echoDoubles>"
                + "</S:Body></S:Envelope>";
        int servedBefore = served.get();
        Answer plain = post("/secured-plain", request);
        for (String path : new String[] {"/secured-dsoap", "/signed-dsoap"}) {
            for (int i = 0; i < 3; i++) {
                Answer a = post(path, request);
                assertEquals(plain.status, a.status, path + ": the status plain Metro gives: " + a.body);
                assertEquals(element(plain.body, "faultcode"), element(a.body, "faultcode"), path + ": plain Metro's code");
                assertEquals(element(plain.body, "faultstring"), element(a.body, "faultstring"),
                        path + ": plain Metro's reason");
            }
        }
        assertEquals(servedBefore, served.get(), "no refused request reached the service");
        // and the next secured call still works
        calls(proxy("/secured-dsoap", "SecuredDsoapService", "SecuredDsoapPort"), null, "after refused requests");
    }

    private record Answer(int status, String body) {
    }

    private static Answer post(String path, String body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(base + path).toURL().openConnection();
        try {
            c.setDoOutput(true);
            c.setRequestProperty("Content-Type", "text/xml; charset=utf-8");
            c.setRequestProperty("SOAPAction", "\"\"");
            c.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
            int status = c.getResponseCode();
            InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
            return new Answer(status, in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } finally {
            c.disconnect();
        }
    }

    /** The text of the first {@code <name>} element of {@code body} (a SOAP 1.1 fault's unqualified children). */
    private static String element(String body, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<" + name + "(?:\\s[^>]*)?>([^<]*)</" + name + ">")
                .matcher(body);
        assertTrue(m.find(), "a fault with a " + name + ": " + body);
        return m.group(1);
    }
}
