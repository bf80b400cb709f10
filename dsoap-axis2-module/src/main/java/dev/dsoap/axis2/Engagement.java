package dev.dsoap.axis2;

import dev.dsoap.host.CursorPool;
import dev.dsoap.host.EnvelopeHead;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.MessageBytes;
import dev.dsoap.parse.ParserLimits;
import dev.dsoap.parse.XmlCheck;
import dev.dsoap.parse.XmlParseException;
import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.engine.AxisConfiguration;

import javax.xml.namespace.QName;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which services have dsoap operations, for the builders, which run before dispatch and must decide from
 * the request address alone whether to keep the request's bytes. Thread-safe.
 */
final class Engagement {
    private final Set<String> services = ConcurrentHashMap.newKeySet();
    private final AxisConfiguration config;
    /** The module-wide parser limits, which hold before dispatch. */
    private final ParserLimits limits;
    /** Scanners of requests' first bytes ({@link #handOver}). */
    private final CursorPool<dev.dsoap.parse.XmlScanner> heads;
    /** The module's memory budget, on which requests are reserved while they are read. */
    private final dev.dsoap.template.MemoryBudget budget;

    Engagement(AxisConfiguration config, ParserLimits limits, dev.dsoap.template.MemoryBudget budget) {
        this.config = config;
        this.limits = limits;
        this.heads = new CursorPool<>(() -> new dev.dsoap.parse.XmlScanner(limits));
        this.budget = budget;
    }

    /** The module's memory budget, on which messages are reserved while they are read. */
    dev.dsoap.template.MemoryBudget budget() {
        return budget;
    }

    /** The engaged operations that read binary requests, by format id (learned as their carriers are built). */
    private final java.util.Map<Long, CarriedOperation> binaryRequests = new ConcurrentHashMap<>();
    /** The binary request formats, by id. */
    private final java.util.Map<Long, dev.dsoap.binary.BinaryFormat> binaryFormats = new ConcurrentHashMap<>();
    /** Counts binary requests refused before their operation is known. */
    private final dev.dsoap.host.OperationStats unknown = DsoapModule.stats("*", "*");

    /** Records that {@code op} reads binary requests of {@code format}. */
    void readsBinary(dev.dsoap.binary.BinaryFormat format, CarriedOperation op) {
        binaryFormats.putIfAbsent(format.id(), format);
        binaryRequests.putIfAbsent(format.id(), op);
    }

    /** The engaged operation that reads binary requests of format {@code id}, or {@code null}. */
    CarriedOperation binaryOperation(long id) {
        return binaryRequests.get(id);
    }

    /** Every binary request format an engaged operation reads. */
    java.util.Collection<dev.dsoap.binary.BinaryFormat> binaryFormats() {
        return binaryFormats.values();
    }

    /** The binary request format {@code id}, or {@code null}. */
    dev.dsoap.binary.BinaryFormat binaryFormat(long id) {
        return binaryFormats.get(id);
    }

    /** The statistics of binary requests refused before their operation is known (service and operation {@code *}). */
    dev.dsoap.host.OperationStats unknownStats() {
        return unknown;
    }

    /** Counts a binary request refused before it reached an operation ({@code op}'s, when known). */
    void binaryRefused(CarriedOperation op, dev.dsoap.host.BinaryRefusal why, String detail) {
        dev.dsoap.host.OperationStats s = op != null ? op.stats : unknown;
        s.binaryRefused(why, detail);
        s.rejected();
    }

    void add(String service) {
        services.add(service);
    }

    /** The request size read before dispatch, in bytes ({@code dsoap.maxMessageBytes} of the module). */
    int maxMessageBytes() {
        return limits.maxMessageBytes();
    }

    /**
     * What dsoap's parser finds wrong with a request, under the module-wide limits: {@code "dsoap: "} and where,
     * or {@code null} when it finds nothing (or the encoding is one it does not read).
     */
    String problem(MessageBytes raw) {
        try {
            XmlCheck.check(raw.bytes(), 0, raw.length(), limits);
            return null;
        } catch (XmlParseException e) {
            return e.kind() == XmlParseException.Kind.UNSUPPORTED ? null : "dsoap: " + e.getMessage();
        }
    }

    /**
     * Whether the request in {@code mc} may be headed for a dsoap operation: its address names an engaged
     * service, or names none that this configuration knows (dispatch by SOAP action or body may still find
     * one) while some service is engaged.
     */
    boolean mayCapture(MessageContext mc) {
        if (services.isEmpty()) {
            return false;
        }
        if (mc.getAxisService() != null) {
            return services.contains(mc.getAxisService().getName());
        }
        EndpointReference to = mc.getTo();
        String name = serviceName(to == null ? null : to.getAddress());
        if (name == null) {
            return true;
        }
        if (services.contains(name)) {
            return true;
        }
        try {
            return config.getServiceForActivation(name) == null;
        } catch (RuntimeException e) {
            return true;
        }
    }

    /**
     * Why the request whose first bytes are {@code b[0..len)} is for Axis2 to read from its stream, before dsoap
     * keeps the rest, or {@code null}: when it is headed for a dsoap operation whose every request is Axis2's
     * ({@link DsoapReceiver#always}: {@link Fallback#UNSUPPORTED_TYPE} or {@link Fallback#DISABLED}), or one that has
     * learned to leave requests of its first part element to Axis2 ({@link dev.dsoap.host.Carrier#skipsUnread}:
     * {@link Fallback#REQUEST_SHAPE}). The operation is found as Axis2's dispatchers find it by the body's first
     * element (the wrapper), in the service the address names; the bytes are looked at only while some operation of
     * that service leaves requests to Axis2.
     */
    Fallback handOver(MessageContext mc, String contentType, byte[] b, int len) {
        try {
            AxisService service = mc.getAxisService();
            if (service == null) {
                EndpointReference to = mc.getTo();
                String name = serviceName(to == null ? null : to.getAddress());
                service = name == null ? null : config.getService(name);
            }
            if (service == null || !skipping(service)) {
                return null;
            }
            EnvelopeHead head = head(b, len);
            QName wrapper = head.localName() == null ? null : new QName(head.namespace(), head.localName());
            AxisOperation op = wrapper == null ? null : service.getOperationByMessageElementQName(wrapper);
            if (op == null && wrapper != null) {
                op = service.getOperation(new QName(wrapper.getLocalPart()));
            }
            if (op == null || !(op.getMessageReceiver() instanceof DsoapReceiver r)) {
                return null;
            }
            boolean soap11 = contentType == null || !contentType.toLowerCase(java.util.Locale.ROOT).contains("application/soap+xml");
            if (!r.engaged()) {
                return null; // disengaged since: Axis2's own receiver, untouched
            }
            Fallback always = r.always(soap11);
            if (always != null) {
                return always;
            }
            return r.operation().skipsUnread(soap11, head) ? Fallback.REQUEST_SHAPE : null;
        } catch (AxisFault | RuntimeException e) {
            return null; // read on: dsoap's own path decides
        }
    }

    /**
     * Whether some dsoap operation of {@code service} leaves requests to Axis2 now without reading them
     * ({@link CarriedOperation#skipping}, {@link DsoapReceiver#always}).
     */
    private static boolean skipping(AxisService service) {
        for (java.util.Iterator<AxisOperation> it = service.getOperations(); it.hasNext(); ) {
            if (it.next().getMessageReceiver() instanceof DsoapReceiver r
                    && (r.operation().skipping() || r.always(true) != null || r.always(false) != null)) {
                return true;
            }
        }
        return false;
    }

    /** The head of a message from its first bytes, as far as they tell ({@link EnvelopeHead#readPrefix}). */
    private EnvelopeHead head(byte[] b, int len) {
        dev.dsoap.parse.XmlScanner sc = heads.take();
        try {
            return EnvelopeHead.readPrefix(sc, b, len);
        } finally {
            heads.give(sc);
        }
    }

    /** The service segment of an address such as {@code /axis2/services/Name/op?x} or {@code Name.Port}. */
    static String serviceName(String address) {
        if (address == null) {
            return null;
        }
        int at = address.indexOf("/services/");
        if (at < 0) {
            return null;
        }
        int start = at + "/services/".length();
        int end = start;
        while (end < address.length() && "/?#.".indexOf(address.charAt(end)) < 0) {
            end++;
        }
        return end > start ? address.substring(start, end) : null;
    }
}
