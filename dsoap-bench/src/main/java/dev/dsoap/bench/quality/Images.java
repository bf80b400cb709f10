package dev.dsoap.bench.quality;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The SOAP-binQ paper's image server: a 640 x 480 RGB image by name (about 1 MB). */
@WebService(targetNamespace = Bonds.NS, name = "Images")
public interface Images {
    @WebMethod
    Image getImage(@WebParam(name = "name") String name, @WebParam(name = "scale") int scale);
}
