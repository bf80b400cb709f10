package dev.dsoap.bench.deserialize;

import com.ctc.wstx.stax.WstxInputFactory;
import dev.dsoap.bench.serialize.BenchPlans;
import dev.dsoap.bench.serialize.ItemType;
import org.codehaus.stax2.XMLInputFactory2;
import org.codehaus.stax2.XMLStreamReader2;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import java.io.ByteArrayInputStream;
import java.util.Arrays;
import java.util.Base64;

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
        XMLStreamReader2 r = open(message);
        try {
            double[] values = new double[INITIAL_CAPACITY];
            int n = 0;
            while (nextItem(r, n)) {
                double v = parse(r.getElementText(), n);
                if (n == values.length) {
                    values = Arrays.copyOf(values, 2 * n);
                }
                values[n++] = v;
            }
            finish(r);
            return n == values.length ? values : Arrays.copyOf(values, n);
        } finally {
            r.close();
        }
    }

    /**
     * The array carried by {@code message}, a request of {@code echo(T[] arg0)} for {@code type}: doubles as
     * {@link #read}, ints through {@link #readInts}, strings through {@link #readStrings}, bytes through
     * {@link #readBase64}.
     */
    public Object read(ItemType type, byte[] message) throws XMLStreamException {
        return switch (type) {
            case DOUBLES -> read(message);
            case INTS -> readInts(message);
            case STRINGS -> readStrings(message);
            case BASE64 -> readBase64(message);
        };
    }

    /**
     * The ints carried by {@code message}: each item's text trimmed (xsd:int allows surrounding whitespace) and
     * converted with {@link Integer#parseInt}, into a growable array trimmed to the item count.
     *
     * @throws IllegalArgumentException if an element is not the one expected, or an item is not an int
     */
    public int[] readInts(byte[] message) throws XMLStreamException {
        XMLStreamReader2 r = open(message);
        try {
            int[] values = new int[INITIAL_CAPACITY];
            int n = 0;
            while (nextItem(r, n)) {
                String t = r.getElementText().trim();
                int v;
                try {
                    v = Integer.parseInt(t);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("item " + n + ": '" + t + "' is not an xsd:int", e);
                }
                if (n == values.length) {
                    values = Arrays.copyOf(values, 2 * n);
                }
                values[n++] = v;
            }
            finish(r);
            return n == values.length ? values : Arrays.copyOf(values, n);
        } finally {
            r.close();
        }
    }

    /**
     * The strings carried by {@code message}: each item's text as Woodstox reports it ({@code getElementText},
     * references resolved, not trimmed: xsd:string keeps its whitespace), into a growable array trimmed to the
     * item count.
     */
    public String[] readStrings(byte[] message) throws XMLStreamException {
        XMLStreamReader2 r = open(message);
        try {
            String[] values = new String[INITIAL_CAPACITY];
            int n = 0;
            while (nextItem(r, n)) {
                String v = r.getElementText();
                if (n == values.length) {
                    values = Arrays.copyOf(values, 2 * n);
                }
                values[n++] = v;
            }
            finish(r);
            return n == values.length ? values : Arrays.copyOf(values, n);
        } finally {
            r.close();
        }
    }

    /**
     * The bytes carried by {@code message}, a request with exactly one {@code <arg0>}: its text trimmed and decoded
     * with {@link Base64#getDecoder()} (RFC 4648, no line breaks, as the messages have none; a stack accepting
     * line-wrapped base64 would use the MIME decoder).
     *
     * @throws IllegalArgumentException if there is not exactly one item, or it is not base64
     */
    public byte[] readBase64(byte[] message) throws XMLStreamException {
        XMLStreamReader2 r = open(message);
        try {
            if (!nextItem(r, 0)) {
                throw new IllegalArgumentException("no " + DdsMessages.PART + " element: expected one holding base64");
            }
            byte[] v = Base64.getDecoder().decode(r.getElementText().trim());
            if (nextItem(r, 1)) {
                throw new IllegalArgumentException("a second " + DdsMessages.PART + " element: expected one holding base64");
            }
            finish(r);
            return v;
        } finally {
            r.close();
        }
    }

    /** A reader over {@code message}, at the start of the {@code echo} wrapper (an optional Header skipped). */
    private XMLStreamReader2 open(byte[] message) throws XMLStreamException {
        XMLStreamReader2 r = (XMLStreamReader2) factory.createXMLStreamReader(new ByteArrayInputStream(message));
        boolean ok = false;
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
            ok = true;
            return r;
        } finally {
            if (!ok) {
                r.close();
            }
        }
    }

    /** Moves to the next item: true at its start tag, false at {@code </echo>}. */
    private static boolean nextItem(XMLStreamReader2 r, int n) throws XMLStreamException {
        if (r.nextTag() != XMLStreamConstants.START_ELEMENT) {
            return false;
        }
        if (!isStart(r, "", DdsMessages.PART)) {
            throw unexpected(r, "", DdsMessages.PART, "item " + n);
        }
        return true;
    }

    /** At {@code </echo>}: well-formedness leaves only {@code </Body>} and {@code </Envelope>}. */
    private static void finish(XMLStreamReader2 r) throws XMLStreamException {
        r.nextTag();
        r.nextTag();
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
