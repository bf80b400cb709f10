package dev.dsoap.jaxws.it;

import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;

/** A document/literal bare service: the body element is the parameter itself. */
@WebService(name = "BareEcho", targetNamespace = Echo.NS)
@SOAPBinding(parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface BareEcho {
    @WebResult(name = "readingOut", targetNamespace = Echo.NS)
    Reading echo(@WebParam(name = "readingIn", targetNamespace = Echo.NS) Reading reading);

    /** Each of {@code xs} negated (null for null). */
    @WebResult(name = "negated", targetNamespace = Echo.NS)
    double[] negate(@WebParam(name = "xs", targetNamespace = Echo.NS) double[] xs);
}
