package com.example.quotes;

import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;

/** A quote feed: each call sends the latest prices of a fixed list of instruments. */
@WebService(name = "QuoteFeed", targetNamespace = "urn:example:quotes")
public interface QuoteFeed {
    /** Stores the prices and returns them as the feed now holds them (what a client checks its call against). */
    @WebResult(name = "prices")
    double[] publish(@WebParam(name = "prices") double[] prices);

    /** The mid prices of {@code bids} and {@code asks}, item by item. */
    @WebResult(name = "mids")
    double[] mids(@WebParam(name = "bids") double[] bids, @WebParam(name = "asks") double[] asks);
}
