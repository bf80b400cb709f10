package dev.dsoap.bench.cxf;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** A pricing service for {@link CoalesceBench}: its answer depends on the request only, so it may be coalesced. */
@WebService(targetNamespace = Pricing.NS, name = "Pricing")
public interface Pricing {
    String NS = "urn:dsoap:bench:coalesce";

    /** {@code n} prices of {@code symbol}. */
    double[] price(@WebParam(name = "symbol") String symbol, @WebParam(name = "n") int n);
}
