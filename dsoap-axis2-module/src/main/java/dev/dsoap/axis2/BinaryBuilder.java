package dev.dsoap.axis2;

import dev.dsoap.binary.BinaryFormat;
import dev.dsoap.binary.BinaryFormatException;
import dev.dsoap.binary.Descriptor;
import dev.dsoap.binary.Frame;
import dev.dsoap.host.BinaryRefusal;
import dev.dsoap.host.FormatRefusal;
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
        // a binary request has no envelope: its faults go in the SOAP version of the XML it takes instead (its Accept)
        mc.setEnvelope(envelopeFactory(mc).getDefaultEnvelope());
        int limit = engagement.maxMessageBytes();
        InputStream[] overflow = new InputStream[1];
        MessageBytes raw = Capture.readAll(in, limit, mc, overflow, engagement.budget());
        if (raw == null && MessageBytes.overflowReason(overflow[0]) == dev.dsoap.host.Fallback.IN_FLIGHT) {
            // Axis2 cannot read it its own way: 415 sends the client back to XML, which Axis2 can
            MessageBytes.discard(overflow[0]);
            engagement.binaryRefused(null, BinaryRefusal.ENDPOINT_REFUSED, "no room among the messages in flight");
            mc.setProperty(Constants.HTTP_RESPONSE_STATE, "415");
            throw sender(mc, "dsoap: binary request refused: no room for it among the bytes of messages in flight"
                    + " (dsoap.maxInFlightBytes = " + engagement.budget().inFlightLimitBytes() + "); send it as XML");
        }
        if (raw == null) {
            MessageBytes.discard(overflow[0]);
            engagement.binaryRefused(null, BinaryRefusal.MALFORMED, "longer than dsoap.maxMessageBytes");
            throw sender(mc, "dsoap: binary request longer than dsoap.maxMessageBytes = " + limit + " bytes");
        }
        long id;
        CarriedOperation op;
        FormatRefusal unknown = null;
        try {
            id = Frame.formatId(raw.bytes(), 0, raw.length());
            op = engagement.binaryOperation(id);
            if (op == null) {
                unknown = FormatRefusal.of(raw.bytes(), raw.length(), id, engagement.binaryFormats());
            }
        } catch (BinaryFormatException e) {
            engagement.binaryRefused(null, BinaryRefusal.MALFORMED, e.getMessage());
            throw sender(mc, "dsoap: " + e.getMessage());
        }
        String service = Engagement.serviceName(mc.getTo() == null ? null : mc.getTo().getAddress());
        if (op == null || service != null && !service.equals(op.service.getName())) {
            String why = op == null ? unknown.detail()
                    : "binary format " + Descriptor.hex(id) + " is " + op.service.getName() + "'s, not " + service + "'s";
            engagement.binaryRefused(op, op == null ? unknown.reason() : BinaryRefusal.UNKNOWN_FORMAT, why);
            mc.setProperty(Constants.HTTP_RESPONSE_STATE, "415");
            throw sender(mc, "dsoap: binary request refused: " + why);
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
            throw sender(mc, "dsoap: binary request refused: its action '" + action + "' names "
                    + named.getName().getLocalPart() + ", its format " + op.operation.getName().getLocalPart());
        }
        mc.setAxisService(op.service);
        mc.setAxisOperation(op.operation);
        mc.setProperty(Capture.RAW, raw);
        mc.setProperty(BINARY, Boolean.TRUE);
        BinaryFormat f = engagement.binaryFormat(id);
        SOAPFactory fac = envelopeFactory(mc);
        SOAPEnvelope env = fac.getDefaultEnvelope();
        Descriptor d = f.descriptor();
        env.getBody().addChild(fac.createOMElement(d.localName(), fac.createOMNamespace(d.namespace(), "ns")));
        return env;
    }

    /**
     * A sender fault in {@code mc}'s SOAP version (SOAP 1.1 {@code Client}, SOAP 1.2 {@code Sender}): the request is
     * wrong, not the server.
     */
    static AxisFault sender(MessageContext mc, String message) {
        return new AxisFault(message, mc.isSOAP11() ? SOAP11Constants.QNAME_SENDER_FAULTCODE
                : org.apache.axiom.soap.SOAP12Constants.QNAME_SENDER_FAULTCODE);
    }

    /**
     * The SOAP version of a binary request: that of the XML media type its {@code Accept} header takes besides dsoap's
     * binary form ({@code application/soap+xml}: SOAP 1.2), else SOAP 1.1.
     */
    private static SOAPFactory envelopeFactory(MessageContext mc) {
        Object accept = mc.getProperty(MessageContext.TRANSPORT_HEADERS) instanceof java.util.Map<?, ?> h
                ? header(h, "Accept") : null;
        return accept != null && accept.toString().toLowerCase(java.util.Locale.ROOT).contains("application/soap+xml")
                ? OMAbstractFactory.getSOAP12Factory() : OMAbstractFactory.getSOAP11Factory();
    }

    private static Object header(java.util.Map<?, ?> headers, String name) {
        for (java.util.Map.Entry<?, ?> e : headers.entrySet()) {
            if (e.getKey() instanceof String k && k.equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return null;
    }
}
