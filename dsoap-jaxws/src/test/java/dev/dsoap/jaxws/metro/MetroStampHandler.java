package dev.dsoap.jaxws.metro;

import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;

import javax.xml.namespace.QName;
import java.util.Set;

/** A handler a {@code @HandlerChain} file names (public, with a public constructor): stamps a block into each answer. */
public class MetroStampHandler implements SOAPHandler<SOAPMessageContext> {
    @Override
    public boolean handleMessage(SOAPMessageContext c) {
        if (Boolean.TRUE.equals(c.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
            try {
                SOAPMessage m = c.getMessage();
                SOAPHeader h = m.getSOAPHeader() != null ? m.getSOAPHeader() : m.getSOAPPart().getEnvelope().addHeader();
                h.addHeaderElement(MetroHandlerTest.STAMP).addTextNode("from the chain file");
                m.saveChanges();
            } catch (SOAPException e) {
                throw new IllegalStateException(e);
            }
        }
        return true;
    }

    @Override
    public boolean handleFault(SOAPMessageContext c) {
        return true;
    }

    @Override
    public void close(MessageContext c) {
    }

    @Override
    public Set<QName> getHeaders() {
        return Set.of();
    }
}
