package dev.dsoap.jaxws.metro;

import dev.dsoap.jaxws.DifferentialSoap;
import dev.dsoap.jaxws.it.Echo;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The quote service's port type as a client sees it with dsoap ({@code @DifferentialSoap} on its interface). */
@DifferentialSoap
@WebService(targetNamespace = Echo.NS, name = "Quotes")
public interface DifferentialQuotes {
    double[] quote(@WebParam(name = "symbol") String symbol, @WebParam(name = "n") int n);

    String refuse(@WebParam(name = "why") String why);

    long tick(@WebParam(name = "symbol") String symbol);
}
