package dev.dsoap.jaxws.bootbus;

import jakarta.jws.WebService;

/** A plain implementation: echoes what it reads. */
@WebService(endpointInterface = "dev.dsoap.jaxws.bootbus.Doubles", targetNamespace = Doubles.NS,
        serviceName = "BusService", portName = "BusPort")
public class DoublesImpl implements Doubles {
    @Override
    public double[] echoDoubles(double[] values) {
        return values;
    }
}
