package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The same service with dsoap turned on by the annotation. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Extras", targetNamespace = Echo.NS, serviceName = "ExtrasService",
        portName = "ExtrasPort")
public class DsoapExtrasImpl extends ExtrasImpl {
}
