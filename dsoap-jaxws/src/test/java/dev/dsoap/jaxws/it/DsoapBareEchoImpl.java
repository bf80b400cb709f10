package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** {@link BareEcho} with dsoap. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.it.BareEcho", targetNamespace = Echo.NS, serviceName = "BareService",
        portName = "BarePort")
public class DsoapBareEchoImpl extends BareEchoImpl {
}
