package dev.dsoap.bench.quality;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The SOAP-binQ paper's bond server: the latest {@code count} timesteps up to {@code step}, oldest first. */
@WebService(targetNamespace = Bonds.NS, name = "Bonds")
public interface Bonds {
    String NS = "urn:dsoap:bench:quality";

    @WebMethod
    Timestep[] getBonds(@WebParam(name = "step") int step, @WebParam(name = "count") int count);
}
