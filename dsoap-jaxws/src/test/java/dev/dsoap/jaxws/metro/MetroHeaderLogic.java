package dev.dsoap.jaxws.metro;

import jakarta.jws.WebService;

import java.util.Arrays;

/** The header service's logic, the same for the plain and the dsoap endpoint. */
abstract class MetroHeaderLogic implements MetroHeaderEcho {
    @Override
    public String stamp(double[] values, String token, Double scale) {
        return "token=" + (token == null ? "null" : "'" + token + "'") + " scale="
                + (scale == null ? "null" : Long.toHexString(Double.doubleToRawLongBits(scale)))
                + " values=" + (values == null ? "null" : Arrays.toString(values));
    }

    @Override
    public double scaled(double x, double factor) {
        return x * factor;
    }

    @Override
    public double total(double[] values, jakarta.xml.ws.Holder<Integer> count) {
        double sum = 0;
        for (int i = 0; values != null && i < values.length; i++) {
            sum += values[i];
        }
        count.value = (count.value == null ? 0 : count.value) + (values == null ? 0 : values.length);
        return sum;
    }

    /** The plain endpoint. */
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroHeaderEcho", targetNamespace = MetroEcho.NS,
            serviceName = "PlainHeaderService", portName = "PlainHeaderPort")
    public static class Plain extends MetroHeaderLogic {
    }

    /** The dsoap endpoint. */
    @dev.dsoap.jaxws.DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroHeaderEcho", targetNamespace = MetroEcho.NS,
            serviceName = "DsoapHeaderService", portName = "DsoapHeaderPort")
    public static class Dsoap extends MetroHeaderLogic {
    }
}
