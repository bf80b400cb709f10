package dev.dsoap.jaxws.it.pkg;

import dev.dsoap.jaxws.it.Celsius;
import jakarta.jws.WebService;

/** {@link Thermo}, plain. */
@WebService(endpointInterface = "dev.dsoap.jaxws.it.pkg.Thermo", targetNamespace = "urn:dsoap:cxf-echo",
        serviceName = "ThermoService", portName = "ThermoPort")
public class ThermoImpl implements Thermo {
    @Override
    public Celsius cool(Celsius t, double by) {
        return t == null ? null : new Celsius(t.degrees() - by);
    }
}
