package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.EchoValues;
import dev.dsoap.bench.echo.OperationStats;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.serialize.Mio;
import dev.dsoap.jaxws.DifferentialSoapFeature;
import jakarta.xml.ws.Service;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.feature.FastInfosetFeature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.staxutils.StaxUtils;
import org.apache.cxf.transport.http.HTTPConduit;

import javax.management.JMException;
import javax.management.ObjectName;
import javax.xml.namespace.QName;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Array;
import java.net.URL;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The CXF benchmark's two endpoints and its clients' bus: {@link #plain()} ({@link PlainEcho}) and
 * {@link #dsoap()} ({@link DsoapEcho}, {@code @DifferentialSoap}), each on a Jetty server of its own, both on
 * one server bus; client proxies ({@link #port}) live on a second bus, as a client application's would.
 * Both buses let CXF read arrays of up to {@value #MAX_CHILD_ELEMENTS} items ({@link #bus()}).
 * {@link #verify} checks that both echo correctly and that dsoap carried the messages on both sides of the
 * dsoap pair. On first use, a third endpoint, the plain one with CXF's {@code FastInfosetFeature}
 * ({@link #fastInfoset()}, proxies {@link #fastInfosetPort()}, check {@link #verifyFastInfoset}).
 * {@link #close()} stops the endpoints and shuts the buses down (which stops Jetty and removes dsoap's MBeans).
 *
 * <p>Thread-safe once started.
 */
final class CxfEchoServers implements AutoCloseable {
    /** dsoap's MBean type for CXF operations. */
    static final String MBEAN_TYPE = "CxfOperation";
    /** The operation without parameters or result. */
    static final String VOID = "echoVoid";
    /** The statistics of messages that fall back before their operation is known. */
    private static final String ANY_OPERATION = "*";
    /** The most children CXF's StAX reader lets an element have, here: ten times the largest array. */
    static final int MAX_CHILD_ELEMENTS = 1_000_000;
    /**
     * The HTTP chunk length of every client proxy, plain and dsoap alike, in bytes. CXF 4's default client
     * transport ({@code HttpClientHTTPConduit}, on {@code java.net.http}) pipes a chunked request body
     * through a buffer of this many bytes, 4096 when unset: a multi-megabyte request then leaves the client in
     * 4 KiB writes, and the server's Jetty thread wakes up and reads about once per 4 KiB. Measured with 100K
     * doubles at 25 % change, that cost the dsoap endpoint half its CPU per request (28 ms against 13 ms with
     * 64 KiB) and the plain one about 13 % (190 ms against 166 ms). A user who sends such messages sets it the
     * same way ({@code HTTPClientPolicy.setChunkLength}, or {@code ChunkLength} in a conduit's
     * configuration), see docs/jaxws.md.
     */
    static final int CHUNK_LENGTH = 64 * 1024;
    /**
     * CXF's logger, kept (java.util.logging holds loggers weakly) at WARNING: CXF logs every service it builds
     * from a WSDL (each {@code getPort}) at INFO. dsoap's own lines (fallbacks) still show.
     */
    private static final Logger CXF_LOG = Logger.getLogger("org.apache.cxf");

    static {
        CXF_LOG.setLevel(Level.WARNING);
    }

    private final Bus serverBus;
    private final Bus clientBus;
    private final CxfEchoServer plain;
    private final CxfEchoServer dsoap;
    private final Service plainService;
    private final Service dsoapService;
    /** Proxies in dsoap's binary performance mode live on a bus of their own ({@link #binaryPort()}). */
    private final Bus binaryBus;
    private final Service binaryService;
    /** The CXF features each {@link #defaultPort} gets (new instances per proxy). */
    private final java.util.function.Supplier<List<org.apache.cxf.feature.Feature>> clientFeatures;

    private CxfEchoServers(Bus serverBus, Bus clientBus, Bus binaryBus, CxfEchoServer plain, CxfEchoServer dsoap,
                           java.util.function.Supplier<List<org.apache.cxf.feature.Feature>> clientFeatures) throws Exception {
        this.clientFeatures = clientFeatures;
        this.serverBus = serverBus;
        this.clientBus = clientBus;
        this.binaryBus = binaryBus;
        this.plain = plain;
        this.dsoap = dsoap;
        this.plainService = service(plain, clientBus);
        this.dsoapService = service(dsoap, clientBus);
        this.binaryService = service(dsoap, binaryBus);
    }

    static CxfEchoServers start() throws Exception {
        return start(List::of, List::of);
    }

    /**
     * As {@link #start()}, with CXF features on both endpoints ({@code serverFeatures}, new instances for each) and
     * on every {@link #defaultPort} ({@code clientFeatures}): logging, compression, WS-Addressing, as production
     * endpoints and their clients switch them on.
     */
    static CxfEchoServers start(java.util.function.Supplier<List<org.apache.cxf.feature.Feature>> serverFeatures,
                                java.util.function.Supplier<List<org.apache.cxf.feature.Feature>> clientFeatures)
            throws Exception {
        Bus serverBus = bus();
        Bus clientBus = null;
        Bus binaryBus = null;
        CxfEchoServer plain = null;
        CxfEchoServer dsoap = null;
        try {
            plain = CxfEchoServer.start(serverBus, new PlainEcho(), PlainEcho.SERVICE, serverFeatures.get());
            dsoap = CxfEchoServer.start(serverBus, new DsoapEcho(), DsoapEcho.SERVICE, serverFeatures.get());
            clientBus = bus();
            // these benchmarks measure dsoap's XML path: its proxies do not ask for binary answers
            clientBus.setProperty("dsoap.binary", "off");
            binaryBus = bus();
            binaryBus.setProperty("dsoap.binary", "performance");
            return new CxfEchoServers(serverBus, clientBus, binaryBus, plain, dsoap, clientFeatures);
        } catch (Exception | Error e) {
            if (dsoap != null) {
                dsoap.close();
            }
            if (plain != null) {
                plain.close();
            }
            if (clientBus != null) {
                clientBus.shutdown(true);
            }
            if (binaryBus != null) {
                binaryBus.shutdown(true);
            }
            serverBus.shutdown(true);
            throw e;
        }
    }

    /**
     * A new bus whose StAX reader lets an element have up to {@value #MAX_CHILD_ELEMENTS} children: CXF's default
     * limit, 50,000 ({@code org.apache.cxf.stax.maxChildElements}), refuses the benchmark's 100K-item arrays
     * (the wrapper element holds one child per item) with a fault, on the server and on the client. A CXF
     * user with such arrays raises it the same way; dsoap's path applies the same limit (an endpoint's
     * {@code dsoap.max*} settings default to CXF's own).
     */
    private static Bus bus() {
        Bus bus = BusFactory.newInstance().createBus();
        bus.setProperty(StaxUtils.MAX_CHILD_ELEMENTS, MAX_CHILD_ELEMENTS);
        return bus;
    }

    /** A JAX-WS service of {@code server}'s WSDL ({@code ?wsdl}), on {@code bus}. */
    private static Service service(CxfEchoServer server, Bus bus) throws Exception {
        Bus previous = BusFactory.getThreadDefaultBus(false);
        BusFactory.setThreadDefaultBus(bus);
        try {
            return Service.create(new URL(server.uri() + "?wsdl"), new QName(EchoPort.NAMESPACE, server.service()));
        } finally {
            BusFactory.setThreadDefaultBus(previous);
        }
    }

    /** The endpoint without dsoap. */
    CxfEchoServer plain() {
        return plain;
    }

    /** The endpoint carried by dsoap. */
    CxfEchoServer dsoap() {
        return dsoap;
    }

    /**
     * A new JAX-WS proxy: for {@code dsoap}, of {@link #dsoap()} with {@link DifferentialSoapFeature}
     * (dsoap writes its requests and reads its responses), else a plain one of {@link #plain()}. A proxy is
     * meant for one thread at a time (its connection is kept alive between calls).
     */
    synchronized EchoPort port(boolean dsoap) {
        EchoPort port = dsoap ? dsoapService.getPort(EchoPort.class, new DifferentialSoapFeature())
                : plainService.getPort(EchoPort.class);
        ((HTTPConduit) ClientProxy.getClient(port).getConduit()).getClient().setChunkLength(CHUNK_LENGTH);
        return port;
    }

    /**
     * A new JAX-WS proxy of {@link #dsoap()} with {@link DifferentialSoapFeature} in dsoap's binary performance mode:
     * it asks for binary answers and, once the endpoint has answered in binary, sends binary requests. Same
     * transport settings as {@link #port}. Meant for one thread at a time.
     */
    synchronized EchoPort binaryPort() {
        EchoPort port = binaryService.getPort(EchoPort.class, new DifferentialSoapFeature());
        ((HTTPConduit) ClientProxy.getClient(port).getConduit()).getClient().setChunkLength(CHUNK_LENGTH);
        return port;
    }

    /**
     * A new JAX-WS proxy of {@link #dsoap()} with {@link DifferentialSoapFeature} in binary mode {@code mode}
     * ({@code off}, {@code interoperability} or {@code performance}); same transport settings as {@link #port}.
     * Proxies of one mode share a client bus of their own.
     */
    synchronized EchoPort modePort(String mode) throws Exception {
        EchoPort port = switch (mode) {
            case "off" -> port(true);
            case "performance" -> binaryPort();
            case "interoperability" -> {
                if (interopService == null) {
                    interopBus = bus();
                    interopBus.setProperty("dsoap.binary", "interoperability");
                    interopService = service(dsoap, interopBus);
                }
                EchoPort p = interopService.getPort(EchoPort.class, new DifferentialSoapFeature());
                ((HTTPConduit) ClientProxy.getClient(p).getConduit()).getClient().setChunkLength(CHUNK_LENGTH);
                yield p;
            }
            default -> throw new IllegalArgumentException("binary mode " + mode);
        };
        return port;
    }

    /** The interoperability-mode proxies' bus and service, made on first use. */
    private Bus interopBus;
    private Service interopService;

    /** The content type of Fast Infoset messages over HTTP, as CXF's {@code FastInfosetFeature} sends them. */
    static final String FAST_INFOSET = "application/fastinfoset";
    /** The plain endpoint with {@code FastInfosetFeature} ({@link #fastInfoset()}), and its proxies' service. */
    private CxfEchoServer fastInfoset;
    private Service fastInfosetService;

    /**
     * The plain endpoint ({@link PlainEcho}, CXF + JAXB, no dsoap) published once more, on a Jetty server of its own
     * on the server bus, with CXF's {@code FastInfosetFeature} (not forced: it reads Fast Infoset requests and
     * answers in Fast Infoset whoever sends one or asks with {@code Accept: application/fastinfoset}). Started on
     * first use, so the other benchmarks do not start it.
     */
    synchronized CxfEchoServer fastInfoset() throws Exception {
        if (fastInfoset == null) {
            CxfEchoServer s = CxfEchoServer.start(serverBus, new PlainEcho(), PlainEcho.SERVICE,
                    List.of(new FastInfosetFeature()));
            try {
                fastInfosetService = service(s, clientBus);
            } catch (Exception | Error e) {
                s.close();
                throw e;
            }
            fastInfoset = s;
        }
        return fastInfoset;
    }

    /**
     * A new plain JAX-WS proxy (no dsoap feature) of {@link #fastInfoset()} with {@code FastInfosetFeature} forced
     * ({@code setForce(true)}): it sends its requests as Fast Infoset from the first one on and asks for Fast
     * Infoset answers, so the infoset JAXB writes travels as Fast Infoset both ways. Same transport settings as
     * {@link #port}; on the client bus. Meant for one thread at a time.
     */
    synchronized EchoPort fastInfosetPort() throws Exception {
        fastInfoset();
        FastInfosetFeature fi = new FastInfosetFeature();
        fi.setForce(true);
        EchoPort port = fastInfosetService.getPort(EchoPort.class, fi);
        ((HTTPConduit) ClientProxy.getClient(port).getConduit()).getClient().setChunkLength(CHUNK_LENGTH);
        return port;
    }

    /**
     * Echoes array {@code n} of {@code values} through {@code port}, a {@link #fastInfosetPort()} (to the endpoint
     * or through a relay in front of it), and checks that the echo holds the values sent, bit for bit, and that
     * both messages were Fast Infoset on the wire: the endpoint received one request, and the proxy one answer, of
     * content type {@value #FAST_INFOSET}, as {@link ContentTypes} recorded them in CXF's receive phase (installed
     * on the endpoint and the proxy for this call only).
     *
     * @throws IllegalStateException on any difference, or if either message was not Fast Infoset
     */
    void verifyFastInfoset(EchoPort port, EchoValues values, long n) throws Exception {
        CxfEchoServer server = fastInfoset();
        ContentTypes requests = new ContentTypes();
        ContentTypes answers = new ContentTypes();
        org.apache.cxf.endpoint.Endpoint endpoint = server.cxfEndpoint();
        Client client = ClientProxy.getClient(port);
        endpoint.getInInterceptors().add(requests);
        client.getInInterceptors().add(answers);
        try {
            check(port, server, values, n);
        } finally {
            endpoint.getInInterceptors().remove(requests);
            client.getInInterceptors().remove(answers);
        }
        if (!fastInfosetOnly(requests.seen()) || !fastInfosetOnly(answers.seen())) {
            throw new IllegalStateException("the Fast Infoset exchange of array " + n + " of " + values + " with "
                    + server + " was not Fast Infoset both ways: requests received " + requests.seen()
                    + ", answers received " + answers.seen());
        }
    }

    /** Whether {@code types} is one content type, Fast Infoset's (parameters allowed). */
    private static boolean fastInfosetOnly(List<String> types) {
        return types.size() == 1 && types.get(0).toLowerCase(java.util.Locale.ROOT).startsWith(FAST_INFOSET);
    }

    /**
     * Echoes arrays 0, 1 and 2 of {@code values} through a {@link #binaryPort()} and checks each echo, and that the
     * exchanges after the first went binary both ways (the first request is XML: the proxy learns from the first
     * answer that the endpoint reads its binary requests).
     *
     * @throws IllegalStateException on any difference
     */
    void verifyBinary(EchoValues values) throws Exception {
        String operation = values.shape().operation;
        EchoPort p = binaryPort();
        for (int n = 0; n < 3; n++) {
            check(p, dsoap, values, n);
        }
        OperationStats server = statsOrNull("server", operation);
        OperationStats client = OperationStats.find(MBEAN_TYPE, Integer.toHexString(System.identityHashCode(binaryBus)),
                "client", serviceName(), operation);
        if (server == null || client == null || client.get("BinaryMessagesRead") != 3 || client.get("BinaryMessagesWritten") != 2
                || server.get("BinaryMessagesRead") < 2 || server.get("BinaryMessagesWritten") < 3) {
            throw new IllegalStateException("the binary check's 3 exchanges of " + operation + " did not go binary: server "
                    + describe("server", operation) + "; client " + (client == null ? "none" : client.toString()));
        }
    }

    /** dsoap's binary counters for {@code operation} on {@code side} (the binary proxies' bus for the client), for the log. */
    String describeBinary(String side, String operation) {
        try {
            OperationStats op = "server".equals(side) ? statsOrNull(side, operation) : OperationStats.find(MBEAN_TYPE,
                    Integer.toHexString(System.identityHashCode(binaryBus)), side, serviceName(), operation);
            return op == null ? "no statistics for " + operation : "binary read " + op.get("BinaryMessagesRead") + " ("
                    + op.get("BinaryBytesRead") + " bytes), written " + op.get("BinaryMessagesWritten") + " ("
                    + op.get("BinaryBytesWritten") + " bytes), refusals " + op.map("BinaryRefusals");
        } catch (JMException e) {
            return e.toString();
        }
    }

    /**
     * A new JAX-WS proxy as CXF makes it by default, of {@link #dsoap()} ({@code dsoapEndpoint}) or of
     * {@link #plain()}: {@code Service.getPort(EchoPort.class)} and nothing more, so no
     * {@link DifferentialSoapFeature} (dsoap neither writes its requests nor reads its responses; the SEI is
     * not annotated) and no {@code HTTPClientPolicy}: CXF's default transport, with its 4 KiB chunks, in place
     * of {@link #port}'s {@value #CHUNK_LENGTH}-byte ones. It lives on the client bus, whose only change from
     * CXF's defaults is the reader's child-element limit ({@link #bus()}): with CXF's 50,000, such a proxy
     * faults on the response of 100K items (measured: "Maximum Number of Child Elements limit (50000)
     * Exceeded"), so a user with such arrays must raise it too. Meant for one thread at a time.
     */
    synchronized EchoPort defaultPort(boolean dsoapEndpoint) {
        return (dsoapEndpoint ? dsoapService : plainService).getPort(EchoPort.class,
                clientFeatures.get().toArray(new jakarta.xml.ws.WebServiceFeature[0]));
    }

    /**
     * Echoes arrays 0 and 1 of {@code values} through {@code port}, a {@link #defaultPort} of {@link #dsoap()}
     * ({@code dsoapEndpoint}) or of {@link #plain()}, and checks that each echo holds the values sent, bit for
     * bit; for the dsoap endpoint, that dsoap read and wrote those 2 requests itself on the server (no
     * fallback) and carried nothing on the client; and that nothing carried the plain endpoint.
     *
     * @throws IllegalStateException on any difference
     */
    void verifyDefaultPort(EchoPort port, boolean dsoapEndpoint, EchoValues values) throws Exception {
        verifyDefaultPort(port, dsoapEndpoint, values, true);
    }

    /**
     * As {@link #verifyDefaultPort(EchoPort, boolean, EchoValues)}; with {@code carried} false, that the dsoap endpoint
     * left both exchanges to CXF both ways instead (four fallbacks, no answer written), as it does where a JAX-WS
     * handler reads every message whole.
     */
    void verifyDefaultPort(EchoPort port, boolean dsoapEndpoint, EchoValues values, boolean carried) throws Exception {
        String operation = values.shape().operation;
        long[] server = counts("server", operation);
        long[] client = counts("client", operation);
        CxfEchoServer called = dsoapEndpoint ? dsoap : plain;
        check(port, called, values, 0);
        check(port, called, values, 1);
        long[] s = counts("server", operation);
        long[] c = counts("client", operation);
        for (int i = 0; i < 3; i++) {
            s[i] -= server[i];
            c[i] -= client[i];
        }
        long want = dsoapEndpoint && carried ? 2 : 0;
        long fallbacks = dsoapEndpoint && !carried ? 4 : 0;
        // (a request left to CXF may still have been read first: a handler that asks for its body decides after)
        if (carried && s[0] != want || s[1] != want || s[2] != fallbacks || c[0] != 0 || c[1] != 0 || c[2] != 0) {
            throw new IllegalStateException("the check's 2 exchanges of " + operation + " through a default proxy to "
                    + called + " were not carried as expected (dsoap on the server: read " + s[0] + ", written " + s[1]
                    + ", fallbacks " + s[2] + "; dsoap on the client, expected none: read " + c[0] + ", written " + c[1]
                    + ", fallbacks " + c[2] + "); server " + describe("server", operation));
        }
        Set<ObjectName> stray = ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("dev.dsoap:type="
                + MBEAN_TYPE + ",service=" + ObjectName.quote(PlainEcho.SERVICE + "." + EchoPort.PORT) + ",*"), null);
        if (!stray.isEmpty()) {
            throw new IllegalStateException("dsoap carries the plain endpoint or its clients: " + stray);
        }
    }

    /**
     * Calls the operation of {@code shape} through {@code port} with {@code values} ({@code double[]},
     * {@code int[]}, {@code Mio[]} or {@code String[]}) and returns what it echoed.
     */
    /** Makes {@code port} call {@code address} (a relay in front of its endpoint) in place of the endpoint itself. */
    static void via(EchoPort port, String address) {
        ((jakarta.xml.ws.BindingProvider) port).getRequestContext().put(jakarta.xml.ws.BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
    }

    static Object echo(EchoPort port, Shape shape, Object values) {
        return switch (shape) {
            case DOUBLES -> port.echoDoubles((double[]) values);
            case INTS -> port.echoInts((int[]) values);
            case MIOS -> port.echoMios((Mio[]) values);
            case STRINGS -> port.echoStrings((String[]) values);
        };
    }

    /** The number of items of an echo ({@code double[]}, {@code int[]}, {@code Mio[]} or {@code String[]}); -1 for none. */
    static int items(Object echoed) {
        return echoed == null ? -1 : Array.getLength(echoed);
    }

    /**
     * dsoap's statistics for the operation of {@code shape} on {@code side} ({@code server} or {@code client})
     * of the dsoap pair.
     *
     * @throws IllegalStateException if that operation has not carried a message yet
     */
    OperationStats stats(String side, Shape shape) throws JMException {
        return stats(side, shape.operation);
    }

    /** As {@link #stats(String, Shape)}, for {@code operation}. */
    OperationStats stats(String side, String operation) throws JMException {
        return OperationStats.of(MBEAN_TYPE, context(side), side, serviceName(), operation);
    }

    /**
     * The {@code context} key of {@code side}'s MBeans: dsoap-jaxws registers a bus's beans under the hexadecimal
     * identity hash code of the bus, which tells this pair's beans from those of other buses in the JVM.
     */
    private String context(String side) {
        return Integer.toHexString(System.identityHashCode("server".equals(side) ? serverBus : clientBus));
    }

    /** The {@code service} key of the dsoap pair's MBeans: service and port name. */
    private static String serviceName() {
        return DsoapEcho.SERVICE + "." + EchoPort.PORT;
    }

    /**
     * Echoes array 0 of {@code values} through a plain proxy to {@link #plain()}, and arrays 0 and 1 through a
     * dsoap proxy to {@link #dsoap()} (array 1 read differentially against array 0 on both sides); checks that
     * each echo holds the values sent, bit for bit; that dsoap read and wrote those 2 requests on the server
     * and those 2 requests and responses on the client itself (no fallback to CXF's path, for the operation or
     * before it was known); and that nothing carried the plain pair (no dsoap MBean names its service). A
     * benchmark that passes this cannot be timing faults, empty echoes, CXF in place of dsoap, or the same
     * endpoint twice.
     *
     * @throws IllegalStateException on any difference
     */
    void verify(EchoValues values) throws Exception {
        verify(values.shape().operation, () -> check(port(false), plain, values, 0), () -> {
            EchoPort p = port(true);
            check(p, dsoap, values, 0);
            check(p, dsoap, values, 1);
        });
    }

    /**
     * Calls {@code echoVoid} once through a plain proxy on {@link #plain()} and twice through a dsoap proxy on
     * {@link #dsoap()} (an empty request wrapper, answered with an empty response wrapper), and checks, as
     * {@link #verify(EchoValues)} does, that dsoap read and wrote both exchanges itself on both sides and that
     * nothing carried the plain pair. (The calls return nothing to compare; a fault would throw.)
     *
     * @throws IllegalStateException on any difference
     */
    void verifyVoid() throws Exception {
        verify(VOID, () -> port(false).echoVoid(), () -> {
            EchoPort p = port(true);
            p.echoVoid();
            p.echoVoid();
        });
    }

    /** Runs the plain call, then the 2 dsoap calls, and checks dsoap's counts for {@code operation}. */
    private void verify(String operation, Runnable plainCall, Runnable dsoapCalls) throws Exception {
        long[] server = counts("server", operation);
        long[] client = counts("client", operation);
        plainCall.run();
        dsoapCalls.run();
        long[] s = counts("server", operation);
        long[] c = counts("client", operation);
        for (int i = 0; i < 3; i++) {
            s[i] -= server[i];
            c[i] -= client[i];
        }
        if (s[0] != 2 || s[1] != 2 || s[2] != 0 || c[0] != 2 || c[1] != 2 || c[2] != 0) {
            throw new IllegalStateException("dsoap did not carry the check's 2 exchanges of " + operation
                    + " itself (server: read " + s[0] + ", written " + s[1] + ", fallbacks " + s[2] + "; client: read "
                    + c[0] + ", written " + c[1] + ", fallbacks " + c[2] + "); server " + describe("server", operation)
                    + "; client " + describe("client", operation));
        }
        Set<ObjectName> stray = ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("dev.dsoap:type="
                + MBEAN_TYPE + ",service=" + ObjectName.quote(PlainEcho.SERVICE + "." + EchoPort.PORT) + ",*"), null);
        if (!stray.isEmpty()) {
            throw new IllegalStateException("dsoap carries the plain endpoint or its clients: " + stray);
        }
    }

    private static void check(EchoPort port, CxfEchoServer server, EchoValues values, long n) {
        Object sent = values.values(n);
        Object got = echo(port, values.shape(), sent);
        String diff = EchoValues.difference(values.values(n), got);
        if (diff != null) {
            throw new IllegalStateException(server + " echoed array " + n + " of " + values + " wrongly: " + diff);
        }
    }

    /**
     * Messages read, written, and fallen back (in either direction, for {@code operation} and
     * before any operation was known) on {@code side} of the dsoap pair; zeros for beans not registered yet
     * (CXF builds dsoap's operations, and registers their beans, on their first message).
     */
    private long[] counts(String side, String operation) throws JMException {
        long[] n = new long[3];
        OperationStats op = statsOrNull(side, operation);
        if (op != null) {
            n[0] = op.get("MessagesRead");
            n[1] = op.get("MessagesWritten");
            n[2] = op.fallbacks();
        }
        OperationStats any = statsOrNull(side, ANY_OPERATION);
        if (any != null) {
            n[2] += any.fallbacks();
        }
        return n;
    }

    private OperationStats statsOrNull(String side, String operation) throws JMException {
        return OperationStats.find(MBEAN_TYPE, context(side), side, serviceName(), operation);
    }

    /** dsoap's statistics for the operation of {@code shape} on {@code side} of the dsoap pair, for the log. */
    String describe(String side, Shape shape) {
        return describe(side, shape.operation);
    }

    /** dsoap's statistics for {@code operation} on {@code side} of the dsoap pair, for the log. */
    String describe(String side, String operation) {
        try {
            OperationStats op = statsOrNull(side, operation);
            OperationStats any = statsOrNull(side, ANY_OPERATION);
            return (op == null ? "no statistics for " + operation : op.toString())
                    + (any == null ? "" : "; before an operation was known: read fallbacks " + any.map("ReadFallbacks"));
        } catch (JMException e) {
            return e.toString();
        }
    }

    /** Stops the endpoints and shuts the server and client buses down. */
    @Override
    public void close() {
        try {
            plain.close();
            dsoap.close();
            synchronized (this) {
                if (fastInfoset != null) {
                    fastInfoset.close();
                }
            }
        } finally {
            try {
                clientBus.shutdown(true);
                binaryBus.shutdown(true);
                if (interopBus != null) {
                    interopBus.shutdown(true);
                }
            } finally {
                serverBus.shutdown(true);
            }
        }
    }
}
