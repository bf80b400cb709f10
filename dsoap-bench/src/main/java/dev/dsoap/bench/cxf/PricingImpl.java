package dev.dsoap.bench.cxf;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The pricing service: each call spends {@link #workNanos} of its thread's CPU time (the model a real service's
 * pricing would run) and answers {@code n} prices, which depend on the caller's {@code X-Api-Key} when it sends one
 * (so that an answer handed to the wrong caller shows). Two endpoints: with dsoap and coalescing of {@code price}, and
 * with dsoap alone.
 */
public class PricingImpl implements Pricing {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** CPU time each call spends before it answers, ns. */
    static volatile long workNanos;

    @jakarta.annotation.Resource
    private jakarta.xml.ws.WebServiceContext context;

    /** What a caller's prices add to everyone's: 0 without an API key, a number of the key's own with one. */
    static double callerTerm(String apiKey) {
        return apiKey == null ? 0 : 1_000_000.0 * (1 + Math.floorMod(apiKey.hashCode(), 1000));
    }

    /** The first price {@code apiKey}'s caller gets for {@code symbol}. */
    static double firstPrice(String symbol, String apiKey) {
        return symbol.hashCode() * 1e-3 + callerTerm(apiKey);
    }

    /** The {@code X-Api-Key} header of the call, or {@code null}. */
    private String apiKey() {
        if (context != null && context.getMessageContext().get(jakarta.xml.ws.handler.MessageContext.HTTP_REQUEST_HEADERS)
                instanceof java.util.Map<?, ?> h && h.get("X-Api-Key") instanceof java.util.List<?> v && !v.isEmpty()) {
            return String.valueOf(v.get(0)); // CXF's header map ignores case
        }
        return null;
    }

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
        double base = firstPrice(symbol, apiKey());
        for (int i = 0; i < n; i++) {
            d[i] = base + i * 0.25 + (x == -1 ? 1 : 0);
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
