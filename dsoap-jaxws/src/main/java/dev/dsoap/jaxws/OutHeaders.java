package dev.dsoap.jaxws;

import org.apache.cxf.binding.soap.SoapHeader;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.SoapVersion;
import org.apache.cxf.binding.soap.interceptor.SoapOutInterceptor;
import org.apache.cxf.databinding.DataBinding;
import org.apache.cxf.headers.Header;
import org.apache.cxf.headers.HeaderManager;
import org.apache.cxf.headers.HeaderProcessor;
import org.apache.cxf.service.model.MessagePartInfo;
import org.apache.cxf.staxutils.StaxUtils;
import org.w3c.dom.Element;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;

/**
 * The SOAP header blocks an outgoing message's header list holds once the chain's interceptors have added theirs
 * (WS-Addressing's, a user's), written as CXF's SOAP writer writes them: a block with a data binding by that binding
 * (WS-Addressing's JAXB elements), a DOM element as it is, a {@link SoapHeader}'s role and mustUnderstand on the block.
 * Each block declares the namespaces it uses; the envelope's namespace is bound to dsoap's envelope prefix, which
 * dsoap's Envelope declares. Stateless, thread-safe.
 */
final class OutHeaders {
    /** The prefix of the envelope's namespace in the messages dsoap writes. */
    static final String ENVELOPE_PREFIX = Operation.convention(dev.dsoap.binding.SoapVersion.SOAP_11).envelopePrefix();

    private OutHeaders() {
    }

    /** Why a message's header blocks cannot be written here; the message then goes CXF's way. */
    static final class Unwritable extends Exception {
        Unwritable(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }

    /**
     * The blocks of {@code m}'s header list, one after another, or {@code null} when it has none.
     *
     * @throws Unwritable if a block holds neither a DOM element nor a value with a data binding, its binding fails, or
     *                    the message asks for namespace declarations on its Envelope
     */
    static byte[] write(SoapMessage m) throws Unwritable {
        if (!m.hasHeaders()) {
            return null;
        }
        List<Header> headers = m.getHeaders();
        if (m.hasAdditionalEnvNs()) {
            Map<String, String> ns = m.getEnvelopeNs();
            throw new Unwritable("namespaces declared on the Envelope: " + ns, null);
        }
        SoapVersion v = m.getVersion();
        ByteArrayOutputStream out = new ByteArrayOutputStream(256 * headers.size());
        HeaderManager processors = m.getExchange() == null || m.getExchange().getBus() == null ? null
                : m.getExchange().getBus().getExtension(HeaderManager.class);
        for (Header h : headers) {
            try {
                write(h, v, processors, out);
            } catch (XMLStreamException | RuntimeException e) {
                throw new Unwritable("header block " + h.getName() + ": " + e, e);
            }
        }
        return out.size() == 0 ? null : out.toByteArray();
    }

    private static void write(Header h, SoapVersion v, HeaderManager processors, ByteArrayOutputStream out)
            throws XMLStreamException, Unwritable {
        DataBinding binding = h.getDataBinding();
        if (binding == null && processors != null && h.getName() != null) {
            HeaderProcessor p = processors.getHeaderProcessor(h.getName().getNamespaceURI());
            binding = p == null ? null : p.getDataBinding();
        }
        Object value = h.getObject();
        if (binding == null && !(value instanceof Element)) {
            throw new Unwritable("header block " + h.getName() + " holds "
                    + (value == null ? "nothing" : "a " + value.getClass().getName()) + " and has no data binding", null);
        }
        XMLStreamWriter w = StaxUtils.createXMLStreamWriter(out, "UTF-8");
        try {
            w.setPrefix(ENVELOPE_PREFIX, v.getNamespace());
            XMLStreamWriter target = h instanceof SoapHeader s
                    ? new SoapOutInterceptor.SOAPHeaderWriter(w, s, v, ENVELOPE_PREFIX) : w;
            if (binding != null) {
                MessagePartInfo part = new MessagePartInfo(h.getName(), null);
                part.setConcreteName(h.getName());
                binding.createWriter(XMLStreamWriter.class).write(value, part, target);
            } else {
                StaxUtils.copy((Element) value, target);
            }
            w.flush();
        } finally {
            w.close();
        }
    }
}
