package dev.dsoap.jaxws.boot;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The service's interface as a plain client sees it: no dsoap annotation, so proxies of it are plain JAX-WS. */
@WebService(name = "Echo", targetNamespace = Echo.NS)
public interface Echo {
    String NS = "urn:dsoap:boot-echo";

    double[] echo(@WebParam(name = "v") double[] v);
}
