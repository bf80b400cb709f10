package dev.dsoap.jaxws.metro;

import jakarta.jws.WebService;
import jakarta.xml.ws.Holder;

import java.util.Arrays;

/** The holder service's logic, the same for the plain and the dsoap endpoint. */
abstract class MetroHolderLogic implements MetroHolderEcho {
    @Override
    public double split(double[] values, Holder<String> label, Holder<Double> min, Holder<double[]> sorted) {
        label.value = label.value == null ? null : label.value + "|" + (values == null ? -1 : values.length);
        if (values == null || values.length == 0) {
            min.value = null;
            sorted.value = values;
            return -1;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        sorted.value = s;
        min.value = s[0];
        return Arrays.stream(values).sum();
    }

    @Override
    public void twice(Holder<Double> x) {
        x.value = x.value == null ? null : x.value * 2;
    }

    /** The plain endpoint. */
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroHolderEcho", targetNamespace = MetroEcho.NS,
            serviceName = "PlainHolderService", portName = "PlainHolderPort")
    public static class Plain extends MetroHolderLogic {
    }

    /** The dsoap endpoint. */
    @dev.dsoap.jaxws.DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroHolderEcho", targetNamespace = MetroEcho.NS,
            serviceName = "DsoapHolderService", portName = "DsoapHolderPort")
    public static class Dsoap extends MetroHolderLogic {
    }
}
