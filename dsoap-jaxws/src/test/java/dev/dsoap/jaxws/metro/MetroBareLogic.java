package dev.dsoap.jaxws.metro;

import jakarta.jws.WebService;

/** The bare service's logic, the same for the plain and the dsoap endpoint. */
abstract class MetroBareLogic implements MetroBareEcho {
    @Override
    public Point move(Point p) {
        return p == null ? null : new Point(p.getX() + 1, p.getY() / 2, p.getLabel());
    }

    @Override
    public double halve(double x) {
        return x / 2;
    }

    @Override
    public String bracket(String s) {
        return s == null ? null : "[" + s + "]";
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

    @Override
    public String tag(String label, String tag) {
        return label == null ? null : tag + ":" + label;
    }

    /** The plain endpoint. */
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroBareEcho", targetNamespace = MetroEcho.NS,
            serviceName = "PlainBareService", portName = "PlainBarePort")
    public static class Plain extends MetroBareLogic {
    }

    /** The dsoap endpoint. */
    @dev.dsoap.jaxws.DifferentialSoap
    @WebService(endpointInterface = "dev.dsoap.jaxws.metro.MetroBareEcho", targetNamespace = MetroEcho.NS,
            serviceName = "DsoapBareService", portName = "DsoapBarePort")
    public static class Dsoap extends MetroBareLogic {
    }
}
