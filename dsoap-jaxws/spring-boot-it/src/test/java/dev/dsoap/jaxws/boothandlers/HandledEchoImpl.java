package dev.dsoap.jaxws.boothandlers;

import dev.dsoap.jaxws.DifferentialSoap;
import dev.dsoap.jaxws.boot.Echo;
import jakarta.jws.WebService;

/** The endpoint, carried by dsoap through the annotation: echoes what it reads. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.boot.Echo", targetNamespace = Echo.NS, serviceName = "BootHandledService",
        portName = "EchoPort")
public class HandledEchoImpl implements Echo {
    @Override
    public double[] echo(double[] v) {
        return v;
    }
}
