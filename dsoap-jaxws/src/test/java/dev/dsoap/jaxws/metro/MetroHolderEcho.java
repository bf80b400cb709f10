package dev.dsoap.jaxws.metro;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import jakarta.xml.ws.Holder;

/** A document/literal wrapped service on Metro with out and in-out parameters ({@code Holder}s). */
@WebService(name = "MetroHolderEcho", targetNamespace = MetroEcho.NS)
public interface MetroHolderEcho {
    /**
     * The sum of {@code values} (-1 for none); {@code label} comes back with the number of values appended, {@code min}
     * is the smallest value (null for none), {@code sorted} the values sorted.
     */
    double split(@WebParam(name = "values") double[] values,
                 @WebParam(name = "label", mode = WebParam.Mode.INOUT) Holder<String> label,
                 @WebParam(name = "min", mode = WebParam.Mode.OUT) Holder<Double> min,
                 @WebParam(name = "sorted", mode = WebParam.Mode.OUT) Holder<double[]> sorted);

    /** Nothing returned, one in-out value doubled. */
    void twice(@WebParam(name = "x", mode = WebParam.Mode.INOUT) Holder<Double> x);
}
