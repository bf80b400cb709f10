package dev.dsoap.bench.link;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.traffic.ChannelTrafficShapingHandler;

import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * A TCP relay on loopback that holds each connection to a link of a given capacity, in each direction: the
 * paper's 100 Mbit/s and 1 Mbit/s links, between a client and a server in one JVM. Built on Netty's traffic
 * shaping ({@link ChannelTrafficShapingHandler}): bytes are relayed in order and unchanged, each direction's writes
 * delayed to the capacity, reading paused while a write is pending (so the relay holds at most a few buffers per
 * connection). A side that stops sending (half-close) is passed on once its bytes are through; a connection closed
 * on one side is closed on the other.
 *
 * <p>Thread-safe; {@link #close()} stops it.
 */
public final class ThrottledLink implements AutoCloseable {
    private final EventLoopGroup group;
    private final Channel server;
    private final long bytesPerSecond;

    private ThrottledLink(EventLoopGroup group, Channel server, long bytesPerSecond) {
        this.group = group;
        this.server = server;
        this.bytesPerSecond = bytesPerSecond;
    }

    /**
     * Starts a relay to {@code target} on a free loopback port.
     *
     * @param bitsPerSecond the link's capacity in each direction, in bits per second
     */
    public static ThrottledLink start(InetSocketAddress target, long bitsPerSecond) throws InterruptedException {
        if (bitsPerSecond < 8_000) {
            throw new IllegalArgumentException("a link of " + bitsPerSecond + " bit/s: at least 8,000");
        }
        long rate = bitsPerSecond / 8;
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel server = relay(group, target, () -> shaper(rate), () -> shaper(rate));
            return new ThrottledLink(group, server, rate);
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully();
            throw e;
        }
    }

    /**
     * Binds a relay to {@code target} on a free loopback port of {@code group}: each accepted connection's writes
     * (to the client) go through a handler of {@code toClient}, its writes to the target through one of
     * {@code toTarget} (a shared handler shapes all connections together).
     */
    static Channel relay(EventLoopGroup group, InetSocketAddress target,
                         java.util.function.Supplier<io.netty.channel.ChannelHandler> toClient,
                         java.util.function.Supplier<io.netty.channel.ChannelHandler> toTarget) throws InterruptedException {
        return new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.AUTO_READ, false)
                .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(toClient.get(), new Front(target, toTarget));
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
    }

    /** Shapes what a channel writes to {@code rate} bytes per second, checked every 10 ms. */
    private static ChannelTrafficShapingHandler shaper(long rate) {
        return new ChannelTrafficShapingHandler(rate, 0, 10);
    }

    /** The relay's port on the loopback address. */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** The capacity in each direction, in bytes per second. */
    public long bytesPerSecond() {
        return bytesPerSecond;
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Override
    public String toString() {
        return "link of " + (bytesPerSecond * 8) + " bit/s on port " + port();
    }

    /** One side of a relayed connection: what it reads goes to the other side, and so do its half-close and close. */
    private static class Pipe extends ChannelInboundHandlerAdapter {
        /** The other side's channel, or {@code null} while it connects. */
        Channel other;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            relay(ctx.channel(), other, msg);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof io.netty.channel.socket.ChannelInputShutdownEvent) {
                shutdownOutputWhenFlushed(other);
            } else {
                ctx.fireUserEventTriggered(evt);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            closeWhenFlushed(other);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            closeWhenFlushed(ctx.channel());
        }
    }

    /** The client's side: connects to the target, then relays the client's bytes to it. */
    private static final class Front extends Pipe {
        private final InetSocketAddress target;
        private final java.util.function.Supplier<io.netty.channel.ChannelHandler> shaper;

        Front(InetSocketAddress target, java.util.function.Supplier<io.netty.channel.ChannelHandler> shaper) {
            this.target = target;
            this.shaper = shaper;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            Channel front = ctx.channel();
            Pipe back = new Pipe();
            back.other = front;
            ChannelFuture f = new Bootstrap().group(front.eventLoop()).channel(NioSocketChannel.class)
                    .option(ChannelOption.AUTO_READ, false)
                    .option(ChannelOption.ALLOW_HALF_CLOSURE, true)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(shaper.get(), back);
                        }
                    })
                    .connect(target);
            other = f.channel();
            f.addListener((ChannelFutureListener) done -> {
                if (done.isSuccess()) {
                    front.read();
                    other.read();
                } else {
                    front.close();
                }
            });
        }
    }

    /** Writes {@code msg} read from {@code from} to {@code to}, and reads on once it is written (backpressure). */
    private static void relay(Channel from, Channel to, Object msg) {
        if (to == null || !to.isActive()) {
            io.netty.util.ReferenceCountUtil.release(msg);
            from.close();
            return;
        }
        to.writeAndFlush(msg).addListener((ChannelFutureListener) f -> {
            if (f.isSuccess()) {
                from.read();
            } else {
                f.channel().close();
                from.close();
            }
        });
    }

    /** Stops sending on {@code ch} once what was written to it is through (the other side half-closed). */
    private static void shutdownOutputWhenFlushed(Channel ch) {
        if (ch != null && ch.isActive()) {
            ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener((ChannelFutureListener) f -> {
                if (ch instanceof SocketChannel sc) {
                    if (sc.isInputShutdown()) {
                        sc.close();
                    } else {
                        sc.shutdownOutput();
                    }
                }
            });
        }
    }

    private static void closeWhenFlushed(Channel ch) {
        if (ch != null && ch.isActive()) {
            ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
