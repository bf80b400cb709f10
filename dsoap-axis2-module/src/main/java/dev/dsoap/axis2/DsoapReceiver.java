package dev.dsoap.axis2;

import dev.dsoap.coalesce.SharedResponse;
import dev.dsoap.coalesce.Ticket;
import dev.dsoap.host.MessageBytes;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.Reply;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.soap.SOAPHeader;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.engine.AxisEngine;
import org.apache.axis2.engine.MessageReceiver;
import org.apache.axis2.receivers.AbstractMessageReceiver;
import org.apache.axis2.util.MessageContextBuilder;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Stands in for an engaged operation's receiver: a POJO one ({@code RPCMessageReceiver} or
 * {@code RPCInOnlyMessageReceiver}) or one wsdl2java generated for ADB. A message dsoap carries is handled here with the same message-context
 * life cycle as the original's (thread context, service object scope, async reply-to handling, fault
 * rules, all inherited from {@link AbstractMessageReceiver}); any other message is handed to the original
 * receiver untouched, and the reason counted.
 *
 * <p>Thread-safe.
 */
final class DsoapReceiver extends AbstractMessageReceiver {
    /** WS-Addressing 1.0's namespace. */
    private static final String WSA = "http://www.w3.org/2005/08/addressing";
    /** The WS-Addressing member submission's namespace. */
    private static final String WSA_SUBMISSION = "http://schemas.xmlsoap.org/ws/2004/08/addressing";
    private final MessageReceiver original;
    private final CarriedOperation op;
    private final AxisModule module;
    private final boolean inOut;
    private final String styleProblem;

    DsoapReceiver(MessageReceiver original, CarriedOperation op, AxisModule module) {
        this.original = original;
        this.op = op;
        this.module = module;
        this.inOut = op.inOut;
        this.styleProblem = op.styleProblem();
    }

    /** Whether dsoap is still engaged on the operation. */
    boolean engaged() {
        return op.operation.isEngaged(module);
    }

    /** The operation this receiver carries. */
    CarriedOperation operation() {
        return op;
    }

    @Override
    public void receive(MessageContext mc) throws AxisFault {
        mc.setProperty(CarriedOperation.ARRIVED, System.nanoTime());
        if (!op.operation.isEngaged(module)) {
            original.receive(mc); // disengaged since
            return;
        }
        Fallback why = whyNot(mc);
        if (why != null && CarriedOperation.binary(mc)) {
            // a binary request has no XML for Axis2's path: the client sends it again as XML
            op.stats.binaryRefused(dev.dsoap.host.BinaryRefusal.NOT_OFFERED, why.description());
            op.stats.rejected();
            mc.setProperty(org.apache.axis2.Constants.HTTP_RESPONSE_STATE, "415");
            throw BinaryBuilder.sender(mc, "dsoap: binary request refused: " + why.description());
        }
        if (why != null) {
            String problem = styleProblem != null ? styleProblem : op.classProblem();
            String detail = why == Fallback.UNSUPPORTED_TYPE ? (problem != null ? problem
                            : "dsoap neither reads nor writes the operation's types (Axis2 reads the request from its stream)")
                    : why == Fallback.REQUEST_SHAPE ? "first part element is none of the operation's forms' (the last such"
                            + " requests failed the shape; Axis2 reads it from its stream; one is tried again later)" : null;
            // dsoap's limits hold on Axis2's path too (an in-only request beyond them is counted as refused and still
            // goes to Axis2's receiver, which answers it as plain Axis2 does)
            try {
                op.bypass(mc, why, detail, mc.getProperty(Capture.RAW) instanceof MessageBytes raw ? raw : null);
            } catch (AxisFault refused) {
                if (inOut) {
                    throw refused;
                }
            }
            original.receive(mc);
            return;
        }
        super.receive(mc);
    }

    /**
     * Why every message of this operation is Axis2's both ways, known before one is read (its style or class, both
     * directions switched off, or a carrier that neither reads nor writes: {@link CarriedOperation#hostsAll}), or
     * {@code null}.
     */
    Fallback always(boolean soap11) {
        Fallback f = fixed();
        return f != null ? f : op.hostsAll(soap11);
    }

    /** Why every message goes Axis2's way, from the operation's style, class and settings alone, or {@code null}. */
    private Fallback fixed() {
        if (styleProblem != null || op.classProblem() != null) {
            return Fallback.UNSUPPORTED_TYPE;
        }
        if (!op.settings.serialize() && !op.settings.deserialize()) {
            return Fallback.DISABLED;
        }
        return null;
    }

    private Fallback whyNot(MessageContext mc) throws AxisFault {
        Fallback fixed = fixed();
        if (fixed != null) {
            return fixed;
        }
        if (mc.isDoingREST()) {
            return Fallback.REST;
        }
        Object skipped = mc.getProperty(Capture.SKIPPED);
        if (skipped instanceof Fallback f) {
            return f;
        }
        if (mc.isDoingMTOM() || mc.isDoingSwA()) {
            return Fallback.ATTACHMENTS;
        }
        if (!(mc.getProperty(Capture.RAW) instanceof MessageBytes)) {
            return Fallback.NOT_CAPTURED;
        }
        SOAPHeader header = mc.getEnvelope().getHeader();
        if (header != null && !addressingOnly(header)) {
            return Fallback.HEADERS;
        }
        return null;
    }

    /**
     * Whether every header block is WS-Addressing's (zeep and other WSDL-driven clients send them when Axis2's
     * WSDL says the binding uses addressing): Axis2's addressing handlers, when engaged, have read them, and
     * they leave the body as it arrived, so dsoap reads the body. Any other block (WS-Security, which may
     * decrypt the body in Axis2's tree, or one dsoap does not know) keeps the message on Axis2's path.
     */
    private static boolean addressingOnly(SOAPHeader header) {
        for (java.util.Iterator<OMElement> it = header.getChildElements(); it.hasNext(); ) {
            OMElement block = it.next();
            String ns = block.getNamespace() == null ? "" : block.getNamespace().getNamespaceURI();
            if (!ns.equals(WSA) && !ns.equals(WSA_SUBMISSION)) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected void invokeBusinessLogic(MessageContext in) throws AxisFault {
        Object impl = getTheImplementationObject(in);
        CarriedOperation.Sides sides = op.sides(impl.getClass(), in.isSOAP11());
        MessageBytes raw = (MessageBytes) in.getProperty(Capture.RAW);
        in.removeProperty(Capture.RAW); // the bytes are not needed past this point
        if (!inOut) {
            Object[] args;
            try {
                args = op.arguments(in, sides, raw);
            } catch (AxisFault | RuntimeException refused) {
                if (CarriedOperation.binary(in)) {
                    throw refused; // no XML for Axis2's path: the client sends it again as XML
                }
                // dsoap refused the request (counted) or Axis2's reading of it failed: Axis2's own receiver answers
                // it as plain Axis2 does (202, the failure logged), or invokes the service with what Axis2 reads
                // where dsoap's parser saw more than Axis2 looks at (past the Body, beyond dsoap's own limits)
                original.receive(in);
                return;
            }
            invoke(in, sides.method, impl, args);
            return;
        }
        Ticket<SharedResponse> ticket = null;
        // (a request whose end was guessed is shared only when its bytes hold it whole)
        String who = op.coalescer == null || !raw.wholeDocument() ? null
                : CarriedOperation.identity(in, op.coalescer.settings().ignoredHeaders());
        if (who != null) {
            try {
                ticket = op.coalescer.enter(raw.bytes(), 0, raw.length(), who);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw AxisFault.makeFault(e);
            }
            if (ticket.joined()) {
                SharedResponse shared = shared(ticket);
                if (shared != null) {
                    respondShared(in, sides, shared);
                    return;
                }
            }
        }
        try {
            respond(in, sides, impl, raw, ticket != null && ticket.leads() ? ticket : null);
        } finally {
            if (ticket != null) {
                ticket.cancel(); // ignored once finished; lets the waiters go on alone when nothing was shared
            }
        }
    }

    /** An identical request's response, or {@code null} when it had none to share. */
    private static SharedResponse shared(Ticket<SharedResponse> ticket) {
        try {
            return ticket.response();
        } catch (Exception e) {
            return null;
        }
    }

    /** Sends an identical request's response as this request's: the same bytes, through Axis2's out flow. */
    private void respondShared(MessageContext in, CarriedOperation.Sides s, SharedResponse shared) throws AxisFault {
        MessageContext out = MessageContextBuilder.createOutMessageContext(in);
        out.getOperationContext().addMessageContext(out);
        org.apache.axiom.soap.SOAPFactory fac = RpcFaults.soapFactory(in);
        org.apache.axiom.soap.SOAPEnvelope env = fac.getDefaultEnvelope();
        env.getBody().addChild(fac.createOMElement(new ReplySource(shared), s.responseName));
        out.setEnvelope(env);
        out.setProperty(ReplySource.SHARED, shared);
        if (s.carrier.offersBinary()) {
            CarriedOperation.addHeader(out, "Vary", "Accept"); // as on the answer it shares
        }
        replicateState(in);
        AxisEngine.send(out);
    }

    /** Reads, invokes and answers {@code in}; as the leader of identical requests, hands them its answer. */
    private void respond(MessageContext in, CarriedOperation.Sides sides, Object impl, MessageBytes raw,
                         Ticket<SharedResponse> leader) throws AxisFault {
        long arrived = in.getProperty(CarriedOperation.ARRIVED) instanceof Long t ? t : System.nanoTime();
        dev.dsoap.quality.QualityWire.Fields quality = op.qualityFields(in);
        MessageContext out = MessageContextBuilder.createOutMessageContext(in);
        out.getOperationContext().addMessageContext(out);
        Object result = invoke(in, sides.method, impl, op.arguments(in, sides, raw), leader);
        dev.dsoap.quality.QualityServer.Exchange variant = op.quality.files() == null ? null
                : op.quality(in, sides, quality, arrived);
        if (variant != null) {
            result = variant.parts(new Object[] {result})[0];
        }
        Reply reply = op.respond(in, out, sides, result);
        if (variant != null && quality != null) {
            CarriedOperation.addHeader(out, dev.dsoap.quality.QualityWire.ANSWER, variant.answer());
        }
        boolean waited = leader != null && leader.sealed() > 0;
        if (leader != null && !waited) {
            leader.complete(null); // no one waits, and no one can join any more
        } else if (waited && !CarriedOperation.ownAnswer(in, out)) {
            leader.decline(); // the service set headers or a status: the waiting requests are processed on their own
            waited = false;
        }
        try {
            replicateState(in);
            AxisEngine.send(out);
            if (waited) {
                // the answer is shared when the formatter wrote the reply's XML bytes as they are, and nothing set
                // headers or a status on the way out
                if (reply != null && !reply.binary() && out.getProperty(TemplateFormatter.WROTE) == reply
                        && CarriedOperation.ownAnswer(in, out)) {
                    leader.complete(new SharedResponse(reply.toByteArray(), 200, null, java.util.Map.of()));
                } else {
                    leader.decline();
                }
            }
        } finally {
            if (reply != null) {
                reply.close();
            }
        }
    }

    private Object invoke(MessageContext in, Method method, Object impl, Object[] args) throws AxisFault {
        return invoke(in, method, impl, args, null);
    }

    /**
     * Invokes the service; when it fails, the leader's waiters are each processed on their own: a fault is not dsoap's
     * answer to share ({@code leader} may be null).
     */
    private Object invoke(MessageContext in, Method method, Object impl, Object[] args, Ticket<SharedResponse> leader)
            throws AxisFault {
        try {
            return method.invoke(impl, args);
        } catch (InvocationTargetException e) {
            if (leader != null) {
                leader.decline();
            }
            if (inOut) {
                op.stats.writeFallback(Fallback.FAULT, e.getCause() == null ? null : e.getCause().getClass().getName());
            }
            throw op.fault(in, method, e);
        } catch (IllegalAccessException | RuntimeException e) {
            throw AxisFault.makeFault(e);
        }
    }
}
