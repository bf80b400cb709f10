package dev.dsoap.jaxws;

import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.service.factory.AbstractServiceFactoryBean;
import org.apache.cxf.service.factory.FactoryBeanListener;
import org.apache.cxf.wsdl.service.factory.ReflectionServiceFactoryBean;

/**
 * Installs dsoap on every CXF server endpoint and client whose implementation class or service endpoint
 * interface carries {@link DifferentialSoap}. CXF finds it through {@code META-INF/cxf/bus-extensions.txt},
 * so having dsoap-jaxws on the class path is enough; it does nothing for classes without the annotation.
 * A server endpoint dsoap carries (by the annotation, or by {@link DifferentialSoapFeature} on the endpoint or its
 * bus, whose interceptors are in place by the time CXF announces the server) also gets its state made here and
 * dsoap's binary policy assertion added to the WSDL it publishes ({@link Advertisement}).
 * Idempotent (CXF may announce a client twice). Thread-safe.
 */
public final class AnnotationListener implements FactoryBeanListener {
    @Override
    public void handleEvent(Event ev, AbstractServiceFactoryBean factory, Object... args) {
        if (ev != Event.SERVER_CREATED && ev != Event.CLIENT_CREATED) {
            return;
        }
        Class<?> sei = factory instanceof ReflectionServiceFactoryBean r ? r.getServiceClass() : null;
        Bus bus = factory.getBus();
        if (ev == Event.SERVER_CREATED && args.length > 0 && args[0] instanceof Server server) {
            Class<?> impl = args.length > 2 && args[2] instanceof Class<?> c ? c : null;
            DifferentialSoap a = impl != null ? Annotations.find(impl) : null;
            if (a == null && sei != null) {
                a = Annotations.find(sei);
            }
            if (a != null) {
                DsoapInterceptor.install(server.getEndpoint());
            }
            if (a != null || DsoapInterceptor.installedFor(server.getEndpoint(), bus)) {
                Advertisement.publish(server.getEndpoint(), EndpointState.of(bus, server.getEndpoint(), false, a));
            }
        } else if (ev == Event.CLIENT_CREATED && args.length > 0 && args[0] instanceof Client client) {
            DifferentialSoap a = sei != null ? Annotations.find(sei) : null;
            if (a != null) {
                EndpointState.of(bus, client.getEndpoint(), true, a);
                DsoapInterceptor.install(client.getEndpoint());
            }
        }
    }
}
