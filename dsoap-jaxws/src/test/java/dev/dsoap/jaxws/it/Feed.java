package dev.dsoap.jaxws.it;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** A price feed: every client gets the same latest prices, with a few values of its own. */
@WebService(targetNamespace = Echo.NS, name = "Feed")
public interface Feed {
    /** {@code n} prices as of {@code round}, for {@code client}. */
    double[] prices(@WebParam(name = "client") int client, @WebParam(name = "round") int round, @WebParam(name = "n") int n);
}
