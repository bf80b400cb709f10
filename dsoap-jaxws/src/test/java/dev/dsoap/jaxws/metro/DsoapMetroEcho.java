package dev.dsoap.jaxws.metro;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The same service as {@link PlainMetroEcho}, carried by dsoap on Metro. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroEcho", serviceName = "DsoapEchoService",
        portName = "DsoapEchoPort", targetNamespace = MetroEcho.NS)
public class DsoapMetroEcho extends MetroEchoLogic {
}
