package dev.dsoap.jaxws.bootbus;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The service's interface: no dsoap annotation anywhere, so only a bus feature can carry it. */
@WebService(name = "Doubles", targetNamespace = Doubles.NS)
public interface Doubles {
    String NS = "urn:dsoap:boot-bus";

    double[] echoDoubles(@WebParam(name = "values") double[] values);
}
