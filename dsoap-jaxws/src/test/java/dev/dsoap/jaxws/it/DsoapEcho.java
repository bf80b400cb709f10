package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The client's view with dsoap turned on by the annotation on the service endpoint interface. */
@DifferentialSoap
@WebService(name = "Echo", targetNamespace = Echo.NS)
public interface DsoapEcho extends Echo {
}
