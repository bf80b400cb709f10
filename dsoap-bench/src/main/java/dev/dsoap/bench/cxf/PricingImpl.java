package dev.dsoap.bench.cxf;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The pricing service: each call spends {@link #workNanos} of its thread's CPU time (the model a real service's
 * pricing would run) and answers {@code n} prices. Two endpoints: with dsoap and coalescing of {@code price}, and
 * with dsoap alone.
 */
public class PricingImpl implements Pricing {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** CPU time each call spends before it answers, ns. */
    static volatile long workNanos;

    @Override
    public double[] price(String symbol, int n) {
        long end = THREADS.getCurrentThreadCpuTime() + workNanos;
        double x = symbol.hashCode();
        while (workNanos > 0 && THREADS.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 1000; i++) {
                x = Math.sqrt(x * x + i); // stands for the pricing model
            }
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = symbol.hashCode() * 1e-3 + i * 0.25 + (x == -1 ? 1 : 0);
        }
        return d;
    }

    /** With dsoap, {@code price} declared safe to coalesce. */
    @DifferentialSoap(coalesce = "price")
    @WebService(endpointInterface = "dev.dsoap.bench.cxf.Pricing", targetNamespace = Pricing.NS,
            serviceName = "CoalescedPricing", portName = "PricingPort")
    public static class Coalesced extends PricingImpl {
    }

    /** With dsoap alone (its templates, no coalescing). */
    @DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.bench.cxf.Pricing", targetNamespace = Pricing.NS,
            serviceName = "DsPricing", portName = "PricingPort")
    public static class DsOnly extends PricingImpl {
    }
}
