package dev.dsoap.bench.cxf;

import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;

import javax.xml.namespace.QName;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * JAX-WS handlers as production endpoints have them, put on an endpoint's binding the way {@code @HandlerChain} and
 * {@code Binding.setHandlerChain} put them there: one that reads the request's SOAP header (a correlation id, a
 * credential), and one that stamps a correlation header block into each answer.
 */
final class BenchHandlers {
    static final String NS = "urn:dsoap:bench:handlers";
    static final QName CORRELATION = new QName(NS, "Correlation");

    private BenchHandlers() {
    }

    /** Whether the features named {@code name} go on the endpoints only (handlers), not on the proxies. */
    static boolean serverOnly(String name) {
        return name.startsWith("header_") || name.equals("payload_logger") || name.equals("timing")
                || name.equals("logical_passing");
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
    static org.apache.cxf.feature.Feature feature(String name) {
        List<Handler<?>> handlers = new ArrayList<>();
        if (name.equals("header_reader") || name.equals("header_handlers")) {
            handlers.add(new HeaderReader());
        }
        if (name.equals("header_stamper") || name.equals("header_handlers")) {
            handlers.add(new HeaderStamper());
        }
        if (name.equals("payload_logger")) {
            handlers.add(new PayloadLogger());
        }
        if (name.equals("timing")) {
            handlers.add(new Timing());
        }
        if (name.equals("logical_passing")) {
            handlers.add(new Passing());
        }
        return new Chain(handlers);
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

    /** A SOAP handler that lets faults pass, closes nothing and understands no header block; its subclasses say what it does. */
    private abstract static class PlainHandler implements SOAPHandler<SOAPMessageContext> {
        @Override
        public boolean handleFault(SOAPMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
        }

        @Override
        public Set<QName> getHeaders() {
            return Set.of();
        }
    }

    /** Reads the request's SOAP header, as a handler looking for a correlation id or a credential does. */
    static final class HeaderReader extends PlainHandler {
        /** Header blocks seen, so that the reading is not optimized away. */
        static final AtomicLong BLOCKS = new AtomicLong();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            if (!(Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                try {
                    SOAPHeader h = context.getMessage().getSOAPHeader();
                    if (h != null) {
                        for (var it = h.examineAllHeaderElements(); it.hasNext(); it.next()) {
                            BLOCKS.incrementAndGet();
                        }
                    }
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }
    }

    /** Times each exchange from message context properties only, never asking for the message. */
    static final class Timing extends PlainHandler {
        static final AtomicLong NANOS = new AtomicLong();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            if (!(Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                context.put("dsoap.bench.started", System.nanoTime());
            } else if (context.get("dsoap.bench.started") instanceof Long started) {
                NANOS.addAndGet(System.nanoTime() - started);
            }
            return true;
        }
    }

    /** A logical handler that lets every message pass without asking for it. */
    static final class Passing implements jakarta.xml.ws.handler.LogicalHandler<jakarta.xml.ws.handler.LogicalMessageContext> {
        static final AtomicLong SEEN = new AtomicLong();

        @Override
        public boolean handleMessage(jakarta.xml.ws.handler.LogicalMessageContext context) {
            SEEN.incrementAndGet();
            return true;
        }

        @Override
        public boolean handleFault(jakarta.xml.ws.handler.LogicalMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
        }
    }

    /** Writes every message out whole, as a payload logger does (to a stream that only counts). */
    static final class PayloadLogger extends PlainHandler {
        static final AtomicLong BYTES = new AtomicLong();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            try {
                dev.dsoap.bench.DiscardingOutputStream out = new dev.dsoap.bench.DiscardingOutputStream(
                        dev.dsoap.bench.DiscardingOutputStream.Mode.DISCARD);
                context.getMessage().writeTo(out);
                BYTES.addAndGet(out.count());
            } catch (SOAPException | java.io.IOException e) {
                throw new IllegalStateException(e);
            }
            return true;
        }
    }

    /** Adds a correlation header block to each answer. */
    static final class HeaderStamper extends PlainHandler {
        private final AtomicLong next = new AtomicLong();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            if ((Boolean) context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY)) {
                try {
                    SOAPMessage m = context.getMessage();
                    SOAPHeader h = m.getSOAPHeader();
                    if (h == null) {
                        h = m.getSOAPPart().getEnvelope().addHeader();
                    }
                    h.addHeaderElement(CORRELATION).setTextContent(Long.toString(next.incrementAndGet()));
                    m.saveChanges();
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }
    }
}
