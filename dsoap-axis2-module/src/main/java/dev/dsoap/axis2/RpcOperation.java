package dev.dsoap.axis2;

import dev.dsoap.host.Carrier;
import dev.dsoap.host.Settings;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.MessageShape.Part;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.template.MemoryBudget;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMNamespace;
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
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.Map;

/**
 * One engaged POJO operation (Axis2's RPC receivers), on Axis2's own RPC wire conventions (wrapper
 * {@code op}/{@code opResponse}, parts named as the generated schema names them, {@code return}, element
 * qualification from the service's {@code elementFormDefault}, {@code xsi:type} on beans, {@code xsi:nil}
 * for nulls); what dsoap does not carry goes through Axis2's {@code RPCUtil}. Thread-safe.
 */
final class RpcOperation extends CarriedOperation {

    RpcOperation(AxisService service, AxisOperation operation, Settings settings, MemoryBudget budget) {
        super(service, operation, settings, budget);
    }

    @Override
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

    /** The service method as Axis2's RPC receivers find it (and cache it, as they do). */
    @Override
    Method method(Class<?> implClass) throws AxisFault {
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

    @Override
    void plan(Carrier.Builder carrier, Sides s, SoapVersion version) {
        WireConvention conv = convention(service, version);
        Method m = s.method;
        AxisMessage in = operation.getMessage(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        QName element = in.getElementQName();
        carrier.reads(() -> requestShape(m, element, false), conv)
                .reads(() -> requestShape(m, element, true), positional(conv))
                .readRule(args -> adjust(args, m.getParameterTypes()));
        if (!inOut) {
            return;
        }
        AxisMessage out = operation.getMessage(WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
        String ns = out != null && out.getElementQName() != null ? out.getElementQName().getNamespaceURI()
                : service.getTargetNamespace();
        s.responseName = new QName(ns, m.getName() + "Response", prefix(service));
        s.response = () -> {
            String problem = responseProblem(m);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
            return MessageShape.wrapped(ns, s.responseName.getLocalPart(),
                    Part.of(null, "return", m.getGenericReturnType(), !m.getReturnType().isPrimitive()));
        };
        carrier.writes(s.response, conv);
    }

    /**
     * The request's shape. With {@code positional}, the spelling of Axis2's own {@code RPCServiceClient}
     * ({@code BeanUtil.getOMElement} with no part name), which Axis2's RPC receiver binds by position: an
     * array of objects as repeated unqualified {@code itemN} elements, any other value as one unqualified
     * {@code argN}, N counting the arguments before it.
     */
    private MessageShape requestShape(Method m, QName element, boolean positional) {
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
            if (positional) {
                // RPCServiceClient writes a primitive array as one argN holding <array> items: not carried
                name = (raw.isArray() && raw != byte[].class ? "item" : "arg") + i;
            }
            parts[i] = Part.of(positional ? "" : null, name, types[i], !raw.isPrimitive());
        }
        return MessageShape.wrapped(element.getNamespaceURI(), element.getLocalPart(), parts);
    }

    /** The convention of {@code RPCServiceClient}'s requests: parts and bean fields unqualified. */
    static WireConvention positional(WireConvention conv) {
        return conv.toBuilder(conv.name() + "-positional").partsQualified(false).fieldsQualified(false).build();
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
    static String problemType(Class<?> c) {
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
        return convention(service.isElementFormDefault(), prefix(service), version);
    }

    /**
     * Axis2's RPC conventions with parts and bean fields qualified or not (the service's
     * {@code elementFormDefault}) and {@code prefix} on the wrapper element.
     */
    static WireConvention convention(boolean qualified, String prefix, SoapVersion version) {
        return WireConvention.builder("axis2-rpc" + (qualified ? "-qualified" : "") + (version == SoapVersion.SOAP_12 ? "-soap12" : ""))
                .soapVersion(version).envelopePrefix("soapenv").xmlDeclaration(true).wrapperPrefix(prefix)
                .partsQualified(qualified).fieldsQualified(qualified).typePrefixStem("ax2")
                .packageNamespaces(true, "/xsd").structXsiType(true).nullStyle(WireConvention.NullStyle.NIL)
                .beanStyle(WireConvention.BeanStyle.AXIS2).javaInfinity(true).build();
    }

    private static String prefix(AxisService service) {
        String p = service.getSchemaTargetNamespacePrefix();
        return p == null || p.isEmpty() ? "ns" : p;
    }

    /** Axis2's RPCUtil never passes a null array; a missing primitive is Axis2's to refuse. */
    static String adjust(Object[] args, Class<?>[] types) {
        for (int i = 0; i < args.length; i++) {
            if (args[i] == null && types[i].isArray()) {
                // a part with no items, or only one nil item, is an empty array
                args[i] = java.lang.reflect.Array.newInstance(types[i].getComponentType(), 0);
            } else if (args[i] == null && types[i].isPrimitive()) {
                return "no value for the " + types[i] + " parameter " + i;
            }
        }
        return null;
    }

    /** What Axis2's {@code RPCUtil.invokeServiceClass} passes to the method. */
    @Override
    Object[] originalArguments(MessageContext in, Sides s) throws AxisFault {
        Method m = s.method;
        AxisMessage inMessage = operation.getMessage(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        org.apache.axiom.soap.SOAPBody body = in.getEnvelope().getBody();
        if (body == null) {
            throw new AxisFault("SOAP body is missing in the request"); // as RPCMessageReceiver answers it
        }
        OMElement element = body.getFirstElement();
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

    /** Axis2's own response, as its RPC receiver makes it. */
    @Override
    SOAPEnvelope originalResponse(MessageContext in, MessageContext out, Sides s, Object result) throws AxisFault {
        SOAPFactory fac = RpcFaults.soapFactory(in);
        OMNamespace ns = fac.createOMNamespace(s.responseName.getNamespaceURI(), prefix(service));
        SOAPEnvelope env = fac.getDefaultEnvelope();
        try {
            RPCUtil.processResponseAsDocLitWrapped(result, service, s.method, env, fac, ns, null, out);
        } catch (AxisFault e) {
            throw e;
        } catch (Exception e) {
            throw AxisFault.makeFault(e);
        }
        return env;
    }

    @Override
    AxisFault fault(MessageContext in, Method method, InvocationTargetException e) {
        return RpcFaults.fromService(in, method, e);
    }
}
