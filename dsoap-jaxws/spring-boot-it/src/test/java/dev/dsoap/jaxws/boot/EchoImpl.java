package dev.dsoap.jaxws.boot;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The endpoint, carried by dsoap through the annotation: echoes what it reads. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.boot.Echo", targetNamespace = Echo.NS, serviceName = "BootEchoService",
        portName = "EchoPort")
public class EchoImpl implements Echo {
    @Override
    public double[] echo(double[] v) {
        return v;
    }
}
