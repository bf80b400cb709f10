package dev.dsoap.jaxws;

import dev.dsoap.coalesce.Callers;
import dev.dsoap.coalesce.SharedResponse;
import dev.dsoap.coalesce.Ticket;
import org.apache.cxf.configuration.security.AuthorizationPolicy;
import org.apache.cxf.helpers.CastUtils;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.Interceptor;
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
 * identical one in flight (same bytes, same caller as far as CXF knows when the service would be invoked) and gets
 * its response written once, instead of being invoked and written again.
 *
 * <ul>
 *   <li>{@link #arrived} (from {@link ReadIn}, after the bounded read and the dispatch checks, before the values are
 *   read): when nothing later in the chain can change who the caller is, the request enters here (a joined request
 *   is then never read); otherwise its body is kept in the exchange for {@link Enter}.</li>
 *   <li>{@link Enter} (incoming chain, just before CXF's invoker, after every interceptor that can set a security
 *   context): the caller's identity is taken ({@link Callers}); a joined request's response goes out through the
 *   destination's back channel and its chain stops; a leader's ticket goes into the exchange; anything else goes on
 *   alone.</li>
 *   <li>{@link Capture} (outgoing and fault chains, after CXF's sender opened the stream): when requests wait for the
 *   leader and the answer is dsoap's own (written by dsoap, status 200, no header dsoap did not set, no header on the
 *   servlet response), its bytes are kept while they are written and handed to them when the stream closes. Any
 *   other answer, a fault included, is declined: the waiting requests are each processed on their own.</li>
 *   <li>{@link End} (incoming chain, last): a leader whose exchange produced no response (it broke off) lets its
 *   waiters go on without it.</li>
 * </ul>
 */
final class Coalescing {
    /** Exchange property: the leader's ticket. */
    private static final String TICKET = Coalescing.class.getName() + ".ticket";
    /** Exchange property: the request's body, as dsoap read it, until {@link Enter}. */
    private static final String BODY = Coalescing.class.getName() + ".body";

    private Coalescing() {
    }

    /**
     * Enters a request of an operation with coalescing on, from {@link ReadIn} before the values are read, when nothing
     * between here and the invocation can change who the caller is ({@link #settledAt}); otherwise keeps its body for
     * {@link Enter}, just before the invocation. Returns {@code true} when it was answered with an identical request's
     * response (the chain is aborted: nothing more is to be done).
     */
    static boolean arrived(Message m, Operation op, byte[] raw) {
        Exchange ex = m.getExchange();
        if (ex == null || ex.isOneWay() || ex.getDestination() == null) {
            return false;
        }
        if (!settledAt(m)) {
            ex.put(BODY, raw);
            return false;
        }
        return join(m, ex, op, raw);
    }

    /**
     * Whether the caller is settled when {@code m} is read: every interceptor of its chain is dsoap's or one of CXF's
     * that neither authenticates nor touches a session ({@link Chains#READERS}, {@link Chains#NEUTRAL}), so the
     * principal and session seen now are those the service would see. Any other interceptor (an authentication one
     * setting a security context in {@code PRE_INVOKE}, a trusted one of the application's) may change them: the request
     * then joins only at invocation.
     */
    private static boolean settledAt(Message m) {
        for (Interceptor<? extends Message> i : m.getInterceptorChain()) {
            String n = i.getClass().getName();
            if (!(i instanceof DsoapInterceptor) && !Chains.READERS.contains(n) && !Chains.NEUTRAL.contains(n)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Enters a request into its operation's coalescer: a joined request is answered here and its chain stops
     * ({@code true}); a leader's ticket goes into the exchange; anything else goes on alone.
     */
    private static boolean join(Message m, Exchange ex, Operation op, byte[] raw) {
        String who = identity(m, op.coalescer.settings().ignoredHeaders());
        if (who == null) {
            return false; // an answer of its own (a quality header)
        }
        Ticket<SharedResponse> t;
        try {
            t = op.coalescer.enter(raw, 0, raw.length, who);
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

    /**
     * Enters the requests whose caller was not settled when they were read, just before CXF invokes the service: the
     * principal and session are then what the service would see.
     */
    static final class Enter extends DsoapInterceptor {
        Enter() {
            super(Phase.INVOKE);
            addBefore("org.apache.cxf.interceptor.ServiceInvokerInterceptor");
        }

        @Override
        public void handleMessage(Message m) {
            Exchange ex = m.getExchange();
            byte[] raw = ex == null ? null : (byte[]) ex.remove(BODY);
            EndpointState st = raw == null ? null : state(m);
            if (st == null || ex.getBindingOperationInfo() == null) {
                return;
            }
            Operation op = st.operation(ex.getBindingOperationInfo(), ex.getService());
            if (op.coalescer != null) {
                join(m, ex, op, raw);
            }
        }
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

    /**
     * Who sent {@code m}, as far as CXF knows now ({@link Callers}): the request target, every header, the remote
     * address, the TLS client certificate, the principal and the servlet session; or {@code null} when its answer is
     * never shared.
     */
    static String identity(Message m, java.util.Set<String> ignored) {
        Callers.Identity id = Callers.of(ignored);
        if (m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> headers) {
            id.headers(headers);
        }
        id.header(":content-type", (String) m.get(Message.CONTENT_TYPE));
        Object uri = m.get(Message.REQUEST_URI);
        Object query = m.get(Message.QUERY_STRING);
        id.target(uri + (query == null ? "" : "?" + query));
        AuthorizationPolicy p = m.get(AuthorizationPolicy.class);
        if (p != null && p.getUserName() != null) {
            id.header(":authorization-policy", p.getAuthorizationType() + " " + p.getUserName() + ":" + p.getPassword());
        }
        SecurityContext sc = m.get(SecurityContext.class);
        Principal who = sc == null ? null : sc.getUserPrincipal();
        id.principal(who == null ? null : who.getName());
        TLSSessionInfo tls = m.get(TLSSessionInfo.class);
        Certificate[] certs = tls == null ? null : tls.getPeerCertificates();
        id.certificate(certs == null || certs.length == 0 ? null : certs[0]);
        Object request = Sender.SERVLET ? m.get(Sender.HTTP_REQUEST) : null;
        if (request != null) {
            Servlets.describe(request, id);
        }
        return id.key();
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
            Exchange ex = m.getExchange();
            if (m == ex.getOutFaultMessage() || Sender.SERVLET && Servlets.headersSet(m.get(Servlets.HTTP_RESPONSE))) {
                                t.decline(); // a fault, or headers set on the servlet response: not dsoap's own answer
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

    /**
     * Whether the answer in {@code m} is dsoap's own: dsoap wrote its body, with no SOAP header blocks, its status is
     * dsoap's (200) and it carries no header that dsoap did not set. Anything else (the application's {@code Set-Cookie}
     * or any header set through the JAX-WS context, another status) may be its caller's alone.
     */
    private static boolean ownAnswer(Message m) {
        if (!Boolean.TRUE.equals(m.get(WriteOut.WROTE)) || Boolean.TRUE.equals(m.get(SendOut.HEADER_BLOCKS))) {
            return false; // header blocks (WS-Addressing's) may be this caller's alone
        }
        if (m.get(Message.RESPONSE_CODE) instanceof Integer code && code != 200) {
            return false;
        }
        Map<?, ?> own = m.get(Binary.OWN_HEADERS) instanceof Map<?, ?> o ? o : Map.of();
        if (m.get(Message.PROTOCOL_HEADERS) instanceof Map<?, ?> given) {
            for (Map.Entry<?, ?> e : given.entrySet()) {
                if (!(e.getKey() instanceof String k)) {
                    return false;
                }
                if (!k.equalsIgnoreCase("Content-Type") && !java.util.Objects.equals(own.get(k), e.getValue())) {
                    return false; // a header the application or another interceptor set
                }
            }
        }
        return true;
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
            SharedResponse r = ownAnswer(m) ? response() : null;
            if (r == null) {
                ticket.decline();
            } else {
                ticket.complete(r);
            }
        }

        private SharedResponse response() {
            int status = m.get(Message.RESPONSE_CODE) instanceof Integer code ? code : 200;
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
