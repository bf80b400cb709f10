package dev.dsoap.jaxws.metro;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/**
 * {@link MetroEcho} as a client sees it with dsoap: the same port type, its interface carrying {@code @DifferentialSoap}
 * (an interface of its own, so that the Metro endpoints implementing {@link MetroEcho} stay as they are).
 */
@DifferentialSoap
@WebService(name = "MetroEcho", targetNamespace = MetroEcho.NS)
public interface DifferentialMetroEcho {
    double[] echoDoubles(@WebParam(name = "v") double[] v);

    int[] echoInts(@WebParam(name = "v") int[] v);

    String[] echoStrings(@WebParam(name = "v") String[] v);

    double sum(@WebParam(name = "xs") double[] xs, @WebParam(name = "scale") double scale);

    int count(@WebParam(name = "xs") double[] xs, @WebParam(name = "names") String[] names);

    Point move(@WebParam(name = "p") Point p, @WebParam(name = "dx") int dx);
}
