package dev.dsoap.axis2.it;

import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.transport.http.SimpleHTTPServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A real Axis2 SimpleHTTPServer on 127.0.0.1 loading a repository directory: {@code modules/} holds the
 * built {@code dsoap-VERSION.mar} (path from the {@code dsoap.mar} system property, set by the build) and the
 * addressing stand-in {@link WsaHandlers} (engaged only where {@code axis2.xml} says so), and
 * {@code axis2.xml} is Axis2's default one, with {@code <module ref="dsoap"/>} when engaged.
 * <p>
 * Two services: the POJO {@link EchoService}, deployed programmatically, and the wsdl2java (ADB) service
 * {@code EchoAdb}, deployed by Axis2 as a real service, from the exploded directory
 * {@code services/EchoAdb/META-INF/} holding the generated {@code services.xml} (its {@code ServiceClass}
 * rewritten to {@link EchoAdbService}) and the WSDL. Its classes come from the test class path. The generated
 * files are read from the {@code dsoap.adb.resources} directory (default: wsdl2java's output in
 * {@code target/}).
 */
final class Axis2Server implements AutoCloseable {
    /** The name of the ADB service (and of its WSDL file). */
    static final String ADB = "EchoAdb";
    final ConfigurationContext context;
    final int port;
    final AxisService echo;
    private final SimpleHTTPServer server;

    private Axis2Server(ConfigurationContext context, int port, AxisService echo, SimpleHTTPServer server) {
        this.context = context;
        this.port = port;
        this.echo = echo;
        this.server = server;
    }

    /**
     * @param engaged        whether axis2.xml engages dsoap for every service
     * @param axis2Additions extra XML placed in axis2.xml (parameters), or ""
     */
    static Axis2Server start(Path dir, boolean engaged, String axis2Additions) throws Exception {
        return start(dir, engaged, axis2Additions, svc -> { });
    }

    /** As {@link #start(Path, boolean, String)}, with {@code before} applied to EchoService before it is deployed. */
    static Axis2Server start(Path dir, boolean engaged, String axis2Additions, java.util.function.Consumer<AxisService> before)
            throws Exception {
        return start(dir, engaged, axis2Additions, before, 0);
    }

    /**
     * As {@link #start(Path, boolean, String, java.util.function.Consumer)}, with the HTTP transport's socket read
     * timeout (SimpleHTTPServer's {@code requestTimeout}, 20 s by default) set to {@code requestTimeoutMillis} when
     * it is positive.
     */
    static Axis2Server start(Path dir, boolean engaged, String axis2Additions, java.util.function.Consumer<AxisService> before,
            int requestTimeoutMillis) throws Exception {
        Path repo = repository(dir, engaged, axis2Additions);
        deployEchoAdb(repo);
        ConfigurationContext ctx = ConfigurationContextFactory.createConfigurationContextFromFileSystem(
                repo.toString(), repo.resolve("axis2.xml").toString());
        AxisConfiguration ac = ctx.getAxisConfiguration();
        if (ac.getServiceForActivation(ADB) == null) {
            throw new IllegalStateException(ADB + " was not deployed: " + ac.getFaultyServices());
        }
        AxisService svc = AxisService.createService(EchoService.class.getName(), ac);
        before.accept(svc);
        ac.addService(svc);
        if (requestTimeoutMillis > 0) {
            ac.getTransportIn("http").addParameter(new Parameter("requestTimeout", Integer.toString(requestTimeoutMillis)));
        }
        int port = freePort();
        SimpleHTTPServer server = new SimpleHTTPServer(ctx, port);
        server.start();
        return new Axis2Server(ctx, port, svc, server);
    }

    /**
     * A new Axis2 repository under {@code dir}: the built dsoap.mar in {@code modules/} and Axis2's default
     * axis2.xml, engaging dsoap for every service when {@code engaged}, with {@code axis2Additions} added.
     * Servers and clients load their configuration from one.
     */
    static Path repository(Path dir, boolean engaged, String axis2Additions) throws IOException {
        Path repo = Files.createTempDirectory(dir, engaged ? "dsoap-repo" : "plain-repo");
        Path modules = Files.createDirectories(repo.resolve("modules"));
        Path mar = Path.of(System.getProperty("dsoap.mar", "target/dsoap.mar"));
        if (!Files.isRegularFile(mar)) {
            throw new IllegalStateException("the built module archive is missing: " + mar + " (run the package phase first)");
        }
        Files.copy(mar, modules.resolve(mar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        WsaHandlers.install(repo); // engaged only where axis2Additions say <module ref="wsatest"/>
        String xml;
        try (InputStream in = AxisConfiguration.class.getResourceAsStream("/org/apache/axis2/deployment/axis2_default.xml")) {
            xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String add = (engaged ? "<module ref=\"dsoap\"/>\n" : "") + axis2Additions;
        xml = xml.replaceFirst("<phaseOrder type=\"InFlow\">", add.replace("$", "\\$") + "\n<phaseOrder type=\"InFlow\">");
        Files.writeString(repo.resolve("axis2.xml"), xml);
        return repo;
    }

    /** Copies the generated ADB service descriptor and WSDL into {@code repo/services/EchoAdb/META-INF/}. */
    private static void deployEchoAdb(Path repo) throws IOException {
        Path generated = Path.of(System.getProperty("dsoap.adb.resources", "target/generated-test-sources/wsdl2code/resources"));
        Path meta = Files.createDirectories(repo.resolve("services").resolve(ADB).resolve("META-INF"));
        String services = Files.readString(generated.resolve("services.xml"));
        String rewritten = services.replace(">dev.dsoap.axis2.it.adb.EchoAdbSkeleton<", ">" + EchoAdbService.class.getName() + "<");
        if (rewritten.equals(services)) {
            throw new IllegalStateException("no ServiceClass EchoAdbSkeleton in " + generated.resolve("services.xml"));
        }
        Files.writeString(meta.resolve("services.xml"), rewritten);
        Files.copy(generated.resolve(ADB + ".wsdl"), meta.resolve(ADB + ".wsdl"));
    }

    String url() {
        return url(echo.getName());
    }

    /** The address of a service of this server, e.g. {@link #ADB}. */
    String url(String service) {
        return "http://127.0.0.1:" + port + "/axis2/services/" + service;
    }

    /** Asserts that this server answers a good request right (an {@code echo} of one double), after {@code after}. */
    void assertServes(String after) throws Exception {
        Soap.Response ok = Soap.post11(url(), Soap.request(namespace(), "echo", Soap.doubles("v", new double[] {4.25})));
        org.junit.jupiter.api.Assertions.assertEquals(200, ok.status(), "the request after " + after + ": " + ok.text());
        org.junit.jupiter.api.Assertions.assertTrue(Soap.canonical(ok.body()).contains("=d:4.25"), "after " + after + ": " + ok.text());
    }

    String namespace() {
        return echo.getTargetNamespace();
    }

    /** The operation's statistics MBean in this server's configuration (the module names it by the context's identity). */
    Stats stats(String operation) throws Exception {
        return stats(echo.getName(), operation);
    }

    /** An operation's statistics MBean, of any service of this server. */
    Stats stats(String service, String operation) throws Exception {
        return Stats.find(context, "server", service, operation);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws Exception {
        server.stop();
        context.terminate();
    }
}
