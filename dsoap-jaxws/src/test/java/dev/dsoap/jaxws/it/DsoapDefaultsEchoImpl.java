package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The service with dsoap turned on at its default settings (CXF's own parser limits, 64 MiB messages). */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Echo", targetNamespace = Echo.NS, serviceName = "EchoService",
        portName = "EchoPort")
public class DsoapDefaultsEchoImpl extends EchoImpl {
}
