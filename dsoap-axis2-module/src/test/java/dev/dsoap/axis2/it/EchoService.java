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

    /** Calls of {@link #quote} and {@link #refuse}, and the gate they wait at (open unless a test closes it). */
    public static final AtomicInteger QUOTES = new AtomicInteger();
    public static final AtomicInteger REFUSALS = new AtomicInteger();
    public static volatile java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(0);

    /** {@code n} prices of {@code symbol} for the caller (the {@code Authorization} header): see {@code CoalesceIT}. */
    public double[] quote(String symbol, int n) {
        QUOTES.incrementAndGet();
        pass();
        String caller = caller();
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = (symbol == null ? 0 : symbol.hashCode()) * 0.001 + i * 1.25
                    + (caller == null ? 0 : caller.hashCode() % 1000) * 1e-6;
        }
        return d;
    }

    public String refuse(String why) throws IOException {
        REFUSALS.incrementAndGet();
        pass();
        throw new IOException("refused: " + why);
    }

    private static void pass() {
        try {
            if (!gate.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String caller() {
        org.apache.axis2.context.MessageContext mc = org.apache.axis2.context.MessageContext.getCurrentMessageContext();
        if (mc != null && mc.getProperty(org.apache.axis2.context.MessageContext.TRANSPORT_HEADERS)
                instanceof java.util.Map<?, ?> h) {
            for (java.util.Map.Entry<?, ?> e : h.entrySet()) {
                if (e.getKey() instanceof String k && k.equalsIgnoreCase("Authorization")) {
                    return String.valueOf(e.getValue());
                }
            }
        }
        return null;
    }
}
