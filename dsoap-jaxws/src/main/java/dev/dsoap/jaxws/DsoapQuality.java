package dev.dsoap.jaxws;

import dev.dsoap.quality.QualityAttributes;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.frontend.ClientProxy;

/**
 * Quality attributes of a CXF proxy or endpoint, set while the application runs (SOAP-binQ's
 * {@code update_attribute()}): a proxy sends its attributes with every request, where the endpoint's quality file
 * may choose by them; an endpoint's own attribute chooses for every client. See docs/quality.md. Thread-safe.
 */
public final class DsoapQuality {
    private DsoapQuality() {
    }

    /**
     * Sets attribute {@code name} of a JAX-WS proxy or of a published {@code jakarta.xml.ws.Endpoint}.
     *
     * @throws IllegalArgumentException when {@code target} is neither, or as {@link QualityAttributes#update} does
     */
    public static void updateAttribute(Object target, String name, double value) {
        Quality.attributes(endpoint(target)).update(name, value);
    }

    /** Removes attribute {@code name} of a proxy or endpoint. */
    public static void removeAttribute(Object target, String name) {
        Quality.attributes(endpoint(target)).remove(name);
    }

    private static Endpoint endpoint(Object target) {
        if (target instanceof org.apache.cxf.jaxws.EndpointImpl e) {
            if (e.getServer() == null) {
                throw new IllegalArgumentException("endpoint not published yet: " + target);
            }
            return e.getServer().getEndpoint();
        }
        try {
            return ClientProxy.getClient(target).getEndpoint();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a CXF JAX-WS proxy or endpoint: " + target, e);
        }
    }
}
