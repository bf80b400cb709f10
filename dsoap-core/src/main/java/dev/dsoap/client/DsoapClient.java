package dev.dsoap.client;

import dev.dsoap.binding.SoapVersion;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.serialize.DifferentialSerializer;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;

import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A SOAP client stub over HTTP/1.1 on Netty (bSOAP's client side): POSTs the current message of a
 * {@link DifferentialSerializer} to one endpoint over one kept-alive TCP connection (TCP_NODELAY on),
 * chunk by chunk straight from the template's buffers, flushed in one gathering write.
 *
 * <pre>{@code
 * try (DsoapClient client = DsoapClient.builder(URI.create("http://host:8080/services/Echo"))
 *         .soapAction("urn:echo").build()) {
 *     Response r = client.call(serializer, new Object[] {values});              // synchronous
 *     CompletableFuture<Response> f = client.send(serializer, new Object[] {next}); // pipelined
 * }
 * }</pre>
 *
 * <p><b>Template bytes.</b> The body is not copied by dsoap: each template chunk is wrapped as a Netty buffer
 * and written as one HTTP content. {@code send} returns only once the transport holds none of those bytes
 * (they were handed to the socket, which for heap arrays means copied into direct memory, the one copy every
 * Java socket write of a heap array makes; or the write failed). The serializer may therefore be changed as
 * soon as {@code send} returns, while the response is still awaited.
 *
 * <p><b>Pipelining.</b> Up to {@code maxInFlight} requests wait for their responses on the connection at once;
 * a further {@code send} waits for a slot. Responses are matched to requests in order. A request is never
 * retried: when the connection ends, every request in flight fails with {@link ClientException.Reason#CLOSED}
 * (or {@code TIMEOUT}, {@code TOO_LARGE}), and the next {@code send} opens a new connection.
 *
 * <p><b>Responses.</b> A 2xx response completes the future; a SOAP fault (any status) fails it with
 * {@link ClientException.Reason#SOAP_FAULT}, another status with {@link ClientException.Reason#HTTP_STATUS},
 * both carrying the {@link Response}.
 *
 * <p><b>Threads.</b> Thread-safe: any number of threads may send on one client; their requests go out whole,
 * one after the other, in the order their {@code send} calls reach the connection's I/O thread. A
 * {@code DifferentialSerializer} is not thread-safe: each sending thread uses its own. Futures complete on
 * the client's I/O thread: dependent actions must not block there (use the {@code ...Async} variants), and
 * {@code send} or {@code call} from that thread is refused. {@link #close()} shuts down the client's own
 * I/O thread, or leaves a shared {@link EventLoopGroup} running.
 */
public final class DsoapClient implements AutoCloseable {
    /** Default connect timeout: 10 s. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** Default response timeout: 60 s. */
    public static final Duration DEFAULT_RESPONSE_TIMEOUT = Duration.ofSeconds(60);
    /** Default maximum of requests in flight on the connection: 16. */
    public static final int DEFAULT_MAX_IN_FLIGHT = 16;
    /** Default bound on a response's body: 32 MiB. */
    public static final int DEFAULT_MAX_RESPONSE_BYTES = 32 << 20;

    private final String host;
    private final int port;
    /** The request target: path and query. */
    private final String target;
    /** {@code POST http://host:port/path}, for messages. */
    private final String where;
    private final SoapVersion version;
    private final Framing framing;
    private final long responseTimeoutMillis;
    /** Headers every request carries (Host, Content-Type, SOAPAction); copied per request. */
    private final HttpHeaders baseHeaders;
    /** The id sent in the client id header, or {@code null}. */
    private final String clientId;
    private final java.util.concurrent.atomic.LongAdder qualityRefused = new java.util.concurrent.atomic.LongAdder();
    /** Stamps requests and samples answers under quality management; {@code null} when off. */
    private final dev.dsoap.quality.QualityClient quality;
    private final EventLoopGroup group;
    private final boolean ownGroup;
    private final Bootstrap bootstrap;
    /** Pipelining slots: one per request in flight. */
    private final Semaphore slots;
    /** Requests numbered so far, for messages. */
    private final AtomicLong requests = new AtomicLong();
    /** Guards {@link #connection} and {@link #closed}. */
    private final Object lock = new Object();
    /** The current connection's handler, or null before the first send. */
    private Connection connection;
    private boolean closed;

    private DsoapClient(Builder b) {
        URI uri = b.endpoint;
        this.host = stripBrackets(uri.getHost());
        this.port = uri.getPort() < 0 ? 80 : uri.getPort();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        this.target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        this.where = "POST http://" + uri.getHost() + ":" + port + target;
        this.version = b.version;
        this.framing = b.framing;
        this.responseTimeoutMillis = b.responseTimeout.toMillis();
        this.slots = new Semaphore(b.maxInFlight);
        this.clientId = b.clientIdHeader == null ? null : b.clientId != null ? b.clientId : dev.dsoap.host.ClientId.random();
        this.quality = b.quality ? new dev.dsoap.quality.QualityClient(null, java.util.Map.of(), System::nanoTime) : null;
        this.baseHeaders = headers(uri, port, b.version, b.soapAction, b.framing);
        if (clientId != null) {
            baseHeaders.set(b.clientIdHeader, clientId);
        }
        if (b.group != null) {
            this.group = b.group;
            this.ownGroup = false;
        } else {
            this.group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("dsoap-client", true),
                    NioIoHandler.newFactory());
            this.ownGroup = true;
        }
        int maxResponseBytes = b.maxResponseBytes;
        long timeout = responseTimeoutMillis;
        String w = where;
        this.bootstrap = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                // a failed write shuts the output but keeps reading: pipelined responses already sent still arrive
                .option(ChannelOption.AUTO_CLOSE, false)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, b.connectTimeout.toMillis()))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new IdleStateHandler(true, 0, 0, timeout, TimeUnit.MILLISECONDS),
                                new HttpClientCodec(), new HttpObjectAggregator(maxResponseBytes),
                                new Connection(w, timeout));
                    }
                });
    }

    /**
     * The id this client sends in its client id header, stable for the client's life, or {@code null} when it
     * sends none. A dsoap server reads each client's messages against the client's own kept message, found by
     * this id; a load balancer can route on it.
     */
    public String clientId() {
        return clientId;
    }

    private static String stripBrackets(String h) {
        return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    }

    private static HttpHeaders headers(URI uri, int port, SoapVersion version, String action, Framing framing) {
        HttpHeaders h = new DefaultHttpHeaders();
        h.set(HttpHeaderNames.HOST, port == 80 ? uri.getHost() : uri.getHost() + ":" + port);
        if (version == SoapVersion.SOAP_12) {
            h.set(HttpHeaderNames.CONTENT_TYPE, version.contentType() + "; charset=UTF-8"
                    + (action.isEmpty() ? "" : "; action=\"" + action + "\""));
        } else {
            h.set(HttpHeaderNames.CONTENT_TYPE, version.contentType() + "; charset=UTF-8");
            h.set("SOAPAction", "\"" + action + "\"");
        }
        if (framing == Framing.CHUNKED) {
            h.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        }
        return h;
    }

    /** A builder for a client of {@code endpoint}, an {@code http://} URI (host, optional port, path, query). */
    public static Builder builder(URI endpoint) {
        return new Builder(endpoint);
    }

    /**
     * Serializes {@code parts} with {@code ds} and sends the message: {@code ds.serialize(parts)} then
     * {@link #send(DifferentialSerializer)}. A value the serializer refuses is thrown from here.
     */
    public CompletableFuture<Response> send(DifferentialSerializer ds, Object[] parts) {
        ds.serialize(parts);
        return send(ds);
    }

    /**
     * Sends the message {@code ds} holds now and returns once its bytes are written (so {@code ds} may be
     * changed again); the future completes with the response. Waits first for a pipelining slot, and opens
     * the connection if there is none.
     *
     * @throws IllegalArgumentException if the serializer's SOAP version is not the client's
     */
    public CompletableFuture<Response> send(DifferentialSerializer ds) {
        SoapVersion v = ds.plan().convention().soapVersion();
        if (v != version) {
            throw new IllegalArgumentException(where + ": this client sends " + version + " messages, the serializer's plan "
                    + ds.plan() + " makes " + v);
        }
        return send(ds.buffers());
    }

    /**
     * Sends a request whose body is the remaining bytes of {@code body}, in order, each buffer one HTTP content
     * (one HTTP chunk under {@link Framing#CHUNKED}); returns once the buffers' bytes are written (their
     * positions are left as they were). The future completes with the response, or fails with a
     * {@link ClientException}.
     */
    public CompletableFuture<Response> send(ByteBuffer[] body) {
        return send(body, null, null);
    }

    /**
     * As {@link #send(ByteBuffer[])}, with the request's content type ({@code null}: the SOAP version's) and an
     * {@code Accept} header ({@code null}: none).
     */
    private CompletableFuture<Response> send(ByteBuffer[] body, String contentType, String accept) {
        refuseOnIoThread();
        long length = 0;
        for (ByteBuffer b : body) {
            length += b.remaining();
        }
        Pending p = new Pending(requests.incrementAndGet(), length, slots);
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.future.completeExceptionally(new ClientException(ClientException.Reason.INTERRUPTED, where + " " + p.describe()
                    + ": interrupted while waiting for one of the pipelining slots"));
            return p.future;
        }
        Connection c;
        try {
            c = connection();
        } catch (ClientException e) {
            p.fail(e);
            return p.future;
        }
        ByteBuf[] bufs = new ByteBuf[body.length];
        for (int i = 0; i < body.length; i++) {
            bufs[i] = Unpooled.wrappedBuffer(body[i]);
        }
        HttpRequest head = head(length, contentType, accept);
        if (quality != null) {
            head.headers().set(dev.dsoap.quality.QualityWire.REQUEST, quality.call().header());
            p.future.thenAccept(this::answered);
        }
        Channel ch = c.channel();
        ChannelPromise done = ch.newPromise();
        try {
            ch.eventLoop().execute(() -> c.write(p, head, bufs, done));
        } catch (RejectedExecutionException e) {
            p.fail(new ClientException(ClientException.Reason.CLOSED, where + " " + p.describe() + ": client closed", null, e));
            return p.future;
        }
        // the template's bytes may change once this returns: wait until the transport is done with them
        done.awaitUninterruptibly();
        return p.future;
    }

    /**
     * Serializes and sends {@code parts}, and waits for the response.
     *
     * @return the 2xx response
     * @throws ClientException whatever the response or the connection brought instead
     */
    public Response call(DifferentialSerializer ds, Object[] parts) {
        return await(send(ds, parts));
    }

    /**
     * Serializes and sends {@code parts}, waits for the response, and reads its parts from the body with
     * {@code reader}: differential deserialization against the responses that reader kept, so that a response
     * much like an earlier one is compared, not parsed.
     *
     * @param reader the response's reader (one per operation; thread-safe, so many calls may share it)
     * @return the response's parts in plan order, fresh objects
     * @throws ClientException whatever the response or the connection brought instead of a 2xx response
     * @throws dev.dsoap.parse.XmlParseException if the body is not well-formed UTF-8 XML within the reader's limits
     * @throws dev.dsoap.deserialize.MessageBindingException if the body is not the message the reader's plan describes
     */
    public Object[] call(DifferentialSerializer ds, Object[] parts, DifferentialDeserializer reader) {
        java.util.Objects.requireNonNull(reader, "reader");
        byte[] body = call(ds, parts).body();
        return reader.deserialize(body, 0, body.length);
    }

    /**
     * As {@link #call(DifferentialSerializer, Object[], DifferentialDeserializer)}, in dsoap's binary form where
     * {@code binary} and the endpoint agree: the request asks for a binary answer (naming the format it reads),
     * and, in performance mode once the endpoint reads this request format, goes binary itself; a binary request
     * the endpoint refuses (HTTP 415, nothing served) is sent again as XML. An XML answer is read by {@code reader}.
     *
     * @return the response's parts in plan order, fresh objects
     * @throws ClientException whatever the response or the connection brought instead of a 2xx response
     * @throws dev.dsoap.binary.BinaryFormatException if a binary answer cannot be read
     */
    public Object[] call(DifferentialSerializer ds, Object[] parts, DifferentialDeserializer reader, BinaryExchange binary) {
        java.util.Objects.requireNonNull(reader, "reader");
        java.util.Objects.requireNonNull(binary, "binary");
        String accept = binary.accept(version.contentType());
        Response r = null;
        dev.dsoap.binary.BinaryWriter w = binary.binaryRequest(parts);
        if (w != null) {
            try {
                r = await(send(new ByteBuffer[] {ByteBuffer.wrap(w.buffer(), 0, w.length())},
                        dev.dsoap.negotiation.BinaryMediaType.NAME, accept));
                binary.sent(w);
            } catch (ClientException e) {
                if (e.response() == null) {
                    throw e; // the writer is not given back: its bytes may still be on their way
                }
                binary.sent(w); // answered, so the request was read
                if (e.response().status() != 415) {
                    throw e;
                }
                binary.refused(); // nothing was served: the same call goes as XML
                accept = binary.accept(version.contentType());
            }
        }
        boolean sentBinary = r != null;
        if (r == null) {
            ds.serialize(parts);
            r = await(send(ds.buffers(), null, accept));
        }
        String type = r.contentType();
        if (type != null && type.toLowerCase(java.util.Locale.ROOT).startsWith(dev.dsoap.negotiation.BinaryMediaType.NAME)) {
            return binary.read(r, sentBinary);
        }
        byte[] body = r.body();
        return reader.deserialize(body, 0, body.length);
    }

    /**
     * Waits for {@code f}, a future of this client: its response, or its {@link ClientException} thrown.
     * The response timeout bounds the wait.
     */
    public static Response await(CompletableFuture<Response> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientException(ClientException.Reason.INTERRUPTED, "interrupted while waiting for a response");
        } catch (java.util.concurrent.ExecutionException | CompletionException | CancellationException e) {
            Throwable c = e.getCause();
            if (c instanceof ClientException ce) {
                throw ce;
            }
            throw new IllegalStateException("response future failed", c != null ? c : e);
        }
    }

    /** Samples the round trip of {@code r} (its quality answer: the stamp echoed, the endpoint's processing time). */
    private void answered(Response r) {
        try {
            quality.answered(r.header(dev.dsoap.quality.QualityWire.ANSWER), false, r.body().length);
        } catch (dev.dsoap.quality.QualityWire.Malformed e) {
            qualityRefused.increment();
        }
    }

    /**
     * This client's quality management ({@link Builder#quality(boolean)}): its round-trip estimate and attributes
     * ({@code updateAttribute}, sent with every request), or {@code null} when it is off.
     */
    public dev.dsoap.quality.QualityClient quality() {
        return quality;
    }

    /** Answers whose quality header was malformed (not sampled). */
    public long qualityHeadersRefused() {
        return qualityRefused.sum();
    }

    private HttpRequest head(long length, String contentType, String accept) {
        HttpHeaders h = baseHeaders.copy();
        if (contentType != null) {
            h.set(HttpHeaderNames.CONTENT_TYPE, contentType);
        }
        if (accept != null) {
            h.set(HttpHeaderNames.ACCEPT, accept);
        }
        if (framing == Framing.CONTENT_LENGTH) {
            h.set(HttpHeaderNames.CONTENT_LENGTH, length);
        }
        return new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, target, h);
    }

    /** The open connection, or a new one. */
    private Connection connection() {
        synchronized (lock) {
            if (closed) {
                throw new ClientException(ClientException.Reason.CLOSED, where + ": client closed");
            }
            if (connection != null && connection.usable()) {
                return connection;
            }
            ChannelFuture f = bootstrap.connect(host, port).awaitUninterruptibly();
            if (!f.isSuccess()) {
                throw new ClientException(ClientException.Reason.CONNECT, where + ": connecting failed: " + f.cause(),
                        null, f.cause());
            }
            connection = f.channel().pipeline().get(Connection.class);
            return connection;
        }
    }

    private void refuseOnIoThread() {
        for (EventExecutor e : group) {
            if (e.inEventLoop()) {
                throw new IllegalStateException(where + ": send from the client's I/O thread (" + Thread.currentThread().getName()
                        + ") would deadlock; continue futures with the ...Async methods");
            }
        }
    }

    /**
     * Closes the connection, failing the requests still in flight with {@link ClientException.Reason#CLOSED},
     * and stops the client's own I/O thread (waiting for it), not a shared group. Later sends fail. Idempotent.
     */
    @Override
    public void close() {
        Connection c;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            c = connection;
            connection = null;
        }
        boolean onIoThread = false;
        for (EventExecutor e : group) {
            onIoThread |= e.inEventLoop();
        }
        if (c != null) {
            c.closing(ClientException.Reason.CLOSED, "client closed");
            ChannelFuture f = c.channel().close();
            if (!onIoThread) {
                f.awaitUninterruptibly();
            }
        }
        if (ownGroup) {
            var f = group.shutdownGracefully(0, 5, TimeUnit.SECONDS);
            if (!onIoThread) {
                f.awaitUninterruptibly();
            }
        }
    }

    @Override
    public String toString() {
        return "DsoapClient(" + where + ", " + version + ", " + framing + ")";
    }

    /** Settings of a {@link DsoapClient}; not thread-safe, build once. */
    public static final class Builder {
        private final URI endpoint;
        private String soapAction = "";
        private SoapVersion version = SoapVersion.SOAP_11;
        private Framing framing = Framing.CONTENT_LENGTH;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration responseTimeout = DEFAULT_RESPONSE_TIMEOUT;
        private int maxInFlight = DEFAULT_MAX_IN_FLIGHT;
        private int maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
        private EventLoopGroup group;
        private String clientIdHeader = dev.dsoap.host.Settings.DEFAULT_CLIENT_ID_HEADER;
        private String clientId;
        private boolean quality;

        private Builder(URI endpoint) {
            Objects.requireNonNull(endpoint, "endpoint");
            if (!"http".equalsIgnoreCase(endpoint.getScheme()) || endpoint.getHost() == null) {
                throw new IllegalArgumentException("endpoint " + endpoint + ": need http://host[:port]/path (no TLS)");
            }
            this.endpoint = endpoint;
        }

        /**
         * The HTTP header that names this client to servers; default {@code X-Dsoap-Client}, as dsoap servers
         * read it ({@code dsoap.clientIdHeader}); {@code null} sends none.
         */
        public Builder clientIdHeader(String name) {
            if (name != null && (name.isEmpty() || !name.chars().allMatch(c -> c > 32 && c < 127
                    && "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0))) {
                throw new IllegalArgumentException("clientIdHeader '" + name + "': not an HTTP header name");
            }
            this.clientIdHeader = name;
            return this;
        }

        /**
         * This client's id in the client id header (printable ASCII, at most 256 characters); default 128 random
         * bits in hex, new for each client. Never put credentials or personal data here: it travels in clear.
         */
        public Builder clientId(String id) {
            if (id.isEmpty() || id.length() > 256 || !id.chars().allMatch(c -> c > 32 && c < 127)) {
                throw new IllegalArgumentException("clientId '" + id + "': 1 to 256 printable ASCII characters, no spaces");
            }
            this.clientId = id;
            return this;
        }

        /**
         * Whether requests carry dsoap's quality header (the round-trip estimate and the attributes set on
         * {@link DsoapClient#quality()}) so that an endpoint with a quality file answers with the variant of this
         * client's round trips; default off (docs/quality.md).
         */
        public Builder quality(boolean on) {
            this.quality = on;
            return this;
        }

        /** The SOAPAction (SOAP 1.1 header, SOAP 1.2 {@code action} parameter); default empty. */
        public Builder soapAction(String action) {
            if (action.indexOf('"') >= 0 || action.indexOf('\r') >= 0 || action.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("soapAction " + action + ": no quotes or line breaks");
            }
            this.soapAction = action;
            return this;
        }

        /**
         * The SOAP version: the content type ({@code text/xml} or {@code application/soap+xml}, UTF-8);
         * default SOAP 1.1. Serializers sent must make this version.
         */
        public Builder soapVersion(SoapVersion v) {
            this.version = Objects.requireNonNull(v);
            return this;
        }

        /** How request bodies are delimited; default {@link Framing#CONTENT_LENGTH}. */
        public Builder framing(Framing f) {
            this.framing = Objects.requireNonNull(f);
            return this;
        }

        /** How long opening the connection may take (> 0); default 10 s. */
        public Builder connectTimeout(Duration d) {
            this.connectTimeout = positive("connectTimeout", d);
            return this;
        }

        /**
         * How long the connection may make no progress (no response bytes in, no request bytes out) while
         * requests are in flight before it is closed and they fail with {@code TIMEOUT} (> 0); default 60 s.
         */
        public Builder responseTimeout(Duration d) {
            this.responseTimeout = positive("responseTimeout", d);
            return this;
        }

        /** Requests that may await their responses on the connection at once, 1..1024 (1: no pipelining); default 16. */
        public Builder maxInFlight(int n) {
            if (n < 1 || n > 1024) {
                throw new IllegalArgumentException("maxInFlight " + n + ": need 1..1024");
            }
            this.maxInFlight = n;
            return this;
        }

        /** The longest response body accepted, in bytes (>= 1); a longer one fails with {@code TOO_LARGE}. Default 32 MiB. */
        public Builder maxResponseBytes(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("maxResponseBytes " + n + ": need >= 1");
            }
            this.maxResponseBytes = n;
            return this;
        }

        /**
         * Runs the connection on {@code g} (one of its NIO event loops) instead of a thread of the client's
         * own; {@link DsoapClient#close()} then leaves {@code g} running.
         */
        public Builder eventLoopGroup(EventLoopGroup g) {
            this.group = Objects.requireNonNull(g);
            return this;
        }

        public DsoapClient build() {
            return new DsoapClient(this);
        }

        private static Duration positive(String what, Duration d) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(what + " " + d + ": need > 0");
            }
            return d;
        }
    }
}
