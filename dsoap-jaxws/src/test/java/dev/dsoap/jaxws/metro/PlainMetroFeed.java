package dev.dsoap.jaxws.metro;

import jakarta.jws.WebService;
import jakarta.xml.ws.BindingType;
import jakarta.xml.ws.soap.SOAPBinding;

/** The SOAP 1.2 oracle: a Metro endpoint without dsoap. */
@BindingType(SOAPBinding.SOAP12HTTP_BINDING)
@WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroFeed", serviceName = "PlainFeedService",
        portName = "PlainFeedPort", targetNamespace = MetroEcho.NS)
public class PlainMetroFeed extends MetroFeedLogic {
}
