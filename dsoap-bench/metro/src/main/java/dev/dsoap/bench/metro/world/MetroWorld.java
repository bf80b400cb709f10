package dev.dsoap.bench.metro.world;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.handler.Handler;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The Metro benchmarks' endpoints and clients, in the class loader dsoap-bench made for Metro: a plain echo endpoint
 * and a {@code @DifferentialSoap} one, each on a JDK HTTP server of its own ({@code Endpoint.create(...).publish(
 * HttpContext)}, the JDK server Metro's own {@code Endpoint.publish} uses) whose requests run on an executor of its own
 * threads, named by a prefix the caller gives (their CPU time is the server's); the same JAX-WS handlers on both;
 * plain Metro proxies at default settings; and a transport floor on the same kind of server. Speaks only in JDK types,
 * so that code in another class loader can use it; every entry sets this loader as the thread's context class loader
 * (JAX-WS and JAXB find their implementations through it). Thread-safe once started.
 */
public final class MetroWorld implements AutoCloseable {
    private static final ClassLoader LOADER = MetroWorld.class.getClassLoader();

    private final List<HttpServer> servers = new ArrayList<>();
    private final List<ExecutorService> pools = new ArrayList<>();
    private final List<Endpoint> endpoints = new ArrayList<>();
    private String plainAddress;
    private String dsoapAddress;
    private final AtomicInteger floorRequests = new AtomicInteger();

    private MetroWorld() {
    }

    /**
     * Publishes the plain and the dsoap endpoint with the handlers {@code features} names on both
     * ({@link BenchHandlers#chain}), their request threads named {@code plainThreads} and {@code dsoapThreads}
     * followed by a number.
     */
    public static MetroWorld start(String features, String plainThreads, String dsoapThreads) throws IOException {
        MetroWorld w = new MetroWorld();
        ClassLoader before = enter();
        try {
            w.plainAddress = w.publish(new PlainEcho(), features, plainThreads);
            w.dsoapAddress = w.publish(new DsoapEcho(), features, dsoapThreads);
            return w;
        } catch (IOException | RuntimeException e) {
            w.close();
            throw e;
        } finally {
            leave(before);
        }
    }

    @SuppressWarnings("rawtypes")
    private String publish(Object impl, String features, String threads) throws IOException {
        Endpoint e = Endpoint.create(impl);
        List<Handler> chain = BenchHandlers.chain(features);
        if (!chain.isEmpty()) {
            e.getBinding().setHandlerChain(chain);
        }
        HttpServer s = server(threads);
        e.publish(s.createContext("/echo"));
        endpoints.add(e);
        s.start();
        return "http://127.0.0.1:" + s.getAddress().getPort() + "/echo";
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

    public String plainAddress() {
        return plainAddress;
    }

    public String dsoapAddress() {
        return dsoapAddress;
    }

    /**
     * Starts the transport floor in front of the plain endpoint: a JDK HTTP server like the endpoints', doing no SOAP
     * work, whose threads are named {@code threads} and a number. It reads each request to its end and answers with the
     * plain endpoint's answer to the first request, relayed there once; returns its address.
     */
    public String floor(String threads) throws IOException {
        ClassLoader before = enter();
        try {
            HttpServer s = server(threads);
            byte[][] answer = new byte[1][];
            String[] type = new String[1];
            s.createContext("/echo", x -> answer(x, answer, type));
            s.start();
            return "http://127.0.0.1:" + s.getAddress().getPort() + "/echo";
        } finally {
            leave(before);
        }
    }

    private void answer(HttpExchange x, byte[][] answer, String[] type) throws IOException {
        byte[] reply;
        synchronized (answer) {
            if (answer[0] == null) {
                byte[] body;
                try (InputStream in = x.getRequestBody()) {
                    body = in.readAllBytes();
                }
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(plainAddress))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
                for (String h : new String[] {"Content-Type", "SOAPAction"}) {
                    String v = x.getRequestHeaders().getFirst(h);
                    if (v != null) {
                        b.header(h, v);
                    }
                }
                HttpResponse<byte[]> r;
                try {
                    r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                            .send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                }
                if (r.statusCode() != 200) {
                    throw new IOException("the plain endpoint answered the floor's relayed request with " + r.statusCode());
                }
                type[0] = r.headers().firstValue("Content-Type").orElse("text/xml; charset=utf-8");
                answer[0] = r.body();
                reply = answer[0];
            } else {
                reply = answer[0];
                drain(x);
            }
        }
        floorRequests.incrementAndGet();
        x.getResponseHeaders().set("Content-Type", type[0]);
        x.sendResponseHeaders(200, reply.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(reply);
        }
    }

    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[64 * 1024]);

    /** Reads a request to its end into a reused buffer: the bytes are moved, not kept. */
    private static void drain(HttpExchange x) throws IOException {
        byte[] b = SCRATCH.get();
        try (InputStream in = x.getRequestBody()) {
            while (in.read(b) >= 0) {
                // moved, not kept
            }
        }
    }

    /** Requests the floor answered. */
    public int floorRequests() {
        return floorRequests.get();
    }

    /**
     * A plain Metro proxy at default settings for the endpoint at {@code address} (its WSDL read from there), calling
     * {@code callAddress} (the endpoint itself, or the floor in front of it).
     */
    public Function<double[], double[]> proxy(String address, String callAddress) {
        ClassLoader before = enter();
        try {
            String service = address.equals(dsoapAddress) ? "DsoapEchoService" : "EchoService";
            Service s = Service.create(URI.create(address + "?wsdl").toURL(), new QName(EchoPort.NAMESPACE, service));
            EchoPort port = s.getPort(new QName(EchoPort.NAMESPACE, "EchoPort"), EchoPort.class);
            if (!callAddress.equals(address)) {
                ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, callAddress);
            }
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
        } finally {
            leave(before);
        }
    }
}
