package dev.dsoap.axis2;

import dev.dsoap.host.MessageBytes;
import dev.dsoap.host.Fallback;
import org.apache.axiom.attachments.Attachments;
import org.apache.axiom.om.OMElement;
import org.apache.axis2.AxisFault;
import org.apache.axis2.builder.Builder;
import org.apache.axis2.builder.MIMEAwareBuilder;
import org.apache.axis2.context.MessageContext;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Map;

/**
 * Wraps the registered builder of a SOAP content type. Builders run before dispatch, so this one reads the
 * message into memory when it may be headed for a dsoap operation ({@link Engagement#mayCapture}) and the
 * charset is UTF-8, keeps the bytes in a message-context property, and lets the wrapped builder make the
 * envelope from a copy-free stream over them: AXIOM builds lazily, so dispatch and header processing read
 * only the start of the message and a dsoap receiver never builds the body. Anything else is delegated
 * untouched, with the reason noted for the receiver's counters. On an engaged client, responses go to the
 * operation's {@link ClientOperation#read}.
 *
 * <p>The request is read only up to the end of its root element ({@link MessageBytes#readDocument}), as
 * Axis2's own parser reads it: declared bytes a sender never sends after the envelope are left for the
 * transport to drain, once. That end is taken where the bytes that arrived end with the envelope's end tag; when
 * it was taken early (an element of the envelope's name within it), the builder reads on from the transport past
 * the captured bytes ({@link MessageBytes#readOn}), and dsoap leaves the request to Axis2. When the transport fails before the envelope ends (a read timeout, a connection
 * closed early, broken chunked encoding), the wrapped builder gets the bytes that arrived followed by the same
 * failure, so Axis2 answers exactly as it does without dsoap.
 *
 * <p>Thread-safe (stateless per message).
 */
final class Capture implements MIMEAwareBuilder {
    /** Property holding the captured message ({@link MessageBytes}). */
    static final String RAW = "dev.dsoap.axis2.raw";
    /** Property holding why bytes were not captured ({@link Fallback}). */
    static final String SKIPPED = "dev.dsoap.axis2.skipped";

    private final Builder delegate;
    private final Engagement engagement;

    Capture(Builder delegate, Engagement engagement) {
        this.delegate = delegate;
        this.engagement = engagement;
    }

    @Override
    public OMElement processDocument(InputStream in, String contentType, MessageContext mc) throws AxisFault {
        if (!mc.isServerSide()) {
            ClientOperation client = ClientOperation.of(mc.getAxisOperation());
            return client != null ? client.read(in, contentType, mc, delegate) : delegate.processDocument(in, contentType, mc);
        }
        if (!engagement.mayCapture(mc)) {
            return delegate.processDocument(in, contentType, mc);
        }
        if (!MessageBytes.utf8(contentType)) {
            mc.setProperty(SKIPPED, Fallback.CHARSET);
            return delegate.processDocument(in, contentType, mc);
        }
        int limit = engagement.maxMessageBytes();
        MessageBytes raw;
        InputStream[] overflow = new InputStream[1];
        try {
            raw = MessageBytes.readDocument(in, limit, contentLength(mc), overflow, engagement.budget(),
                    (b, n) -> engagement.handOver(mc, contentType, b, n));
        } catch (MessageBytes.Incomplete e) {
            // the transport failed before the document ended: Axis2 reads what arrived and meets the same failure
            mc.setProperty(SKIPPED, Fallback.NOT_CAPTURED);
            MessageBytes got = e.received();
            return delegate.processDocument(new SequenceInputStream(
                    new ByteArrayInputStream(got.bytes(), 0, got.length()), new Failing(e.getCause())), contentType, mc);
        }
        if (raw == null) {
            // longer than dsoap reads itself, no room for it among the messages in flight, or of a shape its operation
            // has learned to leave to Axis2: Axis2 reads it from what arrived and the rest of the stream
            mc.setProperty(SKIPPED, MessageBytes.overflowReason(overflow[0]));
            return delegate.processDocument(overflow[0], contentType, mc);
        }
        mc.setProperty(RAW, raw);
        try {
            return delegate.processDocument(raw.readOn(in), contentType, mc);
        } catch (AxisFault | RuntimeException e) {
            // Axis2's builder refused the start of the request (a DTD, invalid UTF-8 in what it decoded): say
            // what and where when dsoap's parser finds it malformed, keeping Axis2's fault code and so its status
            String problem = raw.wholeDocument() ? engagement.problem(raw) : null;
            if (problem == null) {
                throw e;
            }
            throw new AxisFault(problem, e);
        }
    }

    /** A stream whose every read throws the transport's failure again. */
    private static final class Failing extends InputStream {
        private final IOException failure;

        Failing(IOException failure) {
            this.failure = failure;
        }

        @Override
        public int read() throws IOException {
            throw failure;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            throw failure;
        }
    }

    @Override
    public OMElement processMIMEMessage(Attachments attachments, String contentType, MessageContext mc) throws AxisFault {
        mc.setProperty(SKIPPED, Fallback.ATTACHMENTS);
        ClientOperation client = mc.isServerSide() ? null : ClientOperation.of(mc.getAxisOperation());
        if (client != null) {
            client.stats.readFallback(Fallback.ATTACHMENTS, contentType);
        }
        if (delegate instanceof MIMEAwareBuilder m) {
            return m.processMIMEMessage(attachments, contentType, mc);
        }
        throw new AxisFault("the builder for " + contentType + " (" + delegate.getClass().getName()
                + ") does not read MIME messages");
    }

    /**
     * The whole body of the message in {@code mc} from {@code in}, reserved on {@code budget} while it is read, or
     * {@code null} when it is longer than {@code limit} bytes or finds no room among the messages in flight:
     * {@code overflow[0]} then replays it ({@link MessageBytes#overflowReason} says which).
     */
    static MessageBytes readAll(InputStream in, int limit, MessageContext mc, InputStream[] overflow,
            dev.dsoap.template.MemoryBudget budget) throws AxisFault {
        try {
            return MessageBytes.readAtMost(in, limit, contentLength(mc), overflow, budget);
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
    }

    /** The request's Content-Length header, or -1 (chunked, or not told). */
    static long contentLength(MessageContext mc) {
        if (mc.getProperty(MessageContext.TRANSPORT_HEADERS) instanceof Map<?, ?> headers) {
            for (Map.Entry<?, ?> e : headers.entrySet()) {
                if (e.getKey() instanceof String k && k.equalsIgnoreCase("Content-Length") && e.getValue() != null) {
                    try {
                        return Long.parseLong(e.getValue().toString().trim());
                    } catch (NumberFormatException ignored) {
                        return -1;
                    }
                }
            }
        }
        return -1;
    }
}
