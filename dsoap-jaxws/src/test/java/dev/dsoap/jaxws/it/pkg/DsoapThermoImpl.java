package dev.dsoap.jaxws.it.pkg;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** {@link Thermo} with dsoap turned on by the annotation. */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.jaxws.it.pkg.Thermo", targetNamespace = "urn:dsoap:cxf-echo",
        serviceName = "ThermoService", portName = "ThermoPort")
public class DsoapThermoImpl extends ThermoImpl {
}
