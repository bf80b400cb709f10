package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The same service with dsoap turned on by the annotation, and tighter parser limits to test them. */
@DifferentialSoap(maxDepth = 64, maxMessageBytes = 8 << 20)
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Echo", targetNamespace = Echo.NS, serviceName = "EchoService",
        portName = "EchoPort")
public class DsoapEchoImpl extends EchoImpl {
}
