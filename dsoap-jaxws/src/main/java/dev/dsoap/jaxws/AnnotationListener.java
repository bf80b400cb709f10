package dev.dsoap.jaxws;

import org.apache.cxf.Bus;
import org.apache.cxf.binding.soap.model.SoapBindingInfo;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
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
 * <p>
 * A {@link DifferentialSoapFeature} added to a bus's feature list once the bus is running ({@code
 * bus.getFeatures().add(...)}) is never initialized by CXF; this listener then installs dsoap on each SOAP endpoint
 * and client CXF creates on that bus afterwards, and says so once per bus.
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
            Endpoint endpoint = server.getEndpoint();
            if (a != null) {
                DsoapInterceptor.install(endpoint);
            } else if (!DsoapInterceptor.installedFor(endpoint, bus)) {
                busFeature(bus, endpoint, "server");
            }
            if (a != null || DsoapInterceptor.installedFor(endpoint, bus)) {
                Advertisement.publish(endpoint, EndpointState.of(bus, endpoint, false, a));
            }
        } else if (ev == Event.CLIENT_CREATED && args.length > 0 && args[0] instanceof Client client) {
            DifferentialSoap a = sei != null ? Annotations.find(sei) : null;
            if (a != null) {
                EndpointState.of(bus, client.getEndpoint(), true, a);
                DsoapInterceptor.install(client.getEndpoint());
            } else if (!DsoapInterceptor.installed(client) && !DsoapInterceptor.installedFor(client.getEndpoint(), bus)) {
                busFeature(bus, client.getEndpoint(), "client");
            }
        }
    }

    /**
     * Installs dsoap on {@code endpoint} (a SOAP one) when {@code bus}'s feature list holds a
     * {@link DifferentialSoapFeature} that CXF did not initialize (it was added once the bus was running).
     */
    private static void busFeature(Bus bus, Endpoint endpoint, String side) {
        if (bus == null || !(endpoint.getEndpointInfo().getBinding() instanceof SoapBindingInfo) || !listed(bus)) {
            return;
        }
        DsoapInterceptor.install(endpoint);
        EndpointState st = EndpointState.of(bus, endpoint, "client".equals(side), null);
        BusState b = bus.getExtension(BusState.class);
        if (b != null && b.firstLateFeature()) {
            BusState.LOG.info("dsoap: bus " + bus.getId() + " lists DifferentialSoapFeature among its features, added"
                    + " after the bus was initialized, so CXF did not apply it; dsoap installs its interceptors on each"
                    + " SOAP endpoint and client created on the bus from now on (first: " + side + " " + st.service
                    + "); endpoints published before the feature was added are not carried");
        }
    }

    /** Whether {@code bus}'s feature list holds a {@link DifferentialSoapFeature}. */
    private static boolean listed(Bus bus) {
        java.util.Collection<Feature> features = bus.getFeatures();
        if (features == null) {
            return false;
        }
        for (Feature f : features) {
            if (f instanceof DifferentialSoapFeature) {
                return true;
            }
        }
        return false;
    }
}
