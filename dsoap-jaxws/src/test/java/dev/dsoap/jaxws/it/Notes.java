package dev.dsoap.jaxws.it;

import jakarta.jws.Oneway;
import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** A one-way service: a note with a level, nothing answered. */
@WebService(name = "Notes", targetNamespace = Notes.NS)
public interface Notes {
    String NS = "urn:dsoap:cxf-notes";

    /** The SOAP action {@link #note} declares. */
    String ACTION = "urn:dsoap:cxf-notes:note";

    @Oneway
    @WebMethod(action = ACTION)
    void note(@WebParam(name = "text") String text, @WebParam(name = "level") int level);
}
