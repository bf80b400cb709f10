package dev.dsoap.bench.axis2;

import com.ctc.wstx.stax.WstxInputFactory;
import dev.dsoap.bench.echo.Shape;
import dev.dsoap.bench.serialize.Mio;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the values out of an echo response with Woodstox, independently of Axis2 and dsoap, for
 * {@link dev.dsoap.bench.echo.EchoValues#difference} to compare with what was sent: each child of the body's first element is an item (its text for a double, an
 * int or a string; for an MIO, its children {@code a}, {@code b} and {@code v} by local name, in any order). Prefixes,
 * namespaces and number spellings do not matter.
 *
 * <p>Stateless and thread-safe.
 */
final class EchoResponse {
    private static final XMLInputFactory XML = factory();

    private EchoResponse() {
    }

    private static XMLInputFactory factory() {
        XMLInputFactory f = new WstxInputFactory();
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, Boolean.TRUE);
        f.setProperty(XMLInputFactory.SUPPORT_DTD, Boolean.FALSE);
        return f;
    }

    /**
     * The items of an echo response of {@code shape}: a {@code double[]}, {@code int[]}, {@code Mio[]} or
     * {@code String[]} (a string item's text exactly as it reads, white space included).
     *
     * @throws IllegalStateException if the body holds a fault, or an item is malformed
     */
    static Object values(byte[] response, Shape shape) throws XMLStreamException {
        XMLStreamReader r = XML.createXMLStreamReader(new ByteArrayInputStream(response));
        while (!(r.next() == XMLStreamConstants.START_ELEMENT && "Body".equals(r.getLocalName()))) {
            if (!r.hasNext()) {
                throw new IllegalStateException("no SOAP Body in the response");
            }
        }
        r.nextTag();
        if ("Fault".equals(r.getLocalName())) {
            throw new IllegalStateException("SOAP fault: " + new String(response, StandardCharsets.UTF_8));
        }
        List<Object> items = new ArrayList<>();
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            items.add(shape == Shape.MIOS ? mio(r) : shape == Shape.STRINGS ? r.getElementText() : r.getElementText().trim());
        }
        return switch (shape) {
            case DOUBLES -> items.stream().mapToDouble(s -> dev.dsoap.numbers.XsdParse.parseDouble((String) s)).toArray(); // xsd:double: INF, -INF, NaN
            case INTS -> items.stream().mapToInt(s -> Integer.parseInt((String) s)).toArray();
            case MIOS -> items.toArray(new Mio[0]);
            case STRINGS -> items.toArray(new String[0]);
        };
    }

    /** Reads one MIO item; the reader is on its start tag and ends on its end tag. */
    private static Mio mio(XMLStreamReader r) throws XMLStreamException {
        Mio m = new Mio();
        int seen = 0;
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            String name = r.getLocalName();
            String text = r.getElementText().trim();
            switch (name) {
                case "a" -> m.setA(Integer.parseInt(text));
                case "b" -> m.setB(Integer.parseInt(text));
                case "v" -> m.setV(Double.parseDouble(text));
                default -> throw new IllegalStateException("unexpected MIO field " + name);
            }
            seen++;
        }
        if (seen != 3) {
            throw new IllegalStateException("an MIO item with " + seen + " fields");
        }
        return m;
    }
}
