package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The feed with its answers shared across windows ({@code dsoap.share}). */
@DifferentialSoap(share = "prices")
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Feed", targetNamespace = Echo.NS, serviceName = "FeedService",
        portName = "FeedPort")
public class FeedImpl implements Feed {
    private static final double[] EDGES = {Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, Double.MIN_NORMAL, 2.2250738585072009E-308, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0 / 3};

    /**
     * The answer: the feed of {@code round} (the same for every client: one value in 10 moves a round, and an edge
     * value sits at index {@code round % n}), with {@code client}'s own values at three places.
     */
    static double[] expected(int client, int round, int n) {
        double[] d = new double[Math.max(0, n)];
        for (int i = 0; i < d.length; i++) {
            int moved = i % 10 == round % 10 ? round : round - (round % 10 - i % 10 + 10) % 10;
            d[i] = 100 + i * 0.25 + moved * 0.01;
        }
        if (d.length > 0) {
            d[round % d.length] = EDGES[round % EDGES.length];
            for (int k = 1; k <= 3; k++) {
                d[(client * 31 + k * 97) % d.length] = client + k * 1e-9;
            }
        }
        return d;
    }

    @Override
    public double[] prices(int client, int round, int n) {
        return expected(client, round, n);
    }
}
