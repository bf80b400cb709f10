package dev.dsoap.bench.cxf;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/**
 * The dsoap endpoint, service {@value #SERVICE}: {@link PlainEcho}'s operations, carried by dsoap because the
 * class carries {@link DifferentialSoap} (dsoap-jaxws installs itself on the bus and finds the annotation
 * when the endpoint is published); nothing else differs. Stateless and thread-safe.
 */
@DifferentialSoap
@WebService(endpointInterface = "dev.dsoap.bench.cxf.EchoPort", targetNamespace = EchoPort.NAMESPACE,
        serviceName = DsoapEcho.SERVICE, portName = EchoPort.PORT)
public class DsoapEcho extends PlainEcho {
    /** The service's name in the WSDL and in dsoap's MBean names ({@code service="DsoapEcho.EchoPort"}). */
    public static final String SERVICE = "DsoapEcho";
}
