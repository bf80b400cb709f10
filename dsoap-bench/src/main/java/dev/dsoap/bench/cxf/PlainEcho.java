package dev.dsoap.bench.cxf;

import dev.dsoap.bench.serialize.Mio;
import jakarta.jws.WebService;

/**
 * The plain endpoint, service {@value #SERVICE}: each operation returns its argument (the same array object).
 * CXF reads and writes its messages with StAX and JAXB. Stateless and thread-safe.
 */
@WebService(endpointInterface = "dev.dsoap.bench.cxf.EchoPort", targetNamespace = EchoPort.NAMESPACE,
        serviceName = PlainEcho.SERVICE, portName = EchoPort.PORT)
public class PlainEcho implements EchoPort {
    /** The service's name in the WSDL, and in dsoap's MBean names (there are none for it). */
    public static final String SERVICE = "PlainEcho";

    @Override
    public double[] echoDoubles(double[] v) {
        return v;
    }

    @Override
    public int[] echoInts(int[] v) {
        return v;
    }

    @Override
    public Mio[] echoMios(Mio[] v) {
        return v;
    }

    @Override
    public String[] echoStrings(String[] v) {
        return v;
    }

    @Override
    public void echoVoid() {
    }
}
