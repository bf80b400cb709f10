package dev.dsoap.jaxws.metro;

import com.sun.xml.ws.api.message.Header;
import com.sun.xml.ws.api.message.MessageHeaders;
import com.sun.xml.ws.model.ParameterImpl;
import com.sun.xml.ws.spi.db.XMLBridge;
import jakarta.xml.bind.JAXBException;

import javax.xml.namespace.QName;
import java.util.List;

/**
 * An operation's IN and in-out header parameters ({@code @WebParam(header = true)}) on Metro: their values are read from the
 * request's header list, which Metro's codec made from the request's header blocks and Metro's tubes (WS-Addressing,
 * the {@code mustUnderstand} check, handlers) saw, through the parameter's own JAXB bridge, as Metro's databinding
 * reads them. A header parameter whose block is absent is {@code null}, as Metro gives it (for a primitive parameter
 * the call then fails, and Metro answers with its fault, as without dsoap). Immutable, thread-safe.
 */
final class HeaderParts {
    private final QName[] names;
    private final XMLBridge<?>[] bridges;
    private final int[] arguments;
    /** Per header parameter, whether it is in-out: its argument a {@code Holder} of the value. */
    private final boolean[] holders;

    HeaderParts(List<ParameterImpl> parts) {
        int n = parts.size();
        names = new QName[n];
        bridges = new XMLBridge<?>[n];
        arguments = new int[n];
        holders = new boolean[n];
        for (int i = 0; i < n; i++) {
            ParameterImpl p = parts.get(i);
            names[i] = p.getName();
            bridges[i] = p.getXMLBridge();
            arguments[i] = p.getIndex();
            holders[i] = p.isINOUT();
        }
    }

    boolean isEmpty() {
        return names.length == 0;
    }

    /**
     * Puts each header parameter's value from {@code headers} (or none: no blocks) at its place among {@code args}.
     *
     * @return why a block does not hold its parameter's value (Metro then binds the request, and faults it, as without
     *         dsoap), or {@code null}
     */
    String read(MessageHeaders headers, Object[] args) {
        for (int i = 0; i < names.length; i++) {
            Header h = headers == null ? null : headers.get(names[i], true);
            Object v;
            try {
                v = h == null ? null : h.readAsJAXB(bridges[i]);
            } catch (JAXBException | RuntimeException e) {
                return "header parameter " + names[i] + ": " + e;
            }
            args[arguments[i]] = holders[i] ? new jakarta.xml.ws.Holder<>(v) : v;
        }
        return null;
    }
}
