package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;
import jakarta.xml.ws.BindingType;
import jakarta.xml.ws.soap.SOAPBinding;

/** The echo service on SOAP 1.2, with dsoap. */
@DifferentialSoap
@BindingType(SOAPBinding.SOAP12HTTP_BINDING)
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Echo", targetNamespace = Echo.NS, serviceName = "Echo12Service",
        portName = "Echo12Port")
public class Soap12EchoImpl extends EchoImpl {
}
