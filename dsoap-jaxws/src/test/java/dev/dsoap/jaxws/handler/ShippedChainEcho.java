package dev.dsoap.jaxws.handler;

import jakarta.jws.HandlerChain;
import jakarta.jws.WebService;

/** {@link Echo} with the handler chain file the module ships (no quality file). */
@WebService(endpointInterface = "dev.dsoap.jaxws.handler.Echo", targetNamespace = Echo.NS,
        serviceName = "EchoService", portName = "ShippedEchoPort")
@HandlerChain(file = "/dev/dsoap/jaxws/handler/handler-chain.xml")
public class ShippedChainEcho extends PlainEcho {
}
