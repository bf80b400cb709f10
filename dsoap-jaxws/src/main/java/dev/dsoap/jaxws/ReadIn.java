package dev.dsoap.jaxws;

import dev.dsoap.binary.BinaryFormatException;
import dev.dsoap.binary.Frame;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.MessageBindingException;
import dev.dsoap.host.BinaryRefusal;
import dev.dsoap.host.FormatRefusal;
import dev.dsoap.host.EnvelopeHead;
import dev.dsoap.host.HeaderBlocks;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.MessageBytes;
import dev.dsoap.parse.XmlScanner;
import dev.dsoap.host.RejectedMessageException;
import dev.dsoap.host.Settings;
import dev.dsoap.parse.XmlParseException;
import org.apache.cxf.annotations.SchemaValidation.SchemaValidationType;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.headers.Header;
import org.apache.cxf.helpers.ServiceUtils;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageContentsList;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.service.model.EndpointInfo;
import org.apache.cxf.service.model.MessageInfo;
import org.apache.cxf.service.model.ServiceInfo;
import org.apache.cxf.service.model.ServiceModelUtil;
import org.apache.cxf.phase.Phase;

import javax.xml.namespace.QName;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reads an incoming message (a server's request, a client's response) from the transport's bytes, before
 * CXF makes a StAX reader: differential deserialization straight into the operation's values, which become
 * the message's content list; CXF's parsing and binding interceptors are then removed from this message's
 * chain, so JAXB never runs. Header blocks other than the operation's header parts (WS-Addressing's, ...) go to the
 * message's header list as CXF's reading would put them there, for the chain's interceptors and CXF's mustUnderstand
 * check, which then stays in the chain. A message dsoap does not carry gets its bytes back and goes CXF's way, counted
 * with the reason; a malformed or over-limit one is refused with a SOAP fault naming what and where. A refused request
 * to a one-way operation, or one refused before its operation is known on an endpoint that has one-way operations, is
 * counted as rejected and then read by CXF, so that the caller gets what plain CXF answers (often HTTP 200 or 202 and
 * no body, the fault only logged).
 */
final class ReadIn extends DsoapInterceptor {
    ReadIn() {
        super(Phase.RECEIVE);
        addAfter("org.apache.cxf.ws.policy.PolicyInInterceptor");
        addBefore("org.apache.cxf.interceptor.AttachmentInInterceptor");
        // after what works on the wire's bytes: logging's copy of them, gzip's inflation
        addAfter("org.apache.cxf.ext.logging.WireTapIn");
        addAfter("org.apache.cxf.transport.common.gzip.GZIPInInterceptor");
    }

    @Override
    public void handleMessage(Message m) {
        EndpointState st = state(m);
        if (st == null || (!st.client && "GET".equals(m.get(Message.HTTP_REQUEST_METHOD)))) {
            return;
        }
        InputStream in = m.getContent(InputStream.class);
        if (in == null) {
            return;
        }
        String type = (String) m.get(Message.CONTENT_TYPE);
        if (st.client) {
            noteRefusal(m, st);
        } else if (st.quality.files() != null) {
            Quality.arrived(m, st);
        }
        if (Binary.is(type)) {
            readBinary(m, in, st);
            return;
        }
        if (type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            answered(m, st, -1);
            st.unplanned.bypass(Fallback.ATTACHMENTS, type, null, 0, false);
            return;
        }
        String encoding = (String) m.get(Message.ENCODING);
        if (!MessageBytes.utf8(type) || encoding != null && !encoding.equalsIgnoreCase("UTF-8")) {
            answered(m, st, -1);
            st.unplanned.bypass(Fallback.CHARSET, encoding != null ? encoding : type, null, 0, false);
            return;
        }
        if (!st.settings.deserialize()) {
            answered(m, st, -1);
            st.unplanned.bypass(Fallback.DISABLED, Settings.DESERIALIZE + " = false", null, 0, false);
            return;
        }
        int limit = st.settings.deserializer().limits().maxMessageBytes();
        MessageBytes got = read(m, in, limit, st);
        answered(m, st, got == null ? -1 : got.length());
        if (got == null) {
            return;
        }
        // raw[0, len): this message's own array, which may be longer (a spare read buffer it was read into)
        byte[] raw = got.bytes();
        int len = got.length();
        if (len == 0) {
            m.setContent(InputStream.class, new ByteArrayInputStream(raw, 0, 0));
            return;
        }
        EnvelopeHead head;
        try {
            XmlScanner sc = st.scanners().take();
            try {
                head = EnvelopeHead.read(sc, raw, len);
            } finally {
                st.scanners().give(sc);
            }
        } catch (XmlParseException e) {
            if (e.kind() == XmlParseException.Kind.UNSUPPORTED) {
                st.unplanned.bypass(Fallback.CHARSET, e.getMessage(), null, 0, false);
                giveBack(m, raw, len);
                return;
            }
            st.unknown.rejected();
            if (!st.client && (oneWays(m.getExchange()) || e.kind() == XmlParseException.Kind.MALFORMED)) {
                // it may be a one-way request, or it is malformed: CXF answers it as it would without dsoap
                giveBack(m, raw, len);
                return;
            }
            throw fault("dsoap: " + e.getMessage(), e);
        }
        Exchange ex = m.getExchange();
        if (head.version() == null) {
            bypass(st, Fallback.REST, "not a SOAP envelope", raw, len, !st.client && oneWays(ex));
            giveBack(m, raw, len);
            return;
        }
        BindingOperationInfo bop;
        if (st.client) {
            bop = ex.getBindingOperationInfo();
        } else {
            bop = head.localName() == null ? null
                    : ServiceModelUtil.getOperationForWrapperElement(ex, new QName(head.namespace(), head.localName()), false);
        }
        if (bop == null) {
            bypass(st, Fallback.REQUEST_SHAPE, head.localName() == null ? "empty body"
                    : "no operation for body element {" + head.namespace() + "}" + head.localName(), raw,
                    len, !st.client && oneWays(ex));
            giveBack(m, raw, len);
            return;
        }
        Operation op = st.operation(bop, ex.getService());
        if (!st.client) {
            answerBinary(m, ex, op, st);
        }
        boolean oneWay = !st.client && bop.getOperationInfo().isOneWay();
        String why = null;
        Fallback reason = null;
        // header blocks besides the operation's header parts (WS-Addressing's, ...) go to CXF's header list
        String hostBlocks = head.headerBlocks() && !head.fault() ? undeclared(op, st, raw, len) : null;
        if (head.fault()) {
            reason = Fallback.FAULT;
        } else if (hostBlocks == MALFORMED) {
            reason = Fallback.HEADERS;
            why = hostBlocks;
        } else if (head.version() != st.version) {
            reason = Fallback.REQUEST_SHAPE;
            why = head.version() + " message to a " + st.version + " binding";
        } else if (!st.client && (why = Action.mismatch(m, bop, head.version())) != null) {
            reason = Fallback.ACTION;
        } else if ((why = Chains.foreignIn(m, st.trusted)) != null) {
            reason = Fallback.INTERCEPTORS;
        } else if (Chains.policyInEffect(m)) {
            reason = Fallback.INTERCEPTORS;
            why = "WS-Policy in effect";
        } else if (ServiceUtils.isSchemaValidationEnabled(SchemaValidationType.IN, m)) {
            reason = Fallback.INTERCEPTORS;
            why = "schema validation enabled";
        }
        // the JAX-WS handlers, which dsoap runs itself (Handlers)
        jakarta.xml.ws.Binding handlers = reason == null && m instanceof SoapMessage && Handlers.inChain(m)
                ? Handlers.carried(m) : null;
        List<Header> blocks = null;
        if (reason == null && hostBlocks != null && op.carrier.reads()) {
            if (m instanceof SoapMessage sm) {
                try {
                    blocks = InHeaders.read(sm, raw, len);
                } catch (InHeaders.Unreadable e) {
                    reason = Fallback.HEADERS;
                    why = e.getMessage();
                }
            } else {
                reason = Fallback.HEADERS;
                why = "not a SOAP message";
            }
        }
        Object[] headers = null;
        if (reason == null && op.readHeaders.length > 0 && op.carrier.reads()) {
            headers = new Object[op.readHeaders.length];
            try {
                why = readHeaders(op, raw, len, head.headerBlocks(), headers);
            } catch (Fault f) {
                if (!oneWay) {
                    throw f;
                }
                giveBack(m, raw, len); // refused: CXF answers the one-way request as it would without dsoap
                return;
            }
            reason = why == null ? null : Fallback.REQUEST_SHAPE;
        }
        if (reason == null && blocks == null && handlers == null && op.coalescer != null && !st.client) {
            if (raw.length != len) {
                raw = Arrays.copyOf(raw, len); // the exchange keeps the request's bytes, as long as they are
            }
            if (Coalescing.arrived(m, op, raw)) {
                return; // answered with an identical request's response
            }
        }
        // raw is this message's own array (read(...) below), which nothing writes after this: kept as it is; and
        // released too (not read after this call) unless handlers may read it later or the exchange keeps it
        int hold = handlers == null && op.coalescer == null ? DifferentialDeserializer.RELEASE
                : DifferentialDeserializer.HAND_OVER;
        Object[] values;
        try {
            values = op.carrier.read(raw, len, st.client ? 0 : Sender.of(m, op.carrier.settings().clientIdHeader()), hold,
                    reason, why);
        } catch (RejectedMessageException e) {
            if (!oneWay && (st.client || !malformed(e))) {
                throw fault(e.getMessage(), e);
            }
            // refused (and counted): CXF answers the one-way request, or the malformed one, as it would without
            // dsoap (it serves a request malformed past what it reads, and gives its own fault code otherwise)
            values = null;
        }
        if (values == null) {
            giveBack(m, raw, len);
            return;
        }
        if (blocks != null) {
            ((SoapMessage) m).getHeaders().addAll(unbound(blocks, op.readHeaders));
        }
        if (handlers != null) {
            Handlers.defer((SoapMessage) m, handlers, new Handlers.Deferred(op, bop, values, headers, blocks != null, raw, len,
                    st.client));
            return;
        }
        deliver(m, ex, bop, op, values, headers, st.client, blocks != null);
    }

    /**
     * Hands the values read to CXF as the message's content list, in place of its parsing and binding.
     *
     * @param hostBlocks whether the message's header list holds header blocks for the chain: CXF's mustUnderstand
     *                   check then stays
     */
    static void deliver(Message m, Exchange ex, BindingOperationInfo bop, Operation op, Object[] values,
                                Object[] headers, boolean client, boolean hostBlocks) {
        deliver(m, ex, bop, op, values, headers, client, hostBlocks ? Chains.READERS_BUT_MUST_UNDERSTAND : Chains.READERS);
    }

    /**
     * As {@link #deliver(Message, Exchange, BindingOperationInfo, Operation, Object[], Object[], boolean, boolean)},
     * taking {@code readers} out of the chain: the header parts of {@code headers} {@code null} are left to a reader
     * that stays in it (CXF's {@code SoapHeaderInterceptor}, binding them from the header list).
     */
    static void deliver(Message m, Exchange ex, BindingOperationInfo bop, Operation op, Object[] values,
                        Object[] headers, boolean client, java.util.Set<String> readers) {
        BindingOperationInfo target = bop.isUnwrappedCapable() && !bop.isUnwrapped() ? bop.getUnwrappedOperation() : bop;
        setMessage(m, ex, target, client);
        m.setContent(List.class, new MessageContentsList(arguments(op, values, headers)));
        m.removeContent(InputStream.class);
        Chains.remove(m, readers);
    }

    // ------------------------------------------------------------------------------------------ binary

    /**
     * Reads a binary message: a server finds the operation by the request's format (and holds it to CXF's action
     * rule), a client by its exchange. A message of a format nobody here reads, or one the endpoint cannot take in
     * binary now, is answered 415 (the client then resends it as XML); a malformed one is a sender fault.
     */
    private static void readBinary(Message m, InputStream in, EndpointState st) {
        int limit = st.settings.deserializer().limits().maxMessageBytes();
        MessageBytes got = read(m, in, limit, st);
        answered(m, st, got == null ? -1 : got.length());
        byte[] raw = got == null ? null : exact(got);
        if (raw == null) {
            InputStream overflow = m.getContent(InputStream.class);
            MessageBytes.discard(overflow);
            st.unknown.rejected();
            if (MessageBytes.overflowReason(overflow) == Fallback.IN_FLIGHT) {
                // CXF cannot read it its own way: a server's 415 sends the client back to XML, which CXF can
                String why = "no room for the binary message among the bytes of messages in flight (dsoap.maxInFlightBytes = "
                        + st.budget().inFlightLimitBytes() + ")";
                throw st.client ? fault("dsoap: " + why, null) : unsupported("dsoap: binary request refused: " + why + "; send it as XML", null);
            }
            throw fault("dsoap: binary message longer than " + limit + " bytes (dsoap.maxMessageBytes)", null);
        }
        Exchange ex = m.getExchange();
        BindingOperationInfo bop;
        if (st.client) {
            bop = ex.getBindingOperationInfo();
        } else {
            long id;
            FormatRefusal unknown = null;
            try {
                id = Frame.formatId(raw, 0, raw.length);
                bop = st.operationOfFormat(id, ex);
                if (bop == null) {
                    unknown = FormatRefusal.of(raw, raw.length, id, st.binaryFormats(ex));
                }
            } catch (BinaryFormatException e) {
                st.unknown.binaryRefused(BinaryRefusal.MALFORMED, e.getMessage());
                st.unknown.rejected();
                throw fault("dsoap: " + e.getMessage(), e);
            }
            String obstacle = unknown != null ? unknown.detail() : binaryObstacle(m, st);
            if (obstacle != null) {
                st.unknown.binaryRefused(unknown != null ? unknown.reason() : BinaryRefusal.NOT_OFFERED, obstacle);
                st.unknown.rejected();
                throw unsupported("dsoap: binary request refused: " + obstacle, null);
            }
            String why = Action.mismatch(m, bop, st.version);
            if (why != null) {
                st.unknown.rejected();
                throw fault("dsoap: " + why, null);
            }
        }
        if (bop == null) {
            throw fault("dsoap: binary response to an exchange with no operation", null);
        }
        Operation op = st.operation(bop, ex.getService());
        Object[] values;
        try {
            if (!op.binary) {
                op.stats.binaryRefused(BinaryRefusal.NOT_OFFERED, "SOAP header parts");
                throw unsupported("dsoap: " + op.name.getLocalPart() + " has SOAP header parts, which binary messages do not carry", null);
            }
            values = op.carrier.readBinary(raw, raw.length);
        } catch (RejectedMessageException e) {
            if (st.client) {
                op.peer.unreadable();
                op.stats.binaryRefused(BinaryRefusal.UNREADABLE_RESPONSE, e.getMessage());
            }
            throw e.unsupportedMediaType() && !st.client ? unsupported(e.getMessage(), e) : fault(e.getMessage(), e);
        }
        if (st.client) {
            op.peer.answered(Binary.header(m, Binary.REQUEST_FORMAT), Binary.id(op.carrier.binaryOut()),
                    Boolean.TRUE.equals(ex.get(Binary.SENT)));
        } else {
            answerBinary(m, ex, op, st);
        }
        deliver(m, ex, bop, op, values, null, st.client, false);
    }

    /** Records in the exchange that the answer goes binary, when the request asks for it and nothing here needs XML. */
    private static void answerBinary(Message m, Exchange ex, Operation op, EndpointState st) {
        String accept = Binary.header(m, "Accept");
        if (accept != null && op.binary && op.carrier.answersBinary(accept, Binary.xmlType(st.version))
                && binaryObstacle(m, st) == null) {
            ex.put(Binary.ANSWER, !accept.toLowerCase(Locale.ROOT).contains("format="));
        }
    }

    /**
     * What on this endpoint needs the messages in XML (interceptors, header blocks' handlers, WS-Policy, schema
     * validation), or {@code null}.
     */
    private static String binaryObstacle(Message m, EndpointState st) {
        String why = Chains.foreignIn(m, st.trusted);
        if (why != null) {
            return "interceptor " + why;
        }
        why = Chains.headerHandler(m.getInterceptorChain());
        if (why != null) {
            return "interceptor " + why + " handles SOAP header blocks";
        }
        if (Chains.policyInEffect(m)) {
            return "WS-Policy in effect";
        }
        if ((why = Chains.showsText(m)) != null) {
            return "interceptor " + why + " logs the messages as text";
        }
        return ServiceUtils.isSchemaValidationEnabled(SchemaValidationType.IN, m) ? "schema validation enabled" : null;
    }

    /** A client whose binary request the endpoint refused (HTTP 415) goes back to XML for a while. */
    private static void noteRefusal(Message m, EndpointState st) {
        Exchange ex = m.getExchange();
        if (ex == null || !Boolean.TRUE.equals(ex.get(Binary.SENT)) || !Integer.valueOf(415).equals(m.get(Message.RESPONSE_CODE))
                || ex.getBindingOperationInfo() == null) {
            return;
        }
        Operation op = st.operation(ex.getBindingOperationInfo(), ex.getService());
        op.peer.refused();
        op.stats.binaryRefused(BinaryRefusal.ENDPOINT_REFUSED, "HTTP 415");
    }

    /** A client's answer arrived, of {@code bytes} bytes ({@code -1}: not known): its round trip sampled. */
    private static void answered(Message m, EndpointState st, long bytes) {
        Exchange ex = m.getExchange();
        if (st.client && st.quality.enabled() && ex != null && ex.getBindingOperationInfo() != null) {
            Quality.answered(m, st.operation(ex.getBindingOperationInfo(), ex.getService()), bytes);
        }
    }

    /** A SOAP fault (Client/Sender) answered with HTTP 415: the endpoint does not take this binary message. */
    private static Fault unsupported(String message, Exception cause) {
        Fault f = fault(message, cause);
        f.setStatusCode(415);
        return f;
    }

    /**
     * The content list: each value at its part's index, header parts' too; an absent primitive is its zero, as JAXB
     * leaves it. CXF's {@code HolderInInterceptor}, which stays in the chain, then wraps the values of Holder
     * parameters (and gives out-only ones an empty Holder).
     */
    private static Object[] arguments(Operation op, Object[] values, Object[] headers) {
        int size = 0;
        for (int i : op.readIndex) {
            size = Math.max(size, i + 1);
        }
        for (HeaderPart h : op.readHeaders) {
            size = Math.max(size, h.index + 1);
        }
        Object[] args = new Object[size];
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            Class<?> t = op.readTypes[i];
            if (v == null && t.isPrimitive()) {
                v = java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(t, 1), 0);
            } else if (v == null && op.readsBareArray) {
                v = java.lang.reflect.Array.newInstance(t.getComponentType(), 0); // the body element with no items
            }
            args[op.readIndex[i]] = v;
        }
        if (headers != null) {
            for (int i = 0; i < headers.length; i++) {
                args[op.readHeaders[i].index] = headers[i];
            }
        }
        return args;
    }

    /**
     * {@code blocks} without the first block of each declared header part, which dsoap read into its argument: CXF's
     * binding takes those out of the header list as it reads them, and counts them understood.
     */
    private static List<Header> unbound(List<Header> blocks, HeaderPart[] parts) {
        for (HeaderPart p : parts) {
            for (int i = 0; i < blocks.size(); i++) {
                QName n = blocks.get(i).getName();
                if (p.localName.equals(n.getLocalPart()) && p.namespace.equals(n.getNamespaceURI())) {
                    blocks.remove(i);
                    break;
                }
            }
        }
        return blocks;
    }

    /** What {@link #undeclared} says of a Header that does not parse. */
    private static final String MALFORMED = "malformed SOAP Header";

    /**
     * Why the message's header blocks are not all the operation's header parts (so they go to CXF's header list for
     * the chain's interceptors), or {@code null}; {@link #MALFORMED} for a Header that does not parse, which keeps the
     * message on CXF's path (the carrier refuses it if dsoap would).
     */
    private static String undeclared(Operation op, EndpointState st, byte[] raw, int len) {
        try {
            if (op.readHeaders.length == 0) {
                return "the operation declares no SOAP header parts";
            }
            XmlScanner sc = st.scanners().take();
            try {
                return HeaderBlocks.undeclared(sc, raw, len, op.headerNamespaces, op.headerNames);
            } finally {
                st.scanners().give(sc);
            }
        } catch (XmlParseException e) {
            return MALFORMED;
        }
    }

    /**
     * Reads the operation's header parts into {@code into}; returns why the message goes CXF's way instead (a block
     * that does not hold its part's type, an absent block for a primitive), or {@code null}. A malformed message is
     * refused.
     */
    private static String readHeaders(Operation op, byte[] raw, int len, boolean blocks, Object[] into) {
        HeaderPart[] parts = op.readHeaders;
        for (int i = 0; i < parts.length; i++) {
            HeaderPart h = parts[i];
            try {
                into[i] = blocks ? h.read(raw, len) : null;
            } catch (MessageBindingException e) {
                return "header part " + h + ": " + e.getMessage();
            } catch (XmlParseException e) {
                try {
                    op.carrier.check(raw, len);
                } catch (RejectedMessageException r) {
                    throw fault(r.getMessage(), r);
                }
                return "header part " + h + ": " + e.getMessage();
            }
            if (into[i] == null && h.type.isPrimitive()) {
                return "header part " + h + " is absent and its parameter is a " + h.type;
            }
        }
        return null;
    }

    /** What CXF's binding interceptors record about the operation of a message they read. */
    private static void setMessage(Message m, Exchange ex, BindingOperationInfo bop, boolean client) {
        MessageInfo info = client ? bop.getOperationInfo().getOutput() : bop.getOperationInfo().getInput();
        m.put(MessageInfo.class, info);
        ex.put(BindingOperationInfo.class, bop);
        ex.setOneWay(bop.getOperationInfo().isOneWay());
        m.put(Message.WSDL_OPERATION, bop.getName());
        ServiceInfo si = bop.getBinding().getService();
        m.put(Message.WSDL_SERVICE, si.getName());
        m.put(Message.WSDL_INTERFACE, si.getInterface().getName());
        EndpointInfo ei = ex.getEndpoint().getEndpointInfo();
        m.put(Message.WSDL_PORT, ei.getName());
    }

    /**
     * Counts a message that falls back before its operation is known, holding it to dsoap's limits: one beyond them
     * is refused with a fault, or, when {@code cxfAnswers}, counted as refused and left to CXF.
     */
    private static void bypass(EndpointState st, Fallback why, String detail, byte[] raw, int len, boolean cxfAnswers) {
        try {
            st.unplanned.bypass(why, detail, raw, len, false);
        } catch (RejectedMessageException e) {
            if (!cxfAnswers) {
                throw fault(e.getMessage(), e);
            }
        }
    }

    /**
     * Whether the exchange's endpoint has one-way operations. A request dsoap refuses before it knows the operation
     * may be one of them, so CXF reads it and answers as it would without dsoap (for a one-way request that is often
     * HTTP 200 or 202 with no body, where dsoap would send a fault). Looked at only for refused requests.
     */
    private static boolean oneWays(Exchange ex) {
        if (ex == null || ex.getEndpoint() == null || ex.getEndpoint().getEndpointInfo().getBinding() == null) {
            return false;
        }
        for (BindingOperationInfo b : ex.getEndpoint().getEndpointInfo().getBinding().getOperations()) {
            if (b.getOperationInfo().isOneWay()) {
                return true;
            }
        }
        return false;
    }

    /** The message's bytes in an array of their own length. */
    private static byte[] exact(MessageBytes b) {
        return b.length() == b.bytes().length ? b.bytes() : Arrays.copyOf(b.bytes(), b.length());
    }

    private static void giveBack(Message m, byte[] raw, int len) {
        m.setContent(InputStream.class, new ByteArrayInputStream(raw, 0, len));
    }

    /**
     * Whether dsoap refused the message as not well-formed (not for its limits or a DTD): CXF reads less of a message
     * than dsoap (not past the Body's content) and classifies parser failures its own way (a bad UTF-8 byte is its
     * Server fault), so such a request goes to CXF.
     */
    private static boolean malformed(RejectedMessageException e) {
        return e.getCause() instanceof XmlParseException x && x.kind() == XmlParseException.Kind.MALFORMED;
    }

    /** A SOAP fault (Client/Sender) naming what is wrong and where. */
    private static Fault fault(String message, Exception cause) {
        Fault f = new Fault(new IllegalArgumentException(message, cause));
        f.setFaultCode(Fault.FAULT_CODE_CLIENT);
        return f;
    }

    /**
     * The message's bytes, reserved on the bus's memory budget while they are read, or {@code null} when it is
     * longer than {@code limit} or finds no room among the messages in flight: {@code m} then reads it from a
     * replay of what was read and the rest of the stream, CXF's way, under CXF's own limits.
     */
    private static MessageBytes read(Message m, InputStream in, int limit, EndpointState st) {
        try {
            InputStream[] overflow = new InputStream[1];
            MessageBytes b = MessageBytes.readAtMost(in, limit, -1, overflow, st.budget());
            if (b == null) {
                if (MessageBytes.overflowReason(overflow[0]) == Fallback.IN_FLIGHT) {
                    st.unplanned.bypass(Fallback.IN_FLIGHT, st.budget().inFlightDetail(), null, 0, false);
                } else {
                    st.unplanned.bypass(Fallback.TOO_LARGE, "longer than " + limit + " bytes (dsoap.maxMessageBytes)", null, 0, false);
                }
                m.setContent(InputStream.class, overflow[0]);
                return null;
            }
            return b;
        } catch (IOException e) {
            throw new Fault(e);
        }
    }
}
