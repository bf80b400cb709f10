package dev.dsoap.bench.link;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.traffic.GlobalTrafficShapingHandler;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * One link of a given capacity, shared by every connection through it, whose capacity can change while it runs: a
 * relay per target ({@link #relay}) on loopback, all of them shaped together in each direction by Netty's
 * {@link GlobalTrafficShapingHandler}, so that a bulk flow through one relay (cross traffic) takes capacity from the
 * calls through another. Bytes are relayed in order and unchanged, as {@link ThrottledLink} relays them.
 *
 * <p>Thread-safe; {@link #close()} stops it.
 */
public final class SharedLink implements AutoCloseable {
    private final EventLoopGroup group;
    /** Shapes what the relays write towards clients, and towards targets. */
    private final GlobalTrafficShapingHandler toClients;
    private final GlobalTrafficShapingHandler toTargets;
    private final List<Channel> relays = new ArrayList<>();
    private volatile long bitsPerSecond;

    private SharedLink(long bitsPerSecond) {
        this.group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        long rate = check(bitsPerSecond) / 8;
        this.toClients = new GlobalTrafficShapingHandler(group, rate, 0, 10);
        this.toTargets = new GlobalTrafficShapingHandler(group, rate, 0, 10);
        this.bitsPerSecond = bitsPerSecond;
    }

    /** A link of {@code bitsPerSecond} in each direction (at least 8,000), with no relays yet. */
    public static SharedLink start(long bitsPerSecond) {
        return new SharedLink(bitsPerSecond);
    }

    private static long check(long bitsPerSecond) {
        if (bitsPerSecond < 8_000) {
            throw new IllegalArgumentException("a link of " + bitsPerSecond + " bit/s: at least 8,000");
        }
        return bitsPerSecond;
    }

    /** Opens a relay to {@code target} through this link; returns its loopback port. */
    public synchronized int relay(InetSocketAddress target) throws InterruptedException {
        Channel c = ThrottledLink.relay(group, target, () -> toClients, () -> toTargets);
        relays.add(c);
        return ((InetSocketAddress) c.localAddress()).getPort();
    }

    /** Changes the capacity in each direction, from now on. */
    public void bitsPerSecond(long bitsPerSecond) {
        long rate = check(bitsPerSecond) / 8;
        toClients.configure(rate, 0);
        toTargets.configure(rate, 0);
        this.bitsPerSecond = bitsPerSecond;
    }

    /** The capacity in each direction, bits per second. */
    public long bitsPerSecond() {
        return bitsPerSecond;
    }

    @Override
    public synchronized void close() {
        for (Channel c : relays) {
            c.close().awaitUninterruptibly();
        }
        toClients.release();
        toTargets.release();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
