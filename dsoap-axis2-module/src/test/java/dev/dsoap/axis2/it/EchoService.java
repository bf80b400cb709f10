package dev.dsoap.axis2.it;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/** A POJO service as Axis2 users write them: no annotations, deployed with AxisService.createService. */
public class EchoService {
    /** Calls of {@link #record(String)} (in-only), for the tests to wait on. */
    public static final AtomicInteger NOTIFIED = new AtomicInteger();
    public static volatile String lastNotified;

    public double[] echo(double[] v) {
        return v;
    }

    public int[] echoInts(int[] v) {
        return v;
    }

    public Mio[] echoMios(Mio[] v) {
        return v;
    }

    public Kitchen echoKitchen(Kitchen k) {
        return k;
    }

    public String[] echoStrings(String[] v) {
        return v;
    }

    public double[] scale(double[] v, double f) {
        if (v == null) {
            return null;
        }
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = v[i] * f;
        }
        return r;
    }

    public String hello(String s, int n) {
        return s == null ? null : s + n;
    }

    public void record(String s) {
        lastNotified = s;
        NOTIFIED.incrementAndGet();
    }

    public double[] boom(double[] v) throws IOException {
        throw new IOException("boom " + (v == null ? -1 : v.length));
    }
}
