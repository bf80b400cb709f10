package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The two-way service with dsoap turned on by the annotation, SOAP 1.1. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Keeps", targetNamespace = Keeps.NS, serviceName = "KeepsService",
        portName = "KeepsPort")
public class DsoapKeepsImpl extends KeepsImpl {
}
