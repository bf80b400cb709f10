package dev.dsoap.jaxws.it;

import jakarta.jws.WebService;

/** {@link BareEcho}, plain. */
@WebService(endpointInterface = "dev.dsoap.jaxws.it.BareEcho", targetNamespace = Echo.NS, serviceName = "BareService",
        portName = "BarePort")
public class BareEchoImpl implements BareEcho {
    @Override
    public Reading echo(Reading reading) {
        return reading;
    }

    @Override
    public double[] negate(double[] xs) {
        if (xs == null) {
            return null;
        }
        double[] n = new double[xs.length];
        for (int i = 0; i < n.length; i++) {
            n[i] = -xs[i];
        }
        return n;
    }
}
