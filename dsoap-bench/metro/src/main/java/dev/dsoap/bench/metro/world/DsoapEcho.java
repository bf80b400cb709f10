package dev.dsoap.bench.metro.world;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The same endpoint with dsoap: requests read by DDS, answers written by DS. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.bench.metro.world.EchoPort", targetNamespace = EchoPort.NAMESPACE,
        serviceName = "DsoapEchoService", portName = "EchoPort")
public class DsoapEcho implements EchoPort {
    @Override
    public double[] echoDoubles(double[] v) {
        return v;
    }
}
