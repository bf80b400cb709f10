package dev.dsoap.axis2;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryFormatException;
import dev.dsoap.binary.Descriptor;
import dev.dsoap.binary.Frame;
import dev.dsoap.host.BinaryRefusal;
import dev.dsoap.host.MessageBytes;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.builder.Builder;
import org.apache.axis2.context.MessageContext;

import java.io.InputStream;

/**
 * The builder of dsoap's binary media type. On a server, a binary request is read into memory (within the
 * module's {@code dsoap.maxMessageBytes}), its format looked up among the engaged operations that have answered in
 * binary, and the operation set on the message context, so that dispatch cannot send it anywhere else; the
 * envelope handed to Axis2 holds only the operation's body element, empty, and the receiver reads the values
 * from the bytes. A format no engaged operation reads, or one sent to another service's address, is refused with
 * HTTP 415 and a SOAP fault naming it (a dsoap client then goes back to XML). On an engaged client, a binary
 * response goes to its operation ({@link ClientOperation#readBinary}).
 *
 * <p>Thread-safe (stateless per message).
 */
final class BinaryBuilder implements Builder {
    /** Message-context property marking a binary request. */
    static final String BINARY = "dev.dsoap.axis2.binary";

    private final Engagement engagement;

    BinaryBuilder(Engagement engagement) {
        this.engagement = engagement;
    }

    @Override
    public OMElement processDocument(InputStream in, String contentType, MessageContext mc) throws AxisFault {
        if (!mc.isServerSide()) {
            ClientOperation client = ClientOperation.of(mc.getAxisOperation());
            if (client == null) {
                throw new AxisFault("dsoap: a binary response to a client dsoap is not engaged on");
            }
            return client.readBinary(in, mc);
        }
        int limit = engagement.maxMessageBytes();
        MessageBytes raw = Capture.readAll(in, limit, mc);
        if (raw == null) {
            throw sender("dsoap: binary request longer than dsoap.maxMessageBytes = " + limit + " bytes");
        }
        long id;
        try {
            id = Frame.formatId(raw.bytes(), 0, raw.length());
        } catch (BinaryFormatException e) {
            throw sender("dsoap: " + e.getMessage());
        }
        CarriedOperation op = engagement.binaryOperation(id);
        String service = Engagement.serviceName(mc.getTo() == null ? null : mc.getTo().getAddress());
        if (op == null || service != null && !service.equals(op.service.getName())) {
            String why = op == null ? "no engaged operation reads binary format " + Descriptor.hex(id)
                    : "binary format " + Descriptor.hex(id) + " is " + op.service.getName() + "'s, not " + service + "'s";
            engagement.binaryRefused(op, BinaryRefusal.UNKNOWN_FORMAT, why);
            mc.setProperty(Constants.HTTP_RESPONSE_STATE, "415");
            throw sender("dsoap: binary request refused: " + why);
        }
        String action = mc.getSoapAction();
        if (action != null && action.length() >= 2 && action.startsWith("\"") && action.endsWith("\"")) {
            action = action.substring(1, action.length() - 1);
        }
        org.apache.axis2.description.AxisOperation named = action == null || action.isEmpty() ? null
                : op.service.getOperationBySOAPAction(action);
        if (named != null && named != op.operation) {
            // Axis2 would dispatch by the action: a binary request must not reach another operation than it names
            engagement.binaryRefused(op, BinaryRefusal.FORMAT_MISMATCH, "SOAPAction " + action);
            throw sender("dsoap: binary request refused: its action '" + action + "' names "
                    + named.getName().getLocalPart() + ", its format " + op.operation.getName().getLocalPart());
        }
        mc.setAxisService(op.service);
        mc.setAxisOperation(op.operation);
        mc.setProperty(Capture.RAW, raw);
        mc.setProperty(BINARY, Boolean.TRUE);
        BinaryFormat f = engagement.binaryFormat(id);
        SOAPFactory fac = OMAbstractFactory.getSOAP11Factory();
        SOAPEnvelope env = fac.getDefaultEnvelope();
        Descriptor d = f.descriptor();
        env.getBody().addChild(fac.createOMElement(d.localName(), fac.createOMNamespace(d.namespace(), "ns")));
        return env;
    }

    /** A sender fault (SOAP 1.1 {@code Client}): the request is wrong, not the server. */
    static AxisFault sender(String message) {
        return new AxisFault(message, SOAP11Constants.QNAME_SENDER_FAULTCODE);
    }
}
