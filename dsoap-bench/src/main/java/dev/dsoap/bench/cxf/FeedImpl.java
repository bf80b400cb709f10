package dev.dsoap.bench.cxf;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/**
 * The feed: value {@code i} changes every {@code 100 / changePercent} rounds (at its own offset), so each round
 * {@code changePercent} % of the feed is new, the same for every client; three values of each answer are the
 * client's own. Three endpoints: plain, dsoap's templates alone, and dsoap with the answers shared across windows.
 * Stateless and thread-safe.
 */
public class FeedImpl implements Feed {
    /** The answer of {@link #prices}, computed. */
    static double[] feed(int client, int round, int n, int changePercent) {
        int period = Math.max(1, 100 / Math.max(1, changePercent));
        double[] d = new double[Math.max(0, n)];
        for (int i = 0; i < d.length; i++) {
            int offset = (int) ((i * 7919L) % period);
            int changed = round - Math.floorMod(round - offset, period); // the last round value i changed
            d[i] = 100 + i * 0.25 + changed * 0.03125;
        }
        for (int k = 1; k <= 3 && d.length > 0; k++) {
            d[(client * 31 + k * 97) % d.length] = client + k * 0.5;
        }
        return d;
    }

    @Override
    public double[] prices(int client, int round, int n, int changePercent) {
        return feed(client, round, n, changePercent);
    }

    /** Without dsoap. */
    @WebService(endpointInterface = "dev.dsoap.bench.cxf.Feed", targetNamespace = Feed.NS, serviceName = "PlainFeed",
            portName = "FeedPort")
    public static class Plain extends FeedImpl {
    }

    /** With dsoap's templates alone. */
    @DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.bench.cxf.Feed", targetNamespace = Feed.NS, serviceName = "DsFeed",
            portName = "FeedPort")
    public static class Templates extends FeedImpl {
    }

    /** With dsoap, {@code prices} shared across windows. */
    @DifferentialSoap(share = "prices")
    @WebService(endpointInterface = "dev.dsoap.bench.cxf.Feed", targetNamespace = Feed.NS, serviceName = "SharedFeed",
            portName = "FeedPort")
    public static class Shared extends FeedImpl {
    }
}
