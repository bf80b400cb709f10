package dev.dsoap.axis2;

import dev.dsoap.host.MessageBytes;
import dev.dsoap.binding.PlanCache;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.host.Carrier;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.OperationStats;
import dev.dsoap.host.QualitySetting;
import dev.dsoap.host.RejectedMessageException;
import dev.dsoap.host.Reply;
import dev.dsoap.host.Settings;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.quality.QualityAttributes;
import dev.dsoap.quality.QualityServer;
import dev.dsoap.quality.QualityWire;
import dev.dsoap.template.MemoryBudget;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.wsdl.WSDLConstants;

import javax.xml.namespace.QName;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * One engaged operation whose messages go through dsoap's {@link Carrier}: requests read by differential
 * deserialization, responses written by differential serialization. Subclasses know one family of Axis2
 * receivers (POJO, ADB): the shapes and wire conventions of its messages, and how that receiver reads and
 * writes a message dsoap does not carry. Either direction falls back on its own, so a request dsoap cannot
 * read still gets a dsoap response and vice versa.
 *
 * <p>Carriers are built on the first message of each SOAP version, for the implementation class that
 * receives it. Thread-safe.
 */
abstract class CarriedOperation {
    final AxisService service;
    final AxisOperation operation;
    final Settings settings;
    final OperationStats stats;
    final boolean inOut;
    /** Plans of this operation's messages, compiled once per shape and convention. */
    final PlanCache plans = new PlanCache();
    /** Counts and checks messages turned away before a carrier with plans is built. */
    final Carrier unplanned;
    private final MemoryBudget budget;
    private volatile Bound bound;
    /** Where the module learns which operations read binary requests; set at engagement. */
    volatile Engagement engagement;
    /** Quality management ({@code dsoap.quality}), read at engagement. */
    final QualitySetting quality;
    /** Coalescing of identical concurrent requests ({@code dsoap.coalesce}), or {@code null}. */
    final dev.dsoap.coalesce.Coalescer<dev.dsoap.coalesce.SharedResponse> coalescer;

    CarriedOperation(AxisService service, AxisOperation operation, Settings settings, MemoryBudget budget) {
        this.service = service;
        this.operation = operation;
        this.settings = settings;
        this.budget = budget;
        this.stats = DsoapModule.stats(service.getName(), operation.getName().getLocalPart());
        this.inOut = operation.getAxisSpecificMEPConstant() != WSDLConstants.MEP_CONSTANT_IN_ONLY;
        this.unplanned = Carrier.builder(settings, stats, budget, plans).noReads("not planned").noWrites("not planned").build();
        this.quality = QualitySetting.of(settings.quality(), service.getClassLoader());
        dev.dsoap.coalesce.CoalescerSettings c = settings.coalescing(operation.getName().getLocalPart());
        this.coalescer = inOut && c.enabled()
                ? new dev.dsoap.coalesce.Coalescer<>(c, dev.dsoap.coalesce.SharedResponse::bytes, budget) : null;
        if (coalescer != null) {
            stats.coalescing(coalescer);
        }
    }

    /**
     * Who sent {@code in}, as far as Axis2 knows just before the receiver invokes the service
     * ({@link dev.dsoap.coalesce.Callers}): the request target, every transport header, the remote address, Axis2's
     * transport session, and in a servlet container the authenticated principal, the servlet session and the TLS
     * client certificate; or {@code null} when its answer is never shared.
     */
    static String identity(MessageContext in, java.util.Set<String> ignored) {
        dev.dsoap.coalesce.Callers.Identity id = dev.dsoap.coalesce.Callers.of(ignored);
        if (in.getProperty(MessageContext.TRANSPORT_HEADERS) instanceof java.util.Map<?, ?> h) {
            id.headers(h);
        }
        Object target = in.getProperty(org.apache.axis2.Constants.Configuration.TRANSPORT_IN_URL);
        id.target(target != null ? target.toString() : in.getTo() == null ? null : in.getTo().getAddress());
        id.remote(in.getProperty(MessageContext.REMOTE_ADDR) instanceof String a ? a : null);
        id.header(":soap-action", in.getSoapAction());
        if (in.getServiceContext() != null
                && in.getServiceContext().getProperty(org.apache.axis2.kernel.http.HTTPConstants.COOKIE_STRING) instanceof String s) {
            id.header(":axis2-session", s);
        }
        if (in.getProperty(org.apache.axis2.kernel.http.HTTPConstants.MC_HTTP_SERVLETREQUEST)
                instanceof jakarta.servlet.http.HttpServletRequest req) {
            id.target(req.getRequestURI() + (req.getQueryString() == null ? "" : "?" + req.getQueryString()));
            id.remote(req.getRemoteAddr());
            id.principal(req.getUserPrincipal() == null ? null : req.getUserPrincipal().getName());
            if (req.getAttribute("jakarta.servlet.request.X509Certificate")
                    instanceof java.security.cert.X509Certificate[] certs && certs.length > 0) {
                id.certificate(certs[0]);
            }
            jakarta.servlet.http.HttpSession session = req.getSession(false);
            id.session(session == null ? null : session.getId());
        }
        return id.key();
    }

    /**
     * Whether the answer to {@code in} is dsoap's own as far as the service and Axis2's handlers left it: no HTTP
     * header set on the out message or the servlet response, no HTTP status set. An answer that is not may be its
     * caller's alone, and is not handed to identical requests.
     */
    static boolean ownAnswer(MessageContext in, MessageContext out) {
        Object headers = out.getProperty(org.apache.axis2.kernel.http.HTTPConstants.HTTP_HEADERS);
        java.util.Set<?> own = out.getProperty(OWN_HEADERS) instanceof java.util.Set<?> s ? s : java.util.Set.of();
        if (headers instanceof java.util.Collection<?> c ? !own.containsAll(c) // each one dsoap added, not a copy
                : headers instanceof java.util.Map<?, ?> m ? !m.isEmpty() : headers != null) {
            return false;
        }
        for (MessageContext mc : new MessageContext[] {in, out}) {
            Object status = mc.getProperty(org.apache.axis2.Constants.HTTP_RESPONSE_STATE);
            if (status != null && !"200".equals(status.toString())) {
                return false;
            }
        }
        return !(in.getProperty(org.apache.axis2.kernel.http.HTTPConstants.MC_HTTP_SERVLETRESPONSE)
                instanceof jakarta.servlet.http.HttpServletResponse r) || r.getHeaderNames().isEmpty();
    }

    // ------------------------------------------------------------------------------------------ quality

    /** Message-context property: when the request arrived ({@code System.nanoTime()}). */
    static final String ARRIVED = "dev.dsoap.axis2.arrived";
    /** Service parameter holding the service's own quality attributes. */
    static final String ATTRIBUTES = "dev.dsoap.axis2.qualityAttributes";

    /** The service's own quality attributes (set with {@code DsoapQuality}), shared by its operations. */
    static QualityAttributes attributes(AxisService service) {
        synchronized (service) {
            org.apache.axis2.description.Parameter p = service.getParameter(ATTRIBUTES);
            if (p != null && p.getValue() instanceof QualityAttributes a) {
                return a;
            }
            QualityAttributes a = new QualityAttributes();
            try {
                service.addParameter(new org.apache.axis2.description.Parameter(ATTRIBUTES, a));
            } catch (AxisFault e) {
                throw new IllegalStateException("dsoap: cannot keep quality attributes on " + service.getName(), e);
            }
            return a;
        }
    }

    /**
     * The request's quality fields, or {@code null} when the operation has no quality rules or the request carries
     * none.
     *
     * @throws AxisFault a sender fault when the header is malformed
     */
    final QualityWire.Fields qualityFields(MessageContext in) throws AxisFault {
        if (quality.files() == null || !(in.getProperty(MessageContext.TRANSPORT_HEADERS) instanceof java.util.Map<?, ?> h)) {
            return null;
        }
        try {
            return QualityWire.read(header(h, QualityWire.REQUEST));
        } catch (QualityWire.Malformed e) {
            stats.qualityRefused(QualityWire.REQUEST + ": " + e.getMessage());
            stats.rejected();
            throw BinaryBuilder.sender(in, "dsoap: " + QualityWire.REQUEST + ": " + e.getMessage());
        }
    }

    /**
     * The answer's exchange with the operation's quality rules for {@code s}'s response, or {@code null} when it has
     * none: the variant chosen for the request's sender, the processing time counted from {@code arrived}.
     */
    final QualityServer.Exchange quality(MessageContext in, Sides s, QualityWire.Fields f, long arrived) {
        QualityServer q = s.quality;
        if (q == null && !s.qualityTried) {
            synchronized (s) {
                if (!s.qualityTried) {
                    org.apache.axis2.description.Parameter h = service.getParameter(QualitySetting.HANDLERS);
                    java.util.function.Function<String, dev.dsoap.quality.QualityHandler> handlers =
                            QualitySetting.handlers(h == null ? null : h.getValue());
                    try {
                        s.quality = s.response == null ? null : quality.server(service.getName(),
                                operation.getName().getLocalPart(), s.response.get(), handlers, budget, attributes(service));
                    } catch (IllegalArgumentException e) {
                        stats.qualityRefused("the quality file's variants do not fit the answer: " + e.getMessage());
                    }
                    if (s.quality != null) {
                        stats.quality(s.quality);
                        QualityServer server = s.quality;
                        dev.dsoap.binding.MessageShape shape = s.response.get();
                        stats.qualityReload(() -> quality.reload(server, service.getName(),
                                operation.getName().getLocalPart(), shape, handlers));
                    }
                    s.qualityTried = true;
                }
                q = s.quality;
            }
        }
        return q == null ? null : q.request(f, peer(in), arrived);
    }

    /** Adds HTTP header {@code name} to the response in {@code out}, keeping those set already. */
    static void addHeader(MessageContext out, String name, String value) {
        java.util.List<Object> headers = new java.util.ArrayList<>();
        if (out.getProperty(org.apache.axis2.kernel.http.HTTPConstants.HTTP_HEADERS) instanceof java.util.List<?> given) {
            headers.addAll(given);
        }
        org.apache.axis2.context.NamedValue header = new org.apache.axis2.context.NamedValue(name, value);
        headers.add(header);
        out.setProperty(org.apache.axis2.kernel.http.HTTPConstants.HTTP_HEADERS, headers);
        java.util.Set<Object> own = ownHeaders(out);
        own.add(header);
    }

    /** Message-context property: the HTTP headers (their {@code NamedValue}s) dsoap added to an out message. */
    private static final String OWN_HEADERS = "dev.dsoap.axis2.ownHeaders";

    @SuppressWarnings("unchecked")
    private static java.util.Set<Object> ownHeaders(MessageContext out) {
        Object o = out.getProperty(OWN_HEADERS);
        if (o instanceof java.util.Set<?> s) {
            return (java.util.Set<Object>) s;
        }
        java.util.Set<Object> s = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        out.setProperty(OWN_HEADERS, s);
        return s;
    }

    /** Why the operation's style is not one dsoap carries, or {@code null}; fixed at engagement. */
    abstract String styleProblem();

    /**
     * Why dsoap does not carry this operation with the service's class, or {@code null}: problems only the
     * class shows, found on the first message and kept.
     */
    String classProblem() {
        return null;
    }

    /** The service method the original receiver would call. */
    abstract Method method(Class<?> implClass) throws AxisFault;

    /**
     * Gives {@code carrier} the request's forms and the response's shape for {@code s.method} (an in-only
     * operation's carrier has no outbound side already), and sets {@code s.responseName}.
     */
    abstract void plan(Carrier.Builder carrier, Sides s, SoapVersion version);

    /**
     * The sender of {@code in} as far as Axis2 tells ({@link Carrier#peerKey(String, String, String, String)}): the
     * client id header, bound to the caller and the origin it comes with; else the caller (the servlet container's
     * authenticated principal, or the credentials of the {@code Authorization} header); else, in a servlet container
     * ({@code AxisServlet}), the connection: the remote address and port, which name one keep-alive connection, so a
     * plain client's calls find its own kept state. Axis2's own HTTP transport (SimpleHTTPServer) tells only the remote
     * address, but serves each keep-alive connection on one worker thread for the connection's life: the address and
     * the current thread name the connection there. A thread that later serves another client's connection gives a
     * wrong hint once, which costs a missed hint and nothing else (a hinted state is used only when its kept message
     * is of the message's family, and values are only ever taken from bytes equal to the message's).
     */
    private long peer(MessageContext in) {
        java.util.Map<?, ?> headers = in.getProperty(MessageContext.TRANSPORT_HEADERS) instanceof java.util.Map<?, ?> h
                ? h : java.util.Map.of();
        Object servlet = in.getProperty(org.apache.axis2.kernel.http.HTTPConstants.MC_HTTP_SERVLETREQUEST);
        jakarta.servlet.http.HttpServletRequest request = servlet instanceof jakarta.servlet.http.HttpServletRequest r ? r : null;
        String idName = settings.clientIdHeader();
        String id = idName == null ? null : header(headers, idName);
        String caller = request == null || request.getUserPrincipal() == null ? null : request.getUserPrincipal().getName();
        if (caller == null) {
            caller = header(headers, "Authorization");
        }
        String address = request != null ? request.getRemoteAddr()
                : in.getProperty(MessageContext.REMOTE_ADDR) instanceof String a ? a : null;
        String origin = id == null ? null
                : Carrier.origin(address, header(headers, "X-Forwarded-For"), header(headers, "Forwarded"));
        String connection = request != null ? request.getRemoteAddr() + " " + request.getRemotePort()
                : address != null ? address + " thread " + Thread.currentThread().getId() : null;
        return Carrier.peerKey(id, caller, origin, connection);
    }

    /** The value of header {@code name}, matched ignoring case, or {@code null}. */
    private static String header(java.util.Map<?, ?> headers, String name) {
        Object v = headers.get(name);
        if (v == null) {
            for (java.util.Map.Entry<?, ?> e : headers.entrySet()) {
                if (e.getKey() instanceof String k && k.equalsIgnoreCase(name)) {
                    v = e.getValue();
                    break;
                }
            }
        }
        return v instanceof String s ? s : null;
    }

    /** The arguments as the original receiver reads them, from the envelope. */
    abstract Object[] originalArguments(MessageContext in, Sides s) throws AxisFault;

    /** The response envelope as the original receiver makes it. */
    abstract SOAPEnvelope originalResponse(MessageContext in, MessageContext out, Sides s, Object result) throws AxisFault;

    /** The fault the original receiver raises when the service method throws. */
    abstract AxisFault fault(MessageContext in, Method method, InvocationTargetException e);

    /**
     * Whether a request of SOAP version 1.1 ({@code soap11}) or 1.2 whose head (read from its first bytes) is
     * {@code head} is left to Axis2 before dsoap keeps its bytes ({@link Carrier#skipsUnread}); {@code false} before
     * the operation's first request.
     */
    final boolean skipsUnread(boolean soap11, dev.dsoap.host.EnvelopeHead head) {
        Bound bd = bound;
        Sides s = bd == null ? null : bd.sides[soap11 ? 0 : 1];
        return s != null && s.carrier.skipsUnread(head);
    }

    /**
     * Why every request of SOAP version 1.1 ({@code soap11}) or 1.2 is Axis2's both ways, known once the operation's
     * carrier for it exists: its carrier neither reads nor writes (types dsoap does not carry, or both directions
     * switched off); else {@code null}.
     */
    final Fallback hostsAll(boolean soap11) {
        Bound bd = bound;
        Sides s = bd == null ? null : bd.sides[soap11 ? 0 : 1];
        if (s == null || s.carrier.reads() || (inOut && s.carrier.writes())) {
            return null;
        }
        return !settings.deserialize() && !settings.serialize() ? Fallback.DISABLED : Fallback.UNSUPPORTED_TYPE;
    }

    /**
     * Whether a carrier of this operation leaves some requests to Axis2 now without reading them: those of a first part
     * element it has learned not to read, or all ({@link #hostsAll}).
     */
    final boolean skipping() {
        Bound bd = bound;
        if (bd == null) {
            return false;
        }
        for (Sides s : bd.sides) {
            if (s != null && s.carrier.skipping()) {
                return true;
            }
        }
        return hostsAll(true) != null || hostsAll(false) != null;
    }

    /** The carrier for {@code implClass}; built once per class and SOAP version. */
    final Sides sides(Class<?> implClass, boolean soap11) throws AxisFault {
        Bound b = bound;
        if (b == null || b.implClass != implClass) {
            synchronized (this) {
                b = bound;
                if (b == null || b.implClass != implClass) {
                    b = new Bound(implClass, method(implClass));
                    bound = b;
                }
            }
        }
        int v = soap11 ? 0 : 1;
        Sides s = b.sides[v];
        if (s == null) {
            synchronized (this) {
                s = b.sides[v];
                if (s == null) {
                    s = new Sides(b.method);
                    // the receiver hands over only messages whose header blocks are WS-Addressing's
                    Carrier.Builder cb = Carrier.builder(settings, stats, budget, plans).headerBlocksHandledByHost();
                    if (!inOut) {
                        cb.noWrites("in-only operation");
                    }
                    plan(cb, s, soap11 ? SoapVersion.SOAP_11 : SoapVersion.SOAP_12);
                    cb.sharing(operation.getName().getLocalPart());
                    s.carrier = cb.build();
                    b.sides[v] = s;
                    Engagement e = engagement;
                    if (e != null) {
                        for (dev.dsoap.binary.BinaryFormat f : s.carrier.binaryIns()) {
                            e.readsBinary(f, this);
                        }
                    }
                    Bound fixed = b;
                    stats.templates(fixed::retainedBytes);
                }
            }
        }
        return s;
    }

    // ------------------------------------------------------------------------------------------ messages

    /**
     * The arguments of the request in {@code in}: read by dsoap from the captured bytes, or as the original
     * receiver reads them when dsoap cannot.
     *
     * @throws AxisFault a sender fault when the bytes are malformed, over a limit or carry a DTD
     */
    final Object[] arguments(MessageContext in, Sides s, MessageBytes raw) throws AxisFault {
        Object[] args;
        try {
            if (binary(in)) {
                return s.carrier.readBinary(raw.bytes(), raw.length());
            }
            args = s.carrier.read(raw.bytes(), raw.length(), peer(in), true, null, null); // a fresh array, only read after this
        } catch (RejectedMessageException e) {
            if (!raw.wholeDocument()) {
                return originalArguments(in, s); // its end was guessed early: Axis2 reads it on from the transport
            }
            if (e.unsupportedMediaType()) {
                in.setProperty(org.apache.axis2.Constants.HTTP_RESPONSE_STATE, "415");
                return throwSender(in, e.getMessage());
            }
            if (binary(in)) {
                throw BinaryBuilder.sender(in, e.getMessage());
            }
            Object[] host = inOut ? hostReads(in, s, raw, e) : null;
            if (host == null) {
                throw rejectedFault(in, e);
            }
            return host;
        }
        return args != null ? args : originalArguments(in, s);
    }

    /**
     * The arguments Axis2 reads from a request dsoap refused as malformed where the malformation lies past what Axis2
     * reads (after the wrapper element: a cut end tag of Body or Envelope, text or a second root after the Envelope),
     * so the request is served as plain Axis2 serves it; {@code null} when dsoap's refusal stands (Axis2 fails on it
     * too, its bytes are not well-formed UTF-8, it is beyond dsoap's own limits or carries a DTD).
     */
    private Object[] hostReads(MessageContext in, Sides s, MessageBytes raw, RejectedMessageException e) {
        if (!(e.getCause() instanceof XmlParseException x) || x.kind() != XmlParseException.Kind.MALFORMED
                || !utf8(raw.bytes(), raw.length())) {
            return null; // overlong or other ill-formed UTF-8 stays refused wherever it is (Axis2 would decode it)
        }
        try {
            return originalArguments(in, s);
        } catch (AxisFault | RuntimeException failed) {
            return null; // Axis2's reading fails as well: dsoap's fault names what and where
        }
    }

    /** Whether {@code b[0..len)} is well-formed UTF-8 (decoded 4 KiB of characters at a time). */
    static boolean utf8(byte[] b, int len) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b, 0, len);
        CharBuffer out = CharBuffer.allocate(4096);
        while (true) {
            CoderResult r = d.decode(in, out, true);
            if (r.isError()) {
                return false;
            }
            if (r.isUnderflow()) {
                return true;
            }
            out.clear();
        }
    }

    /**
     * Counts a request the receiver hands to the original receiver before dsoap reads it, and holds it to
     * dsoap's limits.
     *
     * @throws AxisFault a sender fault when the bytes are malformed, over a limit or carry a DTD
     */
    final void bypass(MessageContext in, Fallback why, String detail, MessageBytes raw) throws AxisFault {
        try {
            unplanned.bypass(why, detail, raw == null ? null : raw.bytes(), raw == null ? 0 : raw.length(), inOut);
        } catch (RejectedMessageException e) {
            if (raw != null && !raw.wholeDocument()) {
                return; // its end was guessed early: Axis2 reads the rest from the transport, and holds it to its limits
            }
            throw rejectedFault(in, e);
        }
    }

    /**
     * The fault for a rejected request: dsoap's message, with the code Axis2 gives a request its parser fails
     * on while the body is read (SOAP 1.1 {@code Server}, 1.2 {@code Receiver}), so the HTTP status is Axis2's
     * too (500, as WS-I Basic Profile R1126 asks) on every transport.
     */
    static AxisFault rejectedFault(MessageContext in, RejectedMessageException e) {
        return new AxisFault(e.getMessage(), rejectedFaultCode(!in.isSOAP11()));
    }

    /** The fault code of {@link #rejectedFault}. */
    private static QName rejectedFaultCode(boolean soap12) {
        return soap12 ? SOAP12Constants.QNAME_RECEIVER_FAULTCODE : SOAP11Constants.QNAME_RECEIVER_FAULTCODE;
    }

    /**
     * Puts the response for {@code result} into {@code out}: a dsoap {@link Reply} under an envelope whose
     * body element stands for it, or the original receiver's own envelope.
     *
     * @return the reply to close once the response is sent, or {@code null}
     */
    final Reply respond(MessageContext in, MessageContext out, Sides s, Object result) throws AxisFault {
        Reply binary = binaryAnswer(in, out, s, result);
        if (binary != null) {
            addHeader(out, "Vary", "Accept");
            return binary;
        }
        Reply reply = s.carrier.write(new Object[] {result}, null, null);
        if (reply == null) {
            out.setEnvelope(originalResponse(in, out, s, result));
            return null;
        }
        if (s.carrier.offersBinary()) {
            addHeader(out, "Vary", "Accept"); // the answer's form (XML or binary) depended on Accept
        }
        SOAPFactory fac = RpcFaults.soapFactory(in);
        SOAPEnvelope env = fac.getDefaultEnvelope();
        env.getBody().addChild(fac.createOMElement(new ReplySource(reply), s.responseName));
        out.setEnvelope(env);
        out.setProperty(ReplySource.PROPERTY, reply);
        return reply;
    }

    /** Whether {@code in} came in dsoap's binary form. */
    static boolean binary(MessageContext in) {
        return Boolean.TRUE.equals(in.getProperty(BinaryBuilder.BINARY));
    }

    private static Object[] throwSender(MessageContext in, String message) throws AxisFault {
        throw BinaryBuilder.sender(in, message);
    }

    /**
     * The answer in binary, put into {@code out}, when the request asked for it (its {@code Accept} names binary,
     * and the format it reads, before XML); otherwise {@code null}. The envelope's body element stands for the
     * answer; should a handler serialize it, it is the XML form of the same values. The answer names the format of
     * the requests this operation reads in binary ({@code X-Dsoap-Request-Format}).
     */
    private Reply binaryAnswer(MessageContext in, MessageContext out, Sides s, Object result) throws AxisFault {
        String accept = in.getProperty(MessageContext.TRANSPORT_HEADERS) instanceof java.util.Map<?, ?> h ? header(h, "Accept") : null;
        if (accept == null || !s.carrier.answersBinary(accept, in.isSOAP11() ? "text/xml" : "application/soap+xml")) {
            return null;
        }
        Object[] parts = {result};
        Reply reply = s.carrier.writeBinary(parts, !accept.toLowerCase(java.util.Locale.ROOT).contains("format="));
        if (reply == null) {
            return null;
        }
        SOAPFactory fac = RpcFaults.soapFactory(in);
        SOAPEnvelope env = fac.getDefaultEnvelope();
        env.getBody().addChild(fac.createOMElement(new ReplySource(reply, () -> s.carrier.write(parts, null, null)), s.responseName));
        out.setEnvelope(env);
        out.setProperty(ReplySource.PROPERTY, reply);
        out.setProperty(org.apache.axis2.Constants.Configuration.MESSAGE_TYPE, dev.dsoap.negotiation.BinaryMediaType.NAME);
        String reads = s.carrier.binaryInIds();
        if (reads != null) {
            addHeader(out, REQUEST_FORMAT, reads);
        }
        return reply;
    }

    /** Response header naming the formats of the requests the operation reads in binary (ids separated by commas). */
    static final String REQUEST_FORMAT = dev.dsoap.negotiation.BinaryPeer.REQUEST_FORMATS;

    /** The compiled state for one implementation class. */
    private static final class Bound {
        final Class<?> implClass;
        final Method method;
        /** By SOAP version: 1.1, 1.2. */
        final Sides[] sides = new Sides[2];

        Bound(Class<?> implClass, Method method) {
            this.implClass = implClass;
            this.method = method;
        }

        long retainedBytes() {
            long n = 0;
            for (Sides s : sides) {
                if (s != null) {
                    n += s.carrier.retainedBytes();
                }
            }
            return n;
        }
    }

    /** The carrier for one method and SOAP version, and the response's body element. */
    static final class Sides {
        final Method method;
        Carrier carrier;
        /** The response's body element (name and prefix). */
        QName responseName;
        /** The response's shape, or {@code null} for an in-only operation. */
        java.util.function.Supplier<dev.dsoap.binding.MessageShape> response;
        /** The response's quality management, once tried: {@code null} when the rules have none for it. */
        volatile QualityServer quality;
        boolean qualityTried;

        Sides(Method method) {
            this.method = method;
        }
    }
}
