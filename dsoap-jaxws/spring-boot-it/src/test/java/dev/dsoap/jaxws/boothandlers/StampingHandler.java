package dev.dsoap.jaxws.boothandlers;

import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPHeaderElement;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;

import javax.xml.namespace.QName;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads the request's {@code Ticket} header block and stamps a {@code Served} block naming it into each answer (calling
 * {@code saveChanges()}, as handlers commonly do after a change).
 */
public class StampingHandler implements SOAPHandler<SOAPMessageContext> {
    static final String NS = "urn:dsoap:boot-handlers";
    static final QName TICKET = new QName(NS, "Ticket");
    static final QName SERVED = new QName(NS, "Served");
    final AtomicInteger requests = new AtomicInteger();

    @Override
    public boolean handleMessage(SOAPMessageContext context) {
        try {
            SOAPMessage m = context.getMessage();
            if (!(Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                requests.incrementAndGet();
                String ticket = "none";
                SOAPHeader h = m.getSOAPHeader();
                if (h != null) {
                    for (var it = h.examineAllHeaderElements(); it.hasNext(); ) {
                        SOAPHeaderElement e = it.next();
                        if (TICKET.equals(e.getElementQName())) {
                            ticket = e.getTextContent();
                        }
                    }
                }
                context.put("ticket", ticket);
            } else {
                SOAPHeader h = m.getSOAPHeader();
                if (h == null) {
                    h = m.getSOAPPart().getEnvelope().addHeader();
                }
                h.addHeaderElement(SERVED).setTextContent("served " + context.get("ticket"));
                m.saveChanges();
            }
        } catch (SOAPException e) {
            throw new IllegalStateException(e);
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
        return Set.of(TICKET);
    }
}
