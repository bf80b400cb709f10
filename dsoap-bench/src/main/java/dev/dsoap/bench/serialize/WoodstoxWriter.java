package dev.dsoap.bench.serialize;

import com.ctc.wstx.stax.WstxOutputFactory;
import org.codehaus.stax2.XMLOutputFactory2;
import org.codehaus.stax2.XMLStreamWriter2;

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
        XMLStreamWriter2 w = (XMLStreamWriter2) factory.createXMLStreamWriter(out, "UTF-8");
        w.writeStartDocument("UTF-8", "1.0");
        w.writeStartElement("soapenv", "Envelope", BenchPlans.SOAP11);
        w.writeNamespace("soapenv", BenchPlans.SOAP11);
        w.writeNamespace("xsi", XSI);
        w.writeStartElement("soapenv", "Body", BenchPlans.SOAP11);
        w.writeStartElement("ns", "echoResponse", BenchPlans.NS);
        w.writeNamespace("ns", BenchPlans.NS);
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
}
