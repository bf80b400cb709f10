package dev.dsoap.bench.handlers;

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
 * JAX-WS handlers as production endpoints have them, for the benchmarks' handler points on every JAX-WS runtime: one
 * reading the request's SOAP header (a correlation id, a credential), one stamping a correlation block into each
 * answer, one timing exchanges from message context properties only, a logical handler letting every message pass, and
 * a payload logger writing each message out whole. Only JAX-WS and SAAJ API: the CXF benchmarks and the Metro ones
 * (on a class path of their own) compile this same source. Thread-safe.
 */
public final class JaxwsHandlers {
    /** The namespace of the stamped block. */
    public static final String NS = "urn:dsoap:bench:handlers";
    /** The block the stamper adds to each answer. */
    public static final QName CORRELATION = new QName(NS, "Correlation");

    private JaxwsHandlers() {
    }

    /**
     * New instances of the handlers {@code features} names: {@code header_reader}, {@code header_stamper},
     * {@code header_handlers} (both), {@code timing}, {@code logical_passing}, {@code payload_logger}; none for any
     * other name.
     */
    @SuppressWarnings("rawtypes")
    public static List<Handler> chain(String features) {
        List<Handler> h = new ArrayList<>();
        if (features.equals("header_reader") || features.equals("header_handlers")) {
            h.add(new HeaderReader());
        }
        if (features.equals("header_stamper") || features.equals("header_handlers")) {
            h.add(new HeaderStamper());
        }
        if (features.equals("timing")) {
            h.add(new Timing());
        }
        if (features.equals("logical_passing")) {
            h.add(new Passing());
        }
        if (features.equals("payload_logger")) {
            h.add(new PayloadLogger());
        }
        return h;
    }

    /** Whether {@code features} names handlers of {@link #chain}. */
    public static boolean names(String features) {
        return features.startsWith("header_") || features.equals("timing") || features.equals("logical_passing")
                || features.equals("payload_logger");
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

    /** Adds a correlation header block to each answer, and saves the message, as handlers commonly do after a change. */
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
            Counting out = new Counting();
            try {
                context.getMessage().writeTo(out);
            } catch (SOAPException | IOException e) {
                throw new IllegalStateException(e);
            }
            BYTES.addAndGet(out.count);
            return true;
        }
    }

    /** Counts what is written to it, and drops it. */
    private static final class Counting extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
