package dev.dsoap.bench.serialize;

import com.ctc.wstx.stax.WstxOutputFactory;
import org.codehaus.stax2.XMLOutputFactory2;
import org.codehaus.stax2.XMLStreamWriter2;
import org.codehaus.stax2.typed.Base64Variants;

import javax.xml.stream.XMLStreamException;
import java.io.OutputStream;

/**
 * Baseline: the same SOAP message written in full with Woodstox's {@code XMLStreamWriter} (what a
 * streaming SOAP stack does for every message): XML declaration, envelope, body, wrapper, one
 * {@code <return>} element per item, numbers through Woodstox's typed writers ({@code writeDouble},
 * {@code writeInt}, which format them with the JDK). One writer is created per message, as a stack does;
 * the factory is shared.
 *
 * <p>Thread-safe (the factory is).
 */
public final class WoodstoxWriter {
    /** Declared on the envelope, as dsoap's document/literal plans do. */
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    /** The shared factory (non-repairing: namespaces declared explicitly, as dsoap's plan does). */
    private final XMLOutputFactory2 factory = new WstxOutputFactory();

    /** Writes the message for {@code p} to {@code out}. */
    public void write(Payload p, OutputStream out) throws XMLStreamException {
        XMLStreamWriter2 w = start(out);
        switch (p.kind()) {
            case DOUBLE -> {
                for (double v : p.doubles()) {
                    w.writeStartElement("return");
                    w.writeDouble(v);
                    w.writeEndElement();
                }
            }
            case INT -> {
                for (int v : p.ints()) {
                    w.writeStartElement("return");
                    w.writeInt(v);
                    w.writeEndElement();
                }
            }
            case MIO -> {
                for (Mio m : p.mios()) {
                    w.writeStartElement("return");
                    w.writeStartElement("a");
                    w.writeInt(m.getA());
                    w.writeEndElement();
                    w.writeStartElement("b");
                    w.writeInt(m.getB());
                    w.writeEndElement();
                    w.writeStartElement("v");
                    w.writeDouble(m.getV());
                    w.writeEndElement();
                    w.writeEndElement();
                }
            }
        }
        w.writeEndDocument();
        w.close();
    }

    /**
     * Writes the message for {@code items}, an array of {@code type}: doubles and ints as above, strings with
     * {@code writeCharacters} (Woodstox escapes {@code &} and {@code <}, {@code >} only after {@code ]]}, and CR
     * as {@code &#xd;}; dsoap escapes all five of {@code & < > " '} and CR as {@code &#13;}, so the bytes differ
     * there but not the text a parser reads), a {@code byte[]} as one {@code <return>} through Woodstox's typed
     * {@code writeBinary} in the {@code MIME_NO_LINEFEEDS} variant (standard base64 without line breaks, the same
     * bytes as dsoap's; Woodstox's default variant would break lines every 76 characters).
     */
    public void write(ItemType type, Object items, OutputStream out) throws XMLStreamException {
        XMLStreamWriter2 w = start(out);
        switch (type) {
            case DOUBLES -> {
                for (double v : (double[]) items) {
                    w.writeStartElement("return");
                    w.writeDouble(v);
                    w.writeEndElement();
                }
            }
            case INTS -> {
                for (int v : (int[]) items) {
                    w.writeStartElement("return");
                    w.writeInt(v);
                    w.writeEndElement();
                }
            }
            case STRINGS -> {
                for (String v : (String[]) items) {
                    w.writeStartElement("return");
                    w.writeCharacters(v);
                    w.writeEndElement();
                }
            }
            case BASE64 -> {
                byte[] b = (byte[]) items;
                w.writeStartElement("return");
                w.writeBinary(Base64Variants.MIME_NO_LINEFEEDS, b, 0, b.length);
                w.writeEndElement();
            }
        }
        w.writeEndDocument();
        w.close();
    }

    /** A writer for {@code out}, with the declaration, envelope, body and wrapper written. */
    private XMLStreamWriter2 start(OutputStream out) throws XMLStreamException {
        XMLStreamWriter2 w = (XMLStreamWriter2) factory.createXMLStreamWriter(out, "UTF-8");
        w.writeStartDocument("UTF-8", "1.0");
        w.writeStartElement("soapenv", "Envelope", BenchPlans.SOAP11);
        w.writeNamespace("soapenv", BenchPlans.SOAP11);
        w.writeNamespace("xsi", XSI);
        w.writeStartElement("soapenv", "Body", BenchPlans.SOAP11);
        w.writeStartElement("ns", "echoResponse", BenchPlans.NS);
        w.writeNamespace("ns", BenchPlans.NS);
        return w;
    }
}
