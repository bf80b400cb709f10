package dev.dsoap.jaxws;

import dev.dsoap.deserialize.MessageBindingException;
import dev.dsoap.host.EnvelopeHead;
import dev.dsoap.host.Fallback;
import dev.dsoap.host.OperationStats;
import dev.dsoap.parse.XmlCheck;
import dev.dsoap.parse.XmlParseException;
import org.apache.cxf.annotations.SchemaValidation.SchemaValidationType;
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
import java.util.List;
import java.util.Locale;

/**
 * Reads an incoming message (a server's request, a client's response) from the transport's bytes, before
 * CXF makes a StAX reader: differential deserialization straight into the operation's values, which become
 * the message's content list; CXF's parsing and binding interceptors are then removed from this message's
 * chain, so JAXB never runs. A message dsoap does not carry gets its bytes back and goes CXF's way, counted
 * with the reason; a malformed or over-limit one is refused with a SOAP fault naming what and where.
 */
final class ReadIn extends DsoapInterceptor {
    /** Key of the assertion map WS-Policy leaves in a message when a policy is in effect. */
    private static final String POLICY = "org.apache.cxf.ws.policy.AssertionInfoMap";

    ReadIn() {
        super(Phase.RECEIVE);
        addAfter("org.apache.cxf.ws.policy.PolicyInInterceptor");
        addBefore("org.apache.cxf.interceptor.AttachmentInInterceptor");
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
        if (type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            st.unknown.readFallback(Fallback.ATTACHMENTS, type);
            return;
        }
        String encoding = (String) m.get(Message.ENCODING);
        if (encoding != null && !encoding.equalsIgnoreCase("UTF-8")) {
            st.unknown.readFallback(Fallback.CHARSET, encoding);
            return;
        }
        if (!st.settings.deserialize()) {
            st.unknown.readFallback(Fallback.DISABLED, "dsoap.deserialize = false");
            return;
        }
        int limit = st.settings.deserializer().limits().maxMessageBytes();
        byte[] raw = read(in, limit, st);
        int len = raw.length;
        if (len == 0) {
            m.setContent(InputStream.class, new ByteArrayInputStream(raw));
            return;
        }
        EnvelopeHead head;
        try {
            head = EnvelopeHead.read(st.scanner(), raw, len);
        } catch (XmlParseException e) {
            if (e.kind() == XmlParseException.Kind.UNSUPPORTED) {
                st.unknown.readFallback(Fallback.CHARSET, e.getMessage());
                giveBack(m, raw);
                return;
            }
            throw reject(st.unknown, e);
        }
        if (head.version() == null) {
            st.unknown.readFallback(Fallback.REST, "not a SOAP envelope");
            giveBack(m, raw);
            return;
        }
        Exchange ex = m.getExchange();
        BindingOperationInfo bop;
        if (st.client) {
            bop = ex.getBindingOperationInfo();
        } else {
            bop = head.localName() == null ? null
                    : ServiceModelUtil.getOperationForWrapperElement(ex, new QName(head.namespace(), head.localName()), false);
        }
        if (bop == null) {
            st.unknown.readFallback(Fallback.REQUEST_SHAPE, head.localName() == null ? "empty body"
                    : "no operation for body element {" + head.namespace() + "}" + head.localName());
            giveBack(m, raw);
            return;
        }
        Operation op = st.operation(bop, ex.getService());
        String why = null;
        Fallback reason = null;
        if (head.fault()) {
            reason = Fallback.FAULT;
        } else if (head.headerBlocks()) {
            reason = Fallback.HEADERS;
        } else if (head.version() != st.version) {
            reason = Fallback.REQUEST_SHAPE;
            why = head.version() + " message to a " + st.version + " binding";
        } else if ((why = Chains.foreignIn(m, st.trusted)) != null) {
            reason = Fallback.INTERCEPTORS;
        } else if (m.get(POLICY) instanceof java.util.Map<?, ?> policy && !policy.isEmpty()) {
            reason = Fallback.INTERCEPTORS;
            why = "WS-Policy in effect";
        } else if (ServiceUtils.isSchemaValidationEnabled(SchemaValidationType.IN, m)) {
            reason = Fallback.INTERCEPTORS;
            why = "schema validation enabled";
        } else if (op.reader == null) {
            reason = Fallback.UNSUPPORTED_TYPE;
            why = op.readerProblem;
        }
        if (reason != null) {
            op.stats.readFallback(reason, why);
            guard(op, raw, st);
            giveBack(m, raw);
            return;
        }
        Object[] values;
        try {
            values = op.reader.deserialize(raw, 0, len);
        } catch (XmlParseException e) {
            if (e.kind() != XmlParseException.Kind.UNSUPPORTED) {
                throw reject(op.stats, e);
            }
            op.stats.readFallback(Fallback.CHARSET, e.getMessage());
            giveBack(m, raw);
            return;
        } catch (MessageBindingException e) {
            op.stats.readFallback(Fallback.REQUEST_SHAPE, e.getMessage());
            guard(op, raw, st);
            giveBack(m, raw);
            return;
        }
        BindingOperationInfo target = bop.isUnwrappedCapable() && !bop.isUnwrapped() ? bop.getUnwrappedOperation() : bop;
        setMessage(m, ex, target, st.client);
        m.setContent(List.class, new MessageContentsList(arguments(op, values)));
        m.removeContent(InputStream.class);
        Chains.remove(m, Chains.READERS);
    }

    /** The content list: each value at its part's index; an absent primitive is its zero, as JAXB leaves it. */
    private static Object[] arguments(Operation op, Object[] values) {
        int size = 0;
        for (int i : op.readIndex) {
            size = Math.max(size, i + 1);
        }
        Object[] args = new Object[size];
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            Class<?> t = op.readTypes[i];
            if (v == null && t.isPrimitive()) {
                v = java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(t, 1), 0);
            }
            args[op.readIndex[i]] = v;
        }
        return args;
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

    /** Refuses a message CXF is about to parse if it breaks dsoap's limits, so the fallback path is held to them too. */
    private static void guard(Operation op, byte[] raw, EndpointState st) {
        try {
            XmlCheck.check(raw, 0, raw.length, st.settings.deserializer().limits());
        } catch (XmlParseException e) {
            if (e.kind() != XmlParseException.Kind.UNSUPPORTED) {
                throw reject(op.stats, e);
            }
        }
    }

    private static void giveBack(Message m, byte[] raw) {
        m.setContent(InputStream.class, new ByteArrayInputStream(raw));
    }

    /** A SOAP fault (Client/Sender) naming what is wrong and where, counted as rejected. */
    private static Fault reject(OperationStats stats, XmlParseException e) {
        stats.rejected();
        Fault f = new Fault(new IllegalArgumentException("dsoap: " + e.getMessage(), e));
        f.setFaultCode(Fault.FAULT_CODE_CLIENT);
        return f;
    }

    /** The whole message, refusing one longer than {@code limit} bytes. */
    private static byte[] read(InputStream in, int limit, EndpointState st) {
        try {
            byte[] b = in.readNBytes(limit);
            if (b.length == limit && in.read() >= 0) {
                st.unknown.rejected();
                Fault f = new Fault(new IllegalArgumentException("dsoap: message longer than " + limit
                        + " bytes (dsoap.maxMessageBytes)"));
                f.setFaultCode(Fault.FAULT_CODE_CLIENT);
                throw f;
            }
            return b;
        } catch (IOException e) {
            throw new Fault(e);
        }
    }
}
