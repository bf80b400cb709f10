package dev.dsoap.jaxws.metro;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** {@link MetroHeaderEcho} as a client sees it with dsoap: the same port type, its interface carrying {@code @DifferentialSoap}. */
@DifferentialSoap
@WebService(name = "MetroHeaderEcho", targetNamespace = MetroEcho.NS)
public interface DifferentialMetroHeaderEcho {
    String stamp(@WebParam(name = "values") double[] values,
                 @WebParam(name = "token", header = true) String token,
                 @WebParam(name = "scale", header = true) Double scale);

    double scaled(@WebParam(name = "x") double x, @WebParam(name = "factor", header = true) double factor);

    double total(@WebParam(name = "values") double[] values,
                 @WebParam(name = "count", header = true, mode = WebParam.Mode.INOUT) jakarta.xml.ws.Holder<Integer> count);
}
