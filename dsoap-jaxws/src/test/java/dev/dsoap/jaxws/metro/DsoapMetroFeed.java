package dev.dsoap.jaxws.metro;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;
import jakarta.xml.ws.BindingType;
import jakarta.xml.ws.soap.SOAPBinding;

/** The same SOAP 1.2 service as {@link PlainMetroFeed}, carried by dsoap on Metro. */
@DifferentialSoap
@BindingType(SOAPBinding.SOAP12HTTP_BINDING)
@WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroFeed", serviceName = "DsoapFeedService",
        portName = "DsoapFeedPort", targetNamespace = MetroEcho.NS)
public class DsoapMetroFeed extends MetroFeedLogic {
}
