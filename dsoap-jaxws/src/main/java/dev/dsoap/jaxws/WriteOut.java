package dev.dsoap.jaxws;

import dev.dsoap.host.Fallback;
import dev.dsoap.host.Reply;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.BindingOperationInfo;

import java.io.OutputStream;
import java.util.Collection;

/**
 * Decides whether dsoap writes an outgoing message (a server's response, a client's request) with differential
 * serialization, once CXF has opened the transport's output stream: if so, takes CXF's StAX writer out of this
 * message's chain and hands the message to {@link SendOut}, which writes it with the header blocks the chain adds
 * meanwhile and removes CXF's SOAP and JAXB writers. A message dsoap does not carry (attachments, interceptors that
 * must see it, values the plan cannot carry) is left to those writers, counted with the reason.
 */
final class WriteOut extends DsoapInterceptor {
    /** Message property: {@code TRUE} once dsoap wrote the message's body (by {@link SendOut}). */
    static final String WROTE = WriteOut.class.getName() + ".wrote";

    /** {@link Chains#STREAM_WRITERS} and CXF's SOAP handler interceptor. */
    private static final java.util.Set<String> WRITERS_AND_HANDLERS = java.util.stream.Stream.concat(
            Chains.STREAM_WRITERS.stream(), java.util.stream.Stream.of(Handlers.SOAP_INTERCEPTOR))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    WriteOut() {
        super(Phase.PRE_STREAM);
        addBefore("org.apache.cxf.interceptor.AttachmentOutInterceptor");
        addBefore("org.apache.cxf.interceptor.StaxOutInterceptor");
        // through the stream logging puts in place (gzip's is in place already: PREPARE_SEND comes earlier)
        addAfter("org.apache.cxf.ext.logging.LoggingOutInterceptor");
    }

    @Override
    public void handleMessage(Message m) {
        Object[] captured = (Object[]) m.remove(CaptureOut.KEY);
        EndpointState st = state(m);
        if (st != null && st.client) {
            st.nameClient(m);
        }
        Exchange ex = m.getExchange();
        BindingOperationInfo bop = ex.getBindingOperationInfo();
        if (captured == null || st == null || bop == null || m.getContent(Exception.class) != null) {
            return;
        }
        Operation op = st.operation(bop, ex.getService());
        if (st.client && op.binary && Chains.foreignOut(m, st.trusted) == null && Chains.foreignResponseIn(ex, st.trusted) == null
                && Chains.showsText(m) == null && Chains.headerHandler(m.getInterceptorChain()) == null) {
            String accept = op.peer.accept(Binary.xmlType(st.version), Binary.id(op.carrier.binaryIn()));
            if (accept != null) {
                Binary.setHeader(m, "Accept", accept);
            }
        }
        Fallback reason = null;
        String why = null;
        Collection<?> attachments = m.getAttachments();
        if (MessageUtils.getContextualBoolean(m, Message.MTOM_ENABLED, false)
                || attachments != null && !attachments.isEmpty()) {
            reason = Fallback.ATTACHMENTS;
        } else if ((why = Chains.foreignOut(m, st.trusted)) != null) {
            reason = Fallback.INTERCEPTORS;
        } else if (Chains.policyInEffect(m)) {
            reason = Fallback.INTERCEPTORS;
            why = "WS-Policy in effect";
        }
        if (reason == null && m.getContent(OutputStream.class) == null) {
            reason = Fallback.NOT_CAPTURED;
            why = "no output stream";
        }
        int[] index = op.writeIndex;
        Object[] parts = new Object[index.length];
        for (int i = 0; i < index.length; i++) {
            parts[i] = index[i] < captured.length ? captured[index[i]] : null;
        }
        parts = st.client ? Quality.call(m, op.qualityClient, parts, index) : Quality.answer(m, op.qualityServer, parts, index);
        if (reason == null && (why = op.marshal(parts)) != null) {
            reason = Fallback.UNSUPPORTED_VALUE;
        }
        if (reason != null || !op.carrier.writes()) {
            op.carrier.write(parts, reason, why); // counts the fallback; CXF's writers write the message
            return;
        }
        // written once the header list is complete (interceptors of later phases add header blocks)
        // the JAX-WS handlers run on dsoap's message (Handlers), in place of CXF's SOAP handler interceptor (which, should
        // dsoap not write the message after all, runs with CXF's writers)
        jakarta.xml.ws.Binding handlers = Handlers.inChain(m) ? Handlers.carried(m) : null;
        m.put(SendOut.KEY, new SendOut.Pending(op, st, parts, Chains.remove(m, handlers == null ? Chains.STREAM_WRITERS
                : WRITERS_AND_HANDLERS), handlers));
        m.getInterceptorChain().add(SendOut.INSTANCE);
    }

    /**
     * The message in binary, or {@code null} for XML: a client's request once the endpoint has said it reads this
     * format (performance mode), a server's answer to a request that asked for it.
     */
    static Reply binary(Message m, Exchange ex, Operation op, EndpointState st, Object[] parts) {
        if (!op.binary || Chains.headerHandler(m.getInterceptorChain()) != null) {
            return null;
        }
        if (st.client) {
            if (!op.peer.sendsBinary()) {
                return null;
            }
            Reply r = op.carrier.writeBinary(parts, op.peer.describeRequests());
            if (r != null) {
                ex.put(Binary.SENT, Boolean.TRUE);
            }
            return r;
        }
        Object answer = ex.get(Binary.ANSWER);
        if (answer == null) {
            return null;
        }
        Reply r = op.carrier.writeBinary(parts, Boolean.TRUE.equals(answer));
        String reads = op.carrier.binaryInIds();
        if (r != null && reads != null) {
            Binary.setOwnHeader(m, Binary.REQUEST_FORMAT, reads);
        }
        return r;
    }

    /**
     * A binary request the endpoint refused with HTTP 415 (CXF's conduit turns the answer into an exception): the
     * client goes back to XML for a while. The call itself fails with CXF's exception; the next one is XML. A message
     * dsoap had not written yet when the chain failed is left to CXF's fault handling.
     */
    @Override
    public void handleFault(Message m) {
        m.remove(SendOut.KEY);
        Exchange ex = m.getExchange();
        EndpointState st = state(m);
        if (ex == null || st == null || !st.client || !Boolean.TRUE.equals(ex.get(Binary.SENT)) || ex.getBindingOperationInfo() == null) {
            return;
        }
        Exception e = m.getContent(Exception.class);
        if (!refusedMediaType(e)) {
            return;
        }
        Operation op = st.operation(ex.getBindingOperationInfo(), ex.getService());
        op.peer.refused();
        op.stats.binaryRefused(dev.dsoap.host.BinaryRefusal.ENDPOINT_REFUSED, "HTTP 415");
    }

    /** Whether {@code e} (or a cause) is the conduit's error for an HTTP 415 answer. */
    private static boolean refusedMediaType(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            // CXF's HTTPException (its HTTP transport, not a dependency here): "HTTP response '415: ..."
            if (t.getClass().getName().equals("org.apache.cxf.transport.http.HTTPException")
                    && String.valueOf(t.getMessage()).contains("'415:")) {
                return true;
            }
        }
        return false;
    }
}
