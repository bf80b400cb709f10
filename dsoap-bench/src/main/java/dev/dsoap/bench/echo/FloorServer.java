package dev.dsoap.bench.echo;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The transport floor: an HTTP server on 127.0.0.1 (Jetty 12, the server CXF's transport runs on) that does no SOAP
 * work at all. It reads each request's bytes to the end and answers with one prepared answer: the real endpoint's
 * answer to the first request it received, which it relayed there once (with its Content-Type, SOAPAction and
 * Content-Encoding headers). A client calling it moves the same bytes
 * both ways as with the real endpoint (the prepared answer is as long as the real ones, give or take the changed
 * values' widths), so the server CPU it costs per request is what any SOAP stack on this HTTP server costs at least.
 * It reads and writes either through Jetty's servlet layer ({@link #relaying(URI, boolean)}), as CXF's Jetty transport
 * does, or with a handler of Jetty's own below it ({@link #relaying(URI)}): the first is the floor of a servlet-based
 * stack such as CXF, the second of none that runs on servlets.
 *
 * <p>{@link #requestCpu()} reads the CPU time of this server's own thread pool. Thread-safe once started.
 */
public final class FloorServer implements AutoCloseable {
    private static final AtomicInteger IDS = new AtomicInteger();
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[64 * 1024]);

    private final Server server;
    private final String threadPrefix;
    private final URI real;
    private final URI uri;
    private volatile byte[] answer;
    private volatile String contentType;
    private final AtomicInteger requests = new AtomicInteger();
    /** Whether requests go through Jetty's servlet layer ({@link #servletFloor}). */
    private final boolean servlet;

    private FloorServer(URI real, boolean servlet) throws Exception {
        ThreadCpu.enable();
        this.real = real;
        QueuedThreadPool pool = new QueuedThreadPool();
        this.threadPrefix = "dsoap-floor-" + IDS.incrementAndGet() + "-";
        pool.setName(threadPrefix.substring(0, threadPrefix.length() - 1));
        server = new Server(pool);
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        this.servlet = servlet;
        server.setHandler(servlet ? servletFloor() : new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                byte[] reply = answer;
                if (reply == null) {
                    reply = prepare(request);
                } else {
                    drain(request);
                }
                requests.incrementAndGet();
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
                response.write(true, ByteBuffer.wrap(reply), callback);
                return true;
            }
        });
        server.start();
        this.uri = URI.create("http://127.0.0.1:" + connector.getLocalPort() + real.getRawPath());
    }

    /**
     * Starts a floor for the endpoint at {@code real}: its first request is relayed there to learn the answer.
     *
     * @throws IllegalStateException if Jetty cannot start
     */
    public static FloorServer relaying(URI real) {
        return relaying(real, false);
    }

    /**
     * A floor behind Jetty's servlet layer (the one CXF's Jetty transport runs on): a servlet that reads the request
     * through its blocking {@code ServletInputStream} into a reused buffer and writes the prepared answer with its
     * length.
     */
    private Handler servletFloor() {
        org.eclipse.jetty.ee11.servlet.ServletContextHandler context =
                new org.eclipse.jetty.ee11.servlet.ServletContextHandler("/");
        context.addServlet(new org.eclipse.jetty.ee11.servlet.ServletHolder(new jakarta.servlet.http.HttpServlet() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void doPost(jakarta.servlet.http.HttpServletRequest req, jakarta.servlet.http.HttpServletResponse resp)
                    throws IOException {
                byte[] reply = answer;
                if (reply == null) {
                    try {
                        reply = prepare(req.getInputStream().readAllBytes(), req::getHeader);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException(e);
                    }
                } else {
                    drain(req.getInputStream());
                }
                requests.incrementAndGet();
                resp.setStatus(200);
                resp.setContentType(contentType);
                resp.setContentLength(reply.length);
                resp.getOutputStream().write(reply);
            }
        }), "/*");
        return context;
    }

    /**
     * Starts a floor for the endpoint at {@code real} behind Jetty's servlet layer ({@link #servletFloor}), or as
     * {@link #relaying(URI)} does when {@code servlet} is false.
     *
     * @throws IllegalStateException if Jetty cannot start
     */
    public static FloorServer relaying(URI real, boolean servlet) {
        try {
            return new FloorServer(real, servlet);
        } catch (Exception e) {
            throw new IllegalStateException("the transport floor's server did not start", e);
        }
    }

    /** Reads the request to its end into a reused buffer: the bytes are moved, not kept. */
    private static long drain(Request request) throws IOException {
        try (InputStream in = Content.Source.asInputStream(request)) {
            return drain(in);
        }
    }

    /** Reads {@code in} to its end into a reused buffer. */
    private static long drain(InputStream in) throws IOException {
        byte[] b = SCRATCH.get();
        long n = 0;
        for (int k; (k = in.read(b)) >= 0; ) {
            n += k;
        }
        return n;
    }

    private byte[] prepare(Request request) throws IOException, InterruptedException {
        byte[] body;
        try (InputStream in = Content.Source.asInputStream(request)) {
            body = in.readAllBytes();
        }
        return prepare(body, request.getHeaders()::get);
    }

    private synchronized byte[] prepare(byte[] body, java.util.function.Function<String, String> headers)
            throws IOException, InterruptedException {
        if (answer != null) {
            return answer;
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(real).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        String type = headers.apply("Content-Type");
        if (type != null) {
            b.header("Content-Type", type);
        }
        String action = headers.apply("SOAPAction");
        if (action != null) {
            b.header("SOAPAction", action);
        }
        String encoding = headers.apply("Content-Encoding");
        if (encoding != null) {
            b.header("Content-Encoding", encoding);
        }
        HttpResponse<byte[]> r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("the real endpoint " + real + " answered the floor's relayed request with "
                    + r.statusCode() + ": " + new String(r.body(), 0, Math.min(500, r.body().length),
                    java.nio.charset.StandardCharsets.UTF_8));
        }
        contentType = r.headers().firstValue("Content-Type").orElse("text/xml; charset=UTF-8");
        answer = r.body();
        return answer;
    }

    /** Where clients call it: the real endpoint's path on this server's port. */
    public URI uri() {
        return uri;
    }

    /** Bytes of the prepared answer, or 0 before the first request. */
    public int answerBytes() {
        byte[] a = answer;
        return a == null ? 0 : a.length;
    }

    /** Requests answered so far. */
    public int requests() {
        return requests.get();
    }

    /** The CPU time consumed so far by each live thread of this server's pool: accepting, reading, writing. */
    public ThreadCpu.Reading requestCpu() {
        return ThreadCpu.of(threadPrefix);
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "transport floor at " + uri + (servlet ? ", a servlet" : ", a Jetty handler") + " (answers as " + real
                + " did, " + answerBytes() + " bytes)";
    }
}
