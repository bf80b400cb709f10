package dev.dsoap.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;

import java.io.IOException;
import java.util.ArrayDeque;

/**
 * The last handler of one connection's pipeline: writes requests, keeps the requests in flight in the
 * order they were written and hands each response to the oldest (HTTP/1.1 pipelining), and fails them
 * all, with the reason, when the connection ends. Everything but {@link #closeReason} and
 * {@link #usable()} runs on the connection's I/O thread.
 */
final class Connection extends SimpleChannelInboundHandler<FullHttpResponse> {
    /** {@code POST http://host:port/path}, for messages. */
    private final String where;
    /** Response timeout in ms, for messages. */
    private final long timeoutMillis;
    /** Requests written (or being written) and not answered yet, oldest first. */
    private final ArrayDeque<Pending> inFlight = new ArrayDeque<>();
    private final Faults faults = new Faults();
    /** Why the connection is closing (null while open); the requests still in flight fail with it. */
    private volatile String closeReason;
    /** The reason those requests fail with. */
    private volatile ClientException.Reason closeKind = ClientException.Reason.CLOSED;
    private ChannelHandlerContext ctx;

    Connection(String where, long timeoutMillis) {
        super(false);
        this.where = where;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** The connection's channel. */
    Channel channel() {
        return ctx.channel();
    }

    /** Whether new requests may go on this connection. Any thread. */
    boolean usable() {
        return closeReason == null && ctx != null && ctx.channel().isActive();
    }

    /**
     * On the I/O thread: writes request {@code p} (head, one HTTP content per body buffer, end) and flushes
     * it in one go, so a gathering write carries the buffers; {@code done} completes once the transport
     * holds none of the body's bytes any more (written, or failed).
     */
    void write(Pending p, HttpRequest head, ByteBuf[] body, ChannelPromise done) {
        if (!usable()) {
            for (ByteBuf b : body) {
                b.release();
            }
            String why = closeReason != null ? closeReason : "connection closed";
            p.fail(new ClientException(ClientException.Reason.CLOSED, where + " " + p.describe() + ": " + why
                    + " before it could be written"));
            done.trySuccess();
            return;
        }
        inFlight.add(p);
        ctx.write(head, ctx.voidPromise());
        for (ByteBuf b : body) {
            ctx.write(new DefaultHttpContent(b), ctx.voidPromise());
        }
        done.addListener(f -> {
            if (f.isSuccess()) {
                p.written = true;
            } else {
                closing(ClientException.Reason.CLOSED, "writing " + p.describe() + " failed: " + f.cause());
                if (!(f.cause() instanceof IOException)) {
                    ctx.close();
                }
                // after an I/O error the output is shut; responses already on their way are still read
            }
        });
        ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT, done);
    }

    /** Records why the connection closes, unless a reason was recorded already. Any thread. */
    void closing(ClientException.Reason kind, String reason) {
        synchronized (this) {
            if (closeReason == null) {
                closeKind = kind;
                closeReason = reason;
            }
        }
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse r) {
        try {
            if (r.decoderResult().isFailure()) {
                protocolError(ctx, "malformed response: " + r.decoderResult().cause(), r.decoderResult().cause());
                return;
            }
            int status = r.status().code();
            if (status >= 100 && status < 200 && status != 101) {
                return; // an interim response: the final one follows
            }
            Pending p = inFlight.poll();
            if (p == null) {
                protocolError(ctx, "response (HTTP " + status + ") with no request in flight", null);
                return;
            }
            ByteBuf c = r.content();
            byte[] body = new byte[c.readableBytes()];
            c.getBytes(c.readerIndex(), body);
            Response resp = new Response(status, r.status().reasonPhrase(), r.headers().copy(), body, faults.read(body));
            boolean keepAlive = HttpUtil.isKeepAlive(r);
            if (!keepAlive) {
                closing(ClientException.Reason.CLOSED, "the server answered request #" + p.number + " with Connection: close");
            }
            if (resp.isFault()) {
                p.fail(new ClientException(ClientException.Reason.SOAP_FAULT, where + " " + p.describe() + ": SOAP fault (HTTP "
                        + status + " " + resp.reasonPhrase() + ") code " + resp.faultCode() + ": " + resp.faultString(), resp, null));
            } else if (status < 200 || status >= 300) {
                p.fail(new ClientException(ClientException.Reason.HTTP_STATUS, where + " " + p.describe() + ": HTTP " + status
                        + " " + resp.reasonPhrase() + " (" + body.length + " body bytes, " + resp.contentType() + ")", resp, null));
            } else {
                p.complete(resp);
            }
            if (!keepAlive) {
                ctx.close();
            }
        } finally {
            r.release();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent && !inFlight.isEmpty()) {
            closing(ClientException.Reason.TIMEOUT, "no response bytes received and no request bytes sent for "
                    + timeoutMillis + " ms");
            ctx.close();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Throwable c = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (c instanceof TooLongFrameException) {
            Pending p = inFlight.poll();
            String what = p != null ? p.describe() : "a response with no request in flight";
            ClientException e = new ClientException(ClientException.Reason.TOO_LARGE, where + " " + what
                    + ": response longer than maxResponseBytes (" + c.getMessage() + "); connection closed", null, c);
            closing(ClientException.Reason.CLOSED, "an earlier response on the connection was too large");
            if (p != null) {
                p.fail(e);
            }
            ctx.close();
        } else if (c instanceof IOException) {
            // a failed write shuts the output only (AUTO_CLOSE off): responses the server sent before it closed
            // are still read, and the end of input (or a failed read, which closes the channel) ends the rest
            closing(ClientException.Reason.CLOSED, "connection lost: " + c);
        } else {
            protocolError(ctx, String.valueOf(c), c);
        }
    }

    private void protocolError(ChannelHandlerContext ctx, String what, Throwable cause) {
        Pending p = inFlight.poll();
        closing(ClientException.Reason.CLOSED, "an earlier response on the connection was not valid HTTP");
        if (p != null) {
            p.fail(new ClientException(ClientException.Reason.PROTOCOL, where + " " + p.describe() + ": " + what, null, cause));
        }
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closing(ClientException.Reason.CLOSED, "connection closed by the server");
        String reason = closeReason;
        ClientException.Reason kind = closeKind;
        int n = inFlight.size();
        for (Pending p = inFlight.poll(); p != null; p = inFlight.poll()) {
            p.fail(new ClientException(kind, where + " " + p.describe() + ": " + reason + " (" + n
                    + " request(s) were in flight)"));
        }
        ctx.fireChannelInactive();
    }
}
