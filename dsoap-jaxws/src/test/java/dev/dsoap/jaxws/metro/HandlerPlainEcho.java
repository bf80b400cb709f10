package dev.dsoap.jaxws.metro;

import jakarta.jws.WebService;

/** The oracle of the handler tests: {@link MetroEcho} without dsoap, with the same handler. */
@WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "HandlerPlainService",
        portName = "HandlerPlainPort", targetNamespace = MetroEcho.NS)
public class HandlerPlainEcho extends MetroEchoLogic {
}
