package dev.dsoap.axis2;

import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.handlers.AbstractHandler;
import org.apache.axis2.kernel.MessageFormatter;

/**
 * Routes an engaged client's requests through dsoap's formatter. Axis2 picks a formatter by the message's
 * {@code messageType} and, when a client sets none (stubs and ServiceClient do not), writes SOAP with a
 * formatter of its own instead of the configuration's; this handler (phase MessageOut, engaged operations
 * only) names the configuration's formatter for the message's SOAP version instead, which is dsoap's
 * wrapper ({@link TemplateFormatter}). A message that already names a type or formatter is left alone.
 *
 * <p>Thread-safe (stateless).
 */
public final class ClientHandler extends AbstractHandler {
    @Override
    public InvocationResponse invoke(MessageContext mc) throws AxisFault {
        if (mc.isServerSide() || ClientOperation.of(mc.getAxisOperation()) == null
                || mc.getProperty(Constants.Configuration.MESSAGE_TYPE) != null
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
}
