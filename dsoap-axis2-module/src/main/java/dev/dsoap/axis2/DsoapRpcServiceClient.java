package dev.dsoap.axis2;

import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.ds.AbstractPushOMDataSource;
import org.apache.axis2.AxisFault;
import org.apache.axis2.client.async.AxisCallback;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.databinding.utils.BeanUtil;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.engine.DefaultObjectSupplier;
import org.apache.axis2.rpc.client.RPCServiceClient;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.net.URL;

/**
 * Axis2's {@link RPCServiceClient}, whose calls dsoap carries where the dsoap module is engaged on the
 * client's configuration (or on this client with {@code engageModule("dsoap")}): requests are written by
 * differential serialization, and {@link #invokeBlocking(QName, Object[], Class[])} returns the response's
 * values read by differential deserialization, without an AXIOM tree. A drop-in replacement: every method
 * takes and returns what {@code RPCServiceClient}'s does, and whatever dsoap does not carry (the module not
 * engaged, a {@code null} argument, a collection, a fault, header blocks) goes Axis2's own way with the same
 * result, counted on the operation's dsoap counters with the reason.
 *
 * <p>The request carries the arguments as {@code RPCServiceClient} does, positionally: an object array as
 * repeated {@code itemN} elements, any other value as one {@code argN} (N the argument's index), which
 * Axis2's POJO receivers bind by order, with or without dsoap on the server.
 *
 * <p>The class talks to the module only through AXIOM data-source properties, so it works whether the module
 * is loaded from this jar on the class path or from a {@code .mar} in the client's repository.
 *
 * <p>Not thread-safe, as {@code ServiceClient} is not: use one client per thread (they share dsoap's
 * templates and kept responses through the configuration).
 */
public final class DsoapRpcServiceClient extends RPCServiceClient {
    /** Data-source property: the call's arguments ({@code Object[]}), set by this client. */
    static final String ARGUMENTS = "dev.dsoap.rpc.arguments";
    /** Data-source property: the types the caller wants back ({@code Class[]}), or absent. */
    static final String RETURN_TYPES = "dev.dsoap.rpc.returnTypes";
    /** Data-source property: the response's values ({@code Object[]}), set by the module when it read them. */
    static final String VALUES = "dev.dsoap.rpc.values";
    /**
     * Data-source property: set by the module when it sent the request in binary, to a {@link Runnable} that records
     * the endpoint's refusal (the client then sends XML for a while).
     */
    static final String SENT_BINARY = "dev.dsoap.rpc.sentBinary";

    /** Whether the client was made for a described service (then calls name their operation). */
    private final boolean described;

    /** An anonymous client, as {@link RPCServiceClient#RPCServiceClient()}. */
    public DsoapRpcServiceClient() throws AxisFault {
        super();
        this.described = false;
    }

    /** A client of {@code service} (or an anonymous one when {@code null}) in {@code configContext}. */
    public DsoapRpcServiceClient(ConfigurationContext configContext, AxisService service) throws AxisFault {
        super(configContext, service);
        this.described = service != null;
    }

    /** A client of one port of a WSDL service, as the matching {@code RPCServiceClient} constructor. */
    public DsoapRpcServiceClient(ConfigurationContext configContext, URL wsdlURL, QName wsdlServiceName, String portName)
            throws AxisFault {
        super(configContext, wsdlURL, wsdlServiceName, portName);
        this.described = true;
    }

    /**
     * Calls {@code opName} with {@code args}; returns the response's values as the given types, as
     * {@link RPCServiceClient#invokeBlocking(QName, Object[], Class[])} does.
     */
    @Override
    @SuppressWarnings("rawtypes")
    public Object[] invokeBlocking(QName opName, Object[] args, Class[] returnTypes) throws AxisFault {
        Call call = new Call(opName, args);
        call.setProperty(RETURN_TYPES, returnTypes.clone());
        OMElement response;
        try {
            response = described ? sendReceive(opName, call.element()) : sendReceive(call.element());
        } catch (AxisFault f) {
            if (!(call.getProperty(SENT_BINARY) instanceof Runnable refused) || !refusedMediaType(f)) {
                throw f;
            }
            // the endpoint refused the binary request before serving it (HTTP 415): the module goes back to
            // XML, and the call is sent again, once, as XML
            refused.run();
            cleanupTransport();
            call = new Call(opName, args);
            call.setProperty(RETURN_TYPES, returnTypes.clone());
            response = described ? sendReceive(opName, call.element()) : sendReceive(call.element());
        }
        if (call.getProperty(VALUES) instanceof Object[] values) {
            return values;
        }
        return BeanUtil.deserialize(response, returnTypes, new DefaultObjectSupplier());
    }

    /** Whether {@code f} is Axis2's transport error for an HTTP 415 answer. */
    private static boolean refusedMediaType(AxisFault f) {
        String m = f.getMessage();
        return m != null && m.contains("415");
    }

    /** Calls {@code opName} with {@code args}; returns the response's body element. */
    @Override
    public OMElement invokeBlocking(QName opName, Object[] args) throws AxisFault {
        OMElement payload = new Call(opName, args).element();
        return described ? sendReceive(opName, payload) : sendReceive(payload);
    }

    @Override
    public void invokeNonBlocking(QName opName, Object[] args, AxisCallback callback) throws AxisFault {
        OMElement payload = new Call(opName, args).element();
        if (described) {
            sendReceiveNonBlocking(opName, payload, callback);
        } else {
            sendReceiveNonBlocking(payload, callback);
        }
    }

    @Override
    public void invokeRobust(QName opName, Object[] args) throws AxisFault {
        OMElement payload = new Call(opName, args).element();
        if (described) {
            sendRobust(opName, payload);
        } else {
            sendRobust(payload);
        }
    }

    /**
     * One call's request element, left unbuilt: the engaged module writes it from the arguments; anything
     * else that serializes it gets exactly what {@code RPCServiceClient} would have sent.
     */
    private static final class Call extends AbstractPushOMDataSource {
        private final QName operation;
        private final Object[] args;

        Call(QName operation, Object[] args) {
            this.operation = operation;
            this.args = args;
            setProperty(ARGUMENTS, args);
        }

        OMElement element() {
            return OMAbstractFactory.getOMFactory().createOMElement(this, operation);
        }

        @Override
        public boolean isDestructiveWrite() {
            return false;
        }

        @Override
        public void serialize(XMLStreamWriter writer) throws XMLStreamException {
            BeanUtil.getOMElement(operation, args, null, false, null).serialize(writer);
        }
    }
}
