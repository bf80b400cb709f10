package dev.dsoap.jaxws.it;

import jakarta.xml.ws.WebFault;

/** The declared fault of {@link Echo#fail}. */
@WebFault(name = "echoFault", targetNamespace = Echo.NS)
public class EchoFault extends Exception {
    private static final long serialVersionUID = 1L;

    public EchoFault(String message) {
        super(message);
    }
}
