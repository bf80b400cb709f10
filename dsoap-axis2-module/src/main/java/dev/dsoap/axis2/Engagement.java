package dev.dsoap.axis2;

import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.engine.AxisConfiguration;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which services have dsoap operations, for the builders, which run before dispatch and must decide from
 * the request address alone whether to keep the request's bytes. Thread-safe.
 */
final class Engagement {
    private final Set<String> services = ConcurrentHashMap.newKeySet();
    private final AxisConfiguration config;
    private final int maxMessageBytes;

    Engagement(AxisConfiguration config, int maxMessageBytes) {
        this.config = config;
        this.maxMessageBytes = maxMessageBytes;
    }

    void add(String service) {
        services.add(service);
    }

    /** The request size read before dispatch, in bytes ({@code dsoap.maxMessageBytes} of the module). */
    int maxMessageBytes() {
        return maxMessageBytes;
    }

    /**
     * Whether the request in {@code mc} may be headed for a dsoap operation: its address names an engaged
     * service, or names none that this configuration knows (dispatch by SOAP action or body may still find
     * one) while some service is engaged.
     */
    boolean mayCapture(MessageContext mc) {
        if (services.isEmpty()) {
            return false;
        }
        if (mc.getAxisService() != null) {
            return services.contains(mc.getAxisService().getName());
        }
        EndpointReference to = mc.getTo();
        String name = serviceName(to == null ? null : to.getAddress());
        if (name == null) {
            return true;
        }
        if (services.contains(name)) {
            return true;
        }
        try {
            return config.getServiceForActivation(name) == null;
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** The service segment of an address such as {@code /axis2/services/Name/op?x} or {@code Name.Port}. */
    static String serviceName(String address) {
        if (address == null) {
            return null;
        }
        int at = address.indexOf("/services/");
        if (at < 0) {
            return null;
        }
        int start = at + "/services/".length();
        int end = start;
        while (end < address.length() && "/?#.".indexOf(address.charAt(end)) < 0) {
            end++;
        }
        return end > start ? address.substring(start, end) : null;
    }
}
