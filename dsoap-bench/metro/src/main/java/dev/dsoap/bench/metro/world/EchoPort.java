package dev.dsoap.bench.metro.world;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/**
 * The Metro benchmarks' service endpoint interface: document/literal wrapped, the items of a request as unqualified
 * {@code <v>} elements in {@code <ns2:echoDoubles>}, of an answer as {@code <return>} elements, as the CXF
 * benchmarks' interface has them.
 */
@WebService(name = "Echo", targetNamespace = EchoPort.NAMESPACE)
public interface EchoPort {
    /** The services' target namespace. */
    String NAMESPACE = "urn:dsoap:bench:metro-echo";

    double[] echoDoubles(@WebParam(name = "v") double[] v);
}
