package dev.dsoap.bench.cxf;

import dev.dsoap.bench.serialize.Mio;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/**
 * The CXF benchmark's service endpoint interface: document/literal wrapped (JAX-WS's default), one operation
 * per {@link dev.dsoap.bench.echo.Shape}, each returning its argument, and {@link #echoVoid()}. Requests carry the items as
 * unqualified {@code <v>} elements in the wrapper {@code <ns2:OPERATION>}, responses as unqualified
 * {@code <return>} elements; an MIO item holds {@code <a>}, {@code <b>}, {@code <v>}. Not annotated with
 * {@code @DifferentialSoap}: {@link DsoapEcho} is, and the benchmark's dsoap clients pass
 * {@code DifferentialSoapFeature}, so that the plain endpoint and clients stay plain.
 */
@WebService(name = "Echo", targetNamespace = EchoPort.NAMESPACE)
public interface EchoPort {
    /** The services' target namespace. */
    String NAMESPACE = "urn:dsoap:bench:cxf-echo";
    /** The port name both endpoints publish. */
    String PORT = "EchoPort";

    double[] echoDoubles(@WebParam(name = "v") double[] v);

    int[] echoInts(@WebParam(name = "v") int[] v);

    Mio[] echoMios(@WebParam(name = "v") Mio[] v);

    String[] echoStrings(@WebParam(name = "v") String[] v);

    /** An empty request wrapper {@code <ns2:echoVoid/>}, answered with an empty {@code <ns2:echoVoidResponse/>}. */
    void echoVoid();
}
