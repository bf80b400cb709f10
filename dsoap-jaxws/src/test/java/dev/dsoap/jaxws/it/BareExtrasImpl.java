package dev.dsoap.jaxws.it;

import jakarta.jws.WebService;
import jakarta.xml.ws.Holder;

/** {@link BareExtras}, plain. */
@WebService(endpointInterface = "dev.dsoap.jaxws.it.BareExtras", targetNamespace = Echo.NS,
        serviceName = "BareExtrasService", portName = "BareExtrasPort")
public class BareExtrasImpl implements BareExtras {
    @Override
    public void refine(Holder<Reading> reading) {
        Reading r = reading.value;
        if (r != null) {
            r.setValue(r.getValue() * 2);
            r.setNote(r.getNote() == null ? null : r.getNote() + "!");
        }
    }
}
