package dev.dsoap.bench.cxf;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** A price feed for {@link SharedFeedBench}: every client gets the same latest prices, with a few of its own. */
@WebService(targetNamespace = Feed.NS, name = "Feed")
public interface Feed {
    String NS = "urn:dsoap:bench:feed";

    /** {@code n} prices as of {@code round} for {@code client}, {@code changePercent} % of them new each round. */
    double[] prices(@WebParam(name = "client") int client, @WebParam(name = "round") int round,
                    @WebParam(name = "n") int n, @WebParam(name = "changePercent") int changePercent);
}
