package dev.dsoap.axis2;

import dev.dsoap.negotiation.BinaryMode;
import dev.dsoap.negotiation.BinaryPolicy;
import org.apache.axis2.description.AxisBinding;
import org.apache.axis2.description.AxisEndpoint;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.WSDL2Constants;
import org.apache.axis2.description.java2wsdl.Java2WSDLConstants;
import org.apache.neethi.Policy;
import org.apache.neethi.PolicyEngine;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/**
 * Publishes dsoap's binary policy assertion ({@link BinaryPolicy}) in the WSDL Axis2 generates for a service
 * ({@code ?wsdl}): the policy is attached to the policy subject of each of the service's SOAP bindings, which Axis2's
 * WSDL 1.1 generator writes as a {@code wsp:PolicyReference} in {@code wsdl:binding} and the policy itself, with its
 * {@code wsu:Id}, at the top of {@code wsdl:definitions}. A service that publishes a WSDL document of its own
 * ({@code useOriginalwsdl}) publishes that document unchanged. Stateless; Axis2 calls it from its deployment
 * threads, under the module's lock.
 */
final class Advertisement {
    private Advertisement() {
    }

    /**
     * Attaches the assertion for {@code mode} to {@code service}'s SOAP bindings (not to its HTTP binding), unless
     * {@code mode} publishes nothing; attaching it again replaces it (the policy has a fixed id).
     */
    static void publish(AxisService service, BinaryMode mode) {
        if (!BinaryPolicy.published(mode)) {
            return;
        }
        for (AxisEndpoint endpoint : service.getEndpoints().values()) {
            AxisBinding binding = endpoint.getBinding();
            if (binding != null && soap(binding)) {
                binding.getPolicySubject().attachPolicy(policy(mode));
            }
        }
    }

    /** Whether {@code binding} is a SOAP binding (as Axis2's WSDL 1.1 generator tells them). */
    private static boolean soap(AxisBinding binding) {
        String type = binding.getType();
        return (Java2WSDLConstants.TRANSPORT_URI.equals(type) || WSDL2Constants.URI_WSDL2_SOAP.equals(type))
                && binding.getProperty(WSDL2Constants.ATTR_WSOAP_VERSION) != null;
    }

    /** The policy for {@code mode}, read by Neethi from dsoap's text of it. */
    static Policy policy(BinaryMode mode) {
        Policy p = PolicyEngine.getPolicy(new ByteArrayInputStream(BinaryPolicy.xml(mode).getBytes(StandardCharsets.UTF_8)));
        p.setId(BinaryPolicy.ID);
        return p;
    }
}
