package dev.dsoap.jaxws;

import dev.dsoap.coalesce.Callers;
import dev.dsoap.coalesce.SharedResponse;
import dev.dsoap.coalesce.Ticket;
import org.apache.cxf.configuration.security.AuthorizationPolicy;
import org.apache.cxf.helpers.CastUtils;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.security.SecurityContext;
import org.apache.cxf.security.transport.TLSSessionInfo;
import org.apache.cxf.transport.Conduit;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.security.Principal;
import java.security.cert.Certificate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Coalescing on CXF endpoints ({@code dsoap.coalesce}): a request of a declared operation that dsoap carries joins an
 * identical one in flight (same bytes, same caller as far as CXF knows, same response-shaping headers) and gets its
 * response written once, instead of being read, invoked and written again.
 *
 * <ul>
 *   <li>{@link #enter} (from {@link ReadIn}, after the bounded read and the dispatch checks, before the values are
 *   read): a joined request's response goes out through the destination's back channel and its chain stops; a leader's
 *   ticket goes into the exchange; anything else goes on alone.</li>
 *   <li>{@link Capture} (outgoing and fault chains, after CXF's sender opened the stream): when requests wait for the
 *   leader, its response's bytes are kept while they are written, and handed to them when the stream closes; the
 *   fault chain does the same for a fault, so waiters get the same fault.</li>
 *   <li>{@link End} (incoming chain, last): a leader whose exchange produced no response (it broke off) lets its
 *   waiters go on alone.</li>
 * </ul>
 */
final class Coalescing {
    /** Exchange property: the leader's ticket. */
    private static final String TICKET = Coalescing.class.getName() + ".ticket";

    private Coalescing() {
    }

    /**
     * Enters a request of an operation with coalescing on. Returns {@code true} when it was answered with an identical
     * request's response (the chain is aborted: nothing more is to be done).
     */
    static boolean enter(Message m, Operation op, byte[] raw, int len) {
        Exchange ex = m.getExchange();
        if (ex == null || ex.isOneWay() || ex.getDestination() == null) {
            return false;
        }
        String who = identity(m);
        if (who == null) {
            return false; // an answer of its own (Callers.identity)
        }
        Ticket<SharedResponse> t;
        try {
            t = op.coalescer.enter(raw, 0, len, who);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Fault(e);
        }
        if (t.leads()) {
            ex.put(TICKET, t);
            return false;
        }
        if (!t.joined()) {
            return false;
        }
        SharedResponse r;
        try {
            r = t.response();
        } catch (Exception e) {
            return false; // a leader's capture failed: answer this one on its own
        }
        if (r == null) {
            return false;
        }
        respond(m, ex, r);
        m.getInterceptorChain().abort();
        return true;
    }

    /** Writes {@code r} as this exchange's response, through the destination's back channel. */
    private static void respond(Message m, Exchange ex, SharedResponse r) {
        Message out = new MessageImpl();
        out.setExchange(ex);
        ex.setOutMessage(out);
        out.put(Message.RESPONSE_CODE, r.status());
        if (r.contentType() != null) {
            out.put(Message.CONTENT_TYPE, r.contentType());
        }
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.putAll(r.headers());
        out.put(Message.PROTOCOL_HEADERS, headers);
        try {
            Conduit back = ex.getDestination().getBackChannel(m);
            back.prepare(out);
            try (OutputStream os = out.getContent(OutputStream.class)) {
                os.write(r.body());
            }
            back.close(out);
        } catch (IOException e) {
            throw new Fault(e);
        }
    }

    /** Who sent {@code m}, as far as CXF knows ({@link Callers#identity}), or {@code null}: never shared. */
    private static String identity(Message m) {
        String authorization = Binary.header(m, "Authorization");
        AuthorizationPolicy p = m.get(AuthorizationPolicy.class);
        if (authorization == null && p != null && p.getUserName() != null) {
            authorization = p.getAuthorizationType() + " " + p.getUserName() + ":" + p.getPassword();
        }
        String principal = null;
        SecurityContext sc = m.get(SecurityContext.class);
        if (sc != null) {
            Principal who = sc.getUserPrincipal();
            principal = who == null ? null : who.getName();
        }
        TLSSessionInfo tls = m.get(TLSSessionInfo.class);
        Certificate[] certs = tls == null ? null : tls.getPeerCertificates();
        return Callers.identity(authorization, principal, certs == null || certs.length == 0 ? null : certs[0],
                name -> name.equals("Content-Type") ? (String) m.get(Message.CONTENT_TYPE) : Binary.header(m, name));
    }

    /** The leader's ticket of {@code m}'s exchange, or {@code null}. */
    @SuppressWarnings("unchecked")
    private static Ticket<SharedResponse> ticket(Message m) {
        Exchange ex = m.getExchange();
        return ex == null ? null : (Ticket<SharedResponse>) ex.get(TICKET);
    }

    /**
     * Keeps a leader's response bytes while they are written, when requests wait for it; hands them over when the
     * stream closes. On the outgoing and the fault chain, after {@code MessageSenderInterceptor} opened the stream.
     */
    static final class Capture extends DsoapInterceptor {
        Capture() {
            super(Phase.PREPARE_SEND);
            addAfter("org.apache.cxf.interceptor.MessageSenderInterceptor");
        }

        @Override
        public void handleMessage(Message m) {
            Ticket<SharedResponse> t = ticket(m);
            if (t == null) {
                return;
            }
            if (t.sealed() == 0) {
                t.complete(null); // no one waits, and no one can join any more
                return;
            }
            OutputStream os = m.getContent(OutputStream.class);
            if (os == null) {
                t.cancel();
                return;
            }
            m.setContent(OutputStream.class, new Tee(os, m, t));
        }

        @Override
        public void handleFault(Message m) {
            Ticket<SharedResponse> t = ticket(m);
            if (t != null) {
                t.cancel();
            }
        }
    }

    /** Lets the waiters of a leader that wrote no response go on alone. Last on the incoming chain. */
    static final class End extends DsoapInterceptor {
        End() {
            super(Phase.POST_INVOKE);
            addAfter("org.apache.cxf.interceptor.OutgoingChainInterceptor");
        }

        @Override
        public void handleMessage(Message m) {
            Ticket<SharedResponse> t = ticket(m);
            if (t != null) {
                t.cancel(); // ignored when the response completed it
            }
        }
    }

    /** Copies what is written to the leader's client; on close, hands the copy to the waiters. */
    private static final class Tee extends FilterOutputStream {
        private final Message m;
        private final Ticket<SharedResponse> ticket;
        private final ByteArrayOutputStream copy = new ByteArrayOutputStream(8192);
        private boolean closed;

        Tee(OutputStream out, Message m, Ticket<SharedResponse> ticket) {
            super(out);
            this.m = m;
            this.ticket = ticket;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            copy.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            copy.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            try {
                super.close();
            } catch (IOException | RuntimeException e) {
                ticket.cancel();
                throw e;
            }
            ticket.complete(response());
        }

        private SharedResponse response() {
            Exchange ex = m.getExchange();
            boolean fault = ex != null && m == ex.getOutFaultMessage();
            int status = m.get(Message.RESPONSE_CODE) instanceof Integer code ? code : fault ? 500 : 200;
            String type = (String) m.get(Message.CONTENT_TYPE);
            String encoding = (String) m.get(Message.ENCODING);
            if (type != null && encoding != null && !type.contains("charset=")) {
                type = type + "; charset=" + encoding; // as CXF's HTTP destination writes it
            }
            Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            if (m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> given) {
                for (Map.Entry<?, ?> e : given.entrySet()) {
                    if (e.getKey() instanceof String k && e.getValue() instanceof List<?> v
                            && !k.equalsIgnoreCase("Content-Type") && !k.equalsIgnoreCase("Content-Length")) {
                        headers.put(k, CastUtils.cast(v));
                    }
                }
            }
            return new SharedResponse(copy.toByteArray(), status, type, headers);
        }
    }
}
