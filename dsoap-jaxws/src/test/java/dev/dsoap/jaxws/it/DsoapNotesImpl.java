package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The one-way service with dsoap turned on by the annotation, SOAP 1.1. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Notes", targetNamespace = Notes.NS, serviceName = "NotesService",
        portName = "NotesPort")
public class DsoapNotesImpl extends NotesImpl {
}
