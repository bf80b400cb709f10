package dev.dsoap.jaxws.it;

import jakarta.jws.Oneway;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The test service: echoes of the papers' shapes, a bean with nested values, a report of what arrived, a fault, a one-way call. */
@WebService(name = "Echo", targetNamespace = Echo.NS)
public interface Echo {
    String NS = "urn:dsoap:cxf-echo";

    double[] echoDoubles(@WebParam(name = "values") double[] values);

    int[] echoInts(@WebParam(name = "values") int[] values);

    String[] echoStrings(@WebParam(name = "values") String[] values);

    Mio[] echoMios(@WebParam(name = "values") Mio[] values);

    Reading echoReading(@WebParam(name = "reading") Reading reading, @WebParam(name = "label") String label);

    /** What the service received, spelled out (null and empty told apart, doubles by their bits). */
    String describe(@WebParam(name = "reading") Reading reading, @WebParam(name = "values") double[] values,
                    @WebParam(name = "label") String label, @WebParam(name = "count") int count);

    double sum(@WebParam(name = "values") double[] values, @WebParam(name = "scale") double scale);

    Reading fail(@WebParam(name = "reason") String reason) throws EchoFault;

    @Oneway
    void record(@WebParam(name = "value") double value);
}
