package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.message.Message;
import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.message.saaj.SAAJFactory;
import com.sun.xml.ws.message.saaj.SAAJMessage;
import dev.dsoap.jaxws.saaj.LazySoapMessage;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;

/**
 * Metro's SAAJ hook for the messages dsoap read or wrote on an endpoint with JAX-WS handlers. When a handler's context
 * asks for a message's SAAJ form, it gets the handlers' lazy SAAJ message of the message's bytes
 * ({@link Carried#readAsSOAPMessage()}), where Metro would write the whole message into a new SAAJ message (set on those
 * packets with {@link Packet#setSAAJFactory}). When the handlers are done and Metro makes a message of that SAAJ message
 * again, it gets dsoap's message back while the body is untouched, so that nothing after the handlers parses the body
 * (found by Metro through {@code ServiceLoader}). Any other message is left to Metro. Stateless, thread-safe.
 */
public final class HandlerSaaj extends SAAJFactory {
    static final HandlerSaaj INSTANCE = new HandlerSaaj();

    /** For {@code ServiceLoader}. */
    public HandlerSaaj() {
    }

    @Override
    public SAAJMessage readAsSAAJ(Packet packet) throws SOAPException {
        if (packet.getInternalMessage() instanceof Carried c && c.inBytes() && c.handlers()) {
            return new SAAJMessage(c.readAsSOAPMessage());
        }
        return null; // Metro's own
    }

    @Override
    public Message createMessage(SOAPMessage saaj) {
        try {
            if (saaj instanceof LazySoapMessage l && l.owner() instanceof Carried c && c.lazy() == l && c.inBytes()
                    && l.untouched()) {
                return c; // the handlers left the body alone: dsoap's message of these bytes goes on
            }
        } catch (SOAPException e) {
            // Metro's own
        }
        return null;
    }
}
