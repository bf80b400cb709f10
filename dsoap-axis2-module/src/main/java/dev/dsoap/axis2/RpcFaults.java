package dev.dsoap.axis2;

import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMXMLBuilderFactory;
import org.apache.axiom.om.OMXMLParserWrapper;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.databinding.utils.BeanUtil;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.util.StreamWrapper;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * The fault a POJO service's exception becomes, as Axis2's RPC receiver makes it: an {@link AxisFault}
 * thrown by the service passes as it is; a declared checked exception becomes a fault whose detail is the
 * exception bean under the element Axis2's schema generator declared for it; anything else a server fault
 * carrying the exception's message. dsoap writes no fault bytes itself: faults always go through Axis2's
 * fault path (counted as {@link dev.dsoap.host.Fallback#FAULT}).
 */
final class RpcFaults {
    private static final Log LOG = LogFactory.getLog(RpcFaults.class);

    private RpcFaults() {
    }

    static AxisFault fromService(MessageContext in, Method method, InvocationTargetException e) {
        Throwable cause = e.getCause();
        String msg = cause != null ? cause.getMessage() : null;
        if (msg == null) {
            msg = "Exception occurred while trying to invoke service method " + method.getName();
        }
        if (cause instanceof AxisFault f) {
            return f;
        }
        if (cause != null) {
            for (Class<?> declared : method.getExceptionTypes()) {
                if (declared.getName().equals(cause.getClass().getName())) {
                    return declaredFault(in, cause, declared);
                }
            }
        }
        LOG.error(msg, e);
        return new AxisFault(msg, e);
    }

    private static AxisFault declaredFault(MessageContext in, Throwable cause, Class<?> declared) {
        AxisService service = in.getAxisService();
        String simple = simpleName(declared);
        QName elementName = service.getTypeTable().getQNamefortheType(service.getName() + simple);
        SOAPFactory fac = soapFactory(in);
        OMElement detail = fac.createOMElement(elementName);
        if (declared == Exception.class) {
            OMElement inner = fac.createOMElement(elementName);
            OMElement message = fac.createOMElement("Message", service.getTargetNamespace(), null);
            message.setText(cause.getMessage());
            inner.addChild(message);
            detail.addChild(inner);
        } else if (!(cause instanceof RuntimeException)) {
            XMLStreamReader xr = BeanUtil.getPullParser(cause, new QName(elementName.getNamespaceURI(), simple),
                    service.getTypeTable(), true, false);
            OMXMLParserWrapper builder = OMXMLBuilderFactory.createStAXOMBuilder(new StreamWrapper(xr));
            detail.addChild(builder.getDocumentElement());
        }
        AxisFault fault = new AxisFault(cause.getMessage());
        fault.setDetail(detail);
        return fault;
    }

    static SOAPFactory soapFactory(MessageContext mc) {
        return mc.isSOAP11() ? OMAbstractFactory.getSOAP11Factory() : OMAbstractFactory.getSOAP12Factory();
    }

    private static String simpleName(Class<?> type) {
        String name = type.getName();
        int dot = name.lastIndexOf('.');
        if (dot >= 0 && dot < name.length() - 1) {
            name = name.substring(dot + 1);
        }
        return name.replace('$', '_');
    }
}
