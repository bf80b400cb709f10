package dev.dsoap.jaxws.it;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import jakarta.xml.ws.Holder;

/** A document/literal bare service whose one part is an in-out Holder: the request's body element comes back changed. */
@WebService(name = "BareExtras", targetNamespace = Echo.NS)
@SOAPBinding(parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface BareExtras {
    void refine(@WebParam(name = "reading", targetNamespace = Echo.NS, mode = WebParam.Mode.INOUT) Holder<Reading> reading);
}
