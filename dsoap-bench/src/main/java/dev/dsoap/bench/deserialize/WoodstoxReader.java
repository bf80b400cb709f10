package dev.dsoap.bench.deserialize;

import com.ctc.wstx.stax.WstxInputFactory;
import dev.dsoap.bench.serialize.BenchPlans;
import org.codehaus.stax2.XMLInputFactory2;
import org.codehaus.stax2.XMLStreamReader2;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import java.io.ByteArrayInputStream;
import java.util.Arrays;

/**
 * Baseline 1 of the deserialization experiments: a streaming SOAP stack's regular deserialization of a
 * {@link DdsMessages} request of {@code echo(double[] arg0)}, with Woodstox and the JDK. One
 * {@code XMLStreamReader} per message (namespace-aware, DTDs off) walks {@code Envelope} (an optional
 * {@code Header} is skipped), {@code Body}, {@code echo} and its {@code <arg0>} items, checking each element
 * by namespace URI and local name; each item's text ({@code getElementText}) is trimmed, as xsd:double
 * allows surrounding whitespace, and converted with {@link Double#parseDouble}, after mapping the xsd forms
 * {@code INF}, {@code +INF} and {@code -INF} ({@code NaN} is the same in both). The values go into a
 * growable array, trimmed to the item count at the end.
 *
 * <p>{@code parseDouble} accepts more than xsd:double does ({@code Infinity}, hexadecimal, a trailing
 * {@code d}); as in the stacks it stands for (Axis2's {@code ConverterUtil.convertToDouble} does the same),
 * that is not checked.
 *
 * <p>Thread-safe: the factory is configured once, in the constructor, and shared; each call has its own
 * stream reader.
 */
public final class WoodstoxReader {
    /** First capacity of the value buffer; it doubles when full. */
    private static final int INITIAL_CAPACITY = 1024;
    /** The shared factory. */
    private final XMLInputFactory2 factory;

    public WoodstoxReader() {
        XMLInputFactory2 f = new WstxInputFactory();
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, Boolean.TRUE);
        f.setProperty(XMLInputFactory.SUPPORT_DTD, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, Boolean.FALSE);
        this.factory = f;
    }

    /**
     * The doubles carried by {@code message}, in a new array of exactly their number.
     *
     * @throws XMLStreamException       if the message is not well-formed XML
     * @throws IllegalArgumentException if an element is not the one expected, or an item is not a number
     */
    public double[] read(byte[] message) throws XMLStreamException {
        XMLStreamReader2 r = (XMLStreamReader2) factory.createXMLStreamReader(new ByteArrayInputStream(message));
        try {
            r.nextTag();
            expectStart(r, BenchPlans.SOAP11, "Envelope", "envelope");
            r.nextTag();
            if (isStart(r, BenchPlans.SOAP11, "Header")) {
                r.skipElement();
                r.nextTag();
            }
            expectStart(r, BenchPlans.SOAP11, "Body", "body");
            r.nextTag();
            expectStart(r, BenchPlans.NS, DdsMessages.OPERATION, "wrapper");
            double[] values = new double[INITIAL_CAPACITY];
            int n = 0;
            while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                if (!isStart(r, "", DdsMessages.PART)) {
                    throw unexpected(r, "", DdsMessages.PART, "item " + n);
                }
                double v = parse(r.getElementText(), n);
                if (n == values.length) {
                    values = Arrays.copyOf(values, 2 * n);
                }
                values[n++] = v;
            }
            // at </echo>: well-formedness leaves only </Body> and </Envelope>
            r.nextTag();
            r.nextTag();
            return n == values.length ? values : Arrays.copyOf(values, n);
        } finally {
            r.close();
        }
    }

    /** xsd:double → double: trimmed text, INF forms mapped, the rest through {@link Double#parseDouble}. */
    static double parse(String text, int item) {
        String t = text.trim();
        if (t.endsWith("INF")) {
            if (t.length() == 3 || t.equals("+INF")) {
                return Double.POSITIVE_INFINITY;
            }
            if (t.equals("-INF")) {
                return Double.NEGATIVE_INFINITY;
            }
        }
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("item " + item + ": '" + t + "' is not an xsd:double", e);
        }
    }

    private static boolean isStart(XMLStreamReader2 r, String ns, String local) {
        return r.getEventType() == XMLStreamConstants.START_ELEMENT && local.equals(r.getLocalName())
                && ns.equals(nullToEmpty(r.getNamespaceURI()));
    }

    private static void expectStart(XMLStreamReader2 r, String ns, String local, String what) {
        if (!isStart(r, ns, local)) {
            throw unexpected(r, ns, local, what);
        }
    }

    private static IllegalArgumentException unexpected(XMLStreamReader2 r, String ns, String local, String what) {
        String found = r.getEventType() == XMLStreamConstants.START_ELEMENT
                ? "{" + nullToEmpty(r.getNamespaceURI()) + "}" + r.getLocalName()
                : "event " + r.getEventType();
        return new IllegalArgumentException(what + ": expected {" + ns + "}" + local + ", found " + found + " at line "
                + r.getLocation().getLineNumber() + ", column " + r.getLocation().getColumnNumber());
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
