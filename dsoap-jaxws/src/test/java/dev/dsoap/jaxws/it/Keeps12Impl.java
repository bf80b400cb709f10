package dev.dsoap.jaxws.it;

import jakarta.jws.WebService;
import jakarta.xml.ws.BindingType;
import jakarta.xml.ws.soap.SOAPBinding;

/** The two-way service on SOAP 1.2 (dsoap is turned on for it by the feature where a test wants it). */
@BindingType(SOAPBinding.SOAP12HTTP_BINDING)
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Keeps", targetNamespace = Keeps.NS, serviceName = "Keeps12Service",
        portName = "Keeps12Port")
public class Keeps12Impl extends KeepsImpl {
}
