package dev.dsoap.axis2.it;

/**
 * A POJO service taking and returning {@code double[]}: a primitive array, which Axis2's own {@code RPCServiceClient}
 * writes as one {@code <arg0>} of {@code <array>} items that neither Axis2's RPC receiver nor dsoap binds.
 */
public class SeriesService {
    /** Which answer {@link #prices} gives: set by the tests before each call, so every server of the JVM gives the same. */
    static volatile int round;

    /** XML in, XML out: types dsoap does not carry, so each of its requests is Axis2's both ways. */
    public org.apache.axiom.om.OMElement raw(org.apache.axiom.om.OMElement x) {
        return x;
    }

    public double[] echo(double[] v) {
        return v;
    }

    public double[] copy(double[] v) {
        return v == null ? null : v.clone();
    }

    /**
     * 100,000 prices whatever the argument (Axis2 hands it an empty array for RPCServiceClient's spelling): those of
     * {@link #round}, each round a tenth of them changed from the last.
     */
    public double[] prices(double[] weights) {
        double[] p = new double[100_000];
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < p.length; i++) {
            p[i] = Math.round(r.nextDouble() * 1e9) / 1e3;
        }
        for (int k = 0; k < round; k++) {
            for (int i = 0; i < p.length / 10; i++) {
                p[r.nextInt(p.length)] = Math.round(r.nextDouble() * 1e9) / 1e3;
            }
        }
        return p;
    }
}
