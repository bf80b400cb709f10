package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.annotation.Resource;
import jakarta.jws.WebService;
import jakarta.xml.ws.WebServiceContext;
import jakarta.xml.ws.handler.MessageContext;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The quote service with {@code quote} and {@code refuse} declared safe to coalesce. Each operation counts its calls;
 * a test can hold calls at a gate until it opens it. A price depends on the symbol, the index and the caller (the
 * user named in the HTTP {@code Authorization} header), so a caller that got another's answer would see it.
 */
@DifferentialSoap(coalesce = {"quote", "refuse"})
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Quotes", targetNamespace = Echo.NS, serviceName = "QuoteService",
        portName = "QuotePort")
public class QuotesImpl implements Quotes {
    public static final AtomicInteger QUOTES = new AtomicInteger();
    public static final AtomicInteger REFUSALS = new AtomicInteger();
    public static final AtomicLong TICKS = new AtomicLong();
    /** Calls wait here, at most 30 s, until a test opens it; open by default. */
    public static volatile CountDownLatch gate = new CountDownLatch(0);

    @Resource
    private WebServiceContext context;

    /** The price a caller gets: a function of the symbol, the index and the caller. */
    public static double price(String symbol, int i, String caller) {
        return symbol.hashCode() * 0.001 + i * 1.25 + (caller == null ? 0 : caller.hashCode() % 1000) * 1e-6;
    }

    @Override
    public double[] quote(String symbol, int n) {
        QUOTES.incrementAndGet();
        pass();
        String caller = caller();
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = price(symbol, i, caller);
        }
        return d;
    }

    @Override
    public String refuse(String why) {
        REFUSALS.incrementAndGet();
        pass();
        throw new IllegalArgumentException("refused: " + why);
    }

    @Override
    public long tick(String symbol) {
        pass();
        return TICKS.incrementAndGet();
    }

    private static void pass() {
        try {
            if (!gate.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The {@code Authorization} header's value, or {@code null}. */
    private String caller() {
        Object h = context.getMessageContext().get(MessageContext.HTTP_REQUEST_HEADERS);
        if (h instanceof Map<?, ?> headers) {
            for (Map.Entry<?, ?> e : headers.entrySet()) {
                if (e.getKey() instanceof String k && k.equalsIgnoreCase("Authorization") && e.getValue() instanceof List<?> v
                        && !v.isEmpty()) {
                    return String.valueOf(v.get(0));
                }
            }
        }
        return null;
    }
}
