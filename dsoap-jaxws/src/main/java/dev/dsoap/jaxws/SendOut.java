package dev.dsoap.jaxws;

import dev.dsoap.host.Fallback;
import dev.dsoap.host.Reply;
import dev.dsoap.negotiation.BinaryMediaType;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.Phase;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Writes an outgoing message {@link WriteOut} took on, where CXF's SOAP writer would start it: after the chain's
 * interceptors (WS-Addressing's among them) have put their header blocks in the message's header list. dsoap's
 * message goes out with those blocks in a Header before its body; CXF's SOAP and data binding writers are then
 * removed from the chain. A message whose blocks cannot be written, or that dsoap cannot write after all, goes to
 * CXF's writers, counted with the reason, before anything is written. Added to a message's chain by {@link WriteOut};
 * stateless, thread-safe.
 */
final class SendOut extends DsoapInterceptor {
    /** Message property: the {@link Pending} message, from {@link WriteOut} to here. */
    static final String KEY = SendOut.class.getName();
    /** Message property: the {@link Reply} a server wrote, kept for a fault after the write. */
    private static final String SENT = SendOut.class.getName() + ".sent";
    /** Message property: {@code TRUE} when the message went out with header blocks the chain added. */
    static final String HEADER_BLOCKS = SendOut.class.getName() + ".headerBlocks";
    /** The one instance, added to the chains of the messages dsoap writes. */
    static final SendOut INSTANCE = new SendOut();

    /**
     * A message dsoap means to write: its operation, values, the stream writers taken out of its chain, and the binding
     * whose JAX-WS handlers dsoap runs on it (or {@code null}).
     */
    record Pending(Operation op, EndpointState st, Object[] parts, List<Interceptor<? extends Message>> streamWriters,
                   jakarta.xml.ws.Binding handlers) {
    }

    private SendOut() {
        super(Phase.WRITE);
        addBefore("org.apache.cxf.binding.soap.interceptor.SoapOutInterceptor");
    }

    @Override
    public void handleMessage(Message m) {
        if (!(m.remove(KEY) instanceof Pending p)) {
            return;
        }
        Operation op = p.op();
        EndpointState st = p.st();
        Exchange ex = m.getExchange();
        Fallback reason = null;
        String why = null;
        byte[] blocks = null;
        OutputStream os = m.getContent(OutputStream.class);
        if (os == null) {
            reason = Fallback.NOT_CAPTURED;
            why = "no output stream";
        } else if (!(m instanceof SoapMessage sm)) {
            reason = Fallback.HEADERS;
            why = "not a SOAP message";
        } else {
            try {
                blocks = OutHeaders.write(sm);
            } catch (OutHeaders.Unwritable e) {
                reason = Fallback.HEADERS;
                why = e.getMessage();
            }
        }
        Reply binary = reason == null && blocks == null && p.handlers() == null ? WriteOut.binary(m, ex, op, st, p.parts())
                : null;
        try (Reply reply = binary != null ? binary : op.carrier.write(p.parts(), reason, why)) {
            if (reply == null) {
                cxfWrites(m, p.streamWriters());
                return;
            }
            if (!st.client && op.binary && op.carrier.offersBinary()) {
                Binary.setOwnHeader(m, "Vary", "Accept"); // the answer's form (XML or binary) depended on Accept
            }
            if (reply.binary()) {
                m.put(Message.CONTENT_TYPE, BinaryMediaType.NAME);
            } else {
                m.put(Message.ENCODING, "UTF-8");
            }
            if (p.handlers() != null) {
                Handlers.Out out;
                String what = st.client ? "request" : "answer";
                try {
                    out = Handlers.outbound((SoapMessage) m, p.handlers(), reply, blocks);
                } catch (RuntimeException e) {
                    // a handler threw: CXF's fault chain takes over (as without dsoap)
                    reply.replaced("a JAX-WS handler threw on the " + what + ": " + e);
                    throw e;
                }
                if (out.ended()) {
                    // a client's handler ended the request: nothing is sent, its message is the answer (as on CXF)
                    reply.replaced(Fallback.HANDLER_BODY, "a JAX-WS handler ended the request");
                    return;
                }
                if (out.message() != null) {
                    // a handler touched the body, or put its own message in the message's place: that message goes out
                    reply.replaced(Fallback.HANDLER_BODY, "a JAX-WS handler asked for the " + what + "'s body or replaced it");
                    out.message().writeTo(os);
                    m.put(WriteOut.WROTE, Boolean.TRUE);
                    Chains.remove(m, Chains.WRITERS);
                    Chains.remove(m, java.util.Set.of(Handlers.LOGICAL_OUT));
                    return;
                }
                blocks = out.blocks();
                Chains.remove(m, java.util.Set.of(Handlers.LOGICAL_OUT)); // they ran
            }
            if (!st.client) {
                Length.declare(m, os, reply.length(blocks));
            }
            reply.writeTo(os, blocks);
            m.put(WriteOut.WROTE, Boolean.TRUE);
            if (blocks != null) {
                m.put(HEADER_BLOCKS, Boolean.TRUE);
            }
            if (!st.client) {
                m.put(SENT, reply);
            }
        } catch (IOException | jakarta.xml.soap.SOAPException e) {
            throw new Fault(e);
        }
        Chains.remove(m, Chains.WRITERS);
    }

    /**
     * An answer's {@code Content-Length}, declared on the servlet response before its first byte, where its bytes go to
     * the transport as dsoap writes them: the stream is CXF's own (no interceptor wraps it to compress, log or count),
     * and the answer is longer than the response's buffer. The answer then goes out as one body of known length, as a
     * plain servlet's answer of bytes at hand does, rather than as an HTTP chunk for each write. Elsewhere (a wrapped
     * stream, no servlet, headers already sent, an answer the buffer holds) CXF's own framing stays.
     */
    private static final class Length {
        /** The class of the stream CXF's HTTP destinations give a server's answer. */
        private static final String TRANSPORT = "org.apache.cxf.transport.http.AbstractHTTPDestination$WrappedOutputStream";

        static void declare(Message m, OutputStream os, long length) {
            if (!Sender.SERVLET || !os.getClass().getName().equals(TRANSPORT)) {
                return;
            }
            Object response = m.get(Servlets.HTTP_RESPONSE);
            if (response == null && m.getExchange() != null && m.getExchange().getInMessage() != null) {
                response = m.getExchange().getInMessage().get(Servlets.HTTP_RESPONSE);
            }
            Servlets.contentLength(response, length);
        }
    }

    /**
     * A fault later in a server's chain: CXF answers with the fault instead, so the answer dsoap wrote is not counted
     * as written. A transport failure (the connection closed while the answer was going out) is not that: nothing
     * else is sent in its place, and the answer stays counted. (A client's request that then fails, as on an HTTP
     * error, was sent all the same.)
     */
    @Override
    public void handleFault(Message m) {
        if (m.remove(SENT) instanceof Reply r) {
            Exception e = m.getContent(Exception.class);
            if (!transport(e)) {
                r.replaced("a fault after dsoap wrote the message: " + e);
            }
        }
    }

    /** Whether {@code e} comes from the transport: an I/O error on the way out. */
    private static boolean transport(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    /** Runs the stream writers {@link WriteOut} took out, so that CXF's writers still in the chain write the message. */
    @SuppressWarnings("unchecked")
    private static void cxfWrites(Message m, List<Interceptor<? extends Message>> streamWriters) {
        for (Interceptor<? extends Message> i : streamWriters) {
            ((Interceptor<Message>) i).handleMessage(m);
        }
    }
}
