package dev.dsoap.jaxws.it;

import dev.dsoap.jaxws.DifferentialSoap;
import jakarta.jws.WebService;

/** The bond server with a quality file that leaves a gap between two intervals. */
@DifferentialSoap(quality = "classpath:/dev/dsoap/jaxws/it/bad-quality.txt")
@WebService(endpointInterface = "dev.dsoap.jaxws.it.Bonds", targetNamespace = Echo.NS, serviceName = "BondService",
        portName = "BondPort")
public class BadQualityBondsImpl extends BondsImpl {
}
