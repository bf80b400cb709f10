package dev.dsoap.jaxws;

import dev.dsoap.host.Fallback;
import dev.dsoap.host.Reply;
import dev.dsoap.jaxws.saaj.LazySoapMessage;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.soap.SOAPBody;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.Binding;
import jakarta.xml.ws.LogicalMessage;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.LogicalHandler;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.SoapVersion;
import org.apache.cxf.binding.soap.interceptor.SoapInterceptor;
import org.apache.cxf.binding.soap.saaj.SAAJInInterceptor;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.helpers.CastUtils;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorChain;
import org.apache.cxf.interceptor.OutgoingChainInterceptor;
import org.apache.cxf.jaxws.handler.AbstractProtocolHandlerInterceptor;
import org.apache.cxf.jaxws.handler.HandlerChainInvoker;
import org.apache.cxf.jaxws.handler.logical.LogicalMessageContextImpl;
import org.apache.cxf.jaxws.handler.soap.SOAPMessageContextImpl;
import org.apache.cxf.jaxws.support.JaxWsEndpointImpl;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.staxutils.StaxUtils;
import org.apache.cxf.staxutils.W3CDOMStreamWriter;
import org.w3c.dom.Node;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import javax.xml.transform.dom.DOMSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * JAX-WS handlers on a carried CXF endpoint or client, run by dsoap in place of CXF's {@code SOAPHandlerInterceptor} and
 * logical handler interceptors so that a handler that does not touch the body costs the body nothing. SOAP handlers get a SAAJ
 * message made from the message's bytes the first time a handler uses it, whose body is parsed only if a handler asks
 * for it (SAAJ's lazy body, {@code saaj.lazy.soap.body}): an incoming message's from the bytes dsoap read, an outgoing
 * one's from dsoap's template, copied out only then. Logical handlers get that message's payload, so one that never asks for it
 * leaves the body unparsed too. Handlers run through CXF's own {@link HandlerChainInvoker}, in the order (SOAP handlers
 * then logical ones on incoming messages, the other way on outgoing ones), with the message contexts, the MEP completion
 * and the abort rules CXF gives them, on endpoints and on clients alike.
 *
 * <p>After the handlers, a message whose body no handler touched (and that no handler replaced) stays on dsoap's path:
 * an incoming message's values go to the service (or the caller) as dsoap read them, with the header list taken from
 * the handlers' SAAJ header (as CXF takes it); an outgoing one goes out from the template with the header blocks the
 * handlers' SAAJ header holds. A
 * message whose body a handler touched (read it, wrote it out, changed it) goes CXF's way from the handlers' message,
 * counted as {@link Fallback#HANDLER_BODY}.
 *
 * <p>Stateless, thread-safe.
 */
final class Handlers {
    /** CXF's interceptor that runs an endpoint's SOAP handlers. */
    static final String SOAP_INTERCEPTOR = "org.apache.cxf.jaxws.handler.soap.SOAPHandlerInterceptor";
    /** CXF's interceptors that run an endpoint's logical handlers on requests and on answers. */
    private static final String LOGICAL_IN = "org.apache.cxf.jaxws.handler.logical.LogicalHandlerInInterceptor";
    static final String LOGICAL_OUT = "org.apache.cxf.jaxws.handler.logical.LogicalHandlerOutInterceptor";
    /** CXF's interceptors that run JAX-WS handlers on messages (not faults). */
    static final Set<String> INTERCEPTORS = Set.of(SOAP_INTERCEPTOR, LOGICAL_IN, LOGICAL_OUT);
    /** Message property: the {@link Deferred} request, from {@link ReadIn} to {@link In}. */
    private static final String DEFERRED = Handlers.class.getName() + ".deferred";
    /** CXF's reader of header parameters from the header list. */
    private static final String HEADER_PARTS = "org.apache.cxf.binding.soap.interceptor.SoapHeaderInterceptor";
    /** Readers of the request that run after the SOAP handlers: they stay in the chain until the handlers are done. */
    private static final Set<String> LATE_READERS = Set.of(
            "org.apache.cxf.binding.soap.interceptor.CheckFaultInterceptor",
            "org.apache.cxf.jaxb.attachment.JAXBAttachmentSchemaValidationHack",
            "org.apache.cxf.wsdl.interceptors.DocLiteralInInterceptor",
            "org.apache.cxf.wsdl.interceptors.BareInInterceptor",
            "org.apache.cxf.binding.soap.interceptor.SoapHeaderInterceptor",
            "org.apache.cxf.jaxws.interceptors.WrapperClassInInterceptor");

    private Handlers() {
    }

    /**
     * The JAX-WS binding of {@code m}'s endpoint (a service's, or a client proxy's) when its handler chain holds
     * handlers (SOAP and logical ones); else {@code null}.
     */
    @SuppressWarnings("rawtypes")
    static Binding carried(Message m) {
        Exchange ex = m.getExchange();
        if (ex == null || !(ex.getEndpoint() instanceof JaxWsEndpointImpl e)) {
            return null;
        }
        Binding b = e.getJaxwsBinding();
        List<Handler> chain = b.getHandlerChain();
        if (chain.isEmpty()) {
            return null;
        }
        for (Handler h : chain) {
            if (!(h instanceof SOAPHandler) && !(h instanceof LogicalHandler)) {
                return null;
            }
        }
        return b;
    }

    /** Whether {@code m}'s chain runs SOAP handlers (CXF's interceptor is in it). */
    static boolean inChain(Message m) {
        for (Interceptor<? extends Message> i : m.getInterceptorChain()) {
            if (SOAP_INTERCEPTOR.equals(i.getClass().getName())) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------ requests

    /**
     * A message dsoap read, to be handed to the service (or, on a client, to the caller) once the handlers have left its
     * body alone.
     */
    record Deferred(Operation op, BindingOperationInfo bop, Object[] values, Object[] headers, boolean hostBlocks,
                    byte[] raw, int length, boolean client) {
    }

    /**
     * Holds the message dsoap read until the SOAP handlers have run: takes out of {@code m}'s chain the readers that run
     * before them, puts {@link In} in place of CXF's handler interceptor, and names the operation for the handlers as
     * CXF does before running them (a client's exchange names it already).
     */
    static void defer(SoapMessage m, Binding binding, Deferred d) {
        Chains.remove(m, d.hostBlocks() ? REPLACED_BUT_MUST_UNDERSTAND : REPLACED);
        m.getInterceptorChain().add(new In(binding));
        Exchange ex = m.getExchange();
        ex.put(BindingOperationInfo.class, d.bop());
        if (!d.client() && d.bop().getOutput() == null) {
            ex.setOneWay(true);
        }
        m.put(DEFERRED, d);
    }

    /**
     * What {@link #defer} takes out of a request's chain: the readers before the handlers and CXF's handler interceptors;
     * the second keeps CXF's mustUnderstand check (a request whose header blocks go to CXF's header list).
     */
    private static final Set<String> REPLACED = replaced(Chains.READERS);
    private static final Set<String> REPLACED_BUT_MUST_UNDERSTAND = replaced(Chains.READERS_BUT_MUST_UNDERSTAND);

    /** What {@link ReadIn#deliver} takes out of a chain whose header parameters CXF binds from the header list. */
    private static final Set<String> READERS_BUT_HEADER_PARTS = without(Chains.READERS, HEADER_PARTS);
    private static final Set<String> READERS_BUT_HEADER_PARTS_AND_MUST_UNDERSTAND = without(
            Chains.READERS_BUT_MUST_UNDERSTAND, HEADER_PARTS);

    private static Set<String> without(Set<String> s, String name) {
        Set<String> out = new HashSet<>(s);
        out.remove(name);
        return Set.copyOf(out);
    }

    private static Set<String> replaced(Set<String> readers) {
        Set<String> s = new HashSet<>(readers);
        s.removeAll(LATE_READERS);
        s.add(SOAP_INTERCEPTOR);
        s.add(LOGICAL_IN);
        return Set.copyOf(s);
    }

    /**
     * Runs the handlers on a message dsoap read (an endpoint's request, a client's answer), in CXF's handler
     * interceptor's place (its phase, the headers it understands for CXF's mustUnderstand check).
     */
    static final class In extends AbstractProtocolHandlerInterceptor<SoapMessage> implements SoapInterceptor {
        In(Binding binding) {
            super(binding, Phase.PRE_PROTOCOL_FRONTEND);
        }

        @Override
        public Set<URI> getRoles() {
            return new HashSet<>();
        }

        @Override
        public Set<QName> getUnderstoodHeaders() {
            Set<QName> u = new HashSet<>();
            for (Handler<?> h : getBinding().getHandlerChain()) {
                if (h instanceof SOAPHandler<?> s && s.getHeaders() != null) {
                    u.addAll(s.getHeaders());
                }
            }
            return u;
        }

        @Override
        public void handleMessage(SoapMessage m) {
            Deferred d = (Deferred) m.remove(DEFERRED);
            if (d == null) {
                return;
            }
            Exchange ex = m.getExchange();
            if (getBinding().getHandlerChain().isEmpty()) {
                ReadIn.deliver(m, ex, d.bop(), d.op(), d.values(), d.headers(), d.client(), d.hostBlocks());
                return;
            }
            boolean requestor = d.client();
            HandlerChainInvoker invoker = getInvoker(m);
            LazySoapMessage saaj = lazy(m.getVersion(), () -> new ByteArrayInputStream(d.raw(), 0, d.length()));
            m.setContent(SOAPMessage.class, saaj);
            // as CXF: the SOAP handlers first, then the logical ones
            if (!invoker.getProtocolHandlers().isEmpty()) {
                if (m.getHeaders().isEmpty()) {
                    getUnderstoodHeaders(); // as CXF: the handlers' getHeaders() are asked for on every message
                }
                SOAPMessageContextImpl context = new HeaderContext(m);
                referenceParameters(m, d.hostBlocks() ? saaj : null);
                invoker.setProtocolMessageContext(context);
                if (!invoker.invokeProtocolHandlers(requestor, context)) {
                    if (!requestor) {
                        d.op().stats.readFallback(Fallback.HANDLER_BODY, "a JAX-WS handler ended the request");
                        abort(m, context);
                        return;
                    }
                    onCompletion(m); // as CXF: on a client's answer the handlers stop, the answer still reaches the caller
                }
                if (requestor && invoker.getLogicalHandlers().isEmpty() && isMEPComlete(m)) {
                    onCompletion(m); // a client's exchange ends with its answer (CXF's SOAP interceptor does this)
                }
            }
            if (!invoker.getLogicalHandlers().isEmpty()) {
                Payloads context = new Payloads(m);
                invoker.setLogicalMessageContext(context);
                if (!invoker.invokeLogicalHandlers(requestor, context) && !requestor) {
                    d.op().stats.readFallback(Fallback.HANDLER_BODY, "a JAX-WS handler ended the request");
                    abortLogical(m);
                    return;
                }
                if (isMEPComlete(m)) {
                    onCompletion(m); // a client's answer, a one-way request: the exchange ends here (as in CXF's logical interceptor)
                }
            }
            SOAPMessage now = m.getContent(SOAPMessage.class);
            try {
                if (now != saaj || !saaj.untouched()) {
                    String what = requestor ? "answer" : "request";
                    d.op().stats.readFallback(Fallback.HANDLER_BODY, now != saaj ? "a JAX-WS handler replaced the " + what
                            : "a JAX-WS handler asked for the " + what + "'s body");
                    // CXF binds the request from the handlers' message, as it does without dsoap
                    m.setContent(XMLStreamReader.class, bodyReader(now));
                    SAAJInInterceptor.replaceHeaders(now, m);
                    return;
                }
                if (saaj.made()) {
                    if (d.op().readHeaders.length > 0) {
                        // a handler may have changed the blocks of header parameters: CXF binds them from the header
                        // list the handlers leave, as without dsoap (the list holding them as CXF's would)
                        headerPartBlocks(m, d);
                        SAAJInInterceptor.replaceHeaders(saaj, m);
                        ReadIn.deliver(m, ex, d.bop(), d.op(), d.values(), null, d.client(),
                                d.hostBlocks() ? READERS_BUT_HEADER_PARTS_AND_MUST_UNDERSTAND : READERS_BUT_HEADER_PARTS);
                        return;
                    }
                    SAAJInInterceptor.replaceHeaders(saaj, m); // the header the handlers left (as CXF takes it)
                }
            } catch (SOAPException | XMLStreamException e) {
                throw new Fault(e);
            }
            ReadIn.deliver(m, ex, d.bop(), d.op(), d.values(), d.headers(), d.client(), d.hostBlocks());
        }

        /** The blocks of {@code d}'s header parameters, put in {@code m}'s header list where CXF's reader would put them. */
        private static void headerPartBlocks(SoapMessage m, Deferred d) {
            List<org.apache.cxf.headers.Header> blocks;
            try {
                blocks = InHeaders.read(m, d.raw(), d.length());
            } catch (InHeaders.Unreadable e) {
                throw new Fault(e); // read once already, when dsoap read the message: not expected
            }
            for (HeaderPart p : d.op().readHeaders) {
                QName name = new QName(p.namespace, p.localName);
                if (m.getHeader(name) != null) {
                    continue;
                }
                for (org.apache.cxf.headers.Header b : blocks) {
                    if (name.equals(b.getName())) {
                        m.getHeaders().add(b);
                        break;
                    }
                }
            }
        }

        /**
         * A logical handler ended the request: as CXF, the chain stops and, unless the operation is one-way, the payload
         * the handlers left goes back as the answer through the outgoing chain.
         */
        private static void abortLogical(SoapMessage m) {
            m.getInterceptorChain().abort();
            Exchange ex = m.getExchange();
            if (ex.isOneWay()) {
                return;
            }
            XMLStreamReader reader;
            try {
                reader = bodyReader(m.getContent(SOAPMessage.class));
            } catch (SOAPException | XMLStreamException e) {
                throw new Fault(e);
            }
            Message answer = ex.getEndpoint().getBinding().createMessage(new MessageImpl());
            answer.setExchange(ex);
            ex.setOutMessage(answer);
            InterceptorChain chain = OutgoingChainInterceptor.getOutInterceptorChain(ex);
            answer.setInterceptorChain(chain);
            answer.put("LogicalHandlerInterceptor.INREADER", reader);
            chain.doIntercept(answer);
        }

        /**
         * A handler ended the request (returned {@code false}): as CXF, the chain stops and, unless the operation is
         * one-way, the handlers' message goes back as the answer through the rest of the outgoing chain.
         */
        private static void abort(SoapMessage m, SOAPMessageContextImpl context) {
            m.getInterceptorChain().abort();
            Exchange ex = m.getExchange();
            if (ex.isOneWay()) {
                return;
            }
            Endpoint e = ex.getEndpoint();
            Message answer = e.getBinding().createMessage(new MessageImpl());
            answer.setExchange(ex);
            ex.setOutMessage(answer);
            answer.setContent(SOAPMessage.class, context.getMessage());
            InterceptorChain chain = OutgoingChainInterceptor.getOutInterceptorChain(ex);
            answer.setInterceptorChain(chain);
            chain.doInterceptStartingAfter(answer, "org.apache.cxf.binding.soap.interceptor.SoapPreProtocolOutInterceptor");
        }
    }

    // ------------------------------------------------------------------------------------------ outgoing messages

    /**
     * What the handlers left of an outgoing message: the header blocks to write before dsoap's body, or their own
     * message; or, on a client whose handlers ended the request, neither ({@link #ended}).
     */
    record Out(byte[] blocks, SOAPMessage message, boolean ended) {
    }

    /**
     * Runs the handlers on the outgoing message {@code reply} (an endpoint's answer, a client's request) with
     * {@code blocks} (the header list's) in its header, as CXF runs them once its writers have built the message, and
     * closes the exchange's handlers at MEP completion as CXF does. A client's handler that ends the request (returns
     * {@code false}) makes the message it leaves the answer, as on CXF: the rest of the chain is aborted and that
     * message goes to the client's incoming chain from the handler interceptor on.
     *
     * @return the header blocks the handlers' message holds (or {@code null}), or, when a handler touched the body or
     *         put another message in its place, that message
     */
    static Out outbound(SoapMessage m, Binding binding, Reply reply, byte[] blocks) {
        OutRunner run = new OutRunner(binding);
        LazySoapMessage saaj = lazy(m.getVersion(), () -> reply.lazyInput(blocks));
        m.setContent(SOAPMessage.class, saaj);
        HandlerChainInvoker invoker = run.invoker(m);
        boolean requestor = MessageUtils.isRequestor(m);
        // as CXF: the logical handlers first, then the SOAP ones; an endpoint's answer goes on whatever they return
        if (!invoker.getLogicalHandlers().isEmpty()) {
            Payloads context = new Payloads(m);
            invoker.setLogicalMessageContext(context);
            if (!invoker.invokeLogicalHandlers(requestor, context) && requestor) {
                ended(m, m.getContent(SOAPMessage.class), LOGICAL_IN, false);
                return new Out(null, null, true);
            }
        }
        if (!invoker.getProtocolHandlers().isEmpty()) {
            SOAPMessageContextImpl context = new HeaderContext(m);
            referenceParameters(m, blocks != null ? saaj : null);
            invoker.setProtocolMessageContext(context);
            if (!invoker.invokeProtocolHandlers(requestor, context) && requestor) {
                ended(m, context.getMessage(), SOAP_INTERCEPTOR, true);
                return new Out(null, null, true);
            }
        }
        if (run.isMEPComlete(m)) {
            run.onCompletion(m);
        }
        SOAPMessage now = m.getContent(SOAPMessage.class);
        try {
            if (now != saaj || !saaj.untouched()) {
                return new Out(null, now, false);
            }
            return new Out(saaj.made() ? headerBlocks(saaj, m.getVersion()) : blocks, null, false);
        } catch (SOAPException | XMLStreamException e) {
            throw new Fault(e);
        }
    }

    /**
     * A client's handler ended the request: as CXF, the rest of the outgoing chain is aborted and, unless the call is
     * one-way, the handlers' message becomes the answer, handed to the client's incoming chain from {@code startAt} on
     * (a logical handler's: its payload; a SOAP handler's: the SAAJ message as well, with {@code withSaaj}).
     */
    private static void ended(SoapMessage m, SOAPMessage saaj, String startAt, boolean withSaaj) {
        m.getInterceptorChain().abort();
        Exchange ex = m.getExchange();
        org.apache.cxf.transport.MessageObserver observer = ex.get(org.apache.cxf.transport.MessageObserver.class);
        if (ex.isOneWay() || observer == null) {
            return;
        }
        Message answer = ex.getEndpoint().getBinding().createMessage(new MessageImpl());
        answer.setExchange(ex);
        ex.setInMessage(answer);
        try {
            if (withSaaj && saaj != null) {
                answer.setContent(SOAPMessage.class, saaj);
            }
            if (saaj != null) {
                answer.setContent(XMLStreamReader.class, bodyReader(saaj));
            }
        } catch (SOAPException | XMLStreamException e) {
            throw new Fault(e);
        }
        answer.put(InterceptorChain.STARTING_AT_INTERCEPTOR_ID, startAt);
        observer.onMessage(answer);
    }

    /** CXF's handler bookkeeping (the exchange's invoker, MEP completion) for an answer. */
    private static final class OutRunner extends AbstractProtocolHandlerInterceptor<SoapMessage> {
        OutRunner(Binding binding) {
            super(binding, Phase.PRE_PROTOCOL_FRONTEND);
        }

        HandlerChainInvoker invoker(SoapMessage m) {
            return getInvoker(m);
        }
    }

    /** The child elements of {@code saaj}'s header, one after another as XML, or {@code null} when there are none. */
    private static byte[] headerBlocks(SOAPMessage saaj, SoapVersion v) throws SOAPException, XMLStreamException {
        SOAPHeader header = saaj.getSOAPHeader();
        if (header == null) {
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        for (Node n = header.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof org.w3c.dom.Element e) {
                XMLStreamWriter w = StaxUtils.createXMLStreamWriter(out, "UTF-8");
                try {
                    w.setPrefix(OutHeaders.ENVELOPE_PREFIX, v.getNamespace());
                    StaxUtils.copy(e, w);
                    w.flush();
                } finally {
                    w.close();
                }
            }
        }
        return out.size() == 0 ? null : out.toByteArray();
    }

    /**
     * A SOAP handler's context: CXF's, whose {@code getHeaders(QName, JAXBContext, boolean)} reads the header through
     * {@link SOAPMessage#getSOAPHeader()} (CXF's walks the SOAP part, which parses the body first: see
     * {@link LazySoapMessage#getSOAPPart()}), with CXF's rules for roles and binding.
     */
    private static final class HeaderContext extends SOAPMessageContextImpl {
        HeaderContext(Message m) {
            super(m);
        }

        @Override
        public Object[] getHeaders(QName name, JAXBContext context, boolean allRoles) {
            try {
                SOAPHeader header = getMessage().getSOAPHeader();
                if (header == null || !header.hasChildNodes()) {
                    return new Object[0];
                }
                List<Object> found = new ArrayList<>();
                Iterator<jakarta.xml.soap.SOAPHeaderElement> it = CastUtils.cast(header.examineAllHeaderElements());
                while (it.hasNext()) {
                    jakarta.xml.soap.SOAPHeaderElement e = it.next();
                    if ((allRoles || getRoles().contains(e.getActor())) && name.equals(e.getElementQName())) {
                        found.add(org.apache.cxf.common.jaxb.JAXBUtils.unmarshall(context, e));
                    }
                }
                return found.toArray(new Object[0]);
            } catch (SOAPException | JAXBException e) {
                throw new WebServiceException(e);
            }
        }
    }

    // ------------------------------------------------------------------------------------------ logical handlers

    /**
     * A logical handler's context: CXF's, whose message is the payload of the SAAJ message the SOAP handlers share
     * (the message's {@code SOAPMessage} content), so that a logical handler that never asks for its payload leaves
     * the body unparsed, and one that does reads and changes the body itself.
     */
    private static final class Payloads extends LogicalMessageContextImpl {
        Payloads(Message m) {
            super(m);
        }

        @Override
        public LogicalMessage getMessage() {
            return new Payload(getWrappedMessage());
        }
    }

    /** The payload of {@code m}'s SAAJ message: the first element of its body (parsed the moment it is asked for). */
    private static final class Payload implements LogicalMessage {
        private final Message m;

        Payload(Message m) {
            this.m = m;
        }

        private SOAPBody body() throws SOAPException {
            return m.getContent(SOAPMessage.class).getSOAPBody();
        }

        @Override
        public javax.xml.transform.Source getPayload() {
            try {
                for (Node n = body().getFirstChild(); n != null; n = n.getNextSibling()) {
                    if (n instanceof org.w3c.dom.Element e) {
                        return new DOMSource(e);
                    }
                }
                return null;
            } catch (SOAPException e) {
                throw new WebServiceException(e);
            }
        }

        @Override
        public void setPayload(javax.xml.transform.Source payload) {
            try {
                SOAPBody body = body();
                body.removeContents();
                if (payload != null) {
                    W3CDOMStreamWriter w = new W3CDOMStreamWriter(body);
                    StaxUtils.copy(payload, w);
                    w.flush();
                }
            } catch (SOAPException | XMLStreamException e) {
                throw new WebServiceException(e);
            }
        }

        @Override
        public Object getPayload(JAXBContext context) {
            javax.xml.transform.Source s = getPayload();
            try {
                return s == null ? null : context.createUnmarshaller().unmarshal(s);
            } catch (JAXBException e) {
                throw new WebServiceException(e);
            }
        }

        @Override
        public void setPayload(Object payload, JAXBContext context) {
            try {
                SOAPBody body = body();
                body.removeContents();
                if (payload != null) {
                    context.createMarshaller().marshal(payload, body);
                }
            } catch (SOAPException | JAXBException e) {
                throw new WebServiceException(e);
            }
        }
    }

    // ------------------------------------------------------------------------------------------ SAAJ

    /** The SAAJ message handlers get of the envelope {@code bytes} opens, read with CXF's parser and its limits. */
    private static LazySoapMessage lazy(SoapVersion v, LazySoapMessage.Bytes bytes) {
        return new LazySoapMessage(v.getVersion() != 1.1, bytes, in -> StaxUtils.createXMLStreamReader(in, "UTF-8"));
    }

    /** A reader of {@code saaj}'s body's content, as CXF's handler interceptor makes it for the readers after it. */
    private static XMLStreamReader bodyReader(SOAPMessage saaj) throws SOAPException, XMLStreamException {
        XMLStreamReader r = StaxUtils.createXMLStreamReader(new DOMSource(saaj.getSOAPPart().getEnvelope().getBody()));
        r.nextTag();
        r.nextTag(); // past the Body start tag
        return r;
    }

    /** WS-Addressing's namespace, whose {@code IsReferenceParameter} attribute marks reference parameters. */
    private static final String WSA = "http://www.w3.org/2005/08/addressing";

    /**
     * The header blocks of {@code saaj} that are WS-Addressing reference parameters, in the context property CXF puts
     * them in; none for a message with no header blocks ({@code saaj} {@code null}).
     */
    private static void referenceParameters(SoapMessage m, SOAPMessage saaj) {
        List<SOAPElement> params = new ArrayList<>();
        m.put(MessageContext.REFERENCE_PARAMETERS, params);
        if (saaj == null) {
            return;
        }
        try {
            SOAPHeader head = saaj.getSOAPHeader();
            if (head == null) {
                return;
            }
            Iterator<Node> it = CastUtils.cast(head.getChildElements());
            while (it.hasNext()) {
                if (it.next() instanceof SOAPElement el && el.hasAttributeNS(WSA, "IsReferenceParameter")) {
                    String v = el.getAttributeNS(WSA, "IsReferenceParameter");
                    if ("1".equals(v) || Boolean.parseBoolean(v)) {
                        params.add(el);
                    }
                }
            }
        } catch (SOAPException e) {
            throw new Fault(e);
        }
    }
}
