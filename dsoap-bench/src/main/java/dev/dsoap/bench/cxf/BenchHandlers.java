package dev.dsoap.bench.cxf;

import dev.dsoap.bench.handlers.JaxwsHandlers;
import jakarta.xml.ws.handler.Handler;

import java.util.ArrayList;
import java.util.List;

/**
 * The JAX-WS handlers of the CXF benchmarks' handler points ({@link JaxwsHandlers}), put on an endpoint's binding the
 * way {@code @HandlerChain} and {@code Binding.setHandlerChain} put them there.
 */
final class BenchHandlers {
    private BenchHandlers() {
    }

    /** Whether the features named {@code name} go on the endpoints only (handlers), not on the proxies. */
    static boolean serverOnly(String name) {
        return JaxwsHandlers.names(name);
    }

    /**
     * Whether dsoap carries the messages of an endpoint with the features {@code name}: the header handlers touch
     * headers only; the payload logger reads every message whole.
     */
    static boolean carried(String name) {
        return !name.equals("payload_logger");
    }

    /**
     * A marker feature naming the handlers {@code name} names: {@link CxfEchoServer} sets them as the endpoint's
     * handler chain with {@code Binding.setHandlerChain} once it is published (CXF sets the chain of an endpoint's
     * {@code @HandlerChain} while publishing, over what a feature would set before).
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static org.apache.cxf.feature.Feature feature(String name) {
        return new Chain((List) JaxwsHandlers.chain(name));
    }

    /** The handlers of {@link #feature}. */
    static final class Chain extends org.apache.cxf.feature.AbstractFeature {
        final List<Handler<?>> handlers;

        Chain(List<Handler<?>> handlers) {
            this.handlers = List.copyOf(handlers);
        }

        /** Sets the handlers as {@code endpoint}'s chain, after those it has. */
        @SuppressWarnings("rawtypes")
        void setOn(jakarta.xml.ws.Endpoint endpoint) {
            List<Handler> chain = new ArrayList<>(endpoint.getBinding().getHandlerChain());
            chain.addAll(handlers);
            endpoint.getBinding().setHandlerChain(chain);
        }
    }
}
