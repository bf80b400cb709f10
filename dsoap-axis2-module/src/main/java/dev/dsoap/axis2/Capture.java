package dev.dsoap.axis2;

import dev.dsoap.host.MessageBytes;
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
        try {
            raw = MessageBytes.readAtMost(in, limit, contentLength(mc));
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

    private static QName senderFault(String contentType) {
        return contentType != null && contentType.toLowerCase(Locale.ROOT).contains("application/soap+xml")
                ? SOAP12Constants.QNAME_SENDER_FAULTCODE : SOAP11Constants.QNAME_SENDER_FAULTCODE;
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
