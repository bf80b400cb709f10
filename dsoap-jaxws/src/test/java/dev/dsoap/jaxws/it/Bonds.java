package dev.dsoap.jaxws.it;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The SOAP-binQ paper's bond server, small: {@code count} timesteps from {@code from}, oldest first. */
@WebService(targetNamespace = Echo.NS, name = "Bonds")
public interface Bonds {
    @WebMethod
    Timestep[] getBonds(@WebParam(name = "from") int from, @WebParam(name = "count") int count);
}
