package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.HandlerChain;
import jakarta.jws.WebService;

/** The dsoap endpoint with its handler chain declared in a file ({@code @HandlerChain}). */
@DifferentialSoap
@HandlerChain(file = "ticket-handlers.xml")
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Echo", targetNamespace = Echo.NS, serviceName = "EchoService",
        portName = "EchoPort")
public class HandlerChainEchoImpl extends EchoImpl {
}
