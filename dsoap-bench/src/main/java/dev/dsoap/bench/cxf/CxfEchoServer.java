package dev.dsoap.bench.cxf;

import dev.dsoap.bench.echo.ThreadCpu;
import jakarta.xml.ws.Endpoint;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.transport.http_jetty.JettyHTTPServerEngine;
import org.apache.cxf.transport.http_jetty.JettyHTTPServerEngineFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ThreadPool;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;

/**
 * One JAX-WS endpoint ({@link PlainEcho} or {@link DsoapEcho}) published with {@link Endpoint#publish} on
 * 127.0.0.1 at a free port of its own, so on a Jetty 12 server of its own (CXF's Jetty transport keeps one
 * engine per port), on the given CXF bus.
 *
 * <p>{@link #requestCpu()} reads the CPU time of that Jetty server's thread pool. Thread-safe once started.
 */
final class CxfEchoServer implements AutoCloseable {
    private final Endpoint endpoint;
    private final int port;
    private final String service;
    private final URI uri;
    /** The names of this server's pool threads start with this. */
    private final String threadPrefix;

    private CxfEchoServer(Endpoint endpoint, int port, String service, String threadPrefix) {
        this.endpoint = endpoint;
        this.port = port;
        this.service = service;
        this.uri = URI.create("http://127.0.0.1:" + port + "/cxf/" + service);
        this.threadPrefix = threadPrefix;
    }

    /**
     * Publishes {@code implementor} with {@code Endpoint.publish}, {@code bus} being this thread's default bus
     * meanwhile (CXF's JAX-WS provider publishes on it).
     *
     * @param service the implementor's {@code serviceName}, which also names its path
     */
    static CxfEchoServer start(Bus bus, EchoPort implementor, String service) throws IOException {
        return start(bus, implementor, service, List.of());
    }

    /**
     * As {@link #start(Bus, EchoPort, String)}, with CXF {@code features} on the endpoint (for example
     * {@code FastInfosetFeature}): {@code Endpoint.create}, the features added to CXF's {@link EndpointImpl},
     * then {@code publish}. Without features, plain {@code Endpoint.publish}.
     */
    static CxfEchoServer start(Bus bus, EchoPort implementor, String service, List<Feature> features)
            throws IOException {
        ThreadCpu.enable();
        int port = freePort();
        String address = "http://127.0.0.1:" + port + "/cxf/" + service;
        Bus previous = BusFactory.getThreadDefaultBus(false);
        Endpoint endpoint;
        BusFactory.setThreadDefaultBus(bus);
        try {
            if (features.isEmpty()) {
                endpoint = Endpoint.publish(address, implementor);
            } else {
                EndpointImpl e = (EndpointImpl) Endpoint.create(implementor);
                for (Feature f : features) {
                    if (!(f instanceof BenchHandlers.Chain)) {
                        e.getFeatures().add(f);
                    }
                }
                e.publish(address);
                for (Feature f : features) {
                    if (f instanceof BenchHandlers.Chain c) {
                        c.setOn(e);
                    }
                }
                endpoint = e;
            }
        } finally {
            BusFactory.setThreadDefaultBus(previous);
        }
        try {
            return new CxfEchoServer(endpoint, port, service, threadPrefix(bus, port));
        } catch (RuntimeException | Error e) {
            endpoint.stop();
            throw e;
        }
    }

    /**
     * The name prefix of the threads of the Jetty server CXF started for {@code port}: Jetty's
     * {@link QueuedThreadPool} names each thread {@code POOLNAME-ID} (by default {@code qtpHASH-ID}), and its
     * acceptor, selector and request-handling tasks all run on them.
     */
    static String threadPrefix(Bus bus, int port) {
        JettyHTTPServerEngineFactory factory = bus.getExtension(JettyHTTPServerEngineFactory.class);
        JettyHTTPServerEngine engine = factory == null ? null : factory.retrieveJettyHTTPServerEngine(port);
        ThreadPool pool = engine == null || engine.getServer() == null ? null : engine.getServer().getThreadPool();
        if (!(pool instanceof QueuedThreadPool q)) {
            throw new IllegalStateException("no Jetty QueuedThreadPool found for port " + port + " (engine " + engine
                    + ", pool " + pool + ")");
        }
        return q.getName() + "-";
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** CXF's endpoint behind this server, whose interceptor lists a check may add to. */
    org.apache.cxf.endpoint.Endpoint cxfEndpoint() {
        return ((EndpointImpl) endpoint).getServer().getEndpoint();
    }

    /** The endpoint's address. */
    URI uri() {
        return uri;
    }

    /** The service's name, as in the WSDL. */
    String service() {
        return service;
    }

    /**
     * The CPU time consumed so far by each live thread of this server's Jetty pool ({@code POOLNAME-ID}):
     * they accept connections, select, read the request, run CXF (and dsoap when the endpoint is
     * annotated), the service, and write the response. Not counted: JIT compiler and GC threads, Jetty's
     * scheduler thread (timeouts). Jetty retires pool threads idle for a minute
     * ({@link ThreadCpu.Reading#since} leaves them out).
     */
    ThreadCpu.Reading requestCpu() {
        return ThreadCpu.of(threadPrefix);
    }

    @Override
    public void close() {
        endpoint.stop();
    }

    @Override
    public String toString() {
        return service + " CXF endpoint at " + uri + " (Jetty threads " + threadPrefix + "*)";
    }
}
