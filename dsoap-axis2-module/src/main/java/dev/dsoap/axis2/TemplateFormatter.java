package dev.dsoap.axis2;

import dev.dsoap.host.Reply;
import dev.dsoap.host.Fallback;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMOutputFormat;
import org.apache.axiom.om.OMSourcedElement;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPHeader;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.kernel.MessageFormatter;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;

/**
 * Wraps the registered formatter of a SOAP content type. A message that carries a dsoap {@link Reply} whose
 * body is still exactly what dsoap made (the body element not expanded or replaced, no MTOM/SwA, UTF-8) is
 * written as the reply's bytes, with the header blocks out handlers added (WS-Addressing's) serialized by AXIOM
 * into a Header before them; anything else is delegated,
 * and a reply that could not be written directly is counted as {@link Fallback#RESPONSE_CHANGED} (the
 * delegate then writes the same element through AXIOM). On an engaged client, a request is offered to its
 * operation's {@link ClientOperation#write} first.
 *
 * <p>Thread-safe (stateless).
 */
final class TemplateFormatter implements MessageFormatter {
    /** Message-context property: the reply the formatter wrote as its bytes, as they are. */
    static final String WROTE = "dev.dsoap.axis2.wrote";
    private final MessageFormatter delegate;

    TemplateFormatter(MessageFormatter delegate) {
        this.delegate = delegate;
    }

    @Override
    public void writeTo(MessageContext mc, OMOutputFormat format, OutputStream out, boolean preserve) throws AxisFault {
        Object p = mc.getProperty(ReplySource.PROPERTY);
        if (p instanceof Reply reply && !reply.binary()) {
            String changed = changed(mc, format, reply);
            if (changed == null) {
                try {
                    reply.writeTo(out, headerBlocks(mc, format));
                    out.flush();
                } catch (IOException e) {
                    throw AxisFault.makeFault(e);
                }
                mc.setProperty(WROTE, reply);
                return;
            }
            reply.replaced(changed);
        } else if (mc.getProperty(ReplySource.SHARED) instanceof dev.dsoap.coalesce.SharedResponse shared
                && unwritable(mc, format) == null && headerBlocks(mc, format) == null && sharedElement(mc, shared)) {
            try {
                out.write(shared.body());
                out.flush();
            } catch (IOException e) {
                throw AxisFault.makeFault(e);
            }
            return;
        } else if (!mc.isServerSide()) {
            ClientOperation client = ClientOperation.of(mc.getAxisOperation());
            if (client != null && client.write(mc, format, out)) {
                return;
            }
        }
        delegate.writeTo(mc, format, out, preserve);
    }

    /** Whether the body is still only the element standing for {@code shared}, not expanded. */
    private static boolean sharedElement(MessageContext mc, dev.dsoap.coalesce.SharedResponse shared) {
        OMElement first = mc.getEnvelope().getBody().getFirstElement();
        return first instanceof OMSourcedElement se && !se.isExpanded() && se.getDataSource() instanceof ReplySource rs
                && rs.shared() == shared && first.getNextOMSibling() == null;
    }

    /** What changed the envelope since dsoap made it, or {@code null}. */
    static String changed(MessageContext mc, OMOutputFormat format, Reply reply) {
        Fallback why = unwritable(mc, format);
        if (why != null) {
            return why.description();
        }
        OMElement first = mc.getEnvelope().getBody().getFirstElement();
        if (!(first instanceof OMSourcedElement se) || se.isExpanded()
                || !(se.getDataSource() instanceof ReplySource rs) || rs.reply() != reply
                || first.getNextOMSibling() != null) {
            return "body element replaced or expanded";
        }
        return null;
    }

    /**
     * The header blocks of the message in {@code mc}, serialized one after another by AXIOM (each declaring the
     * namespaces it uses), or {@code null} when its Header is absent or empty. Shared by responses and engaged
     * clients' requests.
     */
    static byte[] headerBlocks(MessageContext mc, OMOutputFormat format) throws AxisFault {
        SOAPHeader header = mc.getEnvelope().getHeader();
        if (header == null || header.getFirstElement() == null) {
            return null;
        }
        OMOutputFormat f = new OMOutputFormat();
        f.setCharSetEncoding("UTF-8");
        f.setIgnoreXMLDeclaration(true);
        f.setSOAP11(format.isSOAP11());
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream(512);
        try {
            for (java.util.Iterator<OMElement> it = header.getChildElements(); it.hasNext(); ) {
                it.next().serialize(b, f);
            }
        } catch (javax.xml.stream.XMLStreamException e) {
            throw AxisFault.makeFault(e);
        }
        return b.toByteArray();
    }

    /**
     * Why the message in {@code mc} cannot be sent as template bytes with {@code format} whatever its body
     * (attachments, another charset, no envelope), or {@code null}. Shared by responses and engaged clients'
     * requests. Header blocks do not keep it from being sent so ({@link #headerBlocks}).
     */
    static Fallback unwritable(MessageContext mc, OMOutputFormat format) {
        if (format.isOptimized() || format.isDoingSWA()) {
            return Fallback.ATTACHMENTS;
        }
        String cs = format.getCharSetEncoding();
        if (cs != null && !cs.equalsIgnoreCase("UTF-8")) {
            return Fallback.CHARSET;
        }
        SOAPEnvelope env = mc.getEnvelope();
        return env == null ? Fallback.RESPONSE_CHANGED : null;
    }

    @Override
    public String getContentType(MessageContext mc, OMOutputFormat format, String soapAction) {
        return delegate.getContentType(mc, format, soapAction);
    }

    @Override
    public URL getTargetAddress(MessageContext mc, OMOutputFormat format, URL targetURL) throws AxisFault {
        return delegate.getTargetAddress(mc, format, targetURL);
    }

    @Override
    public String formatSOAPAction(MessageContext mc, OMOutputFormat format, String soapAction) {
        return delegate.formatSOAPAction(mc, format, soapAction);
    }
}
