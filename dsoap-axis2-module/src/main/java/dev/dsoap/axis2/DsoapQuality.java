package dev.dsoap.axis2;

import dev.dsoap.quality.QualityAttributes;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.ServiceContext;
import org.apache.axis2.description.AxisService;

/**
 * Quality attributes of an Axis2 client or service, set while the application runs (SOAP-binQ's
 * {@code update_attribute()}): a {@link ServiceClient} (or stub) with dsoap engaged and {@code dsoap.quality=on}
 * sends its attributes with every request, where the service's quality file may choose by them; a service's own
 * attribute chooses for every client. See docs/quality.md. Thread-safe.
 */
public final class DsoapQuality {
    /** Service-context property holding a client's attributes. */
    private static final String ATTRIBUTES = "dev.dsoap.axis2.qualityAttributes";

    private DsoapQuality() {
    }

    /** Sets attribute {@code name} of a client's requests. */
    public static void updateAttribute(ServiceClient client, String name, double value) {
        attributes(client.getServiceContext()).update(name, value);
    }

    /** Removes attribute {@code name} of a client's requests. */
    public static void removeAttribute(ServiceClient client, String name) {
        attributes(client.getServiceContext()).remove(name);
    }

    /** Sets attribute {@code name} of a deployed service: chooses for every client when it is the rules' attribute. */
    public static void updateAttribute(AxisService service, String name, double value) {
        CarriedOperation.attributes(service).update(name, value);
    }

    /** Removes attribute {@code name} of a deployed service. */
    public static void removeAttribute(AxisService service, String name) {
        CarriedOperation.attributes(service).remove(name);
    }

    /** The attributes a client's service context keeps, made on first use. */
    static QualityAttributes attributes(ServiceContext client) {
        synchronized (client) {
            if (client.getProperty(ATTRIBUTES) instanceof QualityAttributes a) {
                return a;
            }
            QualityAttributes a = new QualityAttributes();
            client.setProperty(ATTRIBUTES, a);
            return a;
        }
    }
}
