package dev.dsoap.jaxws.it.pkg;

import dev.dsoap.jaxws.it.Celsius;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** Celsius values adapted by the package's {@code @XmlJavaTypeAdapter}. */
@WebService(name = "Thermo", targetNamespace = "urn:dsoap:cxf-echo")
public interface Thermo {
    Celsius cool(@WebParam(name = "t") Celsius t, @WebParam(name = "by") double by);
}
