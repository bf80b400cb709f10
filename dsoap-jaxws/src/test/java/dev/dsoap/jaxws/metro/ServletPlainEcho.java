package dev.dsoap.jaxws.metro;

import jakarta.jws.WebService;

/** The web application's oracle: {@link MetroEcho} without dsoap. */
@WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "ServletPlainService",
        portName = "ServletPlainPort", targetNamespace = MetroEcho.NS)
public class ServletPlainEcho extends MetroEchoLogic {
}
