package dev.dsoap.jaxws.it;

import jakarta.jws.WebService;

/** The plain implementation (CXF's own path), SOAP 1.1. */
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Keeps", targetNamespace = Keeps.NS, serviceName = "KeepsService",
        portName = "KeepsPort")
public class KeepsImpl implements Keeps {
    @Override
    public String keep(String text, int level) {
        return level + "|" + text;
    }
}
