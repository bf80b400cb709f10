package com.example.quotes;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The feed's implementation. Its code knows nothing of dsoap but the annotation, which makes Metro's endpoint read
 * requests and write answers differentially.
 */
@DifferentialSoap
@WebService(endpointInterface = "com.example.quotes.QuoteFeed", serviceName = "QuoteFeedService",
        portName = "QuoteFeedPort", targetNamespace = "urn:example:quotes")
public class QuoteFeedService implements QuoteFeed {
    private final AtomicReference<double[]> latest = new AtomicReference<>(new double[0]);

    @Override
    public double[] publish(double[] prices) {
        latest.set(prices.clone());
        return latest.get();
    }

    @Override
    public double[] mids(double[] bids, double[] asks) {
        if (bids.length != asks.length) {
            throw new IllegalArgumentException(bids.length + " bids and " + asks.length + " asks");
        }
        double[] m = new double[bids.length];
        for (int i = 0; i < m.length; i++) {
            m[i] = (bids[i] + asks[i]) / 2;
        }
        return m;
    }
}
