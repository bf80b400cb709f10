package dev.dsoap.axis2;

import dev.dsoap.host.Fallback;
import org.apache.axiom.attachments.Attachments;
import org.apache.axiom.om.OMElement;
import org.apache.axis2.AxisFault;
import org.apache.axis2.builder.Builder;
import org.apache.axis2.builder.MIMEAwareBuilder;
import org.apache.axis2.context.MessageContext;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;

import javax.xml.namespace.QName;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;
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
 * <p>Thread-safe (stateless per message).
 */
final class Capture implements MIMEAwareBuilder {
    /** Property holding the captured message ({@link Raw}). */
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
        if (!utf8(contentType)) {
            mc.setProperty(SKIPPED, Fallback.CHARSET);
            return delegate.processDocument(in, contentType, mc);
        }
        int limit = engagement.maxMessageBytes();
        Raw raw;
        try {
            raw = readAtMost(in, limit, contentLength(mc));
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
        if (raw == null) {
            throw new AxisFault("dsoap: the request is longer than dsoap.maxMessageBytes = " + limit + " bytes",
                    senderFault(contentType));
        }
        mc.setProperty(RAW, raw);
        return delegate.processDocument(new ByteArrayInputStream(raw.bytes(), 0, raw.length()), contentType, mc);
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

    /** Whether the content type's charset is UTF-8 (or absent, which for SOAP means UTF-8). */
    static boolean utf8(String contentType) {
        if (contentType == null) {
            return true;
        }
        String lower = contentType.toLowerCase(Locale.ROOT);
        int at = lower.indexOf("charset=");
        if (at < 0) {
            return true;
        }
        int end = at + 8;
        while (end < lower.length() && lower.charAt(end) != ';' && lower.charAt(end) != ' ') {
            end++;
        }
        String cs = lower.substring(at + 8, end).replace("\"", "").replace("'", "");
        return cs.equals("utf-8") || cs.equals("utf8");
    }

    private static QName senderFault(String contentType) {
        return contentType != null && contentType.toLowerCase(Locale.ROOT).contains("application/soap+xml")
                ? SOAP12Constants.QNAME_SENDER_FAULTCODE : SOAP11Constants.QNAME_SENDER_FAULTCODE;
    }

    /** A captured message: {@code bytes[0..length)}. */
    record Raw(byte[] bytes, int length) {
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

    /**
     * All of {@code in}, or {@code null} if it holds more than {@code limit} bytes. {@code expected} (the
     * declared length, or -1) sizes the buffer; the stream decides the length.
     */
    static Raw readAtMost(InputStream in, int limit, long expected) throws IOException {
        int first = expected >= 0 && expected <= limit ? (int) expected + 1 : 16384;
        byte[] b = new byte[Math.min(limit + 1, first)];
        int n = 0;
        while (true) {
            if (n == b.length) {
                if (n > limit) {
                    return null;
                }
                b = Arrays.copyOf(b, (int) Math.min((long) limit + 1, Math.max(2L * b.length, 16384)));
            }
            int r = in.read(b, n, b.length - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        return n > limit ? null : new Raw(b, n);
    }
}
