package dev.dsoap.jaxws.it;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** A quote service: answers depend on the request and the caller only, so identical requests may share one. */
@WebService(targetNamespace = Echo.NS, name = "Quotes")
public interface Quotes {
    /** {@code n} prices of {@code symbol} for the caller. */
    double[] quote(@WebParam(name = "symbol") String symbol, @WebParam(name = "n") int n);

    /** Fails with {@code why} (declared safe too: its failure is shared with the requests waiting). */
    String refuse(@WebParam(name = "why") String why);

    /** A counter: not declared safe, every request is processed. */
    long tick(@WebParam(name = "symbol") String symbol);
}
