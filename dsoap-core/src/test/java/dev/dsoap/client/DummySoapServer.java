package dev.dsoap.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;

/**
 * bSOAP's dummy SOAP server, on Netty: accepts HTTP/1.1 keep-alive connections on 127.0.0.1, reads each
 * request's body (Content-Length or chunked) without parsing it, counts requests and bytes, and answers every
 * request, in order (pipelined requests included), with one fixed response. Optionally it returns the body's
 * length and CRC-32 in response headers, keeps the bodies for inspection, holds its answers back until a
 * connection has a batch of requests waiting (which only a pipelining client survives), or closes a
 * connection instead of answering its n-th request.
 *
 * <p>Shared with dsoap-bench (the send-time benchmark) through dsoap-core's test jar. Thread-safe; its
 * counters may be read at any time. One I/O thread; {@link #close()} stops it.
 */
public final class DummySoapServer implements AutoCloseable {
    /** Response header: the request body's length in bytes. */
    public static final String BODY_LENGTH = "X-Dsoap-Body-Length";
    /** Response header: the request body's CRC-32, as {@link Long#toString(long)} (with {@code checksums}). */
    public static final String BODY_CRC32 = "X-Dsoap-Body-Crc32";
    /** Response header: the request's number on its connection, from 1. */
    public static final String REQUEST_NUMBER = "X-Dsoap-Request";
    /** The default response: a small SOAP 1.1 envelope. */
    public static final byte[] DEFAULT_RESPONSE = ("<?xml version='1.0' encoding='UTF-8'?><soapenv:Envelope"
            + " xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body><ns:ack"
            + " xmlns:ns=\"urn:dsoap:dummy\"/></soapenv:Body></soapenv:Envelope>").getBytes(StandardCharsets.UTF_8);

    private final Builder config;
    private final EventLoopGroup group;
    private final Channel server;
    /** Accepted connections still open. */
    private final ChannelGroup open;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong bodyBytes = new AtomicLong();
    private final AtomicLong chunkedRequests = new AtomicLong();
    private final AtomicInteger connections = new AtomicInteger();
    /** Request bodies in the order they were read (with {@code keepBodies}); guarded by itself. */
    private final List<byte[]> bodies = new ArrayList<>();
    /** Each request's client id header ({@code X-Dsoap-Client}), or "" when absent; guarded by itself. */
    private final List<String> clientIds = new ArrayList<>();

    private DummySoapServer(Builder b) throws InterruptedException {
        this.config = b;
        this.group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("dsoap-dummy-server", true),
                NioIoHandler.newFactory());
        this.open = new DefaultChannelGroup(group.next());
        try {
            this.server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            connections.incrementAndGet();
                            open.add(ch);
                            ch.pipeline().addLast(new HttpServerCodec(new HttpDecoderConfig().setMaxChunkSize(1 << 16)),
                                    new Reader());
                        }
                    })
                    .bind("127.0.0.1", 0).sync().channel();
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A server with the default response, no checksums, nothing kept. */
    public static DummySoapServer start() throws InterruptedException {
        return builder().start();
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** {@code http://127.0.0.1:port/path}. */
    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port() + path);
    }

    /** Requests read whole. */
    public long requests() {
        return requests.get();
    }

    /** Body bytes read (of whole and partial requests). */
    public long bodyBytes() {
        return bodyBytes.get();
    }

    /** Requests that came with {@code Transfer-Encoding: chunked}. */
    public long chunkedRequests() {
        return chunkedRequests.get();
    }

    /** The client id header of each request begun, in order ("" when a request had none). */
    public List<String> clientIds() {
        synchronized (clientIds) {
            return List.copyOf(clientIds);
        }
    }

    /** Connections accepted. */
    public int connections() {
        return connections.get();
    }

    /** The bodies kept since the last call (with {@code keepBodies}), in the order they were read. */
    public List<byte[]> takeBodies() {
        synchronized (bodies) {
            List<byte[]> out = new ArrayList<>(bodies);
            bodies.clear();
            return out;
        }
    }

    /** Closes the listening socket and every connection, and stops the I/O thread. */
    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        open.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    /** One connection: reads requests and answers them in order. */
    private final class Reader extends SimpleChannelInboundHandler<HttpObject> {
        private final CRC32 crc = new CRC32();
        private ByteArrayOutputStream kept;
        private long length;
        private int number;
        private boolean keepAlive;
        /** Answers held back until the batch is full. */
        private final List<FullHttpResponse> held = new ArrayList<>();

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
            if (msg instanceof HttpRequest r) {
                crc.reset();
                length = 0;
                keepAlive = HttpUtil.isKeepAlive(r);
                synchronized (clientIds) {
                    String id = r.headers().get("X-Dsoap-Client");
                    clientIds.add(id == null ? "" : id);
                }
                kept = config.keepBodies || config.echo ? new ByteArrayOutputStream() : null;
                if (HttpUtil.isTransferEncodingChunked(r)) {
                    chunkedRequests.incrementAndGet();
                }
            }
            if (msg instanceof HttpContent c) {
                ByteBuf b = c.content();
                int n = b.readableBytes();
                length += n;
                bodyBytes.addAndGet(n);
                if (config.checksums) {
                    for (ByteBuffer nio : b.nioBuffers()) {
                        crc.update(nio);
                    }
                }
                if (kept != null) {
                    byte[] a = new byte[n];
                    b.getBytes(b.readerIndex(), a);
                    kept.writeBytes(a);
                }
            }
            if (msg instanceof LastHttpContent) {
                answer(ctx);
            }
        }

        private void answer(ChannelHandlerContext ctx) {
            number++;
            requests.incrementAndGet();
            byte[] body = config.echo ? kept.toByteArray() : config.response;
            if (config.keepBodies) {
                synchronized (bodies) {
                    bodies.add(kept.toByteArray());
                }
            }
            if (number == config.closeAfter) {
                ctx.close();
                return;
            }
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    HttpResponseStatus.valueOf(config.status), Unpooled.wrappedBuffer(body));
            r.headers().set(HttpHeaderNames.CONTENT_TYPE, config.contentType)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                    .set(BODY_LENGTH, length)
                    .set(REQUEST_NUMBER, number);
            if (config.checksums) {
                r.headers().set(BODY_CRC32, crc.getValue());
            }
            HttpUtil.setKeepAlive(r, keepAlive);
            if (!keepAlive) {
                ctx.writeAndFlush(r).addListener(f -> ctx.close());
                return;
            }
            held.add(r);
            if (held.size() >= config.batch) {
                for (FullHttpResponse h : held) {
                    ctx.write(h);
                }
                held.clear();
                ctx.flush();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            for (FullHttpResponse h : held) {
                h.release();
            }
            held.clear();
            ctx.fireChannelInactive();
        }
    }

    /** Settings of a {@link DummySoapServer}. */
    public static final class Builder {
        private int status = 200;
        private String contentType = "text/xml; charset=UTF-8";
        private byte[] response = DEFAULT_RESPONSE;
        private boolean checksums;
        private boolean keepBodies;
        private int closeAfter;
        private int batch = 1;
        private boolean echo;

        private Builder() {
        }

        /** Answers each request with its own body (the status and content type as set). */
        public Builder echo(boolean on) {
            this.echo = on;
            return this;
        }

        /** Holds answers back until {@code n} requests of a connection wait for theirs, then sends them in order. */
        public Builder batch(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("batch " + n);
            }
            this.batch = n;
            return this;
        }

        /** The one response every request gets. */
        public Builder response(int status, String contentType, byte[] body) {
            this.status = status;
            this.contentType = contentType;
            this.response = body.clone();
            return this;
        }

        /** Computes each body's CRC-32 and returns it in {@link #BODY_CRC32}. */
        public Builder checksums(boolean on) {
            this.checksums = on;
            return this;
        }

        /** Keeps every body for {@link #takeBodies()}. */
        public Builder keepBodies(boolean on) {
            this.keepBodies = on;
            return this;
        }

        /** Closes each connection instead of answering its {@code n}-th request (0: never). */
        public Builder closeAfter(int n) {
            this.closeAfter = n;
            return this;
        }

        public DummySoapServer start() throws InterruptedException {
            return new DummySoapServer(this);
        }
    }
}
