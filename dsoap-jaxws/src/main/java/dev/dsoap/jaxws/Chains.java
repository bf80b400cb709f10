package dev.dsoap.jaxws;

import dev.dsoap.negotiation.BinaryPolicy;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.phase.PhaseInterceptor;

import javax.xml.namespace.QName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which of CXF's interceptors dsoap stands in for, which it leaves alone, and which it does not know (then the
 * message takes CXF's path, since skipping the parse or the write would skip them too).
 */
final class Chains {
    private Chains() {
    }

    /** Key of the assertion map CXF's WS-Policy engine leaves in a message (by assertion name). */
    private static final String ASSERTIONS = "org.apache.cxf.ws.policy.AssertionInfoMap";

    /** Incoming: the interceptors that parse and bind a message; dsoap does their work and removes them. */
    static final Set<String> READERS = Set.of(
            "org.apache.cxf.interceptor.AttachmentInInterceptor",
            "org.apache.cxf.interceptor.StaxInInterceptor",
            "org.apache.cxf.frontend.WSDLGetInterceptor",
            "org.apache.cxf.binding.soap.interceptor.ReadHeadersInterceptor",
            "org.apache.cxf.binding.soap.interceptor.SoapActionInInterceptor",
            "org.apache.cxf.binding.soap.interceptor.StartBodyInterceptor",
            "org.apache.cxf.binding.soap.interceptor.MustUnderstandInterceptor",
            "org.apache.cxf.binding.soap.interceptor.CheckFaultInterceptor",
            "org.apache.cxf.jaxb.attachment.JAXBAttachmentSchemaValidationHack",
            "org.apache.cxf.wsdl.interceptors.DocLiteralInInterceptor",
            "org.apache.cxf.wsdl.interceptors.BareInInterceptor",
            "org.apache.cxf.binding.soap.interceptor.SoapHeaderInterceptor",
            "org.apache.cxf.jaxws.interceptors.WrapperClassInInterceptor");

    /**
     * Incoming: {@link #READERS} but CXF's mustUnderstand check, which stays for a message whose header blocks dsoap
     * hands to CXF (it counts the blocks the chain's interceptors understand, and faults as CXF faults).
     */
    static final Set<String> READERS_BUT_MUST_UNDERSTAND = READERS.stream()
            .filter(n -> !n.equals("org.apache.cxf.binding.soap.interceptor.MustUnderstandInterceptor"))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    /**
     * Outgoing: the interceptors that open the XML stream, before the SOAP header is complete; dsoap takes them out of
     * the chain when it means to write the message, and runs them after all if it does not.
     */
    static final Set<String> STREAM_WRITERS = Set.of(
            "org.apache.cxf.interceptor.AttachmentOutInterceptor",
            "org.apache.cxf.interceptor.StaxOutInterceptor");

    /** Outgoing: the interceptors that write a message; dsoap writes it instead and removes them. */
    static final Set<String> WRITERS = Set.of(
            "org.apache.cxf.interceptor.AttachmentOutInterceptor",
            "org.apache.cxf.interceptor.StaxOutInterceptor",
            "org.apache.cxf.binding.soap.interceptor.SoapOutInterceptor",
            "org.apache.cxf.wsdl.interceptors.WrappedOutInterceptor",
            "org.apache.cxf.wsdl.interceptors.BareOutInterceptor");

    /**
     * Interceptors that work on the bytes on the wire, not on the XML: CXF's logging, which copies them as they pass,
     * and gzip compression. dsoap reads a message after them ({@link ReadIn}) and writes one through the streams they
     * put in place ({@link WriteOut}), so they see the bytes dsoap reads and writes as they see CXF's.
     */
    static final Set<String> WIRE = Set.of(
            "org.apache.cxf.ext.logging.WireTapIn",
            "org.apache.cxf.ext.logging.LoggingInInterceptor",
            "org.apache.cxf.ext.logging.LoggingInInterceptor$LoggingInFaultInterceptor",
            "org.apache.cxf.ext.logging.LoggingOutInterceptor",
            "org.apache.cxf.transport.common.gzip.GZIPInInterceptor",
            "org.apache.cxf.transport.common.gzip.GZIPOutInterceptor");

    /** Of {@link #WIRE}, those that show messages as text (CXF's logging): where they are, messages stay XML. */
    private static final Set<String> TEXT = Set.of(
            "org.apache.cxf.ext.logging.WireTapIn",
            "org.apache.cxf.ext.logging.LoggingInInterceptor",
            "org.apache.cxf.ext.logging.LoggingOutInterceptor");

    /**
     * Interceptors that handle only SOAP header blocks and message properties, never the body (WS-Addressing's), so
     * they may stay in a chain dsoap carries: dsoap hands them a request's header blocks as CXF would, and writes the
     * blocks they add to an answer before its body. Binary messages carry no header blocks, so where these are in a
     * chain messages stay XML.
     */
    static final Set<String> HEADER_HANDLERS = Set.of(
            "org.apache.cxf.ws.addressing.soap.MAPCodec",
            "org.apache.cxf.ws.addressing.impl.MAPAggregatorImpl");

    /**
     * Interceptors that do not read or write the XML, so they may stay in a chain dsoap carries: policy
     * (with no policy in effect, checked separately), the logical steps around the invocation, transport.
     */
    static final Set<String> NEUTRAL = Set.of(
            "org.apache.cxf.ws.policy.PolicyInInterceptor",
            "org.apache.cxf.ws.policy.PolicyOutInterceptor",
            "org.apache.cxf.ws.policy.PolicyVerificationInInterceptor",
            "org.apache.cxf.ws.policy.PolicyVerificationOutInterceptor",
            "org.apache.cxf.transport.https.CertConstraintsInterceptor",
            "org.apache.cxf.interceptor.OneWayProcessorInterceptor",
            "org.apache.cxf.jaxws.interceptors.HolderInInterceptor",
            "org.apache.cxf.jaxws.interceptors.HolderOutInterceptor",
            "org.apache.cxf.jaxws.interceptors.SwAInInterceptor",
            "org.apache.cxf.jaxws.interceptors.SwAOutInterceptor",
            "org.apache.cxf.jaxws.interceptors.WrapperClassOutInterceptor",
            "org.apache.cxf.binding.soap.interceptor.SoapHeaderOutFilterInterceptor",
            "org.apache.cxf.binding.soap.interceptor.SoapPreProtocolOutInterceptor",
            "org.apache.cxf.interceptor.MessageSenderInterceptor",
            "org.apache.cxf.interceptor.MessageSenderInterceptor$MessageSenderEndingInterceptor",
            "org.apache.cxf.interceptor.ServiceInvokerInterceptor",
            "org.apache.cxf.interceptor.OutgoingChainInterceptor",
            "org.apache.cxf.interceptor.ClientOutFaultObserver");

    /** Incoming phases up to the logical ones: an unknown interceptor there needs the parsed XML. */
    private static final Set<String> IN_PHASES = Set.of(Phase.RECEIVE, Phase.PRE_STREAM, Phase.USER_STREAM,
            Phase.POST_STREAM, Phase.READ, Phase.PRE_PROTOCOL, Phase.PRE_PROTOCOL_FRONTEND, Phase.USER_PROTOCOL,
            Phase.POST_PROTOCOL, Phase.UNMARSHAL, Phase.PRE_LOGICAL, Phase.USER_LOGICAL, Phase.POST_LOGICAL);

    /**
     * The first interceptor of an incoming chain dsoap does not know, in the phases that see XML; or
     * {@code null}.
     *
     * @param trusted class names the configuration declares harmless ({@code dsoap.trustedInterceptors})
     */
    static String foreignIn(Message m, Set<String> trusted) {
        Boolean handlers = null;
        for (Interceptor<? extends Message> i : m.getInterceptorChain()) {
            if (i instanceof PhaseInterceptor<?> p && IN_PHASES.contains(p.getPhase())
                    && !known(i, READERS, trusted)) {
                if (Handlers.INTERCEPTORS.contains(i.getClass().getName())) {
                    if (handlers == null) {
                        handlers = Handlers.carried(m) != null;
                    }
                    if (handlers) {
                        continue; // dsoap runs the endpoint's JAX-WS handlers itself (Handlers)
                    }
                }
                return i.getClass().getName();
            }
        }
        return null;
    }

    /**
     * The first interceptor a client's response will meet, in the phases that see XML, that dsoap does not know; or
     * {@code null}. Looked up before the request is sent (in the bus's, the client's, the endpoint's, its
     * binding's and its service's in-interceptor lists), so that a client never asks for a binary answer an
     * interceptor of its own would need in XML.
     */
    static String foreignResponseIn(org.apache.cxf.message.Exchange ex, Set<String> trusted) {
        List<java.util.Collection<? extends Interceptor<? extends Message>>> lists = new ArrayList<>();
        if (ex.getBus() != null) {
            lists.add(ex.getBus().getInInterceptors());
        }
        org.apache.cxf.endpoint.Client client = ex.get(org.apache.cxf.endpoint.Client.class);
        if (client != null) {
            lists.add(client.getInInterceptors());
        }
        org.apache.cxf.endpoint.Endpoint e = ex.getEndpoint();
        if (e != null) {
            lists.add(e.getInInterceptors());
            if (e.getBinding() != null) {
                lists.add(e.getBinding().getInInterceptors());
            }
            if (e.getService() != null) {
                lists.add(e.getService().getInInterceptors());
            }
        }
        for (java.util.Collection<? extends Interceptor<? extends Message>> list : lists) {
            for (Interceptor<? extends Message> i : list) {
                if (i instanceof PhaseInterceptor<?> p && IN_PHASES.contains(p.getPhase()) && !known(i, READERS, trusted)) {
                    return i.getClass().getName();
                }
            }
        }
        return null;
    }

    /** The first interceptor of an outgoing chain dsoap does not know, or {@code null}. */
    static String foreignOut(Message m, Set<String> trusted) {
        Boolean handlers = null;
        for (Interceptor<? extends Message> i : m.getInterceptorChain()) {
            if (!known(i, WRITERS, trusted)) {
                if (Handlers.INTERCEPTORS.contains(i.getClass().getName())) {
                    if (handlers == null) {
                        handlers = Handlers.carried(m) != null;
                    }
                    if (handlers) {
                        continue;
                    }
                }
                return i.getClass().getName();
            }
        }
        return null;
    }

    private static boolean known(Interceptor<?> i, Set<String> replaced, Set<String> trusted) {
        String n = i.getClass().getName();
        return i instanceof DsoapInterceptor || replaced.contains(n) || NEUTRAL.contains(n) || WIRE.contains(n)
                || HEADER_HANDLERS.contains(n) || trusted.contains(n);
    }

    /**
     * The first interceptor that shows messages as text (CXF's logging) in {@code m}'s chain or in the in- and
     * out-interceptor lists of the bus, client, endpoint, binding and service of its exchange; or {@code null}. Where
     * one is, dsoap neither asks for nor sends binary messages, so the log shows the XML it would show without dsoap.
     */
    static String showsText(Message m) {
        for (Interceptor<? extends Message> i : m.getInterceptorChain()) {
            if (TEXT.contains(i.getClass().getName())) {
                return i.getClass().getName();
            }
        }
        org.apache.cxf.message.Exchange ex = m.getExchange();
        if (ex == null) {
            return null;
        }
        List<InterceptorProvider> providers = new ArrayList<>();
        providers.add(ex.getBus());
        providers.add(ex.get(org.apache.cxf.endpoint.Client.class));
        org.apache.cxf.endpoint.Endpoint e = ex.getEndpoint();
        if (e != null) {
            providers.add(e);
            providers.add(e.getBinding());
            providers.add(e.getService());
        }
        for (InterceptorProvider p : providers) {
            if (p != null) {
                for (List<Interceptor<? extends Message>> list : List.of(p.getInInterceptors(), p.getOutInterceptors())) {
                    for (Interceptor<? extends Message> i : list) {
                        if (TEXT.contains(i.getClass().getName())) {
                            return i.getClass().getName();
                        }
                    }
                }
            }
        }
        return null;
    }

    /**
     * The first interceptor of {@code interceptors} that handles SOAP header blocks ({@link #HEADER_HANDLERS}, or the
     * one that runs JAX-WS SOAP handlers), or {@code null}.
     */
    static String headerHandler(Iterable<? extends Interceptor<? extends Message>> interceptors) {
        for (Interceptor<? extends Message> i : interceptors) {
            if (HEADER_HANDLERS.contains(i.getClass().getName()) || Handlers.SOAP_INTERCEPTOR.equals(i.getClass().getName())) {
                return i.getClass().getName();
            }
        }
        return null;
    }

    /**
     * Whether a WS-Policy is in effect for {@code m}: CXF's policy engine left an assertion map in it that names an
     * assertion other than dsoap's own ({@link BinaryPolicy}, which an endpoint publishes and a client reads from its
     * WSDL, and which needs no interceptor but dsoap's).
     */
    static boolean policyInEffect(Message m) {
        if (!(m.get(ASSERTIONS) instanceof Map<?, ?> assertions)) {
            return false;
        }
        for (Object name : assertions.keySet()) {
            if (!(name instanceof QName q && BinaryPolicy.ours(q.getNamespaceURI()))) {
                return true;
            }
        }
        return false;
    }

    /** Removes the interceptors named in {@code replaced} from {@code m}'s chain; returns them, in chain order. */
    static List<Interceptor<? extends Message>> remove(Message m, Set<String> replaced) {
        List<Interceptor<? extends Message>> drop = new ArrayList<>();
        for (Interceptor<? extends Message> i : m.getInterceptorChain()) {
            if (replaced.contains(i.getClass().getName())) {
                drop.add(i);
            }
        }
        for (Interceptor<? extends Message> i : drop) {
            m.getInterceptorChain().remove(i);
        }
        return drop;
    }
}
