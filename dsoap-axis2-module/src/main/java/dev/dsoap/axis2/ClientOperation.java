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
import org.apache.axiom.om.OMDataSourceExt;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMOutputFormat;
import org.apache.axiom.om.OMSourcedElement;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.builder.Builder;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.OperationContext;
import org.apache.axis2.wsdl.WSDLConstants;
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
 * A {@link DsoapRpcServiceClient} call is written from its arguments ({@link RpcCalls}). A plain AXIOM
 * payload (as {@code RPCServiceClient} builds), header blocks, MTOM/SwA or another charset keep Axis2's path,
 * counted with the reason.
 *
 * <p><b>Responses.</b> A response with no header blocks that is not a fault is handed on as its bytes
 * ({@link StreamedSource}): the stub's generated parser reads them with a stream reader, and no AXIOM tree is
 * built. A stub parses the values itself, so dsoap only checks those bytes against its parser limits; the
 * response to a {@link DsoapRpcServiceClient} call that wants values is read by differential
 * deserialization instead, and the values go back to the caller on the request's data source.
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
    /** Calls of {@link DsoapRpcServiceClient}s. */
    private final RpcCalls rpc;
    /** Message-context property: the request goes binary. */
    static final String BINARY_REQUEST = "dev.dsoap.axis2.binaryRequest";
    /** Stamps requests and samples answers when {@code dsoap.quality} is on; {@code null} otherwise. */
    final dev.dsoap.quality.QualityClient quality;

    ClientOperation(String service, String operation, Settings settings, MemoryBudget budget) {
        dev.dsoap.host.QualitySetting q = dev.dsoap.host.QualitySetting.of(settings.quality(),
                Thread.currentThread().getContextClassLoader());
        // the requests' parts are not known before a call: the client reports its round trips; its requests go whole
        this.quality = q.enabled() ? new dev.dsoap.quality.QualityClient(null, Map.of(), System::nanoTime) : null;
        this.settings = settings;
        this.budget = budget;
        this.stats = DsoapModule.stats(service, operation);
        this.checker = Carrier.builder(settings, stats, budget, plans).noReads("responses are parsed by the stub")
                .noWrites("checks responses only").build();
        this.rpc = new RpcCalls(settings, stats, budget, plans);
        stats.templates(this::templateBytes);
        if (quality != null) {
            stats.quality(quality);
        }
    }

    /** The value of the request's quality header ({@code dev.dsoap.quality.QualityWire#REQUEST}), or {@code null}. */
    String qualityHeader(MessageContext mc) {
        if (quality == null) {
            return null;
        }
        org.apache.axis2.context.ServiceContext client = mc.getServiceContext();
        return quality.call(client == null ? null : DsoapQuality.attributes(client)).header();
    }

    /**
     * Samples the round trip of the answer in {@code mc} of {@code bytes} bytes ({@code -1}: not known): its stamp
     * echoed less the endpoint's processing time.
     */
    void answered(MessageContext mc, long bytes) {
        if (quality == null) {
            return;
        }
        try {
            quality.answered(header(mc, dev.dsoap.quality.QualityWire.ANSWER), false, bytes);
        } catch (dev.dsoap.quality.QualityWire.Malformed e) {
            stats.qualityRefused(dev.dsoap.quality.QualityWire.ANSWER + ": " + e.getMessage());
        }
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
        long n = rpc.retainedBytes();
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
        OMDataSourceExt call = rpcCall(first);
        if (call != null) {
            return writeRpc(mc, (OMSourcedElement) first, call, out, format);
        }
        if (!(first instanceof OMSourcedElement se) || se.isExpanded() || !(se.getDataSource() instanceof ADBDataSource ds)
                || !(ds.getObject() instanceof ADBBean bean) || first.getNextOMSibling() != null) {
            stats.writeFallback(Fallback.UNSUPPORTED_TYPE, "the payload is not an ADB bean or a DsoapRpcServiceClient call "
                    + "(RPCServiceClient and hand-built AXIOM payloads keep Axis2's path)");
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
        return send(carrier.write(new Object[] {bean}, null, null), mc, format, out);
    }

    /**
     * Sends {@code reply} to {@code out}, with the header blocks of {@code mc}'s envelope (out handlers', such as
     * WS-Addressing's), and gives its template back; false when there is none to send.
     */
    private static boolean send(Reply reply, MessageContext mc, OMOutputFormat format, OutputStream out) throws AxisFault {
        if (reply == null) {
            return false;
        }
        try (reply) {
            reply.writeTo(out, TemplateFormatter.headerBlocks(mc, format));
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

    /**
     * The {@link DsoapRpcServiceClient} call whose request element {@code first} is, not yet built, or
     * {@code null}.
     */
    private static OMDataSourceExt rpcCall(OMElement first) {
        return first instanceof OMSourcedElement se && !se.isExpanded() && first.getNextOMSibling() == null
                && se.getDataSource() instanceof OMDataSourceExt ds && ds.getProperty(DsoapRpcServiceClient.ARGUMENTS) instanceof Object[]
                ? ds : null;
    }

    private boolean writeRpc(MessageContext mc, OMSourcedElement element, OMDataSourceExt call, OutputStream out,
                             OMOutputFormat format) throws AxisFault {
        Object[] args = (Object[]) call.getProperty(DsoapRpcServiceClient.ARGUMENTS);
        return send(rpc.write(element.getQName(), args, returnTypes(call), mc.isSOAP11()), mc, format, out);
    }

    private static Class<?>[] returnTypes(OMDataSourceExt call) {
        return call.getProperty(DsoapRpcServiceClient.RETURN_TYPES) instanceof Class<?>[] t ? t : null;
    }

    /**
     * The {@link DsoapRpcServiceClient} call a response answers, when its caller wants values back: the request
     * element's name, arguments and wanted types, and its data source, where the values go.
     */
    private record AnsweredCall(QName operation, Object[] args, Class<?>[] returnTypes, OMDataSourceExt source) {
        static AnsweredCall of(MessageContext response) throws AxisFault {
            OperationContext oc = response.getOperationContext();
            MessageContext request = oc == null ? null : oc.getMessageContext(WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
            SOAPEnvelope env = request == null ? null : request.getEnvelope();
            OMElement first = env == null || env.getBody() == null ? null : env.getBody().getFirstElement();
            if (first instanceof OMSourcedElement se && se.getDataSource() instanceof OMDataSourceExt ds
                    && ds.getProperty(DsoapRpcServiceClient.ARGUMENTS) instanceof Object[] args
                    && ds.getProperty(DsoapRpcServiceClient.RETURN_TYPES) instanceof Class<?>[] types) {
                return new AnsweredCall(se.getQName(), args, types, ds);
            }
            return null;
        }
    }

    /** Holds {@code raw} to dsoap's limits; false when it is in an encoding dsoap's parser does not read. */
    private boolean check(MessageBytes raw) throws AxisFault {
        try {
            return checker.check(raw.bytes(), raw.length());
        } catch (RejectedMessageException e) {
            throw rejected(e);
        }
    }

    private static AxisFault rejected(RejectedMessageException e) {
        return new AxisFault("dsoap: response rejected: " + e.getMessage().substring("dsoap: ".length()));
    }

    /** The request bean's class and the SOAP version. */
    private record Key(Class<?> bean, boolean soap11) {
    }

    // ------------------------------------------------------------------------------------------ binary

    /**
     * The {@code Accept} value asking for a binary answer to the request in {@code mc}, or {@code null}: only a
     * {@link DsoapRpcServiceClient} call that wants values back asks (a stub parses XML itself), naming the
     * format it reads.
     */
    String accept(MessageContext mc) {
        if (mc.getEnvelope() == null || mc.getEnvelope().getBody() == null) {
            return null;
        }
        OMElement first = mc.getEnvelope().getBody().getFirstElement();
        OMDataSourceExt call = rpcCall(first);
        if (call == null || returnTypes(call) == null || RpcCalls.problem((Object[]) call.getProperty(DsoapRpcServiceClient.ARGUMENTS)) != null) {
            return null;
        }
        RpcCalls.Sides s = rpc.sides(((OMSourcedElement) first).getQName(),
                (Object[]) call.getProperty(DsoapRpcServiceClient.ARGUMENTS), returnTypes(call), mc.isSOAP11());
        dev.dsoap.binary.BinaryFormat f = s.qualified.binaryIn();
        return s.peer.accept(mc.isSOAP11() ? "text/xml" : "application/soap+xml", f == null ? null : f.descriptor().idHex());
    }

    /**
     * Whether the request in {@code mc} goes binary: a {@link DsoapRpcServiceClient} call that wants values, in
     * performance mode, once the endpoint has said it reads this call's format; no header blocks.
     */
    boolean sendsBinary(MessageContext mc) {
        if (mc.getEnvelope() == null || mc.getEnvelope().getBody() == null
                || mc.getEnvelope().getHeader() != null && mc.getEnvelope().getHeader().getFirstElement() != null) {
            return false;
        }
        org.apache.axiom.soap.SOAPHeader header = mc.getEnvelope().getHeader();
        if (header != null && header.getFirstElement() != null) {
            return false; // header blocks (WS-Addressing's) go in XML
        }
        OMElement first = mc.getEnvelope().getBody().getFirstElement();
        OMDataSourceExt call = rpcCall(first);
        if (call == null || returnTypes(call) == null) {
            return false;
        }
        Object[] args = (Object[]) call.getProperty(DsoapRpcServiceClient.ARGUMENTS);
        if (RpcCalls.problem(args) != null) {
            return false;
        }
        RpcCalls.Sides s = rpc.sides(((OMSourcedElement) first).getQName(), args, returnTypes(call), mc.isSOAP11());
        return s.peer.sendsBinary() && s.qualified.binaryOut() != null;
    }

    /**
     * Writes the request in {@code mc} in binary ({@link #sendsBinary} said it goes binary).
     *
     * @throws AxisFault if the values cannot go binary after all (a character XML cannot carry either)
     */
    void writeBinary(MessageContext mc, OutputStream out) throws AxisFault {
        OMSourcedElement first = (OMSourcedElement) mc.getEnvelope().getBody().getFirstElement();
        OMDataSourceExt call = (OMDataSourceExt) first.getDataSource();
        Object[] args = (Object[]) call.getProperty(DsoapRpcServiceClient.ARGUMENTS);
        RpcCalls.Sides s = rpc.sides(first.getQName(), args, returnTypes(call), mc.isSOAP11());
        Reply reply = s.qualified.writeBinary(args, s.peer.describeRequests());
        if (reply == null) {
            throw new AxisFault("dsoap: the arguments cannot be sent: " + stats.getWriteFallbacks());
        }
        call.setProperty(DsoapRpcServiceClient.SENT_BINARY, (Runnable) () -> {
            s.peer.refused();
            stats.binaryRefused(dev.dsoap.host.BinaryRefusal.ENDPOINT_REFUSED, "HTTP 415");
        });
        try (reply) {
            reply.writeTo(out); // a binary request carries no SOAP header blocks
            out.flush();
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
    }

    /**
     * The envelope of a binary response: its values go to the call that asked for them, and Axis2 gets an empty
     * response element.
     *
     * @throws AxisFault when the response cannot be read (the client then asks for XML for a while)
     */
    OMElement readBinary(InputStream in, MessageContext mc) throws AxisFault {
        int limit = settings.deserializer().limits().maxMessageBytes();
        InputStream[] overflow = new InputStream[1];
        MessageBytes raw = Capture.readAll(in, limit, mc, overflow, budget);
        answered(mc, raw == null ? -1 : raw.length());
        AnsweredCall call = AnsweredCall.of(mc);
        if (raw == null && MessageBytes.overflowReason(overflow[0]) == Fallback.IN_FLIGHT) {
            MessageBytes.discard(overflow[0]);
            stats.binaryRefused(dev.dsoap.host.BinaryRefusal.UNREADABLE_RESPONSE, "no room among the messages in flight");
            throw new AxisFault("dsoap: no room for the binary response among the bytes of messages in flight"
                    + " (dsoap.maxInFlightBytes = " + budget.inFlightLimitBytes() + ")");
        }
        MessageBytes.discard(overflow[0]);
        if (raw == null || call == null) {
            stats.binaryRefused(dev.dsoap.host.BinaryRefusal.UNREADABLE_RESPONSE, raw == null ? "too long" : "no call");
            throw new AxisFault(raw == null ? "dsoap: the response is longer than dsoap.maxMessageBytes = " + limit + " bytes"
                    : "dsoap: a binary response to a request that did not ask for one");
        }
        OperationContext oc = mc.getOperationContext();
        MessageContext request = oc == null ? null : oc.getMessageContext(WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
        boolean soap11 = request == null || request.isSOAP11();
        RpcCalls.Sides s = rpc.sides(call.operation(), call.args(), call.returnTypes(), soap11);
        Object[] values;
        try {
            values = s.qualified.readBinary(raw.bytes(), raw.length());
        } catch (RejectedMessageException e) {
            s.peer.unreadable();
            stats.binaryRefused(dev.dsoap.host.BinaryRefusal.UNREADABLE_RESPONSE, e.getMessage());
            throw rejected(e);
        }
        call.source().setProperty(DsoapRpcServiceClient.VALUES, values);
        dev.dsoap.binary.BinaryFormat mine = s.qualified.binaryOut();
        // in performance mode, this call's requests go binary once the server names their format
        s.peer.answered(header(mc, CarriedOperation.REQUEST_FORMAT), mine == null ? null : mine.descriptor().idHex(),
                call.source().getProperty(DsoapRpcServiceClient.SENT_BINARY) != null);
        SOAPFactory fac = soap11 ? OMAbstractFactory.getSOAP11Factory() : OMAbstractFactory.getSOAP12Factory();
        SOAPEnvelope env = fac.getDefaultEnvelope();
        QName op = call.operation();
        env.getBody().addChild(fac.createOMElement(op.getLocalPart() + "Response", fac.createOMNamespace(op.getNamespaceURI(), "ns")));
        return env;
    }

    /** The value of HTTP header {@code name} of the response in {@code mc}, matched ignoring case, or {@code null}. */
    private static String header(MessageContext mc, String name) {
        if (mc.getProperty(MessageContext.TRANSPORT_HEADERS) instanceof java.util.Map<?, ?> headers) {
            for (java.util.Map.Entry<?, ?> e : headers.entrySet()) {
                if (e.getKey() instanceof String k && k.equalsIgnoreCase(name) && e.getValue() != null) {
                    return e.getValue().toString();
                }
            }
        }
        return null;
    }

    // ------------------------------------------------------------------------------------------ responses

    /**
     * The envelope of the response in {@code in}: its body element left in the received bytes when dsoap
     * streams it, else what {@code delegate} builds.
     *
     * @throws AxisFault when the response breaks dsoap's limits (size, depth, DTD), naming what and where
     */
    OMElement read(InputStream in, String contentType, MessageContext mc, Builder delegate) throws AxisFault {
        if (!settings.deserialize() || !MessageBytes.utf8(contentType)) {
            answered(mc, -1);
        }
        if (!settings.deserialize()) {
            stats.readFallback(Fallback.DISABLED, Settings.DESERIALIZE + " = false");
            return delegate.processDocument(in, contentType, mc);
        }
        if (!MessageBytes.utf8(contentType)) {
            stats.readFallback(Fallback.CHARSET, contentType);
            return delegate.processDocument(in, contentType, mc);
        }
        int limit = settings.deserializer().limits().maxMessageBytes();
        InputStream[] overflow = new InputStream[1];
        MessageBytes raw = Capture.readAll(in, limit, mc, overflow, budget);
        answered(mc, raw == null ? -1 : raw.length());
        if (raw == null && MessageBytes.overflowReason(overflow[0]) == Fallback.IN_FLIGHT) {
            // no room among the messages in flight: Axis2 builds it from what was read and the rest of the stream
            stats.readFallback(Fallback.IN_FLIGHT, budget.inFlightDetail());
            return delegate.processDocument(overflow[0], contentType, mc);
        }
        MessageBytes.discard(overflow[0]);
        if (raw == null) {
            stats.rejected();
            throw new AxisFault("dsoap: the response is longer than dsoap.maxMessageBytes = " + limit + " bytes");
        }
        AnsweredCall call = AnsweredCall.of(mc);
        StreamedSource.Head head = null;
        if (call == null || (head = StreamedSource.scan(raw.bytes(), raw.length(), settings.deserializer().limits())).problem() != null) {
            if (!check(raw)) {
                stats.readFallback(Fallback.CHARSET, "an encoding dsoap's parser does not read");
                return delegate.processDocument(new ByteArrayInputStream(raw.bytes(), 0, raw.length()), contentType, mc);
            }
            if (head == null) {
                head = StreamedSource.scan(raw.bytes(), raw.length(), settings.deserializer().limits());
            }
        }
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
        if (call != null) {
            Object[] values;
            try {
                values = rpc.read(call.operation(), call.args(), call.returnTypes(), head.soap11(), raw.bytes(), raw.length());
            } catch (RejectedMessageException e) {
                throw rejected(e);
            }
            if (values != null) {
                call.source().setProperty(DsoapRpcServiceClient.VALUES, values);
            } else {
                stats.streamed(); // BeanUtil reads the body element from the bytes
            }
        } else {
            stats.streamed();
        }
        SOAPEnvelope env;
        SOAPFactory fac;
        if (head.headerEnd() > 0) { // WS-Addressing blocks, for the client's addressing handlers
            env = StreamedSource.headerEnvelope(raw.bytes(), head);
            fac = (SOAPFactory) env.getOMFactory();
        } else {
            fac = head.soap11() ? OMAbstractFactory.getSOAP11Factory() : OMAbstractFactory.getSOAP12Factory();
            env = fac.getDefaultEnvelope();
        }
        env.getBody().addChild(fac.createOMElement(head.source(), head.element()));
        return env;
    }
}
