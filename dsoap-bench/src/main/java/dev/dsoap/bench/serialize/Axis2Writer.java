package dev.dsoap.bench.serialize;

import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axiom.util.base64.Base64Utils;
import org.apache.axis2.databinding.utils.BeanUtil;

import javax.xml.namespace.QName;
import java.io.OutputStream;
import java.lang.reflect.Array;

/**
 * Baseline: Axis2 2.0's own serialization of the same response, in process, as its
 * {@code RPCMessageReceiver} does for a document/literal wrapped operation returning an array
 * ({@code RPCUtil.processResponseAsDocLitWrapped}): the array is boxed item by item into an
 * {@code Object[]}, {@code BeanUtil.getOMElement} builds the {@code echoResponse} element with one
 * unqualified {@code <return>} per item (beans through its pull parser), the element is added to a SOAP 1.1
 * envelope from AXIOM's {@code getSOAP11Factory()}, and the envelope is serialized to the stream. No
 * transport, no handler chain: only the building and writing of the message.
 *
 * <p>Thread-safe.
 */
public final class Axis2Writer {
    /** The response element's name, as Axis2 names it: {@code method + "Response"} in the schema namespace. */
    private static final QName RESPONSE = new QName(BenchPlans.NS, "echoResponse", "ns");
    /** Unqualified part wrapper, as for a service whose schema is not elementFormDefault qualified. */
    private static final QName RETURN = new QName("return");

    /**
     * Writes the message for {@code p} to {@code out}. {@code serialize(OutputStream)} is deprecated in
     * AXIOM 2.0 in favour of {@code serialize(OutputStream, boolean cache)}; it is kept because it is what
     * the measurements in docs/benchmarks.md used.
     */
    @SuppressWarnings("deprecation")
    public void write(Payload p, OutputStream out) throws Exception {
        SOAPFactory fac = OMAbstractFactory.getSOAP11Factory();
        SOAPEnvelope envelope = fac.getDefaultEnvelope();
        Object array = p.array();
        int n = Array.getLength(array);
        Object[] items = new Object[n];
        for (int i = 0; i < n; i++) {
            items[i] = Array.get(array, i);
        }
        OMElement body = BeanUtil.getOMElement(RESPONSE, items, RETURN, false, null);
        envelope.getBody().addChild(body);
        envelope.serialize(out);
    }

    /**
     * Writes the message for {@code array} (any array type) the way {@code RPCUtil.processResponseAsDocLitWrapped}
     * turns a returned array into items: an object array ({@code String[]}) is passed as it is, a {@code byte[]}
     * becomes one item, its base64 text ({@code Base64Utils.encode}, a {@code String}), and any other primitive
     * array is boxed item by item.
     */
    @SuppressWarnings("deprecation")
    public void writeArray(Object array, OutputStream out) throws Exception {
        SOAPFactory fac = OMAbstractFactory.getSOAP11Factory();
        SOAPEnvelope envelope = fac.getDefaultEnvelope();
        Object[] items;
        if (array instanceof Object[] objects) {
            items = objects;
        } else if (array instanceof byte[] bytes) {
            items = new Object[] {Base64Utils.encode(bytes)};
        } else {
            int n = Array.getLength(array);
            items = new Object[n];
            for (int i = 0; i < n; i++) {
                items[i] = Array.get(array, i);
            }
        }
        OMElement body = BeanUtil.getOMElement(RESPONSE, items, RETURN, false, null);
        envelope.getBody().addChild(body);
        envelope.serialize(out);
    }
}
