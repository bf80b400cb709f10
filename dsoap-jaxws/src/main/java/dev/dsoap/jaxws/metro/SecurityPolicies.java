package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.model.wsdl.WSDLBoundFault;
import com.sun.xml.ws.api.model.wsdl.WSDLBoundOperation;
import com.sun.xml.ws.api.model.wsdl.WSDLPort;
import com.sun.xml.ws.policy.Policy;
import com.sun.xml.ws.policy.PolicyException;
import com.sun.xml.ws.policy.PolicyMap;
import com.sun.xml.ws.policy.PolicyMapKey;

import javax.xml.namespace.QName;
import java.util.List;

/**
 * Whether a port's policy asks for WS-Security: an assertion of a WS-SecurityPolicy namespace in its endpoint's,
 * an operation's or a message's effective policy, the test WSIT's security tube factory makes before it puts its
 * tubes (and its own codec) on the port. Such a port's messages are signed, encrypted and verified by WSIT, which
 * reads every one in its own form: dsoap reads and writes none of them. Static helpers.
 */
final class SecurityPolicies {
    /** WS-SecurityPolicy 2005/07, 1.2 and its 2005/12 draft. */
    private static final List<String> NAMESPACES = List.of("http://schemas.xmlsoap.org/ws/2005/07/securitypolicy",
            "http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702",
            "http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200512");

    private SecurityPolicies() {
    }

    /**
     * Why the messages of {@code port} are WSIT's to read and write, or {@code null} when its policy asks for no
     * WS-Security (or there is no policy).
     */
    static String of(PolicyMap map, WSDLPort port) {
        if (map == null || port == null) {
            return null;
        }
        QName service = port.getOwner().getName();
        QName name = port.getName();
        try {
            if (secured(map.getEndpointEffectivePolicy(PolicyMap.createWsdlEndpointScopeKey(service, name)))) {
                return "WS-Security (the port's policy)";
            }
            for (WSDLBoundOperation op : port.getBinding().getBindingOperations()) {
                PolicyMapKey key = PolicyMap.createWsdlOperationScopeKey(service, name, op.getName());
                if (secured(map.getOperationEffectivePolicy(key)) || secured(map.getInputMessageEffectivePolicy(key))
                        || secured(map.getOutputMessageEffectivePolicy(key))) {
                    return "WS-Security (the policy of operation " + op.getName().getLocalPart() + ")";
                }
                for (WSDLBoundFault f : op.getFaults()) {
                    if (secured(map.getFaultMessageEffectivePolicy(PolicyMap.createWsdlFaultMessageScopeKey(service,
                            name, op.getName(), f.getQName())))) {
                        return "WS-Security (the policy of a fault of " + op.getName().getLocalPart() + ")";
                    }
                }
            }
        } catch (PolicyException e) {
            return "WS-Security (a policy Metro could not read: " + e.getMessage() + ")";
        }
        return null;
    }

    private static boolean secured(Policy p) {
        if (p == null) {
            return false;
        }
        for (String ns : NAMESPACES) {
            if (p.contains(ns)) {
                return true;
            }
        }
        return false;
    }
}
