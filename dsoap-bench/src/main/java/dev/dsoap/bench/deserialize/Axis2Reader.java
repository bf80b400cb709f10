package dev.dsoap.bench.deserialize;

import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.ItemType;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMNamespace;
import org.apache.axiom.om.OMXMLBuilderFactory;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPModelBuilder;
import org.apache.axis2.AxisFault;
import org.apache.axis2.builder.BuilderUtil;
import org.apache.axis2.engine.DefaultObjectSupplier;
import org.apache.axis2.engine.ObjectSupplier;
import org.apache.axis2.rpc.receivers.RPCUtil;

import java.io.ByteArrayInputStream;
import java.lang.reflect.Method;

/**
 * Baseline 2 of the deserialization experiments: Axis2 2.0.0's own deserialization of a {@link DdsMessages}
 * request, in process, as it runs for a POJO service {@link EchoService} deployed with
 * {@code RPCMessageReceiver}, up to the point where the method would be invoked:
 *
 * <ol>
 * <li>{@code SOAPBuilder.processDocument}: {@code OMXMLBuilderFactory.createSOAPModelBuilder(in, "UTF-8")},
 * the envelope, {@code BuilderUtil.validateSOAPVersion} (SOAP 1.1, as for {@code text/xml});</li>
 * <li>{@code RPCMessageReceiver.invokeBusinessLogic}: the body's first element;</li>
 * <li>{@code RPCUtil.invokeServiceClass}: the element's namespace must be the operation's, then
 * {@code RPCUtil.processRequest(element, method, objectSupplier, parameterNames)}, which calls
 * {@code BeanUtil.deserialize}: every {@code <arg0>} child is converted ({@code ConverterUtil.convertToDouble})
 * and boxed into a list, then copied into the {@code double[]} that is handed to the method.</li>
 * </ol>
 *
 * No transport, no handler chain, no {@code MessageContext}; the method is looked up once (Axis2 caches it
 * on the operation after the first request) and not invoked, as the paper stops its timer "just before
 * calling the back-end method". The object supplier is Axis2's default, and the parameter names are
 * {@code {"arg0"}}, as a deployed POJO service has them.
 *
 * <p>The by-type benchmarks ({@link TypeDeserializeBench}) read {@code int[]}, {@code String[]} and {@code byte[]}
 * requests the same way, each through its own one-method POJO service ({@link #Axis2Reader(ItemType)}): Axis2
 * converts each int item, takes each string item's text, and decodes a {@code byte[]} parameter's single element
 * from base64.
 *
 * <p>Thread-safe: no mutable state; Axis2 serves concurrent requests with the same static code.
 */
public final class Axis2Reader {
    /** The POJO whose operation the requests call. */
    public static final class EchoService {
        /** The operation: returns its argument. */
        public double[] echo(double[] arg0) {
            return arg0;
        }
    }

    /** The same operation on ints, as its own POJO service (Axis2 does not deploy overloaded operations). */
    public static final class IntEchoService {
        /** The operation: returns its argument. */
        public int[] echo(int[] arg0) {
            return arg0;
        }
    }

    /** The same operation on strings. */
    public static final class StringEchoService {
        /** The operation: returns its argument. */
        public String[] echo(String[] arg0) {
            return arg0;
        }
    }

    /** The same operation on bytes: one xsd:base64Binary element. */
    public static final class Base64EchoService {
        /** The operation: returns its argument. */
        public byte[] echo(byte[] arg0) {
            return arg0;
        }
    }

    /** The parameter names Axis2 keeps for the operation. */
    private static final String[] PARAMETER_NAMES = {DdsMessages.PART};
    /** The envelope namespace the transport expects for {@code text/xml}. */
    private static final String SOAP11 = BenchPlans.SOAP11;

    /** Axis2's default object supplier (what {@code AxisService.getObjectSupplier()} returns unless configured). */
    private final ObjectSupplier supplier = new DefaultObjectSupplier();
    /** The service's {@code echo}, as Axis2 finds it by the operation name. */
    private final Method echo;

    /** A reader of {@code echo(double[] arg0)} requests ({@link EchoService}). */
    public Axis2Reader() {
        this(ItemType.DOUBLES);
    }

    /** A reader of {@code echo(T[] arg0)} requests for {@code type}, each type its own POJO service above. */
    public Axis2Reader(ItemType type) {
        Class<?> service = switch (type) {
            case DOUBLES -> EchoService.class;
            case INTS -> IntEchoService.class;
            case STRINGS -> StringEchoService.class;
            case BASE64 -> Base64EchoService.class;
        };
        try {
            this.echo = service.getMethod(DdsMessages.OPERATION, type.arrayType);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The {@code double[]} Axis2 would hand {@code echo} for {@code message}, for a reader of doubles.
     *
     * @throws AxisFault if Axis2 rejects the message (wrong namespace, a value it cannot convert)
     */
    public double[] read(byte[] message) throws AxisFault {
        return (double[]) readArray(message);
    }

    /**
     * The array Axis2 would hand {@code echo} for {@code message}: for strings a {@code String[]}, for bytes the
     * {@code byte[]} its {@code BeanUtil} decodes from the element's base64 text.
     *
     * @throws AxisFault if Axis2 rejects the message (wrong namespace, a value it cannot convert)
     */
    public Object readArray(byte[] message) throws AxisFault {
        SOAPModelBuilder builder = OMXMLBuilderFactory.createSOAPModelBuilder(new ByteArrayInputStream(message), "UTF-8");
        try {
            SOAPEnvelope envelope = builder.getSOAPEnvelope();
            BuilderUtil.validateSOAPVersion(SOAP11, envelope);
            OMElement method = envelope.getBody().getFirstElement();
            if (method == null) {
                throw new AxisFault("empty SOAP body: expected {" + BenchPlans.NS + "}" + DdsMessages.OPERATION);
            }
            OMNamespace ns = method.getNamespace();
            if (ns == null || !BenchPlans.NS.equals(ns.getNamespaceURI())) {
                throw new AxisFault("namespace mismatch require " + BenchPlans.NS + " found "
                        + (ns == null ? "none" : ns.getNamespaceURI()));
            }
            Object[] args = RPCUtil.processRequest(method, echo, supplier, PARAMETER_NAMES);
            return args[0];
        } finally {
            builder.close();
        }
    }
}
