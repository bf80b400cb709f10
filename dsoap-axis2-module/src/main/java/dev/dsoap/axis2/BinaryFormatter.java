package dev.dsoap.axis2;

import dev.dsoap.host.Reply;
import dev.dsoap.negotiation.BinaryMediaType;
import org.apache.axiom.om.OMOutputFormat;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.kernel.MessageFormatter;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;

/**
 * The formatter of dsoap's binary media type: writes a binary {@link Reply} as its bytes when the envelope is still
 * exactly what dsoap made; when a handler changed it, the message goes as XML through the SOAP formatter of its
 * version instead (its content type then XML's), counted as {@code RESPONSE_CHANGED}.
 *
 * <p>Thread-safe (stateless).
 */
final class BinaryFormatter implements MessageFormatter {
    @Override
    public void writeTo(MessageContext mc, OMOutputFormat format, OutputStream out, boolean preserve) throws AxisFault {
        if (binaryRequest(mc)) {
            ClientOperation.of(mc.getAxisOperation()).writeBinary(mc, out);
            return;
        }
        Reply reply = binaryReply(mc, format);
        if (reply == null) {
            if (mc.getProperty(ReplySource.PROPERTY) instanceof Reply r && r.binary()) {
                if (TemplateFormatter.changed(mc, format, r) == null && xmlWithHeaders(mc, format, r, out)) {
                    return;
                }
                r.replaced("the envelope of a binary answer was changed: sent as XML");
            }
            xml(mc).writeTo(mc, format, out, preserve);
            return;
        }
        try {
            reply.writeTo(out);
            out.flush();
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
    }

    /**
     * Sends a binary answer that out handlers gave header blocks (WS-Addressing's) as XML written by dsoap, with
     * those blocks: the binary message is taken back from the counters, its XML form counted as written. False
     * (nothing written) when it has no XML form.
     */
    private static boolean xmlWithHeaders(MessageContext mc, OMOutputFormat format, Reply binary, OutputStream out)
            throws AxisFault {
        if (!(mc.getEnvelope().getBody().getFirstElement() instanceof org.apache.axiom.om.OMSourcedElement se)
                || !(se.getDataSource() instanceof ReplySource source)) {
            return false;
        }
        Reply x = source.xmlReply();
        if (x == null) {
            return false;
        }
        try (x) {
            binary.unsent();
            x.writeTo(out, TemplateFormatter.headerBlocks(mc, format));
            out.flush();
            return true;
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
    }

    /** Whether {@code mc} is an engaged client's request that goes binary ({@link ClientHandler} decided). */
    private static boolean binaryRequest(MessageContext mc) {
        return !mc.isServerSide() && Boolean.TRUE.equals(mc.getProperty(ClientOperation.BINARY_REQUEST))
                && ClientOperation.of(mc.getAxisOperation()) != null;
    }

    /**
     * The binary reply of {@code mc}, when it can be sent as it is; otherwise {@code null}: header blocks out
     * handlers added (WS-Addressing's) have no place in a binary message, which then goes as XML.
     */
    private static Reply binaryReply(MessageContext mc, OMOutputFormat format) {
        if (!(mc.getProperty(ReplySource.PROPERTY) instanceof Reply r && r.binary())
                || TemplateFormatter.changed(mc, format, r) != null) {
            return null;
        }
        org.apache.axiom.soap.SOAPHeader header = mc.getEnvelope().getHeader();
        return header == null || header.getFirstElement() == null ? r : null;
    }

    /** The configuration's formatter of the envelope's SOAP version. */
    private static MessageFormatter xml(MessageContext mc) {
        boolean soap12 = mc.getEnvelope() != null
                && SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI.equals(mc.getEnvelope().getNamespace().getNamespaceURI());
        return mc.getConfigurationContext().getAxisConfiguration().getMessageFormatter(soap12 ? "application/soap+xml" : "text/xml");
    }

    @Override
    public String getContentType(MessageContext mc, OMOutputFormat format, String soapAction) {
        return binaryRequest(mc) || binaryReply(mc, format) != null ? BinaryMediaType.NAME
                : xml(mc).getContentType(mc, format, soapAction);
    }

    @Override
    public URL getTargetAddress(MessageContext mc, OMOutputFormat format, URL targetURL) throws AxisFault {
        return xml(mc).getTargetAddress(mc, format, targetURL);
    }

    @Override
    public String formatSOAPAction(MessageContext mc, OMOutputFormat format, String soapAction) {
        return xml(mc).formatSOAPAction(mc, format, soapAction);
    }
}
