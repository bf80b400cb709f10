package dev.dsoap.jaxws.metro;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** {@link MetroEcho} carried by dsoap in a web application ({@code WEB-INF/sun-jaxws.xml}). */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "ServletDsoapService",
        portName = "ServletDsoapPort", targetNamespace = MetroEcho.NS)
public class ServletDsoapEcho extends MetroEchoLogic {
}
