package dev.dsoap.jaxws.it;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** A two-way service of the one-way {@link Notes}' parameters: a note with a level, answered as it was read. */
@WebService(name = "Keeps", targetNamespace = Keeps.NS)
public interface Keeps {
    String NS = "urn:dsoap:cxf-keeps";

    /** The SOAP action {@link #keep} declares. */
    String ACTION = "urn:dsoap:cxf-keeps:keep";

    /** {@code level|text}. */
    @WebMethod(action = ACTION)
    String keep(@WebParam(name = "text") String text, @WebParam(name = "level") int level);
}
