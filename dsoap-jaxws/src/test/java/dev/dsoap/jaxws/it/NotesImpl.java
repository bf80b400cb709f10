package dev.dsoap.jaxws.it;

import jakarta.jws.WebService;

import java.util.concurrent.ConcurrentLinkedQueue;

/** The plain implementation (CXF's own path), SOAP 1.1. */
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Notes", targetNamespace = Notes.NS, serviceName = "NotesService",
        portName = "NotesPort")
public class NotesImpl implements Notes {
    /** The notes received, as {@code level|text}, in order of arrival. */
    final ConcurrentLinkedQueue<String> received = new ConcurrentLinkedQueue<>();

    @Override
    public void note(String text, int level) {
        received.add(level + "|" + text);
    }
}
