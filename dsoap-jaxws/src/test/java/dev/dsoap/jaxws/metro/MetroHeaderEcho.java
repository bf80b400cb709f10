package dev.dsoap.jaxws.metro;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** A document/literal wrapped service on Metro whose operations take SOAP header parameters beside body ones. */
@WebService(name = "MetroHeaderEcho", targetNamespace = MetroEcho.NS)
public interface MetroHeaderEcho {
    /** What arrived: the token, the scale's bits and the values. */
    String stamp(@WebParam(name = "values") double[] values,
                 @WebParam(name = "token", header = true) String token,
                 @WebParam(name = "scale", header = true) Double scale);

    /** {@code x} times {@code factor} (a primitive header parameter: absent, Metro passes null, and the call fails). */
    double scaled(@WebParam(name = "x") double x, @WebParam(name = "factor", header = true) double factor);

    /** The sum of {@code values}; {@code count} (an in-out header parameter) comes back increased by their number. */
    double total(@WebParam(name = "values") double[] values,
                 @WebParam(name = "count", header = true, mode = WebParam.Mode.INOUT) jakarta.xml.ws.Holder<Integer> count);
}
