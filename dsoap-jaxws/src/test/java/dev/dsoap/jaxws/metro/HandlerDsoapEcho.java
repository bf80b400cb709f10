package dev.dsoap.jaxws.metro;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** {@link MetroEcho} carried by dsoap, for endpoints with JAX-WS handlers. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "HandlerDsoapService",
        portName = "HandlerDsoapPort", targetNamespace = MetroEcho.NS)
public class HandlerDsoapEcho extends MetroEchoLogic {
}
