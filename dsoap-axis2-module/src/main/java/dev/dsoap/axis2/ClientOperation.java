package dev.dsoap.axis2;

import dev.dsoap.host.MessageBytes;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.host.Carrier;
import dev.dsoap.host.RejectedMessageException;
import dev.dsoap.host.Reply;
import dev.dsoap.host.Settings;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.OperationStats;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.template.MemoryBudget;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMOutputFormat;
import org.apache.axiom.om.OMSourcedElement;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.builder.Builder;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.databinding.ADBBean;
import org.apache.axis2.databinding.ADBDataSource;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.Parameter;

import javax.xml.namespace.QName;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * dsoap on the client side of one operation, shared by every stub and {@link org.apache.axis2.client.ServiceClient}
 * of a configuration that calls an operation of that name on a service of that name (stubs make a new
 * client-side service per instance; the templates outlive them).
 *
 * <p><b>Requests.</b> A request whose body element is an ADB bean not yet turned into a tree (what a
 * wsdl2java stub sends: the bean's {@code OMSourcedElement}) is written by differential serialization, on
 * ADB's conventions with the names and nillability the bean's own serializer shows ({@link ProbedSchema}).
 * A plain AXIOM payload (as {@code RPCServiceClient} builds), header blocks, MTOM/SwA or another charset keep
 * Axis2's path, counted with the reason.
 *
 * <p><b>Responses.</b> A response with no header blocks that is not a fault is checked against dsoap's parser
 * limits and handed on as its bytes ({@link StreamedSource}): the stub's generated parser reads them with a
 * stream reader, and no AXIOM tree is built. Differential deserialization does not apply here: the stub's
 * generated code parses the values itself, so there is nothing dsoap could hand it.
 *
 * <p>Thread-safe.
 */
final class ClientOperation {
    /** The operation parameter under which an engaged client operation carries its ClientOperation. */
    static final String PARAMETER = "dev.dsoap.axis2.client";

    final Settings settings;
    final OperationStats stats;
    private final MemoryBudget budget;
    /** Plans of this operation's requests. */
    private final PlanCache plans = new PlanCache();
    /** Holds responses, which the stub parses itself, to dsoap's limits. */
    private final Carrier checker;
    private final Map<Key, Carrier> writers = new ConcurrentHashMap<>();

    ClientOperation(String service, String operation, Settings settings, MemoryBudget budget) {
        this.settings = settings;
        this.budget = budget;
        this.stats = DsoapModule.stats(service, operation);
        this.checker = Carrier.builder(settings, stats, budget, plans).noReads("responses are parsed by the stub")
                .noWrites("checks responses only").build();
        stats.templates(this::templateBytes);
    }

    /** The client operation {@code op} carries, or {@code null} when dsoap is not engaged on it. */
    static ClientOperation of(AxisOperation op) {
        Parameter p = op == null ? null : op.getParameter(PARAMETER);
        return p != null && p.getValue() instanceof ClientOperation c ? c : null;
    }

    /**
     * The stable name of a client-side service: stubs and anonymous clients add a unique suffix of digits
     * (and underscores) to the name, which is cut off here so that statistics and templates are shared.
     */
    static String baseName(String service) {
        int end = service.length();
        while (end > 0 && (Character.isDigit(service.charAt(end - 1)) || service.charAt(end - 1) == '_')) {
            end--;
        }
        return end == 0 ? service : service.substring(0, end);
    }

    private long templateBytes() {
        long n = 0;
        for (Carrier c : writers.values()) {
            n += c.retainedBytes();
        }
        return n;
    }

    // ------------------------------------------------------------------------------------------ requests

    /**
     * Writes the request in {@code mc} to {@code out} by differential serialization, or returns false (having
     * written nothing) for the caller to delegate.
     */
    boolean write(MessageContext mc, OMOutputFormat format, OutputStream out) throws AxisFault {
        Fallback unwritable = TemplateFormatter.unwritable(mc, format);
        if (unwritable != null) {
            stats.writeFallback(unwritable, null);
            return false;
        }
        OMElement first = mc.getEnvelope().getBody().getFirstElement();
        if (!(first instanceof OMSourcedElement se) || se.isExpanded() || !(se.getDataSource() instanceof ADBDataSource ds)
                || !(ds.getObject() instanceof ADBBean bean) || first.getNextOMSibling() != null) {
            stats.writeFallback(Fallback.UNSUPPORTED_TYPE, "the payload is not an ADB bean (RPCServiceClient and hand-built "
                    + "AXIOM payloads keep Axis2's path)");
            return false;
        }
        QName element = AdbOperation.elementOf(bean.getClass());
        if (element == null || !element.getLocalPart().equals(se.getLocalName())
                || !element.getNamespaceURI().equals(se.getNamespace() == null ? "" : se.getNamespace().getNamespaceURI())) {
            stats.writeFallback(Fallback.REQUEST_SHAPE, "the bean " + bean.getClass().getName() + " is sent as "
                    + se.getLocalName() + ", not as its own element " + element);
            return false;
        }
        Carrier carrier = writers.computeIfAbsent(new Key(bean.getClass(), mc.isSOAP11()), k -> compile(k, element));
        try (Reply reply = carrier.write(new Object[] {bean}, null, null)) {
            if (reply == null) {
                return false;
            }
            reply.writeTo(out);
            out.flush();
            return true;
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
    }

    private Carrier compile(Key k, QName element) {
        SoapVersion version = k.soap11 ? SoapVersion.SOAP_11 : SoapVersion.SOAP_12;
        return Carrier.builder(settings, stats, budget, plans).noReads("responses are parsed by the stub")
                .writes(() -> MessageShape.bare(element.getNamespaceURI(), element.getLocalPart(), k.bean),
                        AdbOperation.convention("axis2-adb-client", version, element, ProbedSchema.of(k.bean)))
                .build();
    }

    /** The request bean's class and the SOAP version. */
    private record Key(Class<?> bean, boolean soap11) {
    }

    // ------------------------------------------------------------------------------------------ responses

    /**
     * The envelope of the response in {@code in}: its body element left in the received bytes when dsoap
     * streams it, else what {@code delegate} builds.
     *
     * @throws AxisFault when the response breaks dsoap's limits (size, depth, DTD), naming what and where
     */
    OMElement read(InputStream in, String contentType, MessageContext mc, Builder delegate) throws AxisFault {
        if (!settings.deserialize()) {
            stats.readFallback(Fallback.DISABLED, Settings.DESERIALIZE + " = false");
            return delegate.processDocument(in, contentType, mc);
        }
        if (!MessageBytes.utf8(contentType)) {
            stats.readFallback(Fallback.CHARSET, contentType);
            return delegate.processDocument(in, contentType, mc);
        }
        int limit = settings.deserializer().limits().maxMessageBytes();
        MessageBytes raw;
        try {
            raw = MessageBytes.readAtMost(in, limit, Capture.contentLength(mc));
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
        if (raw == null) {
            stats.rejected();
            throw new AxisFault("dsoap: the response is longer than dsoap.maxMessageBytes = " + limit + " bytes");
        }
        boolean checked;
        try {
            checked = checker.check(raw.bytes(), raw.length());
        } catch (RejectedMessageException e) {
            throw new AxisFault("dsoap: response rejected: " + e.getMessage().substring("dsoap: ".length()));
        }
        if (!checked) {
            stats.readFallback(Fallback.CHARSET, "an encoding dsoap's parser does not read");
            return delegate.processDocument(new ByteArrayInputStream(raw.bytes(), 0, raw.length()), contentType, mc);
        }
        StreamedSource.Head head = StreamedSource.scan(raw.bytes(), raw.length());
        Fallback why = head.problem();
        String detail = head.detail();
        boolean soap12Type = contentType != null && contentType.toLowerCase(Locale.ROOT).contains("application/soap+xml");
        if (why == null && head.soap11() == soap12Type) {
            why = Fallback.REQUEST_SHAPE;
            detail = "envelope version differs from " + contentType;
        }
        if (why != null) {
            stats.readFallback(why, detail);
            return delegate.processDocument(new ByteArrayInputStream(raw.bytes(), 0, raw.length()), contentType, mc);
        }
        SOAPFactory fac = head.soap11() ? OMAbstractFactory.getSOAP11Factory() : OMAbstractFactory.getSOAP12Factory();
        SOAPEnvelope env = fac.getDefaultEnvelope();
        env.getBody().addChild(fac.createOMElement(head.source(), head.element()));
        stats.streamed();
        return env;
    }
}
