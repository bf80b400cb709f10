package dev.dsoap.jaxws.metro;

import com.oracle.webservices.api.databinding.JavaCallInfo;
import com.sun.xml.ws.api.databinding.Databinding;
import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.pipe.NextAction;
import com.sun.xml.ws.api.pipe.Tube;
import com.sun.xml.ws.api.pipe.TubeCloner;
import com.sun.xml.ws.api.pipe.helper.AbstractFilterTubeImpl;
import com.sun.xml.ws.model.AbstractSEIModelImpl;
import com.sun.xml.ws.server.InvokerTube;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.Reply;

import java.lang.reflect.InvocationTargetException;

/**
 * In front of Metro's invoker: a request dsoap read ({@link CarriedRequest}) calls the service through Metro's
 * {@code Invoker} (instance resolution and {@code WebServiceContext} as Metro does them) with the values read, and its
 * answer is written by dsoap ({@link CarriedReply}); an exception of the service, and an answer dsoap cannot write,
 * are turned into Metro's own response by Metro's databinding. Every other request goes on to Metro's invoker.
 * Metro copies tubes per thread ({@link #copy}).
 */
final class InvokeTube extends AbstractFilterTubeImpl {
    private final MetroEndpoint endpoint;

    InvokeTube(Tube invoker, MetroEndpoint endpoint) {
        super(invoker);
        this.endpoint = endpoint;
    }

    private InvokeTube(InvokeTube that, TubeCloner cloner) {
        super(that, cloner);
        this.endpoint = that.endpoint;
    }

    @Override
    public InvokeTube copy(TubeCloner cloner) {
        return new InvokeTube(this, cloner);
    }

    /** Metro disposes the endpoint's tubes when it stops: dsoap's beans and budget go with it. */
    @Override
    public void preDestroy() {
        endpoint.close();
        super.preDestroy();
    }

    @Override
    public NextAction processRequest(Packet request) {
        Object read = request.invocationProperties.get(CarriedRequest.KEY);
        if (!(read instanceof CarriedRequest carried)) {
            return metroRead(request, null);
        }
        if (request.getInternalMessage() != carried && carried.standsFor(request.getInternalMessage())) {
            request.setMessage(carried); // the handlers' SAAJ message of these bytes, its body untouched
        }
        if (request.getInternalMessage() != carried || !carried.inBytes()) {
            // something (a handler) read the body as Metro's message, and may have changed it: Metro binds and answers it
            if (!carried.operation.oneWay) {
                carried.operation.carrier.write(carried.operation.answer(null, null), carried.bodyReason(),
                        "the request's body was read in Metro's chain: Metro answers it");
            }
            return doInvoke(next, request);
        }
        MetroOperation op = carried.operation;
        if (carried.shared != null) {
            // an identical request's answer, as dsoap wrote it for that one
            return doReturnWith(request.createServerResponse(new SharedReply(endpoint.metroVersion, op.responseElement,
                    carried.shared, endpoint.codec()), endpoint.port, endpoint.model, endpoint.binding));
        }
        Object[] args = op.arguments(carried.values);
        String unread = op.headers.isEmpty() ? null : op.headers.read(carried.hasHeaders() ? carried.getHeaders() : null, args);
        if (unread != null) {
            // Metro binds the request from these bytes; dsoap writes the answer
            op.stats.readFallback(Fallback.REQUEST_SHAPE, unread);
            Coalescing.settle(request); // Metro's reading: its answer is this request's alone
            carried.counted();
            return metroRead(request, op);
        }
        if (op.oneWay && request.transportBackChannel != null) {
            request.transportBackChannel.close();
        }
        return call(request, op, args, carried.binaryAnswer);
    }

    /**
     * Calls the service through Metro's invoker (instance resolution and {@code WebServiceContext} as Metro does them)
     * and answers: nothing for a one-way operation, Metro's fault for an exception, else {@link #answer}.
     */
    private NextAction call(Packet request, MetroOperation op, Object[] args, Boolean binaryAnswer) {
        Object result;
        try {
            result = ((InvokerTube<?>) next).getInvoker(request).invoke(request, op.method, args);
        } catch (InvocationTargetException e) {
            return metros(request, op, args, null, e.getCause(), Fallback.FAULT, e.getCause().getClass().getName());
        } catch (IllegalAccessException | RuntimeException e) {
            return metros(request, op, args, null, e, Fallback.FAULT, e.getClass().getName());
        }
        if (op.oneWay) {
            return doReturnWith(request.createServerResponse(null, endpoint.port, endpoint.model, endpoint.binding));
        }
        return answer(request, op, args, result, binaryAnswer);
    }

    /**
     * A request Metro reads (dsoap's reading left it to Metro): bound by Metro's databinding and its method called
     * through Metro's invoker, as Metro's own invoker does; its answer written by dsoap when the operation's carrier
     * writes it. Metro answers itself what it answers in another form than dsoap writes (Fast Infoset, MTOM, another
     * charset: {@link DsoapCodec#METROS}), what it cannot dispatch, one-way requests, and requests whose body something
     * in Metro's chain read (its answer is read there too).
     *
     * @param known the operation dsoap found for the request, or {@code null}
     */
    private NextAction metroRead(Packet request, MetroOperation known) {
        if (request.invocationProperties.get(DsoapCodec.METROS) != null) {
            return doInvoke(next, request);
        }
        Object unseen = request.invocationProperties.get(DsoapCodec.UNSEEN);
        MetroOperation op = known != null ? known : operationOf(request);
        if (op == null || op.oneWay) {
            if (unseen instanceof Fallback why && op == null) {
                endpoint.unknown.writeFallback(why, "the request went Metro's way, which answers it");
            }
            return doInvoke(next, request); // Metro's dispatch fault, or no answer
        }
        if (!op.carrier.writes()) {
            op.carrier.write(op.answer(null, null), null, null); // counts why; Metro writes the answer
            return doInvoke(next, request);
        }
        if (unseen != null) {
            op.carrier.hostRead(); // its answer keeps no template: the operation's requests may never be dsoap's
        }
        Databinding db = ((AbstractSEIModelImpl) endpoint.model).getDatabinding();
        JavaCallInfo call = db.deserializeRequest(request);
        if (call.getException() instanceof com.sun.xml.ws.wsdl.DispatchException e) {
            op.carrier.write(op.answer(null, null), Fallback.FAULT, "Metro could not dispatch the request");
            return doReturnWith(request.createServerResponse(e.fault, endpoint.port, null, endpoint.binding));
        }
        Object[] args = call.getParameters();
        if (call.getException() != null) {
            return metros(request, op, args, null, call.getException(), Fallback.FAULT,
                    call.getException().getClass().getName());
        }
        return call(request, op, args, null);
    }

    /** The operation of a request Metro decoded, as Metro dispatches it, or {@code null}. */
    private MetroOperation operationOf(Packet request) {
        com.sun.xml.ws.api.model.WSDLOperationMapping m;
        try {
            m = request.getWSDLOperationMapping();
        } catch (RuntimeException e) {
            return null; // Metro meets it again, and answers it its way
        }
        return m != null && m.getJavaMethod() instanceof com.sun.xml.ws.model.JavaMethodImpl j
                && j.getRequestPayloadName() != null ? endpoint.operation(j.getRequestPayloadName()) : null;
    }

    /**
     * The answer to a call of {@code op} that returned {@code result}: written by dsoap (in its binary form when
     * {@code binaryAnswer} says so, in the variant the quality file chooses for the client), or by Metro's databinding
     * when dsoap cannot write it.
     */
    private NextAction answer(Packet request, MetroOperation op, Object[] args, Object result, Boolean binaryAnswer) {
        com.sun.xml.ws.transport.http.WSHTTPConnection con = request.getSatellite(
                com.sun.xml.ws.transport.http.WSHTTPConnection.class);
        Object[] parts = op.answer(result, args);
        if (op.quality != null && request.invocationProperties.get(DsoapCodec.QUALITY) instanceof DsoapCodec.Arrival a) {
            // the variant the quality file chooses for this client replaces the full values (the type stays the full one)
            dev.dsoap.quality.QualityServer.Exchange x = op.quality.request(a.fields(), a.peer(), a.arrived());
            parts = x.parts(parts);
            if (a.fields() != null && con != null) {
                con.setResponseHeader(dev.dsoap.quality.QualityWire.ANSWER, x.answer());
            }
        }
        String unwritable = op.unwritable(parts);
        Reply reply = binaryAnswer == null || unwritable != null ? null : op.carrier.writeBinary(parts, binaryAnswer);
        if (reply == null) {
            reply = op.carrier.write(parts, unwritable == null ? null : Fallback.UNSUPPORTED_VALUE, unwritable);
        }
        if (reply == null) {
            return metros(request, op, args, result, null, null, null); // counted: Metro's writer writes it
        }
        if (con != null && op.binary && op.carrier.offersBinary()) {
            con.setResponseHeader("Vary", "Accept"); // the answer's form (XML or binary) depended on Accept
            String reads = op.carrier.binaryInIds();
            if (reply.binary() && reads != null) {
                con.setResponseHeader(dev.dsoap.negotiation.BinaryPeer.REQUEST_FORMATS, reads); // the requests read in binary
            }
        }
        CarriedReply answer = new CarriedReply(endpoint.metroVersion, op.responseElement, reply,
                reply.binary() ? dev.dsoap.negotiation.BinaryMediaType.NAME : endpoint.answerType(), endpoint.codec(),
                op.stats, endpoint.handlers);
        Packet response = request.createServerResponse(answer, endpoint.port, endpoint.model, endpoint.binding);
        if (endpoint.handlers) {
            response.invocationProperties.put(CarriedReply.KEY, answer); // a handler may put its SAAJ message in its place
            response.setSAAJFactory(HandlerSaaj.INSTANCE);
        }
        return doReturnWith(response);
    }

    /** Metro's own response to the call: its result, or the exception as Metro maps it to a fault. */
    private NextAction metros(Packet request, MetroOperation op, Object[] args, Object result, Throwable thrown,
                              Fallback reason, String detail) {
        if (reason != null) {
            op.carrier.write(op.answer(null, null), reason, detail);
        }
        Databinding db = ((AbstractSEIModelImpl) endpoint.model).getDatabinding();
        JavaCallInfo call = db.createJavaCallInfo(op.method, args);
        if (thrown != null) {
            call.setException(thrown);
        } else {
            call.setReturnValue(result);
        }
        Packet response = (Packet) db.serializeResponse(call);
        return doReturnWith(request.relateServerResponse(response, endpoint.port, endpoint.model, endpoint.binding));
    }
}
