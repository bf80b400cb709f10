package dev.dsoap.jaxws;

import dev.dsoap.negotiation.BinaryPolicy;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.service.model.BindingInfo;
import org.apache.cxf.service.model.ServiceInfo;
import org.apache.cxf.wsdl11.WSDLServiceBuilder;

import javax.wsdl.extensions.UnknownExtensibilityElement;
import javax.xml.namespace.QName;
import java.util.List;

/**
 * Publishes dsoap's binary assertion ({@link BinaryPolicy}) in the WSDL CXF writes for a carried server endpoint: an
 * extensor on the endpoint's binding in the service model, which CXF's own WSDL writer ({@code ServiceWSDLBuilder},
 * behind {@code ?wsdl}) emits as a child of {@code wsdl:binding}. It stands outside any {@code wsp:Policy}, marked
 * {@code wsdl:required="false"} ({@link BinaryPolicy#extension}): CXF's WS-Policy engine, on the endpoint and on any
 * plain CXF client built from the WSDL, never sees it, so it neither warns of an assertion it has no builder for nor
 * takes the endpoint's messages to its own path; WSDL readers ignore an element they do not know. Nothing is
 * added when the endpoint's {@code dsoap.binary} is {@code off}, on clients, or when the endpoint was built from a
 * WSDL document of its own (CXF then publishes that document unchanged). Stateless; the binding is updated under
 * its own lock, once.
 */
final class Advertisement {
    private static final QName ASSERTION = new QName(BinaryPolicy.NAMESPACE, BinaryPolicy.ASSERTION);

    private Advertisement() {
    }

    /** Adds the assertion to {@code endpoint}'s binding when {@code state} answers in binary; idempotent. */
    static void publish(Endpoint endpoint, EndpointState state) {
        if (state.client || !BinaryPolicy.published(state.settings.binary())) {
            return;
        }
        BindingInfo binding = endpoint.getEndpointInfo().getBinding();
        ServiceInfo service = endpoint.getEndpointInfo().getService();
        if (binding == null || service == null || service.getProperty(WSDLServiceBuilder.WSDL_DEFINITION) != null) {
            return;
        }
        synchronized (binding) {
            if (published(binding)) {
                return;
            }
            UnknownExtensibilityElement assertion = new UnknownExtensibilityElement();
            assertion.setElementType(ASSERTION);
            assertion.setRequired(Boolean.FALSE);
            assertion.setElement(BinaryPolicy.extension(state.settings.binary()));
            binding.addExtensor(assertion);
        }
    }

    /** Whether {@code binding} carries dsoap's assertion already. */
    static boolean published(BindingInfo binding) {
        List<UnknownExtensibilityElement> extensors = binding.getExtensors(UnknownExtensibilityElement.class);
        if (extensors == null) {
            return false;
        }
        for (UnknownExtensibilityElement e : extensors) {
            if (ASSERTION.equals(e.getElementType())) {
                return true;
            }
        }
        return false;
    }
}
