package dev.dsoap.bench.axis2;

import dev.dsoap.bench.echo.ThreadCpu;
import dev.dsoap.axis2.it.WsaHandlers;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.transport.http.SimpleHTTPServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One Axis2 {@link SimpleHTTPServer} on 127.0.0.1 serving both echo services ({@link Style}), started in this
 * JVM from a repository directory of its own: {@code modules/} holds dsoap's built module archive and
 * {@code axis2.xml} is Axis2's default configuration, with {@code <module ref="dsoap"/>} added when the server
 * is engaged. The two servers of a benchmark differ in that line only. With addressing ({@link #start(Path, boolean,
 * boolean)}), both also hold the WS-Addressing stand-in {@link WsaHandlers} in {@code modules/} and engage it with
 * {@code <module ref="wsatest"/>}.
 *
 * <p>The POJO service {@link EchoService} is deployed programmatically ({@code AxisService.createService}).
 * The ADB service {@link AdbEchoService#NAME} is deployed by Axis2 itself, as a real service, from the
 * exploded directory {@code services/AdbEcho/META-INF/} holding wsdl2java's generated {@code services.xml}
 * (its {@code ServiceClass}, the generated skeleton, rewritten to {@link AdbEchoService}) and the WSDL, both
 * copied from the class path ({@value #ADB_RESOURCES}, where the build puts them); its classes come from the
 * class path.
 *
 * <p>The archive is {@code -Ddsoap.mar=PATH} when given, else the one {@code dsoap-*.mar} in
 * {@code dsoap-axis2-module/target} under the working directory or its parent (the repository root or a
 * module directory), so dsoap's classes reach the server only through the archive, as in an installation.
 *
 * <p>{@link #connectionCpu()} reads the CPU time of the threads serving requests. Thread-safe once started.
 */
final class EchoServer implements AutoCloseable {
    /** System property naming the module archive. */
    private static final String MAR_PROPERTY = "dsoap.mar";
    /** Where the build puts wsdl2java's services.xml and WSDL of the ADB service, on the class path. */
    static final String ADB_RESOURCES = "/dev/dsoap/bench/axis2/adb/";
    /** The ServiceClass wsdl2java writes into services.xml: its skeleton, which only throws. */
    private static final String GENERATED_SKELETON = "dev.dsoap.bench.axis2.adb.AdbEchoSkeleton";

    private final ConfigurationContext context;
    private final SimpleHTTPServer server;
    private final int port;
    private final AxisService pojo;
    private final AxisService adb;
    private final boolean engaged;
    /** Whether axis2.xml engages the WS-Addressing stand-in {@link WsaHandlers}. */
    private final boolean addressing;
    private final URI pojoUri;
    private final URI adbUri;

    private EchoServer(ConfigurationContext context, SimpleHTTPServer server, int port, AxisService pojo,
                       AxisService adb, boolean engaged, boolean addressing) {
        this.context = context;
        this.server = server;
        this.port = port;
        this.pojo = pojo;
        this.adb = adb;
        this.engaged = engaged;
        this.addressing = addressing;
        this.pojoUri = URI.create("http://127.0.0.1:" + port + "/axis2/services/" + pojo.getName());
        this.adbUri = URI.create("http://127.0.0.1:" + port + "/axis2/services/" + adb.getName());
    }

    /**
     * Starts a server whose repository is a new directory under {@code dir}, without addressing.
     *
     * @param engaged whether axis2.xml engages dsoap (for every service)
     */
    static EchoServer start(Path dir, boolean engaged) throws Exception {
        return start(dir, engaged, false);
    }

    /**
     * Starts a server whose repository is a new directory under {@code dir}.
     *
     * @param engaged whether axis2.xml engages dsoap (for every service)
     * @param addressing whether {@code modules/} also holds the WS-Addressing stand-in {@link WsaHandlers} and
     *        axis2.xml engages it
     */
    static EchoServer start(Path dir, boolean engaged, boolean addressing) throws Exception {
        ThreadCpu.enable();
        Path repo = Files.createDirectories(dir.resolve(engaged ? "dsoap-repo" : "plain-repo"));
        Path modules = Files.createDirectories(repo.resolve("modules"));
        if (engaged) {
            // the plain server is Axis2 as it comes: dsoap.mar deployed even unengaged wraps Axis2's builders and formatters
            Path mar = mar();
            Files.copy(mar, modules.resolve(mar.getFileName()));
        }
        String add = "";
        if (addressing) {
            WsaHandlers.install(repo);
            add = "<module ref=\"" + WsaHandlers.MODULE + "\"/>\n";
        }
        if (engaged) {
            // these benchmarks measure dsoap's XML path: no binary answers to the engaged client on this configuration
            add = "<module ref=\"dsoap\"/>\n<parameter name=\"dsoap.binary\">off</parameter>\n" + add;
        }
        Path axis2Xml = Files.writeString(repo.resolve("axis2.xml"), axis2Xml(add));
        deployAdb(repo);
        ConfigurationContext ctx = ConfigurationContextFactory.createConfigurationContextFromFileSystem(
                repo.toString(), axis2Xml.toString());
        AxisConfiguration ac = ctx.getAxisConfiguration();
        AxisService adb = ac.getServiceForActivation(AdbEchoService.NAME);
        if (adb == null) {
            String faulty = String.valueOf(ac.getFaultyServices());
            ctx.terminate();
            throw new IllegalStateException(AdbEchoService.NAME + " was not deployed: " + faulty);
        }
        if (addressing && !ac.isEngaged(WsaHandlers.MODULE)) {
            String faulty = String.valueOf(ac.getFaultyModules());
            ctx.terminate();
            throw new IllegalStateException(WsaHandlers.MODULE + " is not engaged on the server configuration " + repo
                    + ": " + faulty);
        }
        AxisService svc = AxisService.createService(EchoService.class.getName(), ac);
        ac.addService(svc);
        int port = freePort();
        SimpleHTTPServer server = new SimpleHTTPServer(ctx, port);
        server.start();
        return new EchoServer(ctx, server, port, svc, adb, engaged, addressing);
    }

    /**
     * Axis2's default axis2.xml with {@code additions} (global module references, parameters) before its phase
     * orders.
     */
    private static String axis2Xml(String additions) throws IOException {
        String xml;
        try (InputStream in = AxisConfiguration.class.getResourceAsStream("/org/apache/axis2/deployment/axis2_default.xml")) {
            if (in == null) {
                throw new IllegalStateException("Axis2's default axis2.xml is not on the class path");
            }
            xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String anchor = "<phaseOrder type=\"InFlow\">";
        if (!xml.contains(anchor)) {
            throw new IllegalStateException("Axis2's default axis2.xml has no " + anchor);
        }
        return xml.replace(anchor, additions + anchor);
    }

    /**
     * A configuration for plain clients with the WS-Addressing stand-in {@link WsaHandlers} engaged (and not dsoap),
     * from a new repository directory {@code dir/client-repo}: {@code modules/} holds the stand-in only, and
     * {@code axis2.xml} is Axis2's default with {@code <module ref="wsatest"/>}. The caller terminates it.
     */
    static ConfigurationContext addressingClients(Path dir) throws Exception {
        Path repo = Files.createDirectories(dir.resolve("client-repo"));
        WsaHandlers.install(repo);
        Path axis2Xml = Files.writeString(repo.resolve("axis2.xml"), axis2Xml("<module ref=\"" + WsaHandlers.MODULE + "\"/>\n"));
        ConfigurationContext ctx = ConfigurationContextFactory.createConfigurationContextFromFileSystem(
                repo.toString(), axis2Xml.toString());
        if (!ctx.getAxisConfiguration().isEngaged(WsaHandlers.MODULE)) {
            ctx.terminate();
            throw new IllegalStateException(WsaHandlers.MODULE + " is not engaged on the client configuration " + repo
                    + ": " + ctx.getAxisConfiguration().getFaultyModules());
        }
        return ctx;
    }

    /**
     * Writes the ADB service's generated services.xml, with {@link AdbEchoService} as its ServiceClass, and its
     * WSDL from the class path into {@code repo/services/AdbEcho/META-INF/}.
     */
    private static void deployAdb(Path repo) throws IOException {
        Path meta = Files.createDirectories(repo.resolve("services").resolve(AdbEchoService.NAME).resolve("META-INF"));
        String services = new String(resource("services.xml"), StandardCharsets.UTF_8);
        String rewritten = services.replace(">" + GENERATED_SKELETON + "<", ">" + AdbEchoService.class.getName() + "<");
        if (rewritten.equals(services)) {
            throw new IllegalStateException("no ServiceClass " + GENERATED_SKELETON + " in " + ADB_RESOURCES + "services.xml");
        }
        Files.writeString(meta.resolve("services.xml"), rewritten);
        Files.write(meta.resolve(AdbEchoService.NAME + ".wsdl"), resource(AdbEchoService.NAME + ".wsdl"));
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = EchoServer.class.getResourceAsStream(ADB_RESOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException(ADB_RESOURCES + name + " is not on the class path (generated by the build"
                        + " from src/main/wsdl/" + AdbEchoService.NAME + ".wsdl)");
            }
            return in.readAllBytes();
        }
    }

    /**
     * The module archive: {@code -Ddsoap.mar=PATH}, else the single {@code dsoap-*.mar} in
     * {@code dsoap-axis2-module/target} under the working directory or its parent.
     *
     * @throws IllegalStateException if there is none, or several
     */
    static Path mar() throws IOException {
        String given = System.getProperty(MAR_PROPERTY);
        if (given != null) {
            Path p = Path.of(given).toAbsolutePath();
            if (!Files.isRegularFile(p)) {
                throw new IllegalStateException("-D" + MAR_PROPERTY + "=" + given + ": no such file");
            }
            return p;
        }
        Path cwd = Path.of("").toAbsolutePath();
        List<Path> looked = new ArrayList<>();
        for (Path base : cwd.getParent() == null ? List.of(cwd) : List.of(cwd, cwd.getParent())) {
            Path target = base.resolve("dsoap-axis2-module").resolve("target");
            looked.add(target);
            if (!Files.isDirectory(target)) {
                continue;
            }
            List<Path> found = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(target, "dsoap-*.mar")) {
                ds.forEach(found::add);
            }
            if (found.size() == 1) {
                return found.get(0);
            }
            if (found.size() > 1) {
                throw new IllegalStateException("several module archives in " + target + ": " + found
                        + "; choose one with -D" + MAR_PROPERTY + "=PATH");
            }
        }
        throw new IllegalStateException("dsoap's module archive (dsoap-*.mar) was not found in " + looked
                + ": build it first (./mvnw -B package -DskipTests from the repository root) or pass -D"
                + MAR_PROPERTY + "=PATH");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The endpoint of the echo service of {@code style}. */
    URI uri(Style style) {
        return style == Style.ADB ? adbUri : pojoUri;
    }

    private AxisService service(Style style) {
        return style == Style.ADB ? adb : pojo;
    }

    /**
     * The target namespace of the service of {@code style}, the request wrapper's namespace: for the POJO
     * service Axis2 derives it from the package name, for the ADB service it is the WSDL's.
     */
    String namespace(Style style) {
        return service(style).getTargetNamespace();
    }

    /** The name of the service of {@code style}, as in dsoap's MBean names. */
    String serviceName(Style style) {
        return service(style).getName();
    }

    /**
     * The CPU time consumed so far by each of this server's live request threads: SimpleHTTPServer serves
     * each connection on a pooled thread named {@code HttpConnection-PORT-N}, which reads the request, runs
     * Axis2 (and dsoap when engaged), the service, and writes the response. Not counted: the acceptor thread,
     * JIT compiler and GC threads. SimpleHTTPServer's pool keeps its threads (100 core threads, an unbounded
     * queue) unless a task throws, when the thread is replaced ({@link ThreadCpu.Reading#since}).
     */
    ThreadCpu.Reading connectionCpu() {
        return ThreadCpu.of("HttpConnection-" + port + "-");
    }

    @Override
    public void close() throws AxisFault {
        server.stop();
        context.terminate();
    }

    /**
     * A {@code DsoapRpcServiceClient} (dsoap's {@code RPCServiceClient}) on this server's configuration, so
     * engaged like the server, its class loaded from the deployed dsoap.mar, as an application that has only
     * the archive would load it; used through Axis2's {@code RPCServiceClient} API.
     */
    org.apache.axis2.rpc.client.RPCServiceClient dsoapRpcClient() throws Exception {
        org.apache.axis2.description.AxisModule module = context.getAxisConfiguration().getModule("dsoap");
        if (module == null) {
            throw new IllegalStateException("dsoap is not deployed on " + this);
        }
        Class<?> c = Class.forName("dev.dsoap.axis2.DsoapRpcServiceClient", true, module.getModuleClassLoader());
        return (org.apache.axis2.rpc.client.RPCServiceClient) c
                .getConstructor(ConfigurationContext.class, AxisService.class).newInstance(context, null);
    }

    @Override
    public String toString() {
        return (engaged ? "dsoap-engaged" : "plain") + (addressing ? " addressing" : "") + " Axis2 server at http://127.0.0.1:" + port + "/axis2/services/";
    }
}
