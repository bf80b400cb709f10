package dev.dsoap.bench.metro.world;

import jakarta.jws.WebService;

/** The plain endpoint: Metro and JAXB both ways. */
@WebService(endpointInterface = "dev.dsoap.bench.metro.world.EchoPort", targetNamespace = EchoPort.NAMESPACE,
        serviceName = "EchoService", portName = "EchoPort")
public class PlainEcho implements EchoPort {
    @Override
    public double[] echoDoubles(double[] v) {
        return v;
    }
}
