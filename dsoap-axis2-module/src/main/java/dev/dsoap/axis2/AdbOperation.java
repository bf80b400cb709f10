package dev.dsoap.axis2;

import dev.dsoap.host.Carrier;
import dev.dsoap.host.Settings;
import dev.dsoap.binding.BeanSchema;
import dev.dsoap.binding.MessageShape;
import dev.dsoap.binding.SoapVersion;
import dev.dsoap.binding.WireConvention;
import dev.dsoap.template.MemoryBudget;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.databinding.ADBBean;
import org.apache.axis2.description.AxisMessage;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.receivers.AbstractMessageReceiver;
import org.apache.axis2.receivers.AbstractInOutMessageReceiver;
import org.apache.axis2.util.JavaUtils;
import org.apache.axis2.util.Loader;
import org.apache.axis2.wsdl.WSDLConstants;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * One engaged operation of a service wsdl2java generated with ADB data binding (the default, wrapped
 * skeleton: {@code OpResponse op(Op request)}). dsoap reads the request element into the skeleton's
 * request bean and writes the response bean, on ADB's conventions ({@link WireConvention.BeanStyle#ADB},
 * names and nillability from the service's schema); what it does not carry goes through the bean's own
 * {@code Factory.parse} and {@code getOMElement}, as the generated receiver does. Thread-safe.
 */
final class AdbOperation extends CarriedOperation {
    private volatile String classProblem;
    private volatile boolean classChecked;

    AdbOperation(AxisService service, AxisOperation operation, Settings settings, MemoryBudget budget) {
        super(service, operation, settings, budget);
    }

    /** Whether {@code receiver} looks like a receiver wsdl2java generated (checked further on the first message). */
    static boolean generated(Object receiver) {
        String n = receiver.getClass().getSimpleName();
        return (receiver instanceof AbstractInOutMessageReceiver && n.endsWith("MessageReceiverInOut"))
                || (receiver instanceof AbstractMessageReceiver && n.endsWith("MessageReceiverInOnly"));
    }

    @Override
    String styleProblem() {
        int mep = operation.getAxisSpecificMEPConstant();
        if (mep != WSDLConstants.MEP_CONSTANT_IN_OUT && mep != WSDLConstants.MEP_CONSTANT_IN_ONLY) {
            return "message exchange pattern " + operation.getMessageExchangePattern();
        }
        AxisMessage in = operation.getMessage(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        if (in == null || in.getElementQName() == null) {
            return "operation without an input element";
        }
        if (inOut) {
            AxisMessage out = operation.getMessage(WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
            if (out == null || out.getElementQName() == null) {
                return "operation without an output element";
            }
        }
        if (service.getSchema() == null || service.getSchema().isEmpty()) {
            return "the service has no schema (deployed without its WSDL)";
        }
        return null;
    }

    @Override
    String classProblem() {
        if (!classChecked) {
            synchronized (this) {
                if (!classChecked) {
                    classProblem = checkClass();
                    classChecked = true;
                }
            }
        }
        return classProblem;
    }

    private String checkClass() {
        Parameter p = service.getParameter(Constants.SERVICE_CLASS);
        if (p == null || p.getValue() == null) {
            return "no ServiceClass parameter";
        }
        Class<?> c;
        try {
            c = Loader.loadClass(service.getClassLoader(), String.valueOf(p.getValue()).trim());
        } catch (ClassNotFoundException e) {
            return "service class " + p.getValue() + " not found";
        }
        try {
            method(c);
            return null;
        } catch (AxisFault e) {
            return e.getMessage();
        }
    }

    /** The skeleton method the generated receiver calls: the operation's Java name, one ADB bean in, one out. */
    @Override
    Method method(Class<?> implClass) throws AxisFault {
        String name = JavaUtils.xmlNameToJavaIdentifier(operation.getName().getLocalPart());
        QName inElement = operation.getMessage(WSDLConstants.MESSAGE_LABEL_IN_VALUE).getElementQName();
        for (Method m : implClass.getMethods()) {
            if (m.isBridge() || !m.getName().equals(name) || m.getParameterCount() != 1) {
                continue;
            }
            if (!inElement.equals(elementOf(m.getParameterTypes()[0]))) {
                continue;
            }
            if (inOut) {
                QName outElement = operation.getMessage(WSDLConstants.MESSAGE_LABEL_OUT_VALUE).getElementQName();
                if (!outElement.equals(elementOf(m.getReturnType()))) {
                    continue;
                }
            } else if (m.getReturnType() != void.class) {
                continue;
            }
            return m;
        }
        throw new AxisFault(implClass.getName() + " has no wrapped ADB skeleton method " + name + "(" + inElement.getLocalPart()
                + ") (an unwrapped skeleton, or another data binding)");
    }

    /** The element an ADB bean class stands for ({@code MY_QNAME}), or {@code null}. */
    static QName elementOf(Class<?> c) {
        if (!ADBBean.class.isAssignableFrom(c)) {
            return null;
        }
        try {
            java.lang.reflect.Field f = c.getField("MY_QNAME");
            return Modifier.isStatic(f.getModifiers()) && f.get(null) instanceof QName q ? q : null;
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    @Override
    void plan(Carrier.Builder carrier, Sides s, SoapVersion version) {
        Method m = s.method;
        Class<?> requestType = m.getParameterTypes()[0];
        QName request = elementOf(requestType);
        carrier.reads(() -> MessageShape.bare(request.getNamespaceURI(), request.getLocalPart(), requestType),
                        convention(version, request, requestType))
                .readRule(args -> args.length == 1 && args[0] != null ? null : "no request element");
        if (!inOut) {
            return;
        }
        Class<?> responseType = m.getReturnType();
        QName response = elementOf(responseType);
        String prefix = response.getPrefix().isEmpty() ? "ns1" : response.getPrefix();
        s.responseName = new QName(response.getNamespaceURI(), response.getLocalPart(), prefix);
        s.response = () -> MessageShape.bare(response.getNamespaceURI(), response.getLocalPart(), responseType);
        carrier.writes(s.response, convention(version, response, responseType));
    }

    private WireConvention convention(SoapVersion version, QName element, Class<?> bean) {
        return convention("axis2-adb", version, element, AdbSchema.of(service, element, bean));
    }

    /**
     * ADB's wire conventions for messages whose body element is {@code element}, with the bean facts of
     * {@code schema}; {@code name} tells apart the server's (schema from the service) and the client's
     * (schema probed from the beans).
     */
    static WireConvention convention(String name, SoapVersion version, QName element, BeanSchema schema) {
        String prefix = element.getPrefix().isEmpty() ? "ns1" : element.getPrefix();
        return WireConvention.builder(name + (version == SoapVersion.SOAP_12 ? "-soap12" : ""))
                .soapVersion(version).envelopePrefix("soapenv").xmlDeclaration(true).wrapperPrefix(prefix)
                .typePrefixStem("ns").adb(schema).javaInfinity(true).build();
    }

    /** What the generated receiver's {@code fromOM} passes: the bean its {@code Factory.parse} reads. */
    @Override
    Object[] originalArguments(MessageContext in, Sides s) throws AxisFault {
        Class<?> type = s.method.getParameterTypes()[0];
        OMElement element = in.getEnvelope().getBody().getFirstElement();
        try {
            Method parse = factory(type).getMethod("parse", XMLStreamReader.class);
            XMLStreamReader reader = element.getXMLStreamReaderWithoutCaching();
            Object bean = parse.invoke(null, reader);
            reader.close();
            return new Object[] {bean};
        } catch (InvocationTargetException e) {
            throw AxisFault.makeFault(e.getCause() instanceof Exception x ? x : e);
        } catch (Exception e) {
            throw AxisFault.makeFault(e);
        }
    }

    private static Class<?> factory(Class<?> bean) throws ClassNotFoundException {
        for (Class<?> c : bean.getDeclaredClasses()) {
            if (c.getSimpleName().equals("Factory")) {
                return c;
            }
        }
        throw new ClassNotFoundException(bean.getName() + ".Factory");
    }

    /** The generated receiver's {@code toEnvelope}: the bean's own {@code OMSourcedElement} in a default envelope. */
    @Override
    SOAPEnvelope originalResponse(MessageContext in, MessageContext out, Sides s, Object result) throws AxisFault {
        SOAPFactory fac = RpcFaults.soapFactory(in);
        SOAPEnvelope env = fac.getDefaultEnvelope();
        if (result != null) {
            try {
                ADBBean bean = (ADBBean) result;
                env.getBody().addChild(bean.getOMElement(elementOf(result.getClass()), fac));
            } catch (Exception e) {
                throw AxisFault.makeFault(e);
            }
        }
        return env;
    }

    /**
     * As the generated receiver: a declared WSDL fault (an exception with {@code getFaultMessage()}) becomes
     * an AxisFault with the fault bean as detail and {@code FAULT_NAME} set; anything else
     * {@code AxisFault.makeFault}.
     */
    @Override
    AxisFault fault(MessageContext in, Method method, InvocationTargetException e) {
        Throwable t = e.getCause() == null ? e : e.getCause();
        if (t instanceof Exception x && !(x instanceof RuntimeException) && declares(method, x.getClass())) {
            try {
                Method get = x.getClass().getMethod("getFaultMessage");
                Object detail = get.invoke(x);
                AxisFault f = x.getCause() != null ? new AxisFault(x.getMessage(), x.getCause()) : new AxisFault(x.getMessage());
                if (detail instanceof ADBBean bean) {
                    QName element = elementOf(detail.getClass());
                    in.setProperty(Constants.FAULT_NAME, faultName(element, x));
                    f.setDetail(bean.getOMElement(element, OMAbstractFactory.getOMFactory()));
                }
                return f;
            } catch (ReflectiveOperationException | RuntimeException ignored) {
                // not a generated fault exception: as any other exception
            }
        }
        return AxisFault.makeFault(t instanceof Exception x ? x : e);
    }

    private static boolean declares(Method m, Class<?> type) {
        for (Class<?> d : m.getExceptionTypes()) {
            if (d.isAssignableFrom(type)) {
                return true;
            }
        }
        return false;
    }

    /** The WSDL fault's name, from the operation's fault messages; else the exception's simple name. */
    private String faultName(QName element, Exception x) {
        for (AxisMessage m : operation.getFaultMessages()) {
            if (element != null && element.equals(m.getElementQName())) {
                return m.getName();
            }
        }
        return x.getClass().getSimpleName();
    }
}
