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
