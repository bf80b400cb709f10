package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The bond server with dsoap and its quality file. */
@DifferentialSoap(quality = "classpath:/dev/dsoap/jaxws/it/bonds-quality.txt")
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Bonds", targetNamespace = Echo.NS, serviceName = "BondService",
        portName = "BondPort")
public class DsoapBondsImpl extends BondsImpl {
}
