package dev.dsoap.jaxws.metro;

import jakarta.jws.Oneway;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** A SOAP 1.2 service of the Metro tests: an in-out and a one-way operation. */
@WebService(name = "MetroFeed", targetNamespace = MetroEcho.NS)
public interface MetroFeed {
    double[] echo(@WebParam(name = "v") double[] v);

    /** Keeps {@code v} as the implementation's last recorded array; no answer. */
    @Oneway
    void record(@WebParam(name = "v") double[] v);
}
