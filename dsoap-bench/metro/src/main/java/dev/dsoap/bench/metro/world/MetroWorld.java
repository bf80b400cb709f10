package dev.dsoap.bench.metro.world;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.dsoap.bench.handlers.JaxwsHandlers;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.handler.Handler;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardThreadExecutor;
import org.apache.catalina.startup.Tomcat;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The Metro benchmarks' endpoints and clients, in the class loader dsoap-bench made for Metro: a plain echo endpoint
 * and a {@code @DifferentialSoap} one, each in a server of its own whose requests run on threads of its own, named by a
 * prefix the caller gives (their CPU time is the server's); the same JAX-WS handlers on both; plain Metro proxies at
 * default settings; and a transport floor on the same kind of server. Two containers: {@code jdk}, the JDK HTTP server
 * ({@code Endpoint.create(...).publish(HttpContext)}, the server Metro's own {@code Endpoint.publish} uses), and
 * {@code tomcat}, an embedded Tomcat running a web application whose {@code WEB-INF/sun-jaxws.xml} declares the
 * endpoint (Metro's {@code WSServlet}, registered by its {@code WSServletContainerInitializer}). Speaks only in JDK
 * types, so that code in another class loader can use it; every entry sets this loader as the thread's context class
 * loader (JAX-WS and JAXB find their implementations through it). Thread-safe once started.
 */
public final class MetroWorld implements AutoCloseable {
    private static final ClassLoader LOADER = MetroWorld.class.getClassLoader();

    private final String container;
    private final List<HttpServer> servers = new ArrayList<>();
    private final List<ExecutorService> pools = new ArrayList<>();
    private final List<Endpoint> endpoints = new ArrayList<>();
    private final List<Tomcat> tomcats = new ArrayList<>();
    private final List<Path> dirs = new ArrayList<>();
    private String plainAddress;
    private String dsoapAddress;
    private FloorAnswer floor;
    /** POST requests by endpoint address and media type ("address type"), on the JDK HTTP server. */
    private final java.util.Map<String, AtomicInteger> requestTypes = new java.util.concurrent.ConcurrentHashMap<>();

    private MetroWorld(String container) {
        this.container = container;
    }

    /** {@link #start(String, String, String, String)} on the JDK HTTP server. */
    public static MetroWorld start(String features, String plainThreads, String dsoapThreads) throws Exception {
        return start("jdk", features, plainThreads, dsoapThreads);
    }

    /**
     * Publishes the plain and the dsoap endpoint in {@code container} ({@code jdk} or {@code tomcat}) with the handlers
     * {@code features} names on both ({@link JaxwsHandlers#chain}; in Tomcat {@code none} only), their request threads
     * named {@code plainThreads} and {@code dsoapThreads} followed by a number.
     */
    public static MetroWorld start(String container, String features, String plainThreads, String dsoapThreads)
            throws Exception {
        if (!container.equals("jdk") && !container.equals("tomcat")) {
            throw new IllegalArgumentException("container: jdk or tomcat, not " + container);
        }
        if (container.equals("tomcat") && !features.equals("none")) {
            throw new IllegalArgumentException("in Tomcat the endpoints run without handlers (features=none), not " + features);
        }
        MetroWorld w = new MetroWorld(container);
        ClassLoader before = enter();
        try {
            if (container.equals("jdk")) {
                w.plainAddress = w.publish(new PlainEcho(), features, plainThreads);
                w.dsoapAddress = w.publish(new DsoapEcho(), features, dsoapThreads);
            } else {
                w.plainAddress = w.deploy(PlainEcho.class, plainThreads);
                w.dsoapAddress = w.deploy(DsoapEcho.class, dsoapThreads);
            }
            return w;
        } catch (Exception | Error e) {
            w.close();
            throw e;
        } finally {
            leave(before);
        }
    }

    @SuppressWarnings("rawtypes")
    private String publish(Object impl, String features, String threads) throws IOException {
        Endpoint e = Endpoint.create(impl);
        if (!features.equals("none") && !JaxwsHandlers.names(features)) {
            throw new IllegalArgumentException("features on Metro: none, header_reader, header_stamper, header_handlers,"
                    + " timing, logical_passing, payload_logger; not " + features);
        }
        List<Handler> chain = JaxwsHandlers.chain(features);
        if (!chain.isEmpty()) {
            e.getBinding().setHandlerChain(chain);
        }
        HttpServer s = server(threads);
        com.sun.net.httpserver.HttpContext context = s.createContext("/echo");
        String at = "http://127.0.0.1:" + s.getAddress().getPort() + "/echo";
        context.getFilters().add(new com.sun.net.httpserver.Filter() {
            @Override
            public void doFilter(HttpExchange exchange, Chain chain) throws IOException {
                String type = exchange.getRequestHeaders().getFirst("Content-Type");
                if (type != null && exchange.getRequestMethod().equals("POST")) {
                    int semi = type.indexOf(';');
                    String media = (semi < 0 ? type : type.substring(0, semi)).trim().toLowerCase(java.util.Locale.ROOT);
                    requestTypes.computeIfAbsent(at + " " + media, k -> new AtomicInteger()).incrementAndGet();
                }
                chain.doFilter(exchange);
            }

            @Override
            public String description() {
                return "counts the requests' media types";
            }
        });
        e.publish(context);
        endpoints.add(e);
        s.start();
        return at;
    }

    /** A JDK HTTP server on 127.0.0.1 whose exchanges run on threads named {@code threads} and a number. */
    private HttpServer server(String threads) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        AtomicInteger n = new AtomicInteger();
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, threads + n.incrementAndGet());
            t.setDaemon(true);
            t.setContextClassLoader(LOADER);
            return t;
        });
        s.setExecutor(pool);
        servers.add(s);
        pools.add(pool);
        return s;
    }

    /** A web application of one endpoint ({@code impl} at {@code /echo}) in a Tomcat of its own. */
    private String deploy(Class<?> impl, String threads) throws IOException, LifecycleException {
        Path base = Files.createTempDirectory("dsoap-bench-metro-tomcat");
        dirs.add(base);
        Path war = Files.createDirectories(base.resolve("webapps").resolve("echo"));
        Path webInf = Files.createDirectories(war.resolve("WEB-INF"));
        Files.writeString(webInf.resolve("sun-jaxws.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <endpoints xmlns="http://java.sun.com/xml/ns/jax-ws/ri/runtime" version="2.0">
                  <endpoint name="echo" implementation="%s" url-pattern="/echo"/>
                </endpoints>
                """.formatted(impl.getName()), StandardCharsets.UTF_8);
        Tomcat t = tomcat(base, threads);
        Context c = t.addWebapp("", war.toString());
        c.setParentClassLoader(LOADER);
        // jaxws-rt's manifest names its API jars as neighbours, which a copied class path does not have: not scanned
        ((org.apache.tomcat.util.scan.StandardJarScanner) c.getJarScanner()).setScanManifest(false);
        t.start();
        return "http://127.0.0.1:" + t.getConnector().getLocalPort() + "/echo";
    }

    /** An embedded Tomcat on 127.0.0.1 whose requests run on threads named {@code threads} and a number. */
    private Tomcat tomcat(Path base, String threads) {
        Tomcat t = new Tomcat();
        t.setBaseDir(base.toString());
        StandardThreadExecutor pool = new StandardThreadExecutor();
        pool.setName(threads + "pool");
        pool.setNamePrefix(threads);
        pool.setDaemon(true);
        t.getService().addExecutor(pool);
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        connector.getProtocolHandler().setExecutor(pool);
        t.setConnector(connector);
        tomcats.add(t);
        return t;
    }

    public String plainAddress() {
        return plainAddress;
    }

    public String dsoapAddress() {
        return dsoapAddress;
    }

    /**
     * Starts the transport floor in front of the plain endpoint: a server of the world's kind doing no SOAP work, whose
     * request threads are named {@code threads} and a number. It reads each request to its end and answers with the
     * plain endpoint's answer to the first request, relayed there once ({@link FloorAnswer}); returns its address.
     */
    public String floor(String threads) throws Exception {
        ClassLoader before = enter();
        try {
            FloorAnswer f = new FloorAnswer(plainAddress);
            floor = f;
            if (container.equals("jdk")) {
                HttpServer s = server(threads);
                s.createContext("/echo", x -> answer(x, f));
                s.start();
                return "http://127.0.0.1:" + s.getAddress().getPort() + "/echo";
            }
            Path base = Files.createTempDirectory("dsoap-bench-metro-floor");
            dirs.add(base);
            Tomcat t = tomcat(base, threads);
            Context c = t.addContext("", base.toString());
            Tomcat.addServlet(c, "floor", new FloorServlet(f));
            c.addServletMappingDecoded("/echo", "floor");
            t.start();
            return "http://127.0.0.1:" + t.getConnector().getLocalPort() + "/echo";
        } finally {
            leave(before);
        }
    }

    private static void answer(HttpExchange x, FloorAnswer f) throws IOException {
        try (InputStream in = x.getRequestBody()) {
            if (f.known()) {
                FloorAnswer.drain(in);
            } else {
                f.learn(in.readAllBytes(), x.getRequestHeaders().getFirst("Content-Type"),
                        x.getRequestHeaders().getFirst("SOAPAction"));
            }
        }
        byte[] reply = f.answer();
        x.getResponseHeaders().set("Content-Type", f.contentType());
        x.sendResponseHeaders(200, reply.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(reply);
        }
    }

    /** The floor in Tomcat: a servlet doing no SOAP work. */
    private static final class FloorServlet extends HttpServlet {
        private final transient FloorAnswer f;

        FloorServlet(FloorAnswer f) {
            this.f = f;
        }

        @Override
        protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            try (InputStream in = req.getInputStream()) {
                if (f.known()) {
                    FloorAnswer.drain(in);
                } else {
                    f.learn(in.readAllBytes(), req.getContentType(), req.getHeader("SOAPAction"));
                }
            }
            byte[] reply = f.answer();
            resp.setStatus(200);
            resp.setContentType(f.contentType());
            resp.setContentLength(reply.length);
            try (OutputStream out = resp.getOutputStream()) {
                out.write(reply);
            }
        }
    }

    /** Requests the floor answered. */
    public int floorRequests() {
        return floor == null ? 0 : floor.requests();
    }

    /**
     * A plain Metro proxy at default settings for the endpoint at {@code address} (its WSDL read from there), calling
     * {@code callAddress} (the endpoint itself, or the floor in front of it).
     */
    public Function<double[], double[]> proxy(String address, String callAddress) {
        return proxy(address, callAddress, null);
    }

    /**
     * As {@link #proxy(String, String)}, the proxy naming itself {@code client} in an {@code X-Dsoap-Client} header
     * (dsoap's client id header) when not {@code null}.
     */
    public Function<double[], double[]> proxy(String address, String callAddress, String client) {
        return port(address, rc -> {
            if (!callAddress.equals(address)) {
                rc.put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, callAddress);
            }
            if (client != null) {
                rc.put(jakarta.xml.ws.handler.MessageContext.HTTP_REQUEST_HEADERS,
                        java.util.Map.of("X-Dsoap-Client", List.of(client)));
            }
        });
    }

    /**
     * A Metro proxy for the endpoint at {@code address} (its WSDL read from there), its request context set by
     * {@code configure}; calls enter this loader.
     */
    private Function<double[], double[]> port(String address,
                                              java.util.function.Consumer<java.util.Map<String, Object>> configure) {
        ClassLoader before = enter();
        try {
            String service = address.equals(dsoapAddress) ? "DsoapEchoService" : "EchoService";
            Service s = Service.create(URI.create(address + "?wsdl").toURL(), new QName(EchoPort.NAMESPACE, service));
            EchoPort port = s.getPort(new QName(EchoPort.NAMESPACE, "EchoPort"), EchoPort.class);
            configure.accept(((BindingProvider) port).getRequestContext());
            return v -> {
                ClassLoader was = enter();
                try {
                    return port.echoDoubles(v);
                } finally {
                    leave(was);
                }
            };
        } catch (java.net.MalformedURLException e) {
            throw new IllegalArgumentException(address, e);
        } finally {
            leave(before);
        }
    }

    /**
     * The POST requests the endpoint at {@code address} received whose media type is {@code mediaType} (lower case, no
     * parameters); on the JDK HTTP server only (0 in Tomcat).
     */
    public int requests(String address, String mediaType) {
        AtomicInteger n = requestTypes.get(address + " " + mediaType);
        return n == null ? 0 : n.get();
    }

    /**
     * A Metro proxy for the endpoint at {@code address} that negotiates Fast Infoset, Metro's binary XML
     * ({@code ContentNegotiation.pessimistic}: its first request is XML naming Fast Infoset in {@code Accept}; once an
     * answer came as Fast Infoset, requests go so too): the binary form Metro's own peers use.
     */
    public Function<double[], double[]> fastInfosetProxy(String address) {
        return port(address, rc -> rc.put(com.sun.xml.ws.client.ContentNegotiation.PROPERTY,
                com.sun.xml.ws.client.ContentNegotiation.pessimistic.toString()));
    }

    /**
     * dsoap's own client ({@code DsoapClient}) for the {@code @DifferentialSoap} endpoint at {@code address}, with a
     * {@code BinaryExchange} in performance mode: its first call asks for a binary answer, and once the endpoint named
     * its request format it sends binary requests too (dsoap's binary form between dsoap's peers). Calls from one
     * thread at a time.
     */
    public Function<double[], double[]> binaryClient(String address) {
        ClassLoader before = enter();
        try {
            dev.dsoap.binding.WireConvention conv = dev.dsoap.binding.WireConvention.documentLiteralWrapped();
            dev.dsoap.binding.PlanCompiler compiler = new dev.dsoap.binding.PlanCompiler();
            var requestPlan = compiler.compile(dev.dsoap.binding.MessageShape.wrapped(EchoPort.NAMESPACE, "echoDoubles",
                    dev.dsoap.binding.MessageShape.Part.of("v", double[].class)), conv);
            var responsePlan = compiler.compile(dev.dsoap.binding.MessageShape.wrapped(EchoPort.NAMESPACE,
                    "echoDoublesResponse", dev.dsoap.binding.MessageShape.Part.of("return", double[].class)), conv);
            dev.dsoap.client.BinaryExchange binary = new dev.dsoap.client.BinaryExchange(
                    dev.dsoap.binary.BinaryFormat.of(requestPlan, EchoPort.NAMESPACE, "echoDoubles"),
                    dev.dsoap.binary.BinaryFormat.of(responsePlan, EchoPort.NAMESPACE, "echoDoublesResponse"),
                    dev.dsoap.negotiation.BinaryMode.PERFORMANCE, dev.dsoap.parse.ParserLimits.defaults());
            var ds = new dev.dsoap.serialize.DifferentialSerializer(requestPlan,
                    dev.dsoap.serialize.SerializerConfig.defaults(), new dev.dsoap.serialize.SerializerStats(), null);
            var reader = new dev.dsoap.deserialize.DifferentialDeserializer(responsePlan,
                    dev.dsoap.deserialize.DeserializerConfig.defaults(), new dev.dsoap.deserialize.DeserializerStats(), null);
            dev.dsoap.client.DsoapClient client = dev.dsoap.client.DsoapClient.builder(URI.create(address)).build();
            clients.add(client);
            return v -> {
                ClassLoader was = enter();
                try {
                    return (double[]) client.call(ds, new Object[] {v}, reader, binary)[0];
                } finally {
                    leave(was);
                }
            };
        } finally {
            leave(before);
        }
    }

    private final List<AutoCloseable> clients = new ArrayList<>();

    private static ClassLoader enter() {
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(LOADER);
        return before;
    }

    private static void leave(ClassLoader before) {
        Thread.currentThread().setContextClassLoader(before);
    }

    @Override
    public void close() {
        ClassLoader before = enter();
        try {
            for (AutoCloseable c : clients) {
                try {
                    c.close();
                } catch (Exception e) {
                    // a client's connections closed as the servers stop
                }
            }
            for (Endpoint e : endpoints) {
                e.stop();
            }
            for (HttpServer s : servers) {
                s.stop(0);
            }
            for (ExecutorService p : pools) {
                p.shutdownNow();
                try {
                    p.awaitTermination(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            for (Tomcat t : tomcats) {
                try {
                    t.stop();
                    t.destroy();
                } catch (LifecycleException e) {
                    throw new IllegalStateException(e);
                }
            }
            for (Path d : dirs) {
                deleteTree(d);
            }
        } finally {
            leave(before);
        }
    }

    private static void deleteTree(Path d) {
        try (var all = Files.walk(d)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind
        }
    }
}
