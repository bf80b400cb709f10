package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** {@link BareExtras} with dsoap turned on by the annotation. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.it.BareExtras", targetNamespace = Echo.NS,
        serviceName = "BareExtrasService", portName = "BareExtrasPort")
public class DsoapBareExtrasImpl extends BareExtrasImpl {
}
