package dev.dsoap.bench.metro.world;

import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.LogicalHandler;
import jakarta.xml.ws.handler.LogicalMessageContext;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The JAX-WS handlers the Metro benchmarks put on both endpoints alike, as the CXF benchmarks' do: one reading the
 * request's SOAP header, one stamping a correlation block into each answer, one timing exchanges from context
 * properties, a logical handler letting messages pass, and a payload logger writing each message out whole.
 */
final class BenchHandlers {
    static final QName CORRELATION = new QName("urn:dsoap:bench:handlers", "Correlation");

    private BenchHandlers() {
    }

    /**
     * The handlers {@code features} names: {@code none}, {@code header_reader}, {@code header_stamper},
     * {@code header_handlers} (both), {@code timing}, {@code logical_passing}, {@code payload_logger}.
     */
    @SuppressWarnings("rawtypes")
    static List<Handler> chain(String features) {
        List<Handler> h = new ArrayList<>();
        switch (features) {
            case "none" -> { }
            case "header_reader" -> h.add(new HeaderReader());
            case "header_stamper" -> h.add(new HeaderStamper());
            case "header_handlers" -> {
                h.add(new HeaderReader());
                h.add(new HeaderStamper());
            }
            case "timing" -> h.add(new Timing());
            case "logical_passing" -> h.add(new Passing());
            case "payload_logger" -> h.add(new PayloadLogger());
            default -> throw new IllegalArgumentException("features on Metro: none, header_reader, header_stamper,"
                    + " header_handlers, timing, logical_passing, payload_logger; not " + features);
        }
        return h;
    }

    /** A SOAP handler that lets faults pass, closes nothing and understands no header block. */
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
    static final class Passing implements LogicalHandler<LogicalMessageContext> {
        static final AtomicLong SEEN = new AtomicLong();

        @Override
        public boolean handleMessage(LogicalMessageContext context) {
            SEEN.incrementAndGet();
            return true;
        }

        @Override
        public boolean handleFault(LogicalMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
        }
    }

    /** Writes every message out whole, as a payload logger does, to a stream that only counts. */
    static final class PayloadLogger extends PlainHandler {
        static final AtomicLong BYTES = new AtomicLong();

        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            long[] n = new long[1];
            try {
                context.getMessage().writeTo(new OutputStream() {
                    @Override
                    public void write(int b) {
                        n[0]++;
                    }

                    @Override
                    public void write(byte[] b, int off, int len) {
                        n[0] += len;
                    }
                });
            } catch (SOAPException | IOException e) {
                throw new IllegalStateException(e);
            }
            BYTES.addAndGet(n[0]);
            return true;
        }
    }
}
