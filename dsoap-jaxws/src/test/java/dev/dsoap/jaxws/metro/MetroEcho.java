package dev.dsoap.jaxws.metro;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The Metro tests' service: SOAP 1.1 document/literal wrapped operations of arrays, two parts and a bean. */
@WebService(name = "MetroEcho", targetNamespace = MetroEcho.NS)
public interface MetroEcho {
    String NS = "urn:dsoap:test:metro";

    double[] echoDoubles(@WebParam(name = "v") double[] v);

    int[] echoInts(@WebParam(name = "v") int[] v);

    String[] echoStrings(@WebParam(name = "v") String[] v);

    /** The sum of {@code xs}, in order, times {@code scale}. */
    double sum(@WebParam(name = "xs") double[] xs, @WebParam(name = "scale") double scale);

    /** What the service was given: -1 for no array, else the number of items (how an empty array arrives). */
    int count(@WebParam(name = "xs") double[] xs, @WebParam(name = "names") String[] names);

    /** {@code xs} reversed; {@code @XmlList} spells the array as one element of space-separated items. */
    int[] reversed(@WebParam(name = "xs") @jakarta.xml.bind.annotation.XmlList int[] xs);

    /** A new point {@code dx} to the right of {@code p} (null for null). */
    Point move(@WebParam(name = "p") Point p, @WebParam(name = "dx") int dx);
}
