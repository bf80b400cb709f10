package dev.dsoap.jaxws.it;

import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;

import javax.xml.namespace.QName;
import java.util.Set;

/** A handler a {@code @HandlerChain} file names: stamps a {@code Ticket} block into each answer. */
public class TicketHandler implements SOAPHandler<SOAPMessageContext> {
    static final QName TICKET = new QName("urn:dsoap:test-ticket", "Ticket");

    @Override
    public boolean handleMessage(SOAPMessageContext context) {
        if ((Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
            try {
                SOAPMessage m = context.getMessage();
                SOAPHeader h = m.getSOAPHeader();
                if (h == null) {
                    h = m.getSOAPPart().getEnvelope().addHeader();
                }
                h.addHeaderElement(TICKET).setTextContent("stamped");
            } catch (SOAPException e) {
                throw new IllegalStateException(e);
            }
        }
        return true;
    }

    @Override
    public boolean handleFault(SOAPMessageContext context) {
        return true;
    }

    @Override
    public void close(MessageContext context) {
    }

    @Override
    public Set<QName> getHeaders() {
        return Set.of();
    }
}
