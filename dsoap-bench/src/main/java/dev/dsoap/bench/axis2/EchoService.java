package dev.dsoap.bench.axis2;

import dev.dsoap.bench.serialize.Mio;

/**
 * The benchmark's POJO service, deployed unchanged on both servers with {@code AxisService.createService}
 * (no annotations, no WSDL): each operation returns its argument. Public because Axis2 instantiates it and
 * calls it by reflection; the parameter name {@code v} comes from the class file's debug information, so
 * requests carry the items as unqualified {@code <v>} elements.
 *
 * <p>Stateless and thread-safe.
 */
public final class EchoService {
    public double[] echoDoubles(double[] v) {
        return v;
    }

    public int[] echoInts(int[] v) {
        return v;
    }

    public Mio[] echoMios(Mio[] v) {
        return v;
    }

    public String[] echoStrings(String[] v) {
        return v;
    }

    /** No parameters, no result: Axis2 deploys a void method as an in-only operation. */
    public void echoVoid() {
    }
}
