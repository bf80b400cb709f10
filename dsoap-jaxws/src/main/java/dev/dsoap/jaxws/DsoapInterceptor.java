package dev.dsoap.jaxws;

import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;

/** dsoap's interceptors: they find the carried port's state in the exchange's endpoint. */
abstract class DsoapInterceptor extends AbstractPhaseInterceptor<Message> {
    DsoapInterceptor(String phase) {
        super(phase);
    }

    /** The state of the exchange's endpoint, made with the defaults if no annotation made it first; or {@code null}. */
    static EndpointState state(Message m) {
        Exchange ex = m.getExchange();
        if (ex == null || ex.getEndpoint() == null) {
            return null;
        }
        EndpointState s = EndpointState.in(ex.getEndpoint());
        return s != null ? s : EndpointState.of(ex.getBus(), ex.getEndpoint(), MessageUtils.isRequestor(m), null);
    }

    /**
     * Whether dsoap's interceptors are in place for server {@code endpoint}: on the endpoint itself, its service or
     * {@code bus} (where {@link DifferentialSoapFeature} puts them).
     */
    static boolean installedFor(org.apache.cxf.endpoint.Endpoint endpoint, org.apache.cxf.Bus bus) {
        return installed(endpoint) || endpoint.getService() != null && installed(endpoint.getService())
                || bus != null && installed(bus);
    }

    /** Whether dsoap's interceptors are in {@code p}'s own lists. */
    static boolean installed(InterceptorProvider p) {
        synchronized (p) {
            return p.getInInterceptors().stream().anyMatch(i -> i instanceof ReadIn);
        }
    }

    /** Adds dsoap's interceptors to {@code p} unless they are there already. */
    static void install(InterceptorProvider p) {
        synchronized (p) {
            if (p.getInInterceptors().stream().noneMatch(i -> i instanceof ReadIn)) {
                p.getInInterceptors().add(new WireOrder());
                p.getInInterceptors().add(new ReadIn());
                p.getOutInterceptors().add(new CaptureOut());
                p.getOutInterceptors().add(new WriteOut());
                p.getInInterceptors().add(new Coalescing.Enter());
                p.getInInterceptors().add(new Coalescing.End());
                p.getOutInterceptors().add(new Coalescing.Capture());
                p.getOutFaultInterceptors().add(new Coalescing.Capture());
            }
        }
    }
}
