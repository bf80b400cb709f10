package dev.dsoap.jaxws.metro;

import jakarta.jws.WebService;

/** The oracle: a Metro endpoint without dsoap. */
@WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "PlainEchoService",
        portName = "PlainEchoPort", targetNamespace = MetroEcho.NS)
public class PlainMetroEcho extends MetroEchoLogic {
}
