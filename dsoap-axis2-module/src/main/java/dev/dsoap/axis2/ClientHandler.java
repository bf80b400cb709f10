package dev.dsoap.axis2;

import dev.dsoap.host.ClientId;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.context.ServiceContext;
import org.apache.axis2.handlers.AbstractHandler;
import org.apache.axis2.kernel.MessageFormatter;
import org.apache.axis2.kernel.http.HTTPConstants;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Names an engaged client in its requests and routes them through dsoap's formatter.
 *
 * <p>The client id: every request of a {@code ServiceClient} (a stub, an {@code RPCServiceClient}) carries the
 * {@code dsoap.clientIdHeader} HTTP header with a random id kept by the client's service context for its life,
 * so that a dsoap server reads the client's requests against its own kept message and a load balancer can keep
 * it on one server. A header of that name the caller set is left alone.
 *
 * <p>The formatter: Axis2 picks a formatter by the message's
 * {@code messageType} and, when a client sets none (stubs and ServiceClient do not), writes SOAP with a
 * formatter of its own instead of the configuration's; this handler (phase MessageOut, engaged operations
 * only) names the configuration's formatter for the message's SOAP version instead, which is dsoap's
 * wrapper ({@link TemplateFormatter}). A message that already names a type or formatter is left alone.
 *
 * <p>Thread-safe (stateless).
 */
public final class ClientHandler extends AbstractHandler {
    /** Property under which a client's service context keeps the id it sends. */
    static final String CLIENT_ID = "dev.dsoap.clientId";

    @Override
    public InvocationResponse invoke(MessageContext mc) throws AxisFault {
        ClientOperation op = mc.isServerSide() ? null : ClientOperation.of(mc.getAxisOperation());
        if (op != null) {
            nameClient(mc, op.settings.clientIdHeader());
            String accept = op.accept(mc);
            if (accept != null) {
                setHeader(mc, "Accept", accept);
            }
            String quality = op.qualityHeader(mc);
            if (quality != null) {
                setHeader(mc, dev.dsoap.quality.QualityWire.REQUEST, quality);
            }
            if (mc.getProperty(Constants.Configuration.MESSAGE_FORMATTER) == null && op.sendsBinary(mc)) {
                MessageFormatter binary = mc.getConfigurationContext().getAxisConfiguration()
                        .getMessageFormatter(dev.dsoap.negotiation.BinaryMediaType.NAME);
                if (binary instanceof BinaryFormatter) {
                    mc.setProperty(ClientOperation.BINARY_REQUEST, Boolean.TRUE);
                    mc.setProperty(Constants.Configuration.MESSAGE_FORMATTER, binary);
                    return InvocationResponse.CONTINUE;
                }
            }
        }
        if (op == null || mc.getProperty(Constants.Configuration.MESSAGE_TYPE) != null
                || mc.getProperty(Constants.Configuration.MESSAGE_FORMATTER) != null || mc.isDoingREST()) {
            return InvocationResponse.CONTINUE;
        }
        String type = mc.getEnvelope() != null && SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI.equals(mc.getEnvelope().getNamespace().getNamespaceURI())
                ? "application/soap+xml" : "text/xml";
        MessageFormatter f = mc.getConfigurationContext().getAxisConfiguration().getMessageFormatter(type);
        if (f instanceof TemplateFormatter) {
            mc.setProperty(Constants.Configuration.MESSAGE_FORMATTER, f);
        }
        return InvocationResponse.CONTINUE;
    }

    /** Sets HTTP header {@code name} of {@code mc} (a copy: the caller's list or map is not changed). */
    private static void setHeader(MessageContext mc, String name, String value) {
        Object given = mc.getProperty(HTTPConstants.HTTP_HEADERS);
        List<NamedValue> headers = new ArrayList<>();
        if (given instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof NamedValue v && !name.equalsIgnoreCase(v.getName())) {
                    headers.add(v);
                }
            }
        } else if (given instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (e.getKey() instanceof String k && e.getValue() != null && !name.equalsIgnoreCase(k)) {
                    headers.add(new NamedValue(k, e.getValue().toString()));
                }
            }
        }
        headers.add(new NamedValue(name, value));
        mc.setProperty(HTTPConstants.HTTP_HEADERS, headers);
    }

    /** Adds the client id header to {@code mc}'s HTTP headers (a copy: the caller's list or map is not changed). */
    private static void nameClient(MessageContext mc, String header) {
        ServiceContext client = mc.getServiceContext();
        if (header == null || client == null) {
            return;
        }
        String id;
        synchronized (client) {
            Object kept = client.getProperty(CLIENT_ID);
            id = kept instanceof String k ? k : ClientId.random();
            if (kept == null) {
                client.setProperty(CLIENT_ID, id);
            }
        }
        Object given = mc.getProperty(HTTPConstants.HTTP_HEADERS);
        List<NamedValue> headers = new ArrayList<>();
        if (given instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof NamedValue v) {
                    if (header.equalsIgnoreCase(v.getName())) {
                        return;
                    }
                    headers.add(v);
                }
            }
        } else if (given instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (e.getKey() instanceof String k && e.getValue() != null) {
                    if (header.equalsIgnoreCase(k)) {
                        return;
                    }
                    headers.add(new NamedValue(k, e.getValue().toString()));
                }
            }
        }
        headers.add(new NamedValue(header, id));
        mc.setProperty(HTTPConstants.HTTP_HEADERS, headers);
    }
}
