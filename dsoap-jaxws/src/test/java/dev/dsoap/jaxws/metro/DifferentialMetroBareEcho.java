package dev.dsoap.jaxws.metro;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;

/** {@link MetroBareEcho} as a client sees it with dsoap: the same port type, its interface carrying {@code @DifferentialSoap}. */
@DifferentialSoap
@WebService(name = "MetroBareEcho", targetNamespace = MetroEcho.NS)
@SOAPBinding(parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface DifferentialMetroBareEcho {
    @WebResult(name = "moved", targetNamespace = MetroEcho.NS)
    Point move(@WebParam(name = "point", targetNamespace = MetroEcho.NS) Point p);

    @WebResult(name = "half", targetNamespace = MetroEcho.NS)
    double halve(@WebParam(name = "x", targetNamespace = MetroEcho.NS) double x);

    @WebResult(name = "bracketed", targetNamespace = MetroEcho.NS)
    String bracket(@WebParam(name = "s", targetNamespace = MetroEcho.NS) String s);

    @WebResult(name = "negated", targetNamespace = MetroEcho.NS)
    double[] negate(@WebParam(name = "xs", targetNamespace = MetroEcho.NS) double[] xs);

    @WebResult(name = "tagged", targetNamespace = MetroEcho.NS)
    String tag(@WebParam(name = "label", targetNamespace = MetroEcho.NS) String label,
               @WebParam(name = "tag", targetNamespace = MetroEcho.NS, header = true) String tag);
}
