package dev.dsoap.jaxws.handler;

import jakarta.jws.WebService;

/** {@link Echo} without any handler: a peer that does not know the quality headers. */
@WebService(endpointInterface = "dev.dsoap.jaxws.handler.Echo", targetNamespace = Echo.NS,
        serviceName = "EchoService", portName = "PlainEchoPort")
public class PlainEcho implements Echo {
    @Override
    public String echo(String text) {
        return text;
    }

    @Override
    public double[] scale(double[] values, double factor) {
        double[] r = new double[values.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = values[i] * factor;
        }
        return r;
    }

    @Override
    public String seen() {
        return "plain";
    }

    @Override
    public String choose(String type) {
        return type;
    }

    @Override
    public String fail(String why) {
        throw new IllegalStateException(why);
    }
}
