package dev.dsoap.jaxws.metro;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.BlockingQueue;

/** What both SOAP 1.2 endpoints do: echo, and queue what {@code record} was given for the test to take. */
public abstract class MetroFeedLogic implements MetroFeed {
    /** Arrays {@code record} was given, in order. */
    final BlockingQueue<double[]> recorded = new LinkedBlockingQueue<>();

    @Override
    public double[] echo(double[] v) {
        return v;
    }

    @Override
    public void record(double[] v) {
        recorded.add(v);
    }
}
