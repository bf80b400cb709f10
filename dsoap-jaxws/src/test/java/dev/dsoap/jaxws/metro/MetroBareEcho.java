package dev.dsoap.jaxws.metro;

import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;

/** A document/literal bare service on Metro: each body element is the parameter, and the answer's the return value. */
@WebService(name = "MetroBareEcho", targetNamespace = MetroEcho.NS)
@SOAPBinding(parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface MetroBareEcho {
    /** {@code p} moved one to the right, its y halved (null for null). */
    @WebResult(name = "moved", targetNamespace = MetroEcho.NS)
    Point move(@WebParam(name = "point", targetNamespace = MetroEcho.NS) Point p);

    /** Half of {@code x}. */
    @WebResult(name = "half", targetNamespace = MetroEcho.NS)
    double halve(@WebParam(name = "x", targetNamespace = MetroEcho.NS) double x);

    /** {@code s} between brackets (null for null). */
    @WebResult(name = "bracketed", targetNamespace = MetroEcho.NS)
    String bracket(@WebParam(name = "s", targetNamespace = MetroEcho.NS) String s);

    /** Each of {@code xs} negated (null for null). */
    @WebResult(name = "negated", targetNamespace = MetroEcho.NS)
    double[] negate(@WebParam(name = "xs", targetNamespace = MetroEcho.NS) double[] xs);

    /** {@code label} tagged with the {@code tag} header parameter (null for null). */
    @WebResult(name = "tagged", targetNamespace = MetroEcho.NS)
    String tag(@WebParam(name = "label", targetNamespace = MetroEcho.NS) String label,
               @WebParam(name = "tag", targetNamespace = MetroEcho.NS, header = true) String tag);
}
