package dev.dsoap.axis2;

import dev.dsoap.binding.MessagePlan;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.PlanCompiler;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.UnsupportedTypeException;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.deserialize.DifferentialDeserializer;
import dev.dsoap.deserialize.MessageBindingException;
import dev.dsoap.parse.XmlParseException;
import dev.dsoap.parse.XmlCheck;
import dev.dsoap.serialize.DifferentialSerializer;
import dev.dsoap.serialize.SerializerPool;
import dev.dsoap.template.MemoryBudget;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMNamespace;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisMessage;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.description.java2wsdl.Java2WSDLConstants;
import org.apache.axis2.rpc.receivers.RPCUtil;
import org.apache.axis2.wsdl.WSDLConstants;

import javax.xml.namespace.QName;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.Map;

/**
 * One engaged POJO operation (Axis2's RPC receivers): reads its requests with differential
 * deserialization and writes its responses with differential serialization, on Axis2's own RPC wire
 * conventions (wrapper {@code op}/{@code opResponse}, parts named as the generated schema names them,
 * {@code return}, element qualification from the service's {@code elementFormDefault}, {@code xsi:type} on
 * beans, {@code xsi:nil} for nulls). Either direction falls back on its own to Axis2's {@code RPCUtil}, so
 * a request dsoap cannot read still gets a dsoap response and vice versa.
 *
 * <p>Plans are compiled on the first message of each SOAP version, for the implementation class that
 * receives it. Thread-safe.
 */
final class RpcOperation {
    private static final PlanCompiler COMPILER = new PlanCompiler();

    final AxisService service;
    final AxisOperation operation;
    final Settings settings;
    final OperationStats stats;
    private final MemoryBudget budget;
    private volatile Bound bound;

    RpcOperation(AxisService service, AxisOperation operation, Settings settings, MemoryBudget budget) {
        this.service = service;
        this.operation = operation;
        this.settings = settings;
        this.budget = budget;
        this.stats = new OperationStats(service.getName(), operation.getName().getLocalPart());
    }

    /** Why the service's style is not one dsoap carries, or {@code null}. */
    String styleProblem() {
        Parameter bare = service.getParameter(Java2WSDLConstants.DOC_LIT_BARE_PARAMETER);
        if (bare != null && "true".equals(String.valueOf(bare.getValue()))) {
            return "document/literal bare POJO service";
        }
        if (operation.getAxisSpecificMEPConstant() == WSDLConstants.MEP_CONSTANT_ROBUST_IN_ONLY) {
            return "robust in-only operation";
        }
        AxisMessage in = operation.getMessage(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        if (in == null || in.getElementQName() == null) {
            return "operation without an input element";
        }
        if (!in.isWrapped()) {
            return "unwrapped input message";
        }
        return null;
    }

    /** The plans and streams for {@code implClass}; compiled once per class and SOAP version. */
    Sides sides(Class<?> implClass, boolean soap11) throws AxisFault {
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
                    s = compile(b.method, soap11 ? SoapVersion.SOAP_11 : SoapVersion.SOAP_12);
                    b.sides[v] = s;
                    Bound fixed = b;
                    stats.templates(() -> fixed.retainedBytes());
                }
            }
        }
        return s;
    }

    /** The service method as Axis2's RPC receivers find it (and cache it, as they do). */
    private Method method(Class<?> implClass) throws AxisFault {
        Object cached = operation.getParameterValue("myMethod");
        if (cached instanceof Method m && m.getDeclaringClass() == implClass) {
            return m;
        }
        String name = operation.getName().getLocalPart();
        for (Method m : implClass.getMethods()) {
            if (!m.isBridge() && m.getName().equals(name)) {
                return m;
            }
        }
        throw new AxisFault("No such method '" + name + "' in class " + implClass.getName());
    }

    private Sides compile(Method m, SoapVersion version) {
        WireConvention conv = convention(service, version);
        Sides s = new Sides(m);
        AxisMessage in = operation.getMessage(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        try {
            s.reader = new DifferentialDeserializer(COMPILER.compile(requestShape(m, in.getElementQName()), conv),
                    settings.deserializer, stats.reads, budget);
        } catch (UnsupportedTypeException | IllegalArgumentException e) {
            s.readerProblem = e.getMessage();
        }
        if (operation.getAxisSpecificMEPConstant() == WSDLConstants.MEP_CONSTANT_IN_ONLY) {
            return s;
        }
        AxisMessage out = operation.getMessage(WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
        s.responseNamespace = out != null && out.getElementQName() != null ? out.getElementQName().getNamespaceURI()
                : service.getTargetNamespace();
        s.responseName = new QName(s.responseNamespace, m.getName() + "Response", prefix(service));
        try {
            String problem = responseProblem(m);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
            MessagePlan plan = COMPILER.compile(MessageShape.wrapped(s.responseNamespace, s.responseName.getLocalPart(),
                    Part.of(null, "return", m.getGenericReturnType(), !m.getReturnType().isPrimitive())), conv);
            s.writer = new SerializerPool(plan, settings.serializer, stats.writes, budget, settings.states);
        } catch (UnsupportedTypeException | IllegalArgumentException e) {
            s.writerProblem = e.getMessage();
        }
        return s;
    }

    private MessageShape requestShape(Method m, QName element) {
        Type[] types = m.getGenericParameterTypes();
        Parameter names = service.getParameter(m.getName());
        String[] given = names != null && names.getValue() instanceof String[] a ? a : null;
        Part[] parts = new Part[types.length];
        for (int i = 0; i < types.length; i++) {
            String name = given != null && i < given.length && given[i] != null ? given[i] : "args" + i;
            Class<?> raw = m.getParameterTypes()[i];
            if (problemType(raw) != null) {
                throw new IllegalArgumentException("parameter " + name + ": " + problemType(raw));
            }
            parts[i] = Part.of(null, name, types[i], !raw.isPrimitive());
        }
        return MessageShape.wrapped(element.getNamespaceURI(), element.getLocalPart(), parts);
    }

    private String responseProblem(Method m) {
        Class<?> r = m.getReturnType();
        if (r == void.class) {
            return "void method in an in-out operation";
        }
        String p = problemType(r);
        if (p != null) {
            return "return type: " + p;
        }
        String schemaNs = service.getSchemaTargetNamespace();
        if (schemaNs != null && !schemaNs.equals(service.getTargetNamespace())
                && !r.isPrimitive()) {
            // Axis2 writes a null return in the schema namespace and others in the message's: keep its path
            return "schema and target namespaces differ";
        }
        return null;
    }

    /** Types Axis2's RPC code writes by special rules of its own (kept on Axis2's path). */
    private static String problemType(Class<?> c) {
        if (c == Object.class || c == Object[].class) {
            return "java.lang.Object is written with its runtime type";
        }
        if (Collection.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c)) {
            return c.getName() + " is written by Axis2's collection rules";
        }
        if (OMElement.class.isAssignableFrom(c) || c.getName().startsWith("org.w3c.dom.")
                || c.getName().equals("jakarta.activation.DataHandler")) {
            return c.getName() + " is XML or an attachment";
        }
        return null;
    }

    static WireConvention convention(AxisService service, SoapVersion version) {
        boolean qualified = service.isElementFormDefault();
        return WireConvention.builder("axis2-rpc" + (qualified ? "-qualified" : "") + (version == SoapVersion.SOAP_12 ? "-soap12" : ""))
                .soapVersion(version).envelopePrefix("soapenv").xmlDeclaration(true).wrapperPrefix(prefix(service))
                .partsQualified(qualified).fieldsQualified(qualified).typePrefixStem("ax2")
                .packageNamespaces(true, "/xsd").structXsiType(true).nullStyle(WireConvention.NullStyle.NIL)
                .beanStyle(WireConvention.BeanStyle.AXIS2).build();
    }

    private static String prefix(AxisService service) {
        String p = service.getSchemaTargetNamespacePrefix();
        return p == null || p.isEmpty() ? "ns" : p;
    }

    // ------------------------------------------------------------------------------------------ messages

    /**
     * The arguments of the request in {@code in}: read by dsoap from the captured bytes, or by Axis2 from
     * the envelope when dsoap cannot read them.
     *
     * @throws AxisFault a sender fault when the bytes are malformed, over a limit or carry a DTD
     */
    Object[] arguments(MessageContext in, Sides s, Capture.Raw raw) throws AxisFault {
        if (!settings.deserialize) {
            stats.readFallback(Fallback.DISABLED, Settings.DESERIALIZE + " = false");
        } else if (s.reader == null) {
            stats.readFallback(Fallback.UNSUPPORTED_TYPE, s.readerProblem);
        } else {
            try {
                Object[] args = s.reader.deserialize(raw.bytes(), 0, raw.length());
                Class<?>[] types = s.method.getParameterTypes();
                for (int i = 0; i < args.length; i++) {
                    if (args[i] == null && types[i].isArray()) {
                        // Axis2's RPCUtil never passes a null array: a part with no items, or only one nil
                        // item, is an empty array
                        args[i] = java.lang.reflect.Array.newInstance(types[i].getComponentType(), 0);
                    }
                }
                String missing = missingPrimitive(args, types);
                if (missing == null) {
                    return args;
                }
                stats.readFallback(Fallback.REQUEST_SHAPE, missing);
            } catch (XmlParseException e) {
                if (e.kind() == XmlParseException.Kind.UNSUPPORTED) {
                    stats.readFallback(Fallback.CHARSET, e.getMessage());
                } else {
                    throw reject(in, e);
                }
            } catch (MessageBindingException e) {
                stats.readFallback(Fallback.REQUEST_SHAPE, e.getMessage());
                guard(in, raw);
            }
        }
        return axis2Arguments(in, s.method);
    }

    /**
     * Checks a request about to be read by Axis2 against dsoap's limits (depth, sizes, no DTD), so that a
     * hostile message is refused on the fallback path too.
     *
     * @throws AxisFault a sender fault naming what and where
     */
    void guard(MessageContext in, Capture.Raw raw) throws AxisFault {
        try {
            XmlCheck.check(raw.bytes(), 0, raw.length(), settings.deserializer.limits());
        } catch (XmlParseException e) {
            if (e.kind() != XmlParseException.Kind.UNSUPPORTED) {
                throw reject(in, e);
            }
        }
    }

    private AxisFault reject(MessageContext in, XmlParseException e) {
        stats.rejected();
        return new AxisFault("dsoap: " + e.getMessage(), in.isSOAP11()
                ? SOAP11Constants.QNAME_SENDER_FAULTCODE : SOAP12Constants.QNAME_SENDER_FAULTCODE);
    }

    private static String missingPrimitive(Object[] args, Class<?>[] types) {
        for (int i = 0; i < args.length; i++) {
            if (args[i] == null && types[i].isPrimitive()) {
                return "no value for the " + types[i] + " parameter " + i;
            }
        }
        return null;
    }

    /** What Axis2's {@code RPCUtil.invokeServiceClass} passes to the method. */
    private Object[] axis2Arguments(MessageContext in, Method m) throws AxisFault {
        AxisMessage inMessage = operation.getMessage(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        OMElement element = in.getEnvelope().getBody().getFirstElement();
        if (inMessage.getElementQName() == null || element == null) {
            return new Object[0];
        }
        String ns = inMessage.getElementQName().getNamespaceURI();
        OMNamespace found = element.getNamespace();
        if (ns != null) {
            if (found == null) {
                throw new AxisFault("namespace mismatch require " + ns + " found none");
            }
            if (!ns.equals(found.getNamespaceURI())) {
                throw new AxisFault("namespace mismatch require " + ns + " found " + found.getNamespaceURI());
            }
        } else if (found != null) {
            throw new AxisFault("namespace mismatch. Axis Operation expects non-namespace "
                    + "qualified element. But received a namespace qualified element");
        }
        Parameter names = service.getParameter(m.getName());
        return RPCUtil.processRequest(element, m, service.getObjectSupplier(),
                names == null ? null : (String[]) names.getValue());
    }

    /**
     * Puts the response for {@code result} into {@code out}: a dsoap {@link Reply} under an envelope whose
     * body element stands for it, or Axis2's own envelope.
     *
     * @return the reply to close once the response is sent, or {@code null}
     */
    Reply respond(MessageContext in, MessageContext out, Sides s, Object result) throws AxisFault {
        if (!settings.serialize) {
            stats.writeFallback(Fallback.DISABLED, Settings.SERIALIZE + " = false");
        } else if (s.writer == null) {
            stats.writeFallback(Fallback.UNSUPPORTED_TYPE, s.writerProblem);
        } else {
            DifferentialSerializer ds = s.writer.borrow();
            boolean kept = ds != null;
            if (!kept) {
                ds = s.writer.transientSerializer();
            }
            try {
                ds.serialize(new Object[] {result});
            } catch (RuntimeException e) {
                if (kept) {
                    s.writer.release(ds);
                }
                stats.writeFallback(Fallback.UNSUPPORTED_VALUE, e.getMessage());
                return axis2Response(in, out, s, result);
            }
            Reply reply = new Reply(kept ? s.writer : null, ds, stats);
            SOAPFactory fac = RpcFaults.soapFactory(in);
            SOAPEnvelope env = fac.getDefaultEnvelope();
            env.getBody().addChild(fac.createOMElement(new ReplySource(reply), s.responseName));
            out.setEnvelope(env);
            out.setProperty(Reply.PROPERTY, reply);
            return reply;
        }
        return axis2Response(in, out, s, result);
    }

    /** Axis2's own response, as its RPC receiver makes it. */
    private Reply axis2Response(MessageContext in, MessageContext out, Sides s, Object result) throws AxisFault {
        SOAPFactory fac = RpcFaults.soapFactory(in);
        OMNamespace ns = fac.createOMNamespace(s.responseNamespace, prefix(service));
        SOAPEnvelope env = fac.getDefaultEnvelope();
        try {
            RPCUtil.processResponseAsDocLitWrapped(result, service, s.method, env, fac, ns, null, out);
        } catch (AxisFault e) {
            throw e;
        } catch (Exception e) {
            throw AxisFault.makeFault(e);
        }
        out.setEnvelope(env);
        return null;
    }

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
                if (s != null && s.writer != null) {
                    n += s.writer.retainedBytes();
                }
            }
            return n;
        }
    }

    /** Reader and writer for one method and SOAP version; either may be missing, with the reason. */
    static final class Sides {
        final Method method;
        DifferentialDeserializer reader;
        String readerProblem;
        SerializerPool writer;
        String writerProblem;
        String responseNamespace;
        QName responseName;

        Sides(Method method) {
            this.method = method;
        }
    }
}
